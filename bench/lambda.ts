/**
 * npm run bench:lambda — bundles every feature handler as SST 2.49 deploys it (its own esbuild call
 * in node_modules/sst/runtime/handlers/node.js, with infra/bundling.ts's options), and beside them a
 * bare DynamoDB handler (bench/dynamodb-baseline.ts: the SDK's document client and one GetItem) built
 * the same way, in the same run. Then:
 *
 * - sizes: what a cold start loads (the handler file and the chunks it imports statically) and what
 *   is deployed (every chunk, including those only a dynamic import loads), by package;
 * - paired timings, on the Node.js major version the functions run on in Lambda (22; its official
 *   binary from the npm registry when this machine has another): for each handler, at least 15 pairs
 *   of fresh Node processes, one loading the handler and one the baseline, in turn (the order
 *   alternating), each timing from its own start
 *   (Node's start-up included, as in a Lambda cold start's init) until the handler has loaded, and
 *   until its first request is answered (import, handler, first DynamoDB calls against a local
 *   dynalite seeded with the default content and an admin session). A pair's ratio is handler /
 *   baseline, so a drift in the machine's speed during the run moves both; the figure is the
 *   median ratio.
 *
 * Targets (issue 28): cold import at most 1.5 times the baseline's (the goal beyond it 1.3), at most
 * 600 KB loaded at cold start, first request at most 1.6 times the baseline's. `--check` exits
 * non-zero when a handler misses one. Results also go to bench/lambda-results.json.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { lambdaNode, sstBundle, type Built } from "./sst-bundle";
import { lambdaArchitecture, lambdaRuntime, nodejsBundling } from "../infra/bundling";
import { features, handlerPath, routes, type Feature, type RouteKey } from "@agency/core/routes";
import { startDynalite } from "../packages/local/src/dynamo";
import { seedCourses } from "../packages/core/src/seed/content";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outRoot = path.join(root, ".build", "lambda");
const bundle = (name: string, entryPoint: string) => sstBundle(entryPoint, path.join(outRoot, name));
/** At least 15 for a result; fewer (BENCH_PAIRS) only for a quick look, and --check then refuses. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 15);
/** BENCH_ONLY=contact,admin-dashboard: just these handlers, for a quick look (--check then refuses). */
const only = process.env.BENCH_ONLY?.split(",").map((f) => f.trim());
const unknown = only?.filter((f) => !(features as readonly string[]).includes(f)) ?? [];
if (unknown.length) throw new Error(`BENCH_ONLY names no handler: ${unknown.join(", ")} (the handlers: ${features.join(", ")})`);
const benched = only ? features.filter((f) => only.includes(f)) : features;
const TARGET = { importRatio: 1.5, importRatioGoal: 1.3, startKb: 600, requestRatio: 1.6 };
const BASELINE = "baseline";
/**
 * Reference rows, not judged: the stack alone (bench/stack-floor.ts, bundled once), answering one
 * read and the Overview's six calls: what the product's own code adds is a handler's gap to these.
 */
const FLOOR = "stack-floor";
const references = [
  { name: "(stack: one read)", reads: "one", firstRequest: "one GetItem through one entity" },
  { name: "(stack: Overview reads)", reads: "overview", firstRequest: "a BatchGet of 3, then a BatchGet of 10 and four Queries at once, six entities" },
] as const;
const run = promisify(execFile);

/** The files a cold start loads: the handler and, transitively, the chunks it imports statically. */
function startGraph(built: Built): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of built.outputs.get(file)?.staticImports ?? []) visit(next);
  };
  visit(built.entry);
  return [...seen];
}

/** Packages that only ever come as part of a larger dependency, reported under that dependency's name. */
const groupOf = (pkg: string) => {
  if (/^@(aws-sdk|smithy|aws-crypto|aws)\//.test(pkg) || ["tslib", "fast-xml-parser", "strnum", "bowser", "uuid", "mnemonist", "obliterator"].includes(pkg)) return "AWS SDK v3";
  if (
    [
      "sanitize-html",
      "postcss",
      "htmlparser2",
      "entities",
      "domutils",
      "domhandler",
      "dom-serializer",
      "domelementtype",
      "source-map-js",
      "nanoid",
      "picocolors",
      "deepmerge",
      "escape-string-regexp",
      "is-plain-object",
      "parse-srcset",
      "launder",
      "dayjs",
    ].includes(pkg)
  ) {
    return "sanitize-html (+ postcss, htmlparser2)";
  }
  if (pkg === "jsonschema") return "electrodb";
  return pkg;
};

/** The contributors to some output files, by package (or by source folder for our own code), largest first. */
function contributors(built: Built, files: string[]) {
  const byPackage = new Map<string, number>();
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(built.outputs.get(file)!.inputs)) {
      const i = input.lastIndexOf("node_modules/");
      let key: string;
      if (i < 0) key = input.split("/").slice(0, 4).join("/");
      else {
        const parts = input.slice(i + "node_modules/".length).split("/");
        key = groupOf(parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
      }
      byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage.entries()]
    .filter(([, b]) => b > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => ({ name, kb: round(bytes / 1024) }));
}

/**
 * One request per handler, the first a cold function typically serves (admin ones signed in). A
 * registration names a course the seed offers (course_interest must name an active course).
 */
const firstRequests: Record<
  Feature,
  { route: RouteKey; path: string; params?: Record<string, string>; query?: Record<string, string>; body?: unknown | ((n: number) => unknown) }
> = {
  content: { route: "GET /api/services", path: "/api/services" },
  blog: { route: "GET /api/blog-posts", path: "/api/blog-posts" },
  feeds: { route: "GET /rss.xml", path: "/rss.xml" },
  contact: {
    route: "POST /api/contact",
    path: "/api/contact",
    body: { name: "Bench Visitor", email: "bench@example.com", message: "A first request of a cold function.", inquiryType: "general" },
  },
  registrations: {
    route: "POST /api/course-registrations",
    path: "/api/course-registrations",
    body: { name: "Bench Visitor", email: "bench@example.com", course_interest: seedCourses.find((c) => c.is_active)!.title, experience_level: "Beginner" },
  },
  auth: { route: "GET /api/admin/me", path: "/api/admin/me" },
  "admin-dashboard": { route: "GET /api/admin/dashboard-stats", path: "/api/admin/dashboard-stats" },
  "admin-messages": { route: "GET /api/admin/contact-submissions", path: "/api/admin/contact-submissions" },
  "admin-registrations": { route: "GET /api/admin/course-registrations", path: "/api/admin/course-registrations" },
  "admin-settings": { route: "GET /api/admin/site-settings", path: "/api/admin/site-settings" },
  "admin-content": { route: "GET /api/admin/page-sections/{pageSlug}", path: "/api/admin/page-sections/home", params: { pageSlug: "home" } },
  "admin-blog": { route: "GET /api/admin/blog-posts", path: "/api/admin/blog-posts" },
  "admin-users": { route: "GET /api/admin/users", path: "/api/admin/users" },
  "admin-media": { route: "GET /api/admin/media", path: "/api/admin/media" },
  "admin-audit": { route: "GET /api/admin/audit-log", path: "/api/admin/audit-log" },
  "admin-revisions": { route: "GET /api/admin/revisions", path: "/api/admin/revisions", query: { entity: "site-settings", id: "company_name" } },
  "admin-team": { route: "GET /api/admin/team", path: "/api/admin/team" },
  "admin-trash": { route: "GET /api/admin/trash", path: "/api/admin/trash" },
  // A new address each time: an address may sign up only a few times an hour (SIGNUPS_PER_ADDRESS).
  newsletter: { route: "POST /api/newsletter/subscriptions", path: "/api/newsletter/subscriptions", body: (n: number) => ({ email: `bench+${n}@example.com` }) },
  "admin-newsletter": { route: "GET /api/admin/newsletter/subscribers", path: "/api/admin/newsletter/subscribers" },
  "admin-webhooks": { route: "GET /api/admin/webhooks", path: "/api/admin/webhooks" },
};

/** An API Gateway (payload 2.0) event for a feature's first request, from a distinct address each time (rate limits). */
function eventFor(feature: Feature, cookie: string, n: number) {
  const { route, path: rawPath, params, query, body: bodyOf } = firstRequests[feature];
  const body = typeof bodyOf === "function" ? bodyOf(n) : bodyOf;
  if (routes[route].feature !== feature) throw new Error(`${route} is not served by ${feature}`);
  const method = route.slice(0, route.indexOf(" "));
  return {
    version: "2.0",
    routeKey: route,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    ...(query ? { queryStringParameters: query } : {}),
    cookies: [cookie],
    headers: {
      host: "localhost:3000",
      origin: "http://localhost:3000",
      "user-agent": "bench",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(params ? { pathParameters: params } : {}),
    requestContext: {
      http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`, userAgent: "bench" },
      requestId: `bench-${n}`,
      routeKey: route,
      stage: "$default",
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  };
}

/**
 * Loads a bundle in a fresh Node process and serves one request. Times are from the process's start
 * (performance.now()'s origin), as a cold start's init includes the runtime's own start: `importMs`
 * when the handler's module has loaded, `requestMs` when its first request has been answered; and
 * the process's CPU time (user + system) at the same two points.
 */
const PROBE = `
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [file, eventFile] = process.argv.slice(1);
const event = JSON.parse(readFileSync(eventFile, "utf8"));
const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const { handler } = await import(pathToFileURL(file).href);
const importMs = performance.now(), importCpuMs = cpuMs();
const result = await handler(event, { awsRequestId: event.requestContext?.requestId ?? "bench" });
const requestMs = performance.now(), requestCpuMs = cpuMs();
process.stdout.write(JSON.stringify({ importMs, importCpuMs, requestMs, requestCpuMs, status: result.statusCode, body: String(result.body).slice(0, 300) }));
`;

interface Timing {
  importMs: number;
  importCpuMs: number;
  requestMs: number;
  requestCpuMs: number;
}

let nodeBin = process.execPath;
/**
 * BENCH_PROFILE=1: every process also writes a V8 CPU profile (`--cpu-prof`, sampled every 50 µs)
 * beside its bundle, in `.build/lambda/<name>/profiles/`, to open in Chrome's DevTools (the build's
 * metafile says which sources each chunk holds). The profiler slows the processes: not for figures.
 */
const profiling = process.env.BENCH_PROFILE === "1";
async function probe(file: string, event: unknown, env: NodeJS.ProcessEnv) {
  const eventFile = path.join(outRoot, `event-${process.pid}.json`);
  fs.writeFileSync(eventFile, JSON.stringify(event));
  const profile = profiling ? ["--cpu-prof", "--cpu-prof-interval", "50", "--cpu-prof-dir", path.join(path.dirname(file), "profiles")] : [];
  const { stdout } = await run(nodeBin, [...profile, "--input-type=module", "-e", PROBE, file, eventFile], { cwd: path.dirname(file), env });
  const out = JSON.parse(stdout) as Timing & { status: number; body: string };
  if (out.status >= 300) throw new Error(`${path.relative(root, file)} answered ${out.status}: ${out.body}`);
  return out;
}

/** A local engine with the table, the default content and an owner's session, as a deployed stage would have. */
async function startEngine() {
  const engine = await startDynalite();
  Object.assign(process.env, { DYNAMODB_ENDPOINT: engine.endpoint, TABLE_NAME: "bench", AWS_REGION: "us-east-1" });
  const [{ ensureTable }, { seedDefaults }, { AdminAccounts }, { Sessions, subjectOf }, { sessionCookieName }] = await Promise.all([
    import("../packages/core/src/db/table"),
    import("../packages/core/src/seed/seed"),
    import("../packages/core/src/auth/admin-accounts"),
    import("../packages/core/src/auth/sessions"),
    import("../packages/functions/src/auth/cookies"),
  ]);
  await ensureTable("bench");
  await seedDefaults();
  const username = "bench";
  // An owner: every admin route, the Team's included, answers them.
  await AdminAccounts.create({ username, password: "bench-password-0123456789", full_name: "Bench", role: "owner" });
  const { token } = await Sessions.start({ kind: "admin", subject: subjectOf.admin(username), is_admin: true });
  return { engine, cookie: `${sessionCookieName()}=${token}` };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const kb = (bytes: number) => round(bytes / 1024);

async function main() {
  fs.rmSync(outRoot, { recursive: true, force: true });
  const built = new Map<string, Built>();
  built.set(BASELINE, await bundle(BASELINE, "bench/dynamodb-baseline.ts"));
  for (const feature of benched) built.set(feature, await bundle(feature, handlerPath(feature)));
  built.set(FLOOR, await bundle(FLOOR, "bench/stack-floor.ts"));

  // On the Node.js major version the functions run on in Lambda; BENCH_NODE names another binary (e.g. this one's, to compare).
  nodeBin = await lambdaNode(process.env.BENCH_NODE);
  const nodeVersion = (await run(nodeBin, ["--version"])).stdout.trim();
  const { engine, cookie } = await startEngine();
  // What Lambda's runtime sets (the role's keys included); the handlers reach the local engine.
  const env = {
    PATH: process.env.PATH,
    AWS_REGION: "us-east-1",
    AWS_DEFAULT_REGION: "us-east-1",
    AWS_LAMBDA_FUNCTION_NAME: "bench",
    AWS_ACCESS_KEY_ID: "bench",
    AWS_SECRET_ACCESS_KEY: "bench",
    AWS_SESSION_TOKEN: "bench",
    TABLE_NAME: "bench",
    DYNAMODB_ENDPOINT: engine.endpoint,
    NODE_ENV: "production",
    // The SDK's notice about an old Node (when BENCH_NODE names one) would be a cost of this machine only.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  };

  /**
   * BENCH_COMPILE_CACHE=1 measures what V8's compile cache would buy (Node 22's NODE_COMPILE_CACHE,
   * as `module.enableCompileCache` would use it): each handler's processes share a cache, which the
   * warm-up run writes; the baseline runs without one. Not how the functions ship (docs/performance.md).
   */
  const compileCache = process.env.BENCH_COMPILE_CACHE === "1";
  const handlerEnv = (feature: Feature) => (compileCache ? { ...env, NODE_COMPILE_CACHE: path.join(outRoot, feature, ".compile-cache") } : env);
  // Each handler, and each reference row, with the request it answers first.
  const subjects = [
    ...benched.map((feature) => ({ name: feature as string, entry: built.get(feature)!.entry, event: (n: number) => eventFor(feature, cookie, n), env: handlerEnv(feature) })),
    ...references.map((r) => ({ name: r.name, entry: built.get(FLOOR)!.entry, event: () => ({ reads: r.reads, id: "floor" }), env })),
  ];
  const timings = new Map<string, { pairs: Array<{ handler: Timing; baseline: Timing }> }>();
  let n = 0;
  try {
    const baselineEntry = built.get(BASELINE)!.entry;
    // Warm the OS file cache, as a deployed function's disk would be, and check every request answers.
    await probe(baselineEntry, {}, env);
    // With BENCH_COMPILE_CACHE=1 this first run also writes each handler's V8 compile cache.
    for (const subject of subjects) await probe(subject.entry, subject.event(n++), subject.env);
    for (let i = 0; i < PAIRS; i++) {
      for (const subject of subjects) {
        const handlerRun = () => probe(subject.entry, subject.event(n++), subject.env);
        // The two in turn, the order alternating from pair to pair.
        const runs = { handler: handlerRun, baseline: () => probe(baselineEntry, {}, env) };
        const order = i % 2 ? (["baseline", "handler"] as const) : (["handler", "baseline"] as const);
        const got: Partial<Record<keyof typeof runs, Timing>> = {};
        for (const which of order) got[which] = await runs[which]();
        const entry = timings.get(subject.name) ?? { pairs: [] };
        entry.pairs.push({ handler: got.handler!, baseline: got.baseline! });
        timings.set(subject.name, entry);
      }
      process.stderr.write(`\rpairs: ${i + 1}/${PAIRS}`);
    }
    process.stderr.write("\n");
  } finally {
    await engine.close();
  }

  const sizes = (name: string) => {
    const b = built.get(name)!;
    const start = startGraph(b);
    const all = [...b.outputs.keys()];
    const startCode = Buffer.concat(start.map((f) => fs.readFileSync(f)));
    return {
      files: all.length,
      startFiles: start.length,
      startKb: kb(startCode.length),
      startGzipKb: kb(gzipSync(startCode, { level: 9 }).length),
      deployedKb: kb(all.reduce((s, f) => s + b.outputs.get(f)!.bytes, 0)),
      atStart: contributors(b, start),
      onDemand: contributors(
        b,
        all.filter((f) => !start.includes(f)),
      ),
    };
  };
  const baseline = sizes(BASELINE);
  const keys = ["importMs", "importCpuMs", "requestMs", "requestCpuMs"] as const;
  const measured = (name: string, bundled: string) => {
    const { pairs } = timings.get(name)!;
    const s = sizes(bundled);
    const medians = Object.fromEntries(keys.map((k) => [k, round(median(pairs.map((p) => p.handler[k])))])) as Record<(typeof keys)[number], number>;
    const baselineMedians = Object.fromEntries(keys.map((k) => [k, round(median(pairs.map((p) => p.baseline[k])))]));
    const ratios = Object.fromEntries(keys.map((k) => [k, round(median(pairs.map((p) => p.handler[k] / p.baseline[k])), 2)])) as Record<(typeof keys)[number], number>;
    // Judged on CPU time: on a shared machine the wall clock also counts the wait for a core.
    const withinTargets = ratios.importCpuMs <= TARGET.importRatio && s.startKb <= TARGET.startKb && ratios.requestCpuMs <= TARGET.requestRatio;
    return {
      ...s,
      medians,
      baselineMedians,
      ratios,
      withinTargets,
      pairs: pairs.map((p) => Object.fromEntries(keys.map((k) => [k, [round(p.handler[k]), round(p.baseline[k])]]))),
    };
  };
  const rows = benched.map((feature) => ({ feature, firstRequest: firstRequests[feature].route, ...measured(feature, feature) }));
  const referenceRows = references.map((r) => ({ feature: r.name, firstRequest: r.firstRequest, ...measured(r.name, FLOOR) }));

  const header = ["handler", "start KB", "gzip", "deployed KB", "import cpu ms", "×", "(wall ×)", "1st request cpu ms", "×", "(wall ×)", "targets"];
  const table = [...rows.map((r) => ({ ...r, reference: false })), ...referenceRows.map((r) => ({ ...r, reference: true }))].map((r) => [
    r.feature,
    r.startKb.toFixed(1),
    r.startGzipKb.toFixed(1),
    r.deployedKb.toFixed(1),
    r.medians.importCpuMs.toFixed(1),
    r.ratios.importCpuMs.toFixed(2),
    r.ratios.importMs.toFixed(2),
    r.medians.requestCpuMs.toFixed(1),
    r.ratios.requestCpuMs.toFixed(2),
    r.ratios.requestMs.toFixed(2),
    r.reference ? "(reference)" : r.withinTargets ? (r.ratios.importCpuMs <= TARGET.importRatioGoal ? "ok (goal)" : "ok") : "MISSED",
  ]);
  const all = [...timings.values()].flatMap((t) => t.pairs.map((p) => p.baseline));
  const baselineRows = [
    [
      "(baseline)",
      baseline.startKb.toFixed(1),
      baseline.startGzipKb.toFixed(1),
      baseline.deployedKb.toFixed(1),
      median(all.map((p) => p.importCpuMs)).toFixed(1),
      "1.00",
      "",
      median(all.map((p) => p.requestCpuMs)).toFixed(1),
      "1.00",
      "",
      "",
    ],
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...[...table, ...baselineRows].map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const splitting = (nodejsBundling as { splitting?: boolean }).splitting ? "code splitting" : "one file";
  console.log(`Lambda bundles as SST 2.49 deploys them: ${lambdaRuntime} ${lambdaArchitecture}, esbuild ESM minified, ${splitting}, @aws-sdk bundled`);
  if (compileCache) console.log("With V8's compile cache for the handlers (BENCH_COMPILE_CACHE=1), not for the baseline");
  console.log(`Measured on Node ${nodeVersion} (${process.platform} ${process.arch}), ${os.cpus()[0]?.model ?? os.arch()} (${os.cpus().length} cores), ${PAIRS} pairs per handler`);
  console.log(`"start KB" is what a cold start loads (handler + static chunks), "deployed KB" every chunk. Times from the process's start`);
  console.log(`(Node's start-up included): CPU ms, median; × is the median of the pairs' ratios to the baseline, on CPU time and (wall ×) on the clock`);
  console.log(`The baseline (the SDK's document client, one GetItem) and the stack's rows (bench/stack-floor.ts) are built like the functions`);
  console.log(
    `Targets (on CPU time, against the baseline): import <= ${TARGET.importRatio}× baseline (goal ${TARGET.importRatioGoal}×), start <= ${TARGET.startKb} KB, first request <= ${TARGET.requestRatio}× baseline`,
  );
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of table) console.log(line(row));
  for (const row of baselineRows) console.log(line(row));

  console.log("\nLoaded at cold start, by package (KB):");
  for (const r of [{ feature: "(baseline)", ...baseline }, ...rows]) {
    console.log(`  ${r.feature}: ${r.atStart.map((p) => `${p.name} ${p.kb}`).join(", ")}`);
  }
  console.log("\nLoaded on the first request that needs it (KB):");
  for (const r of rows) {
    const big = r.onDemand.filter((p) => p.kb >= 1);
    if (big.length) console.log(`  ${r.feature}: ${big.map((p) => `${p.name} ${p.kb}`).join(", ")}`);
  }

  const results = {
    measuredAt: new Date().toISOString(),
    node: nodeVersion,
    machine: `${os.platform()} ${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}`,
    bundling: nodejsBundling,
    pairs: PAIRS,
    compileCache,
    loadAverage: os.loadavg(),
    targets: TARGET,
    baseline,
    handlers: rows,
    references: referenceRows,
  };
  if (!only) fs.writeFileSync(path.join(root, "bench", "lambda-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  if (!only) console.log("\nWritten to bench/lambda-results.json");

  const missed = rows.filter((r) => !r.withinTargets);
  if (missed.length) {
    console.log(`\nOver target: ${missed.map((r) => r.feature).join(", ")}`);
    if (process.argv.includes("--check")) process.exitCode = 1;
  }
  if (profiling) console.log("\nCPU profiles (BENCH_PROFILE=1): .build/lambda/<handler>/profiles/; the timings above are slowed by the profiler.");
  if (PAIRS < 15 || profiling || only) {
    console.log(
      profiling
        ? "\nProfiled: not a result."
        : only
          ? `\nOnly ${benched.join(", ")}: a quick look, not a result (the targets are judged on every handler).`
          : `\nOnly ${PAIRS} pairs: a quick look, not a result (the targets are judged on at least 15).`,
    );
    if (process.argv.includes("--check")) process.exitCode = 1;
  }
}

await main();
