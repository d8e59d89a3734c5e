/**
 * How every Lambda of the app is built and run. sst.config.ts applies these as the app's default
 * function props; `npm run bench:lambda` bundles with the same esbuild settings, so the sizes and
 * cold-import times it prints are those of what is deployed.
 */
export const lambdaRuntime = "nodejs22.x" as const;
export const lambdaArchitecture = "arm_64" as const;

/** SST's esbuild options for Node handlers: ESM and bundled (including @aws-sdk/*); we add minify. */
export const nodejsBundling = {
  format: "esm" as const,
  minify: true,
  esbuild: { target: "node22" },
};

export const functionDefaults = {
  runtime: lambdaRuntime,
  architecture: lambdaArchitecture,
  memorySize: 1024,
  // API Gateway gives up after 30 s; a handler that takes more than 10 s is a bug to see, not wait on.
  timeout: 10,
  // X-Ray would trace every request at a cost per trace; the logs and the request id are enough here.
  tracing: "disabled" as const,
  logRetention: "one_month" as const,
  nodejs: nodejsBundling,
};
