import type { EntityItem } from "electrodb";
import { config } from "../config";
import { authMessages, newPasswordSchema, usernameSchema } from "../contract/auth";
import { batchRead, type BatchRead } from "../db/batch";
import { isConditionalFailure } from "../db/errors";
import { giveIndexKeys } from "../db/index-keys";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import { rateLimit, resetRateLimit } from "../rate-limit/rate-limit";
import type { Role } from "../contract/roles";
import type { AdminAccountEntity } from "./entities";
import { KnownDevices } from "./known-devices";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { Sessions, subjectOf } from "./sessions";

export type AdminAccount = EntityItem<typeof AdminAccountEntity>;

/**
 * Username sign-in throttling (OWASP's device cookies, auth/known-devices.ts). Each attempt counts up
 * front and a successful sign-in resets the counters it was counted on; so in effect they count
 * failures. An unknown browser is counted per source address and username, per source address, and
 * per username across all addresses (a distributed guesser; high, so that it rarely bites). A known
 * device (a valid device cookie for the username) is counted on its own budget only: failures from
 * anywhere else never lock it out.
 */
export const LOGIN_THROTTLE = {
  perIpAndUsername: { limit: 10, windowSeconds: 15 * 60 },
  perIp: { limit: 20, windowSeconds: 15 * 60 },
  perUsernameFromUnknownDevices: { limit: 50, windowSeconds: 15 * 60 },
  perKnownDevice: { limit: 10, windowSeconds: 15 * 60 },
};
export type LoginThrottle = typeof LOGIN_THROTTLE;
/** Wrong current passwords on a change, per account (a stolen session guessing the password). */
export const PASSWORD_CHANGE_THROTTLE = { limit: 10, windowSeconds: 15 * 60 };

/** Who is signing in: the source address, and the known-device cookie if the browser sent one. */
export interface SignInClient {
  ip: string;
  device?: string;
}

/** The one answer to a wrong password and to an unknown or disabled account. */
export class InvalidCredentialsError extends HttpError {
  constructor() {
    super(401, authMessages.invalidCredentials);
  }
}

const normalise = (username: string) => usernameSchema.parse(username);

export const AdminAccounts = {
  /** An account as one record of a BatchGet across entities (Sessions.readWith); undefined for a name no account can have. */
  batchRead(username: string): BatchRead<AdminAccount> | undefined {
    const parsed = usernameSchema.safeParse(username);
    return parsed.success ? batchRead<AdminAccount>(db().adminAccount, { username: parsed.data }) : undefined;
  },

  async get(username: string): Promise<AdminAccount | undefined> {
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) return undefined;
    const { data } = await db().adminAccount.get({ username: parsed.data }).go();
    return data ?? undefined;
  },

  async create(input: { username: string; password: string; full_name?: string; role?: Role; email?: string }): Promise<AdminAccount> {
    const username = normalise(input.username);
    const password_hash = await hashPassword(newPasswordSchema.parse(input.password));
    try {
      const { data } = await db()
        .adminAccount.create({
          username,
          password_hash,
          full_name: input.full_name?.trim() ?? "",
          disabled: false,
          ...(input.role ? { role: input.role } : {}),
          ...(input.email ? { email: input.email } : {}),
        })
        .go();
      return data;
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError(`Admin account "${username}" already exists`);
      throw err;
    }
  },

  /**
   * A new password also ends every session of the account. With `createdAt` (a reset link's
   * account), only that very account: answers false, changing nothing, when the username now names
   * another account or none.
   */
  async setPassword(username: string, password: string, only?: { createdAt: string }): Promise<boolean> {
    const name = normalise(username);
    const password_hash = await hashPassword(newPasswordSchema.parse(password));
    try {
      const patch = db().adminAccount.patch({ username: name }).set({ password_hash });
      await (only ? patch.where(({ created_at }, { eq }) => eq(created_at, only.createdAt)) : patch).go();
    } catch (err) {
      if (isConditionalFailure(err)) {
        if (only) return false;
        throw new NotFoundError(`No admin account "${name}"`);
      }
      throw err;
    }
    await Sessions.endAllFor(subjectOf.admin(name));
    return true;
  },

  /**
   * The signed-in account's own change: the current password first (wrong: 401 naming the field,
   * counted like sign-in failures), then the new one under the policy; every other session of the
   * account ends, `keep` (the token hash of the session that asked) stays. Answers how many ended.
   */
  async changePassword(username: string, current: string, next: string, keep: string, now = Date.now()): Promise<number> {
    const name = normalise(username);
    const { limit, windowSeconds } = PASSWORD_CHANGE_THROTTLE;
    await rateLimit("admin-password-change", name, limit, windowSeconds, now);
    const account = await AdminAccounts.get(name);
    if (!account || !(await verifyPassword(current, account.password_hash))) {
      throw new HttpError(401, authMessages.wrongCurrentPassword, { fields: { current_password: authMessages.wrongCurrentPassword } });
    }
    await resetRateLimit("admin-password-change", name, windowSeconds, now);
    const password_hash = await hashPassword(newPasswordSchema.parse(next));
    await db().adminAccount.patch({ username: name }).set({ password_hash }).go({ response: "none" });
    return Sessions.endAllFor(subjectOf.admin(name), keep);
  },

  /** Disabling refuses new sign-ins and ends the sessions the account has. */
  async setDisabled(username: string, disabled: boolean): Promise<void> {
    const name = normalise(username);
    try {
      await db().adminAccount.patch({ username: name }).set({ disabled }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError(`No admin account "${name}"`);
      throw err;
    }
    if (disabled) await Sessions.endAllFor(subjectOf.admin(name));
  },

  /** The account's role; it applies from the account's next request (the guard reads it on each). */
  async setRole(username: string, role: Role): Promise<void> {
    const name = normalise(username);
    try {
      await db().adminAccount.patch({ username: name }).set({ role }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError(`No admin account "${name}"`);
      throw err;
    }
  },

  /** Removes the account, its passkeys, and ends its sessions. */
  async remove(username: string): Promise<void> {
    const name = normalise(username);
    try {
      await db().adminAccount.remove({ username: name }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError(`No admin account "${name}"`);
      throw err;
    }
    await Sessions.endAllFor(subjectOf.admin(name));
    // Its passkeys go with it: a later account of the same name starts with none of them.
    const { data: passkeys } = await db()
      .passkey.query.byAccount({ username: name })
      .go({ pages: "all", attributes: ["credential_id"] });
    if (passkeys.length)
      await db()
        .passkey.delete(passkeys.map(({ credential_id }) => ({ credential_id })))
        .go();
  },

  /**
   * Checks a username sign-in, throttled as LOGIN_THROTTLE says (429 with Retry-After). An unknown
   * username, a disabled account and a wrong password all get the same 401, after the same amount
   * of hashing work.
   */
  async authenticate(usernameInput: string, password: string, client: SignInClient, now = Date.now(), throttle: LoginThrottle = LOGIN_THROTTLE): Promise<AdminAccount> {
    const key = usernameInput.trim().toLowerCase().slice(0, 100);
    const device = KnownDevices.verify(client.device, key);
    // The address goes first in a combined key: it holds no '#', the username might.
    const counters: Array<[scope: string, id: string, limit: { limit: number; windowSeconds: number }]> = device
      ? [["admin-login-device", device, throttle.perKnownDevice]]
      : [
          ["admin-login-ip", client.ip, throttle.perIp],
          ["admin-login-ip-user", `${client.ip}#${key}`, throttle.perIpAndUsername],
          ["admin-login-user-unknown-devices", key, throttle.perUsernameFromUnknownDevices],
        ];
    for (const [scope, id, { limit, windowSeconds }] of counters) await rateLimit(scope, id, limit, windowSeconds, now);
    const account = await AdminAccounts.get(key);
    const ok = account ? await verifyPassword(password, account.password_hash) : await burnPasswordCheck(password);
    if (!account || !ok || account.disabled) throw new InvalidCredentialsError();
    await Promise.all(counters.map(([scope, id, { windowSeconds }]) => resetRateLimit(scope, id, windowSeconds, now)));
    const last_login_at = await AdminAccounts.recordSignIn(account.username, now);
    return { ...account, last_login_at };
  },

  /** Notes a sign-in (a password's, a passkey's) as the account's last. */
  async recordSignIn(username: string, now = Date.now()): Promise<string> {
    const last_login_at = new Date(now).toISOString();
    await db().adminAccount.patch({ username }).set({ last_login_at }).go({ response: "none" });
    return last_login_at;
  },

  /** Every account, by username: one Query (accounts are a handful, made from the shell). */
  async list(): Promise<AdminAccount[]> {
    const { data } = await db().adminAccount.query.all({}).go({ pages: "all" });
    return data;
  },

  /**
   * Gives accounts stored before the `all` index its keys (the recount, once per table). They cannot
   * be found through an index, so this one maintenance step scans for them; never on a request path.
   */
  async backfillIndex(): Promise<number> {
    const { data } = await db()
      .adminAccount.scan.where(() => "attribute_not_exists(gsi1pk)")
      .go({ pages: "all" });
    return giveIndexKeys(db().adminAccount, data, ["gsi1pk", "gsi1sk"]);
  },
};

/**
 * Creates or updates the ADMIN_USERNAME account from ADMIN_PASSWORD (local start and every deploy).
 * Nothing is created unless both are configured. An existing account keeps its sessions when the
 * password is unchanged, and stays disabled if it was disabled from the shell.
 */
export async function bootstrapAdmin(): Promise<"created" | "updated" | "unchanged" | "not-configured"> {
  const username = config.adminUsername;
  const password = config.adminPassword;
  if (!username && !password) return "not-configured";
  if (!username || !password) {
    throw new Error("ADMIN_USERNAME and ADMIN_PASSWORD must be set together to create the bootstrap admin account.");
  }
  const name = usernameSchema.safeParse(username);
  if (!name.success) throw new Error(`ADMIN_USERNAME "${username}" is not a valid username: ${name.error.issues[0]?.message}`);
  const pw = newPasswordSchema.safeParse(password);
  if (!pw.success) throw new Error(`ADMIN_PASSWORD is not acceptable: ${pw.error.issues[0]?.message}.`);

  const existing = await AdminAccounts.get(name.data);
  if (!existing) {
    try {
      await AdminAccounts.create({ username: name.data, password: pw.data, role: "owner" });
      return "created";
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err; // created concurrently: fall through to update
    }
  } else if (await verifyPassword(pw.data, existing.password_hash)) {
    return "unchanged";
  }
  await AdminAccounts.setPassword(name.data, pw.data);
  return "updated";
}
