import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/** `npm start` itself: what it prints. Each runtime here is its own process with its own data. */

/** The start banner is printed once the server listens, so it may trail the first answer a little. */
async function printed(runtime: RunningRuntime, text: string) {
  const deadline = Date.now() + 10_000;
  while (!runtime.output().includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return runtime.output();
}

describe("npm start", () => {
  let runtime: RunningRuntime;
  beforeAll(async () => {
    runtime = await startRuntime();
  });
  afterAll(() => runtime?.stop());

  it("starts on this Node (20) without a Node-version warning", async () => {
    const output = await printed(runtime, "Ctrl+C");
    expect(output).toContain("Ctrl+C");
    expect(output).not.toMatch(/unsupported runtime|node\.js v\d+|node version/i);
  });
});
