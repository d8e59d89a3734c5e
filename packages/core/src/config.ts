/**
 * The one configuration module. Lambda handlers, the local runtime and `sst bind` all read their
 * settings here, from the environment (SST binds parameters and secrets into the environment of
 * functions and of `sst bind` commands; the local runtime sets them itself). Values are read on each
 * call so tests and the local runtime can change them without reloading modules.
 */
const env = (name: string): string | undefined => {
  // A deployed function gets bound SST secrets and parameters under these prefixed names.
  for (const key of [name, `SST_Secret_value_${name}`, `SST_Parameter_value_${name}`]) {
    const v = process.env[key];
    if (v !== undefined && v !== "") return v;
  }
  return undefined;
};

export const config = {
  get tableName() {
    return env("TABLE_NAME") ?? "agency-local";
  },
  /** Any DynamoDB-compatible endpoint; unset means AWS itself. */
  get dynamoEndpoint() {
    return env("DYNAMODB_ENDPOINT");
  },
  get region() {
    return env("AWS_REGION") ?? "us-east-1";
  },
  /** The site's own origin, e.g. https://example.com; redirects and CSRF checks use it. */
  get publicUrl() {
    return (env("PUBLIC_URL") ?? "http://localhost:3000").replace(/\/+$/, "");
  },
  get oidcIssuer() {
    return env("OIDC_ISSUER") ?? "https://accounts.google.com";
  },
  get googleClientId() {
    return env("GOOGLE_CLIENT_ID");
  },
  get googleClientSecret() {
    return env("GOOGLE_CLIENT_SECRET");
  },
  /** Comma list of addresses or `@domain` entries allowed into the admin area. */
  get adminEmails() {
    return (env("ADMIN_EMAILS") ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
  },
  get adminUsername() {
    return env("ADMIN_USERNAME");
  },
  get adminPassword() {
    return env("ADMIN_PASSWORD");
  },
  /** True when the site is served over https: cookies then get `Secure` and the `__Host-` prefix. */
  get secureCookies() {
    return config.publicUrl.startsWith("https://");
  },
  /** The exact redirect_uri registered with the identity provider. */
  get oidcRedirectUri() {
    return `${config.publicUrl}/auth/callback`;
  },
  /** Proves a request came through the site's CloudFront (infra/web.ts); unset locally. */
  get originVerifyToken() {
    return env("ORIGIN_VERIFY_TOKEN");
  },
  /**
   * Signs the known-device cookies of username sign-in (auth/known-devices.ts). Deployed: an SST
   * secret (infra/secrets.ts); locally generated once and kept in the data directory.
   */
  get deviceCookieSecret() {
    return env("DEVICE_COOKIE_SECRET");
  },
  /**
   * Signs private preview links of blog posts (blog/preview-links.ts). Deployed: an SST secret
   * (infra/secrets.ts); locally generated once and kept in the data directory.
   */
  get previewLinkSecret() {
    return env("PREVIEW_LINK_SECRET");
  },
  /**
   * The CloudFront distribution in front of the site (infra/api.ts gives it to the admin functions
   * that change public content): their saves invalidate its cached public reads. Unset locally.
   */
  get distributionId() {
    return env("DISTRIBUTION_ID");
  },
  /**
   * Scheduled publishing in AWS (infra/schedule.ts gives these to the admin-blog function): the
   * EventBridge Scheduler group, the publish function it invokes, the role it invokes it as, and the
   * dead-letter queue of invocations that failed every retry. Unset locally, where the runtime's own
   * timer publishes (packages/local/src/schedules.ts).
   */
  get scheduler() {
    const group = env("SCHEDULE_GROUP");
    const targetArn = env("SCHEDULE_TARGET_ARN");
    const roleArn = env("SCHEDULE_ROLE_ARN");
    const deadLetterArn = env("SCHEDULE_DLQ_ARN");
    return group && targetArn && roleArn && deadLetterArn ? { group, targetArn, roleArn, deadLetterArn } : undefined;
  },
  /** The render queue (infra/api.ts): the invalidating admin functions send it the paths a save changed. Unset locally. */
  get renderQueueUrl() {
    return env("RENDER_QUEUE_URL");
  },
  /** The web bucket (the SPA's files and the rendered `pages/`); set for the render function and the not-found route. */
  get webBucket() {
    return env("WEB_BUCKET");
  },
  /** The HTTP API's own URL, not CloudFront's: the render function reads the public API uncached. */
  get apiUrl() {
    return env("API_URL");
  },
  /** The bucket of uploaded images (`uploads/` while being checked, `media/` once served). */
  get mediaBucket() {
    return env("MEDIA_BUCKET") ?? "agency-media";
  },
  /**
   * Any S3-compatible endpoint (the local runtime's s3rver); unset means AWS itself. Set, requests
   * use path-style addressing (`{endpoint}/{bucket}/{key}`).
   */
  get s3Endpoint() {
    return env("S3_ENDPOINT")?.replace(/\/+$/, "");
  },
  /**
   * The keys for S3_ENDPOINT's server: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, by default s3rver's
   * well-known `S3RVER`. The local runtime's bucket sets a secret of its own (packages/local/src/s3.ts).
   */
  get s3Credentials() {
    return { accessKeyId: env("S3_ACCESS_KEY_ID") ?? "S3RVER", secretAccessKey: env("S3_SECRET_ACCESS_KEY") ?? "S3RVER" };
  },
  /** Running in AWS Lambda (the runtime names the function in the environment). */
  get inLambda() {
    return env("AWS_LAMBDA_FUNCTION_NAME") !== undefined;
  },
  /**
   * The first year a record of this site can carry (RECORDS_SINCE, default 2026: the product did
   * not exist before it, and every record is stamped by the server that writes it). Lists read one
   * year partition per year from now back to it. Set it earlier only for records carried over from
   * before; the tests set 2024 to hold records of several years. Anything but a year is ignored.
   */
  get recordsSince() {
    const year = env("RECORDS_SINCE");
    return year && /^(19|20)\d\d$/.test(year) ? Number(year) : 2026;
  },
  /** Development Login: only ever on for the local runtime, never in a deployed stage. */
  get devLogin() {
    return env("DEV_LOGIN") === "1" && !config.inLambda;
  },
};
