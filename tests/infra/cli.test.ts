import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAwsStandIn, type AwsStandIn } from "../support/aws-stand-in";

/**
 * The real SST CLI (node_modules/sst/cli/sst.js), run as a developer runs it, against a local
 * stand-in for AWS (AWS_ENDPOINT_URL) with dummy credentials. Offline, a command can get as far as
 * its AWS calls and its terminal view; CDK's asset publishing then stops on credentials. What this
 * catches is everything before that: a CLI that crashes while loading or drawing (the ink/React
 * mismatch), and the app's own checks before anything is created (infra/preflight.ts).
 */
const root = path.resolve(import.meta.dirname, "../..");
const SST_BOOTSTRAP_VERSION = "7.4"; // sst 2.49's LATEST_VERSION (node_modules/sst/bootstrap.js)
const SECRETS = {
  ADMIN_PASSWORD: "a long passphrase",
  DEVICE_COOKIE_SECRET: "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=",
  PREVIEW_LINK_SECRET: "cHJldmlldy1wcmV2aWV3LXByZXZpZXctcHJldmlldy0=",
  ORIGIN_VERIFY_TOKEN: "b3JpZ2luLW9yaWdpbi1vcmlnaW4tb3JpZ2luLW9yaWc=",
};
/** What a crashing CLI prints: a JavaScript error or SST's own trace of an unexpected one. */
const CRASH = /TypeError|ReferenceError|ReactCurrentOwner|older version of React|Cannot read properties|^Trace:/m;

let standIn: AwsStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/**
 * Runs `sst <args>` until `done(output)` holds or it exits, at most `ms`, then kills it (with its
 * children: the CLI spawns the web build). Answers what it printed and how it ended.
 */
function runSst(args: string[], aws: AwsStandIn, { ms, done }: { ms: number; done?: (output: string) => boolean }) {
  return new Promise<{ output: string; exit: number | null; timedOut: boolean }>((resolve) => {
    const child = spawn(process.execPath, ["node_modules/sst/cli/sst.js", ...args], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SST_TELEMETRY_DISABLED: "1",
        NO_COLOR: "1",
        FORCE_COLOR: "0",
        AWS_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE",
        AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        AWS_REGION: "us-east-1",
        AWS_ENDPOINT_URL: aws.url,
        CDK_DEFAULT_ACCOUNT: "123456789012",
        CDK_DEFAULT_REGION: "us-east-1",
      },
    });
    let output = "";
    let settled = false;
    const finish = (exit: number | null, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      resolve({ output, exit, timedOut });
    };
    const onData = (d: Buffer) => {
      output += d.toString();
      if (done?.(output)) finish(null, false);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => finish(code, false));
    const timer = setTimeout(() => finish(null, true), ms);
    // `done` may also hold on what the stand-in received while the CLI prints nothing.
    const poll = setInterval(() => done?.(output) && finish(null, false), 200);
  });
}

const signed = (aws: AwsStandIn, service: string) => aws.requests.filter((r) => r.service === service && r.signed);

describe("the SST CLI, run from the repository root", () => {
  it("sst deploy reaches AWS and draws its deploy view without crashing", { timeout: 300_000 }, async () => {
    standIn = await startAwsStandIn({ sstBootstrapVersion: SST_BOOTSTRAP_VERSION, secrets: SECRETS });
    const run = await runSst(["deploy", "--stage", "clitest"], standIn, {
      ms: 240_000,
      // The deploy view's result: the stacks, stopped by CDK's publishing on the dummy credentials.
      done: (out) => /Database (UPDATE_FAILED|CREATE_FAILED|DEPLOYED)/.test(out) && /Web (UPDATE_FAILED|CREATE_FAILED|DEPLOYED)/.test(out),
    });
    expect(run.output).not.toMatch(CRASH);
    expect(run.timedOut, run.output).toBe(false);
    expect(run.output).toContain("Account: 123456789012");
    expect(signed(standIn, "sts").map((r) => r.action)).toContain("GetCallerIdentity");
    expect(signed(standIn, "cloudformation").map((r) => r.action)).toContain("DescribeStacks");
    // Its secrets were checked before the deploy (infra/preflight.ts).
    expect(signed(standIn, "ssm").map((r) => r.action)).toContain("AmazonSSM.GetParametersByPath");
  });

  it("sst dev starts, reaches AWS and draws its view without crashing", { timeout: 300_000 }, async () => {
    standIn = await startAwsStandIn({ sstBootstrapVersion: SST_BOOTSTRAP_VERSION, secrets: SECRETS });
    const run = await runSst(["dev", "--stage", "clitest"], standIn, {
      ms: 240_000,
      done: (out) => /Database (UPDATE_FAILED|CREATE_FAILED|DEPLOYED)/.test(out),
    });
    expect(run.output).not.toMatch(CRASH);
    expect(run.timedOut, run.output).toBe(false);
    expect(run.output).toContain("SST v2.49.8  ready!");
    // The live-lambda connection (IoT) and the bootstrap checks were asked for, signed.
    expect(signed(standIn, "iot").length).toBeGreaterThanOrEqual(1);
    expect(signed(standIn, "cloudformation").map((r) => r.action)).toContain("DescribeStacks");
  });

  it("sst deploy with a secret missing stops before creating anything, naming the secret and the command that sets it", async () => {
    standIn = await startAwsStandIn({ sstBootstrapVersion: SST_BOOTSTRAP_VERSION, secrets: { ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD } });
    const run = await runSst(["deploy", "--stage", "clitest"], standIn, { ms: 180_000 });
    expect(run.exit, run.output).toBe(1);
    expect(run.output).toContain("The clitest stage is not ready to deploy; nothing was created:");
    expect(run.output).toContain(
      `DEVICE_COOKIE_SECRET is not set (signs the known-device cookies of username sign-in). Set it with: npx sst secrets set DEVICE_COOKIE_SECRET "$(openssl rand -base64 32)" --stage clitest`,
    );
    expect(run.output).toContain(
      `PREVIEW_LINK_SECRET is not set (signs the private preview links of blog posts). Set it with: npx sst secrets set PREVIEW_LINK_SECRET "$(openssl rand -base64 32)" --stage clitest`,
    );
    expect(run.output).not.toContain("ADMIN_PASSWORD is not set");
    expect(run.output).not.toMatch(CRASH);
    // Nothing was created: no stack operation, no upload.
    const creating = standIn.requests.filter((r) => /CreateStack|CreateChangeSet|ExecuteChangeSet|UpdateStack/.test(r.action) || r.method === "PUT");
    expect(creating).toEqual([]);
  });

  it("a stage name AWS would refuse is refused with the rule, before any AWS call", async () => {
    standIn = await startAwsStandIn({ sstBootstrapVersion: SST_BOOTSTRAP_VERSION, secrets: SECRETS });
    const run = await runSst(["deploy", "--stage", "Prod_2"], standIn, { ms: 60_000 });
    expect(run.exit).toBe(1);
    expect(run.output).toContain(
      'The stage "Prod_2" cannot be deployed: a stage name is 1 to 21 characters: lowercase letters, digits and hyphens, starting with a letter and not ending with a hyphen',
    );
    expect(standIn.requests).toEqual([]);
  });

  it("sst secrets set, list and remove reach SSM under the stage's path", async () => {
    standIn = await startAwsStandIn({ sstBootstrapVersion: SST_BOOTSTRAP_VERSION, secrets: SECRETS });
    const list = await runSst(["secrets", "list", "--stage", "clitest"], standIn, { ms: 60_000 });
    expect(list.exit, list.output).toBe(0);
    expect(list.output).toMatch(/DEVICE_COOKIE_SECRET\s*│/);

    // After storing, `set` tells running `sst dev` sessions through IoT, which has no stand-in: stop there.
    const set = await runSst(["secrets", "set", "ALARM_TEST", "v1", "--stage", "clitest"], standIn, {
      ms: 60_000,
      done: () => standIn!.requests.some((r) => r.action === "AmazonSSM.PutParameter"),
    });
    expect(set.output).not.toMatch(CRASH);
    expect(set.timedOut, set.output).toBe(false);
    const put = standIn.requests.find((r) => r.action === "AmazonSSM.PutParameter");
    expect(put?.signed).toBe(true);
    expect(JSON.parse(put!.body)).toMatchObject({ Name: "/sst/agency/clitest/Secret/ALARM_TEST/value", Value: "v1", Type: "SecureString" });

    const remove = await runSst(["secrets", "remove", "ALARM_TEST", "--stage", "clitest"], standIn, { ms: 60_000 });
    expect(remove.exit, remove.output).toBe(0);
    const del = standIn.requests.find((r) => r.action === "AmazonSSM.DeleteParameter");
    expect(JSON.parse(del!.body)).toMatchObject({ Name: "/sst/agency/clitest/Secret/ALARM_TEST/value" });
  });
});
