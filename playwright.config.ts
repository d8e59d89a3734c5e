import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.E2E_PORT ?? 4180);
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  // Journeys are independent (each asserts on what it created) and share one started runtime:
  // files run in two workers, the tests of one file in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Journeys that check an edit on the public site wait for its pages to be rendered again, which
  // on two busy cores can take tens of seconds when a full render queues behind another.
  timeout: 120_000,
  // How long an assertion waits for the state a user would see. Playwright's 5 s default is
  // exceeded on two cores running two browsers, the runtime and its page renders at once: a lazy
  // dialog's code, its data and its sanitised HTML took 4.6 to 6 s there (a quiet machine: < 1 s).
  expect: { timeout: 10_000 },
  // The JSON report feeds the closing line of `npm test` (scripts/test-summary.mjs).
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node --import tsx packages/local/src/start.ts",
    url: `http://localhost:${port}/api/services`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), "agency-e2e-")),
      DYNAMODB_ENDPOINT: "",
      TABLE_NAME: "agency-local",
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_PORT: String(port + 1),
      MAIL_UI_PORT: String(port + 2),
      S3_PORT: String(port + 3),
      S3_ENDPOINT: "",
    },
  },
});
