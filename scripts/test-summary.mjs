// Prints the closing line of `npm test`: every test the pipeline ran, from the runners' JSON reports.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? ".test-results";
let passed = 0;
let failed = 0;
let skipped = 0;
// A journey that passed only on a retry is flaky, and a flaky test fails the run: a retry is not a fix.
let flaky = 0;

/** Playwright's tests (every project and repetition) in a report's nested suites. */
function* playwrightTests(suite) {
  for (const spec of suite.specs ?? []) yield* spec.tests;
  for (const child of suite.suites ?? []) yield* playwrightTests(child);
}
for (const name of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(dir, name), "utf8"));
  if ("numPassedTests" in report) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } else if (report.stats) {
    // Playwright
    for (const test of report.suites.flatMap((suite) => [...playwrightTests(suite)])) {
      const last = test.results.at(-1);
      if (test.status === "skipped") skipped += 1;
      else if (test.results.length > 1 && last?.status === "passed") flaky += 1;
      else if (test.status === "expected") passed += 1;
      else failed += 1;
    }
  }
}
console.log(`\nTests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky (passed only on a retry)` : ""}${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 || flaky > 0 || passed === 0 ? 1 : 0;
