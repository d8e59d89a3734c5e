import { existsSync, utimesSync } from "node:fs";
import { createConnection } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/http";
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

/** An address of this machine that is not loopback: what another computer on the network reaches. */
function lanAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
  expect(address, "these tests need a non-loopback IPv4 address on this machine").toBeDefined();
  return address!;
}

/** Whether a TCP connection to `host`:`port` is accepted. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((res) => {
    const s = createConnection({ host, port });
    s.once("connect", () => {
      s.destroy();
      res(true);
    });
    s.once("error", () => res(false));
  });

/** Lines of Vite's build report: a line per emitted chunk and the closing "built in". */
const viteReport = /dist\/assets\/|built in \d|vite v\d/;

describe("npm start, when it builds the web app", () => {
  let runtime: RunningRuntime;
  beforeAll(async () => {
    webBuildOutdated();
    // The banner as npm start prints it: without the start trace the other tests ask for.
    runtime = await startRuntime({ web: true, env: { LOCAL_START_TRACE: "0" } });
  });
  afterAll(() => runtime?.stop());

  it("prints one short banner: site, admin sign-in, local accounts, data directory, how to stop", async () => {
    const output = await printed(runtime, "Ctrl+C");
    expect(output).toContain("Building the web app");
    expect(output).not.toMatch(viteReport);
    // The build it made renders the pages (under a test runner's NODE_ENV=test too).
    expect(output).not.toContain("the first render failed");
    expect(output).toContain(`Site:     ${runtime.url}\n`);
    expect(output).toContain(`Admin:    ${runtime.url}/admin/login\n`);
    expect(output).toContain("Development Login");
    expect(output).toContain("admin@example.com / admin-password (admin)");
    expect(output).toContain(`Data:     ${runtime.dataDir}\n`);
    expect(output).toMatch(/Stop: +Ctrl\+C/);
    expect(output).toContain("npm start -- --verbose");
    expect(output.trim().split("\n").length, output).toBeLessThanOrEqual(14);
  });

  it("starts on this Node (20) without a Node-version warning", async () => {
    const output = await printed(runtime, "Ctrl+C");
    expect(output).not.toMatch(/unsupported runtime|node\.js v\d+|node version/i);
  });

  it("listens on loopback only (127.0.0.1 and ::1): the machine's network address is refused", async () => {
    expect(await reachable("127.0.0.1", runtime.port)).toBe(true);
    expect(await reachable("::1", runtime.port)).toBe(true);
    expect(await reachable(lanAddress(), runtime.port)).toBe(false);
    expect(await printed(runtime, "Ctrl+C")).not.toContain("NETWORK");
  });
});

describe("HOST=0.0.0.0 npm start", () => {
  let runtime: RunningRuntime;
  beforeAll(async () => {
    runtime = await startRuntime({ env: { HOST: "0.0.0.0" } });
  });
  afterAll(() => runtime?.stop());
  const origin = () => ({ origin: new URL(runtime.url).origin });

  it("says plainly that the admin door is open to the network and Development Login stays on this machine", async () => {
    const output = await printed(runtime, "Ctrl+C");
    expect(output).toMatch(/NETWORK: +listening on 0\.0\.0\.0 \(HOST\): the site and the admin sign-in are open to the\s+network\./);
    expect(output).toContain("Development Login is refused to any request that does not come from this machine.");
  });

  it("refuses Development Login (403) to a request from another address, and hides it from that visitor", async () => {
    const lan = lanAddress();
    expect(await reachable(lan, runtime.port)).toBe(true);
    const fromLan = { baseUrl: runtime.url, connectTo: lan, headers: origin() };
    const login = await call("POST", "/api/auth/dev-login", { ...fromLan, body: {} });
    expect(login.status).toBe(403);
    expect(login.headers["set-cookie"]).toBeUndefined();
    expect((await call("GET", "/api/auth/config", fromLan)).json).toMatchObject({ devLogin: false });
    expect((await call("GET", "/api/auth/config", { baseUrl: runtime.url })).json).toMatchObject({ devLogin: true });
  });

  it("serves a Development Login session to this machine only", async () => {
    const login = await call("POST", "/api/auth/dev-login", { baseUrl: runtime.url, body: {}, headers: origin() });
    expect(login.status).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
    expect((await call("GET", "/api/admin/me", { baseUrl: runtime.url, headers: { cookie } })).status).toBe(200);
    const fromLan = await call("GET", "/api/admin/me", { baseUrl: runtime.url, connectTo: lanAddress(), headers: { cookie } });
    expect(fromLan.status).toBe(401);
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
