import { describe, expect, it } from "vitest";
import { retryUnprocessed, UnprocessedError, untilProcessed } from "./batch";

describe("batch rounds until DynamoDB has processed every key", () => {
  it("sends again only the keys DynamoDB handed back, and collects every answer", async () => {
    const sent: string[][] = [];
    const answers = await untilProcessed<string, string>(
      ["a", "b", "c"],
      (k) => String(k),
      async (keys) => {
        sent.push(keys);
        // The first round leaves b and c unprocessed; the second takes them.
        return sent.length === 1 ? { unprocessed: ["b", "c"], data: ["A"] } : { unprocessed: [], data: keys.map((k) => k.toUpperCase()) };
      },
    );
    expect(sent).toEqual([
      ["a", "b", "c"],
      ["b", "c"],
    ]);
    expect(answers).toEqual(["A", "B", "C"]);
  });

  it("gives up after its rounds, with what is still left in the error", async () => {
    let rounds = 0;
    const run = retryUnprocessed(
      async () => {
        rounds++;
        throw new UnprocessedError("DynamoDB left 2 keys of a batch unprocessed");
      },
      { rounds: 3, firstWaitMs: 1 },
    );
    await expect(run).rejects.toThrow("DynamoDB left 2 keys of a batch unprocessed");
    expect(rounds).toBe(3);
  });

  it("does not retry what DynamoDB refused outright: any other error is thrown at once", async () => {
    let rounds = 0;
    const run = retryUnprocessed(async () => {
      rounds++;
      throw new Error("ValidationException");
    });
    await expect(run).rejects.toThrow("ValidationException");
    expect(rounds).toBe(1);
  });

  it("sends nothing for no keys", async () => {
    let calls = 0;
    expect(await untilProcessed<string, string>([], String, async () => (calls++, { unprocessed: [] }))).toEqual([]);
    expect(calls).toBe(0);
  });
});
