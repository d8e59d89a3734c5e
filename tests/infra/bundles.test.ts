// @vitest-environment node
import esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { invalidatingFeatures } from "../../infra/api";
import { features, handlerPath, type Feature } from "@agency/core/routes";

/** The packages a feature's Lambda bundles, from esbuild's metafile (bundled as SST does, not written). */
async function bundledInputs(feature: Feature | "lead-mail"): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [feature === "lead-mail" ? "packages/functions/src/lead-mail/handler.ts" : handlerPath(feature)],
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

  it("carry nodemailer and the SES client in the lead-mail sender only: storing a lead bundles no mail code", async () => {
    const mailCode = (inputs: string[]) => inputs.some((i) => i.includes("/nodemailer/") || i.includes("@aws-sdk/client-sesv2/"));
    for (const feature of features) expect(mailCode(await bundledInputs(feature)), feature).toBe(false);
    expect(mailCode(await bundledInputs("lead-mail"))).toBe(true);
  });
});
