import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli, startRuntime, type RunningRuntime } from "../support/runtime";

/** `npm run admin` and `npm start` on one data directory with no ADMIN_USERNAME: what they say. */
describe("username accounts made with npm run admin", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "agency-banner-"));
  let runtime: RunningRuntime;
  beforeAll(() => {
    // The shell tool works on the data while no runtime holds it.
    for (const name of ["olive", "otto"]) {
      const created = runAdminCli({ dataDir }, ["create", name, "--password-stdin"], `${name}s-password-00001\n`);
      expect(created.status, created.output).toBe(0);
    }
    // olive stays an owner throughout: only otto's role changes.
    expect(runAdminCli({ dataDir }, ["set-role", "olive", "owner"]).status).toBe(0);
  });
  afterAll(() => runtime?.stop());

  it("are named with the right article when their role changes: an owner, an admin, an editor", () => {
    for (const [role, words] of [
      ["owner", "an owner"],
      ["editor", "an editor"],
      ["admin", "an admin"],
    ] as const) {
      const res = runAdminCli({ dataDir }, ["set-role", "otto", role]);
      expect(res.status, res.output).toBe(0);
      expect(res.output).toContain(`"otto" is now ${words}.`);
    }
  });

  it("are named in the start banner, which no longer says 'Username: none'", async () => {
    runtime = await startRuntime({ dataDir, env: { ADMIN_USERNAME: "", ADMIN_PASSWORD: "" } });
    const deadline = Date.now() + 10_000;
    while (!runtime.output().includes("Ctrl+C") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const output = runtime.output();
    expect(output).toContain("Username: olive, otto / the password set with npm run admin");
    expect(output).not.toContain("Username: none");
  });
});
