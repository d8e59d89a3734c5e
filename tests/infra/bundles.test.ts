// @vitest-environment node
import esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { invalidatingFeatures } from "../../infra/api";
import { features, handlerPath, type Feature } from "../../infra/routes";

/** The packages a feature's Lambda bundles, from esbuild's metafile (bundled as SST does, not written). */
async function bundledInputs(feature: Feature): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [handlerPath(feature)],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    outfile: `/tmp/${feature}.mjs`,
  });
  return Object.keys(result.metafile!.inputs);
}

describe("handler bundles", () => {
  it("carry the CloudFront client in the invalidating admin functions only, never in a public one", async () => {
    const withClient: string[] = [];
    for (const feature of features) {
      const inputs = await bundledInputs(feature);
      if (inputs.some((i) => i.includes("@aws-sdk/client-cloudfront/"))) withClient.push(feature);
    }
    expect(withClient.sort()).toEqual([...invalidatingFeatures].sort());
  });
});
