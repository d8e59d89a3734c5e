import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Architecture, Code, LayerVersion, Runtime } from "aws-cdk-lib/aws-lambda";
import type { Stack } from "aws-cdk-lib";

/**
 * sharp for the functions that read images (admin-media's upload check, media-derive): a Lambda
 * layer holding sharp and its own prebuilt libvips for linux-arm64 (`@img/sharp-linux-arm64`), under
 * `nodejs/node_modules`, which Lambda puts on NODE_PATH (/opt/nodejs/node_modules) so that
 * packages/core/src/media/derive.ts's `require("sharp")` finds it. The bundles never contain sharp:
 * derive.ts loads it by `require` on first use.
 *
 * SST v2's `nodejs.install` is not used: it pins sharp 0.32.6, whose install downloads libvips from
 * GitHub, and whose API lacks what derive.ts uses (0.34's autoOrient). The layer holds the exact
 * version of the root package.json's lock, installed by npm for linux/arm64/glibc from the registry,
 * without install scripts. It is made once into `.build/sharp-layer/` and made again when the version
 * changes.
 */
// SST synthesises from the project's root, as it builds the handlers (infra/bundling.ts).
const root = process.cwd();
export const sharpLayerDir = path.join(root, ".build", "sharp-layer");

/** The sharp version the app is built and tested with (node_modules, from package-lock.json). */
export const sharpVersion = (): string =>
  (JSON.parse(readFileSync(createRequire(path.join(root, "package.json")).resolve("sharp/package.json"), "utf8")) as { version: string }).version;

/** Makes the layer's folder when it is missing or holds another version; answers its path. */
export function ensureSharpLayer(): string {
  const version = sharpVersion();
  const marker = path.join(sharpLayerDir, ".version");
  if (existsSync(marker) && readFileSync(marker, "utf8") === version) return sharpLayerDir;
  rmSync(sharpLayerDir, { recursive: true, force: true });
  const target = path.join(sharpLayerDir, "nodejs");
  mkdirSync(target, { recursive: true });
  writeFileSync(path.join(target, "package.json"), JSON.stringify({ private: true }));
  execFileSync(
    "npm",
    ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--ignore-scripts", "--os=linux", "--cpu=arm64", "--libc=glibc", `sharp@${version}`],
    { cwd: target, stdio: ["ignore", "ignore", "inherit"] },
  );
  for (const needed of ["sharp/package.json", "@img/sharp-linux-arm64/package.json", "@img/sharp-libvips-linux-arm64/package.json"])
    if (!existsSync(path.join(target, "node_modules", needed))) throw new Error(`The sharp layer lacks ${needed}: npm did not install sharp for linux-arm64`);
  rmSync(path.join(target, "package.json"));
  writeFileSync(marker, version);
  return sharpLayerDir;
}

/** The layer, in `stack`, for arm64 functions on the app's runtime. */
export function sharpLayer(stack: Stack): LayerVersion {
  return new LayerVersion(stack, "SharpLayer", {
    code: Code.fromAsset(ensureSharpLayer(), { exclude: [".version"] }),
    compatibleArchitectures: [Architecture.ARM_64],
    // CDK compares runtimes by identity: its own constant, which is the app's (lambdaRuntime).
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    description: `sharp ${sharpVersion()} with libvips for linux-arm64 (image checks and sizes)`,
  });
}
