// `npm run test:flaky [-- N] [-- <playwright args>]`: runs the Playwright journeys N times each
// (--repeat-each, default 5) with CI's worker count, then prints each journey's pass rate from the
// JSON report, the least reliable first. Exits 1 when any run of any journey failed.
// Needs a built web app (npm run build:web) and Chromium (CHROME_PATH), as `npm run test:e2e` does.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const repeat = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 5;
if (repeat < 1) throw new Error("N must be at least 1");
// CI runs the journeys with the config's worker count (E2E_WORKERS, else 2): the same here.
const workers = process.env.E2E_WORKERS ?? "2";
mkdirSync(".test-results", { recursive: true });
const report = ".test-results/e2e-flaky.json";
const run = spawnSync("npx", ["playwright", "test", `--repeat-each=${repeat}`, `--workers=${workers}`, "--retries=0", ...args], {
  stdio: "inherit",
  env: { ...process.env, E2E_JSON_REPORT: report },
});
if (run.error) throw run.error;

/** Every test of the report, with the file and title path that names it across repetitions. */
function* tests(suite, titles = []) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`, test };
  for (const child of suite.suites ?? []) yield* tests(child, suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles);
}

const json = JSON.parse(readFileSync(report, "utf8"));
const rates = new Map();
for (const suite of json.suites) {
  for (const { name, test } of tests(suite)) {
    const rate = rates.get(name) ?? { passed: 0, runs: 0 };
    rate.runs += 1;
    // Passed first time: a pass. A pass that needed a retry (flaky) or any failure is not.
    if (test.status === "expected" && test.results.length === 1) rate.passed += 1;
    rates.set(name, rate);
  }
}
const rows = [...rates].sort(([a, x], [b, y]) => x.passed / x.runs - y.passed / y.runs || a.localeCompare(b));
console.log(`\nPass rate of each journey over ${repeat} runs (${workers} workers):`);
for (const [name, { passed, runs }] of rows) console.log(`${String(Math.round((100 * passed) / runs)).padStart(4)}%  ${passed}/${runs}  ${name}`);
const unreliable = rows.filter(([, r]) => r.passed < r.runs).length;
console.log(unreliable ? `\n${unreliable} of ${rows.length} journeys failed at least once.` : `\nAll ${rows.length} journeys passed every run.`);
process.exitCode = unreliable || run.status ? 1 : 0;
