/**
 * `npm run doctor`: the checks that age. Every Lambda runtime the app deploys (its own functions and
 * the custom resources of SST and the CDK) against AWS's deprecation dates in
 * infra/runtime-deprecations.json; SST v2 pinned to one exact version, with the aws-cdk-lib it was
 * built with; the Node range (package.json's engines, .nvmrc, the functions' Node).
 *
 * A date within 90 days warns; a date passed fails (exit 1). `--today YYYY-MM-DD` checks as of
 * another day. Offline: the runtimes are read from the app's constructs as `sst deploy` makes them,
 * before any bundling.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import semver from "semver";

export const WARN_DAYS = 90;
const root = path.resolve(import.meta.dirname, "..");

export interface DeprecationTable {
  checked: string;
  lambda: Record<string, { deprecated: string; blockUpdate?: string }>;
  node: Record<string, { endOfLife: string }>;
}
export type Level = "ok" | "warn" | "fail";
export interface Finding {
  level: Level;
  message: string;
}

export function readTable(): DeprecationTable {
  return JSON.parse(fs.readFileSync(path.join(root, "infra/runtime-deprecations.json"), "utf8"));
}

const DAY = 86_400_000;
const daysUntil = (date: string, today: Date) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / DAY);

/** `users` of each runtime: the construct paths (or any names) that run on it. */
export function checkRuntimes(users: Map<string, string[]>, table: DeprecationTable, today: Date): Finding[] {
  return [...users]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([runtime, who]): Finding => {
      const entry = table.lambda[runtime];
      const by = `${who.length} function${who.length === 1 ? "" : "s"} (${who.slice(0, 3).join(", ")}${who.length > 3 ? ", ..." : ""})`;
      if (!entry) return { level: "fail", message: `Lambda runtime ${runtime}, used by ${by}, has no date in infra/runtime-deprecations.json: add it from AWS's runtime table` };
      const days = daysUntil(entry.deprecated, today);
      if (days <= 0) return { level: "fail", message: `Lambda runtime ${runtime} was deprecated on ${entry.deprecated}, used by ${by}: move it to a supported runtime` };
      if (days <= WARN_DAYS) return { level: "warn", message: `Lambda runtime ${runtime} is deprecated on ${entry.deprecated} (in ${days} days), used by ${by}` };
      return { level: "ok", message: `Lambda runtime ${runtime} until ${entry.deprecated} (${days} days), used by ${by}` };
    });
}

/** SST is pinned to one exact 2.x version, installed as pinned, with the aws-cdk-lib it depends on. */
export function checkSstPin(declared: Record<string, string>, installed: { sst: string; sstCdk: string; cdk: string }): Finding[] {
  const findings: Finding[] = [];
  const sst = declared.sst;
  if (!sst || !semver.valid(sst)) findings.push({ level: "fail", message: `sst is "${sst ?? "missing"}" in package.json: pin one exact version (2.49.8), not a range` });
  else if (semver.major(sst) !== 2) findings.push({ level: "fail", message: `sst ${sst} is not SST v2: the app is written for v2 (v3 and later are another product)` });
  else if (installed.sst !== sst) findings.push({ level: "fail", message: `sst ${installed.sst} is installed but package.json pins ${sst}: run npm ci` });
  else findings.push({ level: "ok", message: `sst pinned to ${sst}` });
  if (declared["aws-cdk-lib"] !== installed.sstCdk || installed.cdk !== installed.sstCdk) {
    findings.push({
      level: "fail",
      message: `aws-cdk-lib must be exactly the ${installed.sstCdk} sst ${installed.sst} depends on (package.json has "${declared["aws-cdk-lib"]}", ${installed.cdk} installed): a second copy breaks synthesis`,
    });
  } else findings.push({ level: "ok", message: `aws-cdk-lib pinned to ${installed.cdk}, as sst ${installed.sst} needs` });
  return findings;
}

/**
 * The Node range: .nvmrc's version is one package.json's engines accept, and so is the functions'
 * Node. A local Node past its end of life warns (the machines that run CI bring their own Node);
 * one within 90 days of it warns too.
 */
export function checkNodeRange(engines: string | undefined, nvmrc: string, lambdaRuntime: string, table: DeprecationTable, today: Date): Finding[] {
  const findings: Finding[] = [];
  const local = nvmrc.trim().replace(/^v/, "");
  const lambdaMajor = /^nodejs(\d+)\.x$/.exec(lambdaRuntime)?.[1];
  if (!engines || !semver.validRange(engines)) return [{ level: "fail", message: `package.json's engines.node "${engines ?? ""}" is not a version range` }];
  if (!semver.validRange(local) || !semver.intersects(local, engines))
    findings.push({ level: "fail", message: `.nvmrc (${local}) is outside package.json's engines.node (${engines})` });
  else findings.push({ level: "ok", message: `.nvmrc (${local}) is within engines.node (${engines})` });
  if (!lambdaMajor || !semver.intersects(`${lambdaMajor}.x`, engines))
    findings.push({ level: "fail", message: `the functions' runtime ${lambdaRuntime} is outside engines.node (${engines})` });
  else findings.push({ level: "ok", message: `the functions' Node ${lambdaMajor} is within engines.node (${engines})` });
  const localMajor = semver.minVersion(local)?.major;
  const eol = localMajor === undefined ? undefined : table.node[String(localMajor)]?.endOfLife;
  if (eol) {
    const days = daysUntil(eol, today);
    if (days <= 0)
      findings.push({
        level: "warn",
        message: `Node ${localMajor} (.nvmrc) reached its end of life on ${eol}: move .nvmrc and engines to Node 22 or later once the machines that run CI have it`,
      });
    else if (days <= WARN_DAYS) findings.push({ level: "warn", message: `Node ${localMajor} (.nvmrc) reaches its end of life on ${eol} (in ${days} days)` });
  }
  return findings;
}

/**
 * Every Lambda function the app deploys and its runtime, from the constructs `sst deploy` makes:
 * the app's functions (CfnFunction) and custom resource providers written as raw
 * AWS::Lambda::Function resources (SST's, the CDK's). Read before synthesis: no bundling, no AWS.
 */
export async function functionRuntimes(stage = "doctor"): Promise<Map<string, string[]>> {
  const { CfnResource, Stack } = await import("aws-cdk-lib");
  const { App } = await import("sst/constructs");
  const { initProject } = await import("sst/project.js");
  const { buildStacks } = await import("../sst.config");
  const { EDGE_REGION } = await import("../infra/waf");
  // The deploy's settings come from .env files; none of them changes a runtime, but some must parse.
  const quiet = { SITE_DOMAIN: "", SITE_HOSTED_ZONE: "", ALARM_EMAIL: "" };
  await initProject({ stage });
  Object.assign(process.env, quiet);
  const app = new App({ mode: "deploy", stage, name: "agency", region: EDGE_REGION, account: "123456789012" });
  buildStacks(app);
  const users = new Map<string, string[]>();
  for (const c of app.node.findAll()) {
    if (!(c instanceof CfnResource) || c.cfnResourceType !== "AWS::Lambda::Function") continue;
    const props = c as unknown as { _cfnProperties?: Record<string, unknown>; runtime?: string };
    const runtime = Stack.of(c).resolve(props.runtime ?? props._cfnProperties?.Runtime);
    const name = c.node.path.replace(/\/Resource$/, "");
    users.set(String(runtime), [...(users.get(String(runtime)) ?? []), name]);
  }
  return users;
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));

export async function doctor(today: Date): Promise<Finding[]> {
  const table = readTable();
  const pkg = readJson("package.json");
  const { lambdaRuntime } = await import("../infra/bundling");
  const installed = {
    sst: readJson("node_modules/sst/package.json").version,
    sstCdk: readJson("node_modules/sst/package.json").dependencies["aws-cdk-lib"],
    cdk: readJson("node_modules/aws-cdk-lib/package.json").version,
  };
  return [
    ...checkRuntimes(await functionRuntimes(), table, today),
    ...checkSstPin(pkg.devDependencies ?? {}, installed),
    ...checkNodeRange(pkg.engines?.node, fs.readFileSync(path.join(root, ".nvmrc"), "utf8"), lambdaRuntime, table, today),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--today");
  const today = at > 0 ? new Date(`${process.argv[at + 1]}T00:00:00Z`) : new Date();
  if (Number.isNaN(today.getTime())) {
    console.error("--today takes a date, YYYY-MM-DD");
    process.exit(2);
  }
  const findings = await doctor(today);
  const mark: Record<Level, string> = { ok: "ok  ", warn: "WARN", fail: "FAIL" };
  console.log(`doctor, as of ${today.toISOString().slice(0, 10)} (dates checked ${readTable().checked}; warns ${WARN_DAYS} days ahead):`);
  for (const f of findings) console.log(`  ${mark[f.level]} ${f.message}`);
  const failed = findings.filter((f) => f.level === "fail").length;
  const warned = findings.filter((f) => f.level === "warn").length;
  console.log(failed ? `doctor: ${failed} failed, ${warned} warned` : `doctor: nothing failed, ${warned} warned`);
  process.exit(failed ? 1 : 0);
}
