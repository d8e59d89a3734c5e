import { builtinModules } from "node:module";
import path from "node:path";
import type { FunctionProps } from "sst/constructs";

/** An esbuild plugin as SST's own esbuild takes it. */
type Plugin = NonNullable<NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]>[number];

/**
 * How every Lambda of the app is built and run. sst.config.ts applies these as the app's default
 * function props; `npm run bench:lambda` bundles with the same esbuild settings, so the sizes and
 * cold-import times it prints are those of what is deployed.
 */
export const lambdaRuntime = "nodejs22.x" as const;
export const lambdaArchitecture = "arm_64" as const;

/**
 * ElectroDB is CommonJS, so what it `require`s a bundler keeps whole. This plugin narrows two of
 * those when ElectroDB asks for them:
 * - `@aws-sdk/lib-dynamodb`: ElectroDB wraps the document client it is given (db/service.ts) with
 *   lib-dynamodb's commands, of which the app's entities send eight (no transactions); it gets an
 *   object of just those (packages/core/src/db/electrodb-lib.cjs, filled by db/client.ts), the same
 *   classes the app imports, rather than every command of lib-dynamodb and client-dynamodb;
 * - `jsonschema`: only ElectroDB's model check uses it, which a deployed function skips
 *   (packages/core/src/db/entity.ts); should it ever run, it fails rather than passing a model.
 * Elsewhere (tests, `npm start`) ElectroDB loads both whole, and the model check runs.
 * tests/infra/electrodb-bundle.test.ts runs a bundle built with this plugin against dynalite.
 */
export function electrodbTrims(): Plugin {
  const validatorStub = [
    'class Validator { addSchema() {} validate() { throw new Error("ElectroDB\'s model check is not bundled: the tests check the models"); } }',
    "Validator.prototype.customFormats = {};",
    "module.exports = { Validator };",
  ].join("\n");
  const fromElectroDB = (importer: string) => /[\\/]node_modules[\\/]electrodb[\\/]/.test(importer);
  return {
    name: "electrodb-trims",
    setup(build) {
      // SST builds from the project's root (esbuild's working directory), as the bench does.
      const commands = path.resolve(build.initialOptions.absWorkingDir ?? process.cwd(), "packages/core/src/db/electrodb-lib.cjs");
      build.onResolve({ filter: /^@aws-sdk\/lib-dynamodb$/ }, (args) => (fromElectroDB(args.importer) ? { path: commands } : undefined));
      build.onResolve({ filter: /^jsonschema$/ }, (args) => (fromElectroDB(args.importer) ? { path: args.path, namespace: "electrodb-trims" } : undefined));
      build.onLoad({ filter: /.*/, namespace: "electrodb-trims" }, () => ({ contents: validatorStub, loader: "js" }));
    },
  };
}

/**
 * Node's built-in modules by `require`, not by `import`. An ESM bundle imports them (`import { request }
 * from "http"`), and Node then builds each one's ES module facade by reading every export, which runs
 * the lazy getters a built-in keeps for what it rarely needs: `node:http`'s read of `WebSocket` loads
 * undici, Node's whole fetch (about 30 ms of CPU under Node 22, measured; `import("node:http")` 34.9 ms
 * against `require("node:http")` 3.2). Here each import of a built-in is a CommonJS module of one
 * `require` (the banner SST puts on every output file defines `require` with createRequire), whose
 * exports esbuild reads only when used, so nothing is loaded that the code does not touch.
 */
export function builtinsByRequire(): Plugin {
  return {
    name: "builtins-by-require",
    setup(build) {
      build.onResolve({ filter: /^(node:)?[a-z_]+(\/[a-z_]+)?$/ }, (args) => {
        const name = args.path.replace(/^node:/, "");
        if (args.namespace === "builtins-by-require" || !builtinModules.includes(name)) return undefined;
        return { path: name, namespace: "builtins-by-require" };
      });
      build.onLoad({ filter: /.*/, namespace: "builtins-by-require" }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`node:${args.path}`)});`,
        loader: "js",
      }));
    },
  };
}

/**
 * SST's esbuild options for Node handlers: ESM and bundled (including @aws-sdk/*); we add:
 * - minify;
 * - splitting: SST 2.49 then builds into a folder (esbuild `outdir`, `.mjs` chunks beside the
 *   handler) instead of one file, so each `await import()` becomes a chunk loaded on the first
 *   request that needs it (the sanitiser, the S3 and CloudFront clients, the SDK's credential
 *   providers other than the environment's), and a cold start loads only the handler's static graph;
 * - no source maps: with splitting SST takes one map out of the function's code and leaves the
 *   others in it, unused (nothing in Lambda reads them without --enable-source-maps).
 */
export const nodejsBundling = {
  format: "esm" as const,
  minify: true,
  splitting: true,
  sourcemap: false,
  esbuild: { target: "node22", plugins: [electrodbTrims(), builtinsByRequire()] },
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
