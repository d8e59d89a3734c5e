import { describe, expect, it } from "vitest";
import { OidcTransactions, TRANSACTION_TTL_MS } from "./transactions";

const input = { state: "state-1", nonce: "nonce-1", code_verifier: "verifier-1" };

describe("sign-in transactions", () => {
  it("can be consumed once", async () => {
    const tx = await OidcTransactions.create(input);
    expect(tx.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await OidcTransactions.consume(tx.id)).toMatchObject(input);
    expect(await OidcTransactions.consume(tx.id)).toBeUndefined();
  });

  it("keep the admin address to return to, when there is one, and hand it back with the rest", async () => {
    const tx = await OidcTransactions.create({ ...input, return_to: "/admin/messages?open=m-1" });
    expect(await OidcTransactions.consume(tx.id)).toMatchObject({ ...input, return_to: "/admin/messages?open=m-1" });
    const plain = await OidcTransactions.create(input);
    expect((await OidcTransactions.consume(plain.id))?.return_to).toBeUndefined();
  });

  it("goes to exactly one of two concurrent callbacks", async () => {
    const tx = await OidcTransactions.create(input);
    const results = await Promise.all(Array.from({ length: 5 }, () => OidcTransactions.consume(tx.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("expires after ten minutes", async () => {
    const t0 = Date.now();
    const tx = await OidcTransactions.create(input, t0);
    expect(await OidcTransactions.consume(tx.id, t0 + TRANSACTION_TTL_MS)).toBeUndefined();
  });

  it("can be put back after a transient failure", async () => {
    const tx = await OidcTransactions.create(input);
    const taken = (await OidcTransactions.consume(tx.id))!;
    await OidcTransactions.restore(taken);
    expect(await OidcTransactions.consume(tx.id)).toMatchObject(input);
  });

  it("treats unknown and malformed ids as absent", async () => {
    expect(await OidcTransactions.consume(undefined)).toBeUndefined();
    expect(await OidcTransactions.consume("A".repeat(32))).toBeUndefined();
    expect(await OidcTransactions.consume("../../etc")).toBeUndefined();
  });
});
