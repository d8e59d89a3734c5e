/**
 * A function's bundle exactly as `sst deploy` builds it: SST 2.49's own esbuild call (its options in
 * node_modules/sst/runtime/handlers/node.js) with infra/bundling.ts's settings and plugins. Used by
 * `npm run bench:lambda` and by tests that run a bundle (tests/infra/electrodb-bundle.test.ts,
 * tests/bundles/); with `lambdaNode`, the Node.js the functions run on.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type esbuildTypes from "esbuild";
import { lambdaRuntime, nodejsBundling } from "../infra/bundling";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** SST's own esbuild (0.18, nested in its package), the one that builds what is deployed. */
const esbuild = createRequire(path.join(root, "node_modules/sst/runtime/handlers/node.js"))("esbuild") as typeof esbuildTypes;

export interface Built {
  /** The file Lambda loads (the handler). */
  entry: string;
  /** Every output file, with its size and its static imports among the outputs. */
  outputs: Map<string, { bytes: number; staticImports: string[]; inputs: Record<string, { bytesInOutput: number }> }>;
}

/**
 * SST 2.49's esbuild options for a Node function in deploy mode (runtime/handlers/node.js), for
 * infra/bundling.ts's `nodejs` props: ESM, its banner, `splitting` with `outdir` and `.mjs` chunks,
 * `sourcemap` and `minify` as given, `esbuild` overrides last.
 */
export async function sstBundle(entryPoint: string, outdir: string): Promise<Built> {
  const nodejs: { format: "esm"; minify: boolean; splitting?: boolean; sourcemap?: boolean; esbuild?: esbuildTypes.BuildOptions } = nodejsBundling as never;
  // SST names the output after the handler's file, `.mjs` for ESM.
  const target = path.join(outdir, `${path.parse(entryPoint).name}.mjs`);
  const { external = [], plugins: ours = [], ...override } = nodejs.esbuild ?? {};
  const result: esbuildTypes.BuildResult<{ metafile: true }> = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entryPoint],
    platform: "node",
    external: ["sharp", "pg-native", ...external],
    keepNames: true,
    bundle: true,
    logLevel: "silent",
    splitting: nodejs.splitting,
    metafile: true,
    outExtension: nodejs.splitting ? { ".js": ".mjs" } : undefined,
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        `const require = topLevelCreateRequire(import.meta.url);`,
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
        "",
      ].join("\n"),
    },
    outfile: nodejs.splitting ? undefined : target,
    outdir: nodejs.splitting ? outdir : undefined,
    sourcemap: nodejs.sourcemap === false ? false : true,
    minify: nodejs.minify,
    ...override,
    plugins: ours,
  });
  // For a profile's reader: which sources each output file holds.
  fs.writeFileSync(path.join(outdir, "metafile.json"), JSON.stringify(result.metafile));
  const outputs: Built["outputs"] = new Map();
  for (const [file, out] of Object.entries(result.metafile!.outputs)) {
    if (file.endsWith(".map")) continue; // SST uploads a map apart from the function's code
    outputs.set(path.resolve(root, file), {
      bytes: out.bytes,
      staticImports: out.imports.filter((i) => i.kind === "import-statement" && !i.external).map((i) => path.resolve(root, i.path)),
      inputs: out.inputs,
    });
  }
  if (!outputs.has(target)) throw new Error(`esbuild wrote no ${path.relative(root, target)}`);
  return { entry: target, outputs };
}

const run = promisify(execFile);
let fetching: Promise<string> | undefined;
/**
 * The Node.js the functions run on in Lambda (infra/bundling.ts: nodejs22.x): this one when its
 * major version is the same, else the official binary of that major version from the npm registry's
 * `node-<platform>-<arch>` package, kept in .build/ (fetched once). `override` names another binary.
 */
export function lambdaNode(override?: string): Promise<string> {
  if (override) return Promise.resolve(override);
  return (fetching ??= (async () => {
    const major = lambdaRuntime.match(/^nodejs(\d+)\.x$/)![1]!;
    if (process.versions.node.split(".")[0] === major) return process.execPath;
    const dir = path.join(root, ".build", `node${major}`);
    const bin = path.join(dir, "package", "bin", "node");
    if (!fs.existsSync(bin)) {
      fs.mkdirSync(dir, { recursive: true });
      const pkg = `node-${process.platform}-${process.arch}@${major}`;
      process.stderr.write(`fetching Node ${major} (${pkg}) from the npm registry...\n`);
      const { stdout } = await run("npm", ["pack", pkg, "--json", "--pack-destination", dir], { cwd: dir, maxBuffer: 64 << 20 });
      const { filename } = (JSON.parse(stdout) as Array<{ filename: string }>)[0]!;
      await run("tar", ["xzf", path.join(dir, filename), "-C", dir]);
      fs.rmSync(path.join(dir, filename));
    }
    return bin;
  })());
}
