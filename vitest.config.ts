import { defineConfig } from "vitest/config";

/**
 * The integration and API tests store records of 2024 and 2025 to test the lists across year
 * partitions, so the code under test reads partitions from 2024 on (config.recordsSince). A deployed
 * site reads from 2026, when the product began. The API tests' runtime gets it from the project's env
 * (tests/support/runtime-global.ts).
 */
const env = { RECORDS_SINCE: "2024", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };

export default defineConfig({
  test: {
    environment: "node",
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "web/src/**/*.test.{ts,tsx}", "infra/**/*.test.ts", "tests/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/*/src/**/*.int.test.ts"],
          globalSetup: ["tests/support/dynalite-global.ts"],
          setupFiles: ["tests/support/fresh-table.ts"],
          env,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/runtime-global.ts"],
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "infra",
          include: ["tests/infra/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One process for every file, so a synthesis of the same stage is made once (tests/infra/synth.ts).
          isolate: false,
        },
      },
      {
        // npm run test:bundles: the functions' deployed code run under Node 22 (tests/bundles/).
        test: {
          name: "bundles",
          include: ["tests/bundles/**/*.test.ts"],
          // Generous: building every function is most of the time, and a shared machine can be slow.
          testTimeout: 120_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
