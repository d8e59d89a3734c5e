import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, repoRoot, startRuntime, type RunningRuntime } from "../support/runtime";

// The post-deploy smoke test (scripts/smoke.ts), run as deploy.yml runs it, against a started local
// runtime with the web app built: the same pages, API calls and headers (bar HSTS, which plain http
// does not carry).
let runtime: RunningRuntime;
beforeAll(async () => {
  runtime = await startRuntime({ web: true });
});
afterAll(async () => {
  await runtime?.stop();
});

describe("npm run smoke", () => {
  it("passes its 10 public addresses and 3 API calls against the local runtime", () => {
    const run = spawnSync("npm", ["run", "-s", "smoke", "--", runtime.url], { cwd: repoRoot, encoding: "utf8", timeout: 120_000 });
    expect(run.stdout, run.stderr).toMatch(/^smoke: 13 passed, 0 failed against /m);
    expect(run.stdout.match(/^ok {3}(GET|POST) /gm)).toHaveLength(13);
    expect(run.stdout).toContain("ok   POST /api/contact (public write, dry run");
    expect(run.status).toBe(0);
  });

  it("fails, naming each check, when the site does not answer", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const run = spawnSync("npm", ["run", "-s", "smoke", "--", nobody], { cwd: repoRoot, encoding: "utf8", timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^FAIL GET \/api\/admin\/me \(admin API without a session\)\n {7}no answer: /m);
    expect(run.stdout).toMatch(/^smoke: 0 passed, 13 failed against /m);
  });

  it("refuses to run without a site URL", () => {
    const run = spawnSync("npm", ["run", "-s", "smoke"], { cwd: repoRoot, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage: npm run smoke -- <site URL>/);
  });
});
