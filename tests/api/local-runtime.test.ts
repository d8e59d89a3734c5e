import { existsSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, startRuntime, type RunningRuntime } from "../support/runtime";

/** `npm start` itself: what it prints. Each runtime here is its own process with its own data. */

/** The start banner is printed once the server listens, so it may trail the first answer a little. */
async function printed(runtime: RunningRuntime, text: string) {
  const deadline = Date.now() + 10_000;
  while (!runtime.output().includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return runtime.output();
}

/** Makes the built web app look older than its sources, so the next start builds it again. */
function webBuildOutdated() {
  const index = join(repoRoot, "web/dist/index.html");
  if (existsSync(index)) utimesSync(index, new Date(0), new Date(0));
}

/** Lines of Vite's build report: a line per emitted chunk and the closing "built in". */
const viteReport = /dist\/assets\/|built in \d|vite v\d/;

describe("npm start, when it builds the web app", () => {
  let runtime: RunningRuntime;
  beforeAll(async () => {
    webBuildOutdated();
    runtime = await startRuntime({ web: true });
  });
  afterAll(() => runtime?.stop());

  it("prints one short banner: site, admin sign-in, local accounts, data directory, how to stop", async () => {
    const output = await printed(runtime, "Ctrl+C");
    expect(output).toContain("Building the web app");
    expect(output).not.toMatch(viteReport);
    expect(output).toContain(`Site:     ${runtime.url}\n`);
    expect(output).toContain(`Admin:    ${runtime.url}/admin/login\n`);
    expect(output).toContain("Development Login");
    expect(output).toContain("admin@example.com / admin-password (admin)");
    expect(output).toContain(`Data:     ${runtime.dataDir}\n`);
    expect(output).toMatch(/Stop: +Ctrl\+C/);
    expect(output).toContain("npm start -- --verbose");
    expect(output.trim().split("\n").length).toBeLessThanOrEqual(14);
  });

  it("starts on this Node (20) without a Node-version warning", async () => {
    const output = await printed(runtime, "Ctrl+C");
    expect(output).not.toMatch(/unsupported runtime|node\.js v\d+|node version/i);
  });
});

describe("npm start -- --verbose", () => {
  let runtime: RunningRuntime;
  beforeAll(async () => {
    webBuildOutdated();
    runtime = await startRuntime({ web: true, args: ["--verbose"] });
  });
  afterAll(() => runtime?.stop());

  it("also shows the web build's report and the runtime's details", async () => {
    const output = await printed(runtime, "Listens:");
    expect(output).toMatch(viteReport);
    expect(output).toContain(`Site:     ${runtime.url}\n`);
    expect(output).toMatch(/Database: embedded DynamoDB \(dynalite\) at http:\/\/127\.0\.0\.1:\d+, table agency-local/);
  });
});
