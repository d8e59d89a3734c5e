/**
 * npm run bench:lambda — bundles every feature handler as SST deploys it (esbuild, ESM, minified:
 * SST's own options for Node functions plus infra/bundling.ts) and prints, per handler, its size
 * (minified and gzipped) and its cold import time in a fresh Node process (median of several runs).
 *
 * Targets: at most 250 KB minified per handler (they all use DynamoDB), cold import at most 150 ms.
 * `--check` exits non-zero when a handler misses one. Results also go to bench/lambda-results.json.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import esbuild from "esbuild";
import { lambdaArchitecture, lambdaRuntime, nodejsBundling } from "../infra/bundling";
import { features, handlerPath, type Feature } from "@agency/core/routes";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, ".build", "lambda");
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const MAX_MINIFIED_BYTES = 250 * 1024;
const MAX_COLD_IMPORT_MS = 150;

/** What runtime/handlers/node.js in SST 2.49 passes to esbuild for an ESM function in deploy mode. */
async function bundle(feature: Feature) {
  const outfile = path.join(outDir, feature, "handler.mjs");
  const { external = [], ...override } = nodejsBundling.esbuild as esbuild.BuildOptions;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [handlerPath(feature)],
    platform: "node",
    external: ["sharp", "pg-native", ...external],
    keepNames: true,
    bundle: true,
    logLevel: "silent",
    metafile: true,
    format: nodejsBundling.format,
    target: "esnext",
    mainFields: ["module", "main"],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        `const require = topLevelCreateRequire(import.meta.url);`,
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
      ].join("\n"),
    },
    outfile,
    // SST uploads the source map separately, so it is not part of the function's code.
    sourcemap: false,
    minify: nodejsBundling.minify,
    ...override,
  });
  return { outfile, metafile: result.metafile! };
}

/** Packages that only ever come as part of a larger dependency, reported under that dependency's name. */
const groupOf = (pkg: string) => {
  if (/^@(aws-sdk|smithy|aws-crypto)\//.test(pkg) || ["tslib", "fast-xml-parser", "strnum", "bowser", "uuid"].includes(pkg)) return "AWS SDK v3";
  if (["sanitize-html", "postcss", "htmlparser2", "entities", "domutils", "domhandler", "dom-serializer", "domelementtype",
       "source-map-js", "nanoid", "picocolors", "deepmerge", "escape-string-regexp", "is-plain-object", "parse-srcset"].includes(pkg)) {
    return "sanitize-html (+ postcss, htmlparser2)";
  }
  if (pkg === "jsonschema") return "electrodb";
  return pkg;
};

/** The contributors to a bundle, by package (or by source folder for our own code), largest first. */
function contributors(metafile: esbuild.Metafile, outfile: string) {
  const output = metafile.outputs[path.relative(root, outfile)] ?? Object.values(metafile.outputs)[0]!;
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const i = input.lastIndexOf("node_modules/");
    let key: string;
    if (i < 0) key = input.split("/").slice(0, 4).join("/");
    else {
      const parts = input.slice(i + "node_modules/".length).split("/");
      key = groupOf(parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
    }
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  return [...byPackage.entries()].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, kb: round(bytes / 1024) }));
}

/** Milliseconds to import the bundle in a new Node process: what a Lambda cold start pays for our code. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: path.dirname(file),
    env: {
      PATH: process.env.PATH,
      AWS_REGION: "us-east-1",
      AWS_LAMBDA_FUNCTION_NAME: "bench",
      TABLE_NAME: "bench",
      NODE_ENV: "production",
    },
    encoding: "utf8",
  });
  return Number(out);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function main() {
  fs.rmSync(outDir, { recursive: true, force: true });
  const rows = [];
  for (const feature of features) {
    const { outfile, metafile } = await bundle(feature);
    const code = fs.readFileSync(outfile);
    coldImportMs(outfile); // warm the OS file cache, as a deployed function's disk would be
    const runs = Array.from({ length: RUNS }, () => coldImportMs(outfile));
    const minifiedKb = round(code.length / 1024);
    const gzipKb = round(gzipSync(code, { level: 9 }).length / 1024);
    const importMs = round(median(runs));
    const parts = contributors(metafile, outfile);
    rows.push({
      feature,
      minifiedKb,
      gzipKb,
      awsSdkKb: parts.find((p) => p.name === "AWS SDK v3")?.kb ?? 0,
      coldImportMs: importMs,
      runsMs: runs.map((r) => round(r)),
      withinTargets: code.length <= MAX_MINIFIED_BYTES && importMs <= MAX_COLD_IMPORT_MS,
      largest: parts.slice(0, 5),
    });
  }

  const header = ["handler", "minified KB", "of which AWS SDK", "gzip KB", `cold import ms (median of ${RUNS})`, "targets"];
  const table = rows.map((r) => [
    r.feature,
    r.minifiedKb.toFixed(1),
    r.awsSdkKb.toFixed(1),
    r.gzipKb.toFixed(1),
    r.coldImportMs.toFixed(1),
    r.withinTargets ? "ok" : "MISSED",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`Lambda bundles as deployed: ${lambdaRuntime} ${lambdaArchitecture}, esbuild ESM minified, @aws-sdk bundled`);
  console.log(`Measured on Node ${process.version}, ${os.cpus()[0]?.model ?? os.arch()}; targets <= 250 KB minified, <= 150 ms import\n`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of table) console.log(line(row));

  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    machine: `${os.platform()} ${os.arch()}, ${os.cpus()[0]?.model ?? "unknown CPU"}`,
    runs: RUNS,
    targets: { maxMinifiedKb: MAX_MINIFIED_BYTES / 1024, maxColdImportMs: MAX_COLD_IMPORT_MS },
    handlers: rows,
  };
  fs.writeFileSync(path.join(root, "bench", "lambda-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("\nWritten to bench/lambda-results.json");

  const missed = rows.filter((r) => !r.withinTargets);
  if (missed.length) {
    console.log(`\nOver target: ${missed.map((r) => r.feature).join(", ")}`);
    for (const r of missed) console.log(`  ${r.feature}: ${r.largest.map((l) => `${l.name} ${l.kb} KB`).join(", ")}`);
    if (process.argv.includes("--check")) process.exitCode = 1;
  }
}

await main();
