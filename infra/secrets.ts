import { Config, type Stack } from "sst/constructs";

/**
 * The app's settings in a deployed stage.
 *
 * Secrets are set per stage with `npx sst secrets set NAME value` and kept encrypted in SSM.
 * Functions that use one bind it with `prefetchSecrets`: at deploy SST reads the values and puts them
 * in the function's environment as `SST_Secret_value_<NAME>`, so a handler never calls SSM, and a
 * deploy stops, naming the secret, when one it needs is not set.
 *
 * Parameters are plain values fixed at deploy, from the environment of the sst command (SST loads
 * `.env.<stage>`). Bound, they reach functions and `sst bind` commands as `SST_Parameter_value_<NAME>`.
 *
 * packages/core/src/config.ts reads `<NAME>` and falls back to those two forms, so handlers, the
 * local runtime and `sst bind` scripts share one configuration module.
 *
 * Sign-in: the bootstrap admin (ADMIN_USERNAME, default "admin", with the ADMIN_PASSWORD secret) is
 * always there, and so is DEVICE_COOKIE_SECRET, which signs the known-device cookies of username
 * sign-in (packages/core/src/auth/known-devices.ts), and PREVIEW_LINK_SECRET, which signs the private
 * preview links of blog posts (packages/core/src/blog/preview-links.ts). "Continue with Google" is deployed when
 * ADMIN_EMAILS names someone to let in; only then are GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET needed.
 *
 * RECORDS_SINCE (optional): the first year a record of the stage's table can carry, for a table that
 * holds records from before the product's 2026 (config.recordsSince; lists read back to it).
 */
export function createConfig(stack: Stack, { publicUrl }: { publicUrl: string }) {
  const adminEmails = process.env.ADMIN_EMAILS?.trim() || undefined;
  const recordsSince = process.env.RECORDS_SINCE?.trim() || undefined;

  const secrets = Config.Secret.create(stack, "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "ADMIN_PASSWORD", "DEVICE_COOKIE_SECRET", "PREVIEW_LINK_SECRET");

  const parameters = Config.Parameter.create(stack, {
    PUBLIC_URL: publicUrl,
    ADMIN_USERNAME: process.env.ADMIN_USERNAME?.trim() || "admin",
  });
  const google = adminEmails
    ? {
        ADMIN_EMAILS: new Config.Parameter(stack, "ADMIN_EMAILS", { value: adminEmails }),
        secrets: [secrets.GOOGLE_CLIENT_ID, secrets.GOOGLE_CLIENT_SECRET],
      }
    : undefined;

  return {
    /** Every function: the site's URL (redirects, CSRF, feeds), who may sign in with Google, and RECORDS_SINCE when the stage sets it. */
    forAll: [parameters.PUBLIC_URL, ...(google ? [google.ADMIN_EMAILS] : []), ...(recordsSince ? [new Config.Parameter(stack, "RECORDS_SINCE", { value: recordsSince })] : [])],
    /** The sign-in function. */
    forAuth: [secrets.DEVICE_COOKIE_SECRET, ...(google?.secrets ?? [])],
    /** The blog functions: the back office signs preview links, the public blog opens them. */
    forPreview: [secrets.PREVIEW_LINK_SECRET],
    /** The deploy-time seed: the bootstrap admin's credentials. */
    forSeed: [parameters.ADMIN_USERNAME, secrets.ADMIN_PASSWORD],
  };
}
