import { describe, expect, it } from "vitest";
import { AdminAccounts } from "./admin-accounts";
import { PENDING_SIGN_IN_TTL_MS, PendingSignIns } from "./pending-sign-ins";
import { base32Decode, hotp, totpStep } from "./totp";
import { TwoFactor } from "./two-factor";

const uid = () => Math.random().toString(36).slice(2, 8);
/** A fixed moment in the middle of a step, so the steps either side are known. */
const T = 1_800_000_015_000;

async function accountWithTotp() {
  const username = `store${uid()}`;
  await AdminAccounts.create({ username, password: "a-long-password-for-the-store" });
  const { secret } = await TwoFactor.startTotpSetup(username);
  const codes = await TwoFactor.confirmTotp(username, hotp(base32Decode(secret), totpStep(T)), T);
  return { username, secret, codes, account: async () => (await AdminAccounts.get(username))! };
}

const settle = (ps: Promise<unknown>[]) => Promise.allSettled(ps).then((r) => r.map((x) => (x.status === "fulfilled" ? x.value : (x.reason as { status?: number }).status)));

describe("two-factor store", () => {
  it("lets exactly one of two concurrent requests use the same recovery code", async () => {
    const { codes, account } = await accountWithTotp();
    const a = await account();
    const results = await settle([TwoFactor.checkCode(a, codes[3]!, "192.0.2.1", T), TwoFactor.checkCode(a, codes[3]!, "192.0.2.1", T)]);
    expect(results.sort()).toEqual([401, "recovery"]);
    expect((await account()).recovery_code_hashes).toHaveLength(9);
  });

  it("lets exactly one of two concurrent requests use the same authenticator code", async () => {
    const { secret, account } = await accountWithTotp();
    const a = await account();
    const code = hotp(base32Decode(secret), totpStep(T) + 1);
    const results = await settle([TwoFactor.checkCode(a, code, "192.0.2.1", T), TwoFactor.checkCode(a, code, "192.0.2.1", T)]);
    expect(results.sort()).toEqual([401, "totp"]);
    expect((await account()).totp_last_step).toBe(totpStep(T) + 1);
  });

  it("refuses the confirmation code of a set-up begun again since", async () => {
    const username = `store${uid()}`;
    await AdminAccounts.create({ username, password: "a-long-password-for-the-store" });
    const first = await TwoFactor.startTotpSetup(username);
    const second = await TwoFactor.startTotpSetup(username);
    expect(second.secret).not.toBe(first.secret);
    await expect(TwoFactor.confirmTotp(username, hotp(base32Decode(first.secret), totpStep(T)), T)).rejects.toMatchObject({ status: 401 });
    expect(await TwoFactor.confirmTotp(username, hotp(base32Decode(second.secret), totpStep(T)), T)).toHaveLength(10);
  });

  it("ends a pending sign-in once, and forgets it after five minutes", async () => {
    const t0 = Date.now();
    const { token } = await PendingSignIns.create({ username: "someone", password_hash: "hash" }, t0);
    const pending = (await PendingSignIns.read(token, t0))!;
    expect(pending).toMatchObject({ username: "someone", attempts: 0 });
    expect(await PendingSignIns.read(token, t0 + PENDING_SIGN_IN_TTL_MS)).toBeUndefined();
    expect(await PendingSignIns.countAttempt(pending)).toBe(1);
    expect(await Promise.all([PendingSignIns.end(pending), PendingSignIns.end(pending)])).toEqual(expect.arrayContaining([true, false]));
    expect(await PendingSignIns.read(token, t0)).toBeUndefined();
    expect(await PendingSignIns.countAttempt(pending)).toBeUndefined();
  });
});
