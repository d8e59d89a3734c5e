import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { config } from "@agency/core/config";
import { ensureTable } from "@agency/core/db/table";
import { isLoopbackHost } from "@agency/core/loopback";
import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { bootstrapAdmin, ensureCounters, seedDefaults } from "@agency/core/seed/seed";
import { startDynalite } from "./dynamo";
import { startLocalMail, startLocalMailSender } from "./mail";
import { startLocalWebhooks } from "./webhooks";
import { startLocalSchedules } from "./schedules";
import { startLocalDerivation } from "./media-derivation";
import { createGateway } from "./gateway";
import { listen, LOOPBACK } from "./net";
import { startLocalS3, type LocalS3 } from "./s3";
import { startPageRenderer } from "./pages";
import { DEFAULT_LOCAL_ADMIN_EMAILS, startOidcProvider } from "./oidc-provider";
import { repoRoot, webDist } from "./paths";

export interface LocalOptions {
  port?: number;
  /** Where dynalite keeps its data; ignored when DYNAMODB_ENDPOINT points elsewhere. */
  dataDir?: string;
  /** Serve the built SPA too (default true). */
  web?: boolean;
  /** The address to listen on; default HOST, and without it loopback only (127.0.0.1 and ::1). */
  host?: string;
}

/**
 * A secret of the local runtime, made once and kept with the data (mode 0600), so what it signs
 * (known-device cookies) stays valid across restarts, as it does in a deployment.
 */
export function localSecret(dataDir: string, name: string): string {
  const path = join(dataDir, name);
  try {
    return readFileSync(path, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // written concurrently: use that one
  }
  return readFileSync(path, "utf8").trim();
}

/**
 * The whole product on one machine: the embedded database (or DYNAMODB_ENDPOINT), the table,
 * seed content, and the gateway serving the SPA and the API from the same handler modules Lambda runs.
 */
export async function startLocal(options: LocalOptions = {}) {
  // LOCAL_START_TRACE=1: each step of the start on stderr, with the time since the start began (the
  // tests set it, so a start that does not finish says where it is).
  const began = Date.now();
  const trace = (step: string) => {
    if (process.env.LOCAL_START_TRACE === "1") console.error(`start: ${step} (+${Date.now() - began} ms)`);
  };
  // The local runtime runs on Node 20 by design (Lambda runs 22): the AWS SDK's notice about its
  // future Node 22 floor, printed by the S3, SES and CloudFront clients, is noise here. Set by the
  // runtime's start, not by importing a module.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const dataDir = resolve(repoRoot, options.dataDir ?? process.env.DATA_DIR ?? ".data");
  let db: Awaited<ReturnType<typeof startDynalite>> | undefined;
  if (!config.dynamoEndpoint) {
    db = await startDynalite({ path: dataDir });
    process.env.DYNAMODB_ENDPOINT = db.endpoint;
    trace("the embedded database listens");
  }
  const table = await ensureTable(config.tableName);
  trace(`the table ${table}`);
  const seeded = await seedDefaults();
  await ensureCounters();
  const admin = await bootstrapAdmin();
  trace("seeded, counters and admin checked");
  // Username accounts made from the shell (npm run admin -- create), for the banner.
  const usernames = (await AdminAccounts.list()).filter((a) => !a.disabled).map((a) => a.username);
  if (!config.deviceCookieSecret) process.env.DEVICE_COOKIE_SECRET = localSecret(dataDir, "device-cookie-secret");
  if (!config.previewLinkSecret) process.env.PREVIEW_LINK_SECRET = localSecret(dataDir, "preview-link-secret");

  // The sign-in stand-in needs the site's callback URL; start it before the first request can come.
  const mail = await startLocalMail({ dataDir, ephemeralPorts: options.port === 0 });
  // Webhook deliveries and their retries, on timers (in AWS: the table's stream and the webhook queue).
  const webhooks = startLocalWebhooks();
  // Lead and newsletter mails and their retries, on timers (in AWS: the table's stream and the lead-mail queue).
  const mailSender = startLocalMailSender();
  // Each completed upload's sizes, made in the background as the bucket's event makes them in AWS:
  // listening before the API answers, so an upload completed during the first render (minutes at
  // 10,000 posts) is derived too, not left "processing".
  const derivation = startLocalDerivation();
  trace("mail, webhooks, the mail sender and image derivation started");

  if (!process.env.PUBLIC_URL && options.port !== 0) process.env.PUBLIC_URL = `http://localhost:${options.port ?? 3000}`;
  let oidc = process.env.PUBLIC_URL ? await startGoogleStandIn() : undefined;
  // The media bucket's CORS rule names the site's origin: started as soon as that is known.
  const startS3 = () => startLocalS3({ dataDir, ephemeralPorts: options.port === 0, origin: config.publicUrl, secret: () => localSecret(dataDir, "s3-secret") });
  const originKnown = Boolean(process.env.PUBLIC_URL);
  let s3: LocalS3 | undefined = originKnown
    ? await startS3().catch(async (err) => {
        await oidc?.close();
        await mail?.close();
        throw err;
      })
    : undefined;

  const host = options.host ?? (process.env.HOST?.trim() || undefined);
  let pages: Awaited<ReturnType<typeof startPageRenderer>>;
  // Pages are rendered from the API this server answers, so it listens first; a page requested in
  // the meantime waits for the first render instead of getting the SPA shell.
  let firstRender!: (root: string | undefined) => void;
  const pagesReady = new Promise<string | undefined>((res) => (firstRender = res));
  const server = createGateway({ webRoot: options.web === false ? undefined : webDist, pagesRoot: () => pagesReady });
  const extraListeners = await listen(server, options.port ?? 3000, host).catch(async (err) => {
    await oidc?.close();
    await mail?.close();
    await s3?.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  trace(`listening on port ${port}`);
  process.env.PUBLIC_URL ??= url;
  oidc ??= await startGoogleStandIn();
  if (!originKnown) s3 = await startS3();
  // Every public page rendered from the data before the banner says the site is up.
  if (options.web !== false)
    pages = await startPageRenderer({ dataDir, origin: config.publicUrl, apiUrl: url }).catch((err) => {
      console.error("pages: the first render failed, the SPA shell is served instead", err);
      return undefined;
    });
  firstRender(pages?.root);
  trace("every page rendered");
  // Scheduled posts: the timer and the catch-up sweep (its first run publishes what came due while stopped).
  const schedules = startLocalSchedules();

  return {
    url,
    port,
    dataDir: db ? dataDir : undefined,
    table,
    seeded,
    admin,
    usernames,
    oidc,
    /** The local mail catcher, when it runs: where lead notifications land. */
    mail,
    /** The local media bucket (s3rver), when it runs: where uploaded images are kept. */
    s3,
    /** Scheduled publishing's timer and sweep. */
    schedules,
    /** The addresses it listens on. */
    listening: host ? [host] : LOOPBACK.slice(0, 1 + extraListeners.length),
    /** Listening beyond this machine (HOST=0.0.0.0 or another address): the admin door is open to the network. */
    exposed: host !== undefined && !isLoopbackHost(host),
    async close() {
      webhooks.close();
      mailSender.close();
      await schedules.close();
      await derivation.close();
      await pages?.close();
      await oidc?.close();
      await mail?.close();
      await s3?.close();
      for (const l of extraListeners) l.close();
      await new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
      await db?.close();
    },
  };
}

/**
 * Without a Google client configured (GOOGLE_CLIENT_ID) or another issuer (OIDC_ISSUER), "Continue
 * with Google" signs in against a real OpenID provider on loopback with demo accounts, so the whole
 * flow works offline. LOCAL_OIDC=0 turns it off; OIDC_PORT fixes its port.
 */
async function startGoogleStandIn() {
  if (process.env.LOCAL_OIDC === "0" || config.googleClientId || process.env.OIDC_ISSUER) return undefined;
  const clientId = "local-google-stand-in";
  const clientSecret = randomBytes(24).toString("base64url");
  const provider = await startOidcProvider({
    port: Number(process.env.OIDC_PORT ?? 0),
    clientId,
    clientSecret,
    redirectUris: [config.oidcRedirectUri],
  });
  const adminEmailsBefore = process.env.ADMIN_EMAILS;
  process.env.OIDC_ISSUER = provider.issuer;
  process.env.GOOGLE_CLIENT_ID = clientId;
  process.env.GOOGLE_CLIENT_SECRET = clientSecret;
  process.env.ADMIN_EMAILS ||= DEFAULT_LOCAL_ADMIN_EMAILS;
  return {
    ...provider,
    async close() {
      await provider.close();
      for (const name of ["OIDC_ISSUER", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) delete process.env[name];
      if (adminEmailsBefore === undefined) delete process.env.ADMIN_EMAILS;
      else process.env.ADMIN_EMAILS = adminEmailsBefore;
    },
  };
}

/**
 * What `npm start` (and the API half of `npm run dev`) prints once it listens: where the site and
 * the admin sign-in are, the local sign-in accounts, where the data lives, how to stop. Short on
 * purpose; `--verbose` adds the database, provider and listener details.
 */
export function startBanner(app: Awaited<ReturnType<typeof startLocal>>, { verbose = false } = {}): string {
  const indent = "            ";
  const lines = ["", `  Site:     ${config.publicUrl}`, `  Admin:    ${config.publicUrl}/admin/login`];
  const signIn: string[] = [];
  if (config.devLogin) signIn.push("Development Login (DEV_LOGIN=0 turns it off)");
  if (app.oidc) {
    signIn.push("Continue with Google, local stand-in:");
    for (const a of app.oidc.accounts) signIn.push(`  ${a.email} / ${a.password} (${a.role})`);
  } else {
    signIn.push(`Continue with Google: ${config.googleClientId ? config.oidcIssuer : "not configured"}`);
  }
  signIn.push(
    app.admin !== "not-configured"
      ? `Username: ${config.adminUsername} / the ADMIN_PASSWORD you set`
      : app.usernames.length
        ? `Username: ${app.usernames.join(", ")} / the password set with npm run admin`
        : "Username: none (set ADMIN_USERNAME and ADMIN_PASSWORD, or npm run admin -- create <username>)",
  );
  lines.push(...signIn.map((line, i) => `${i === 0 ? "  Sign in:  " : indent}${line}`));
  lines.push(
    `  Mail:     ${
      app.mail
        ? `${app.mail.inboxUrl} (every new lead's notification lands here; SMTP on port ${app.mail.smtpPort})`
        : process.env.SMTP_HOST
          ? `lead notifications go to ${process.env.SMTP_HOST}:${process.env.SMTP_PORT ?? 25}`
          : "off (LOCAL_MAIL=0): lead notifications are not sent"
    }`,
  );
  lines.push(
    `  Media:    ${app.s3 ? `local S3 at ${app.s3.endpoint} (${app.s3.bucket})` : `${config.s3Endpoint ? `S3 at ${config.s3Endpoint}` : "AWS S3"} (${config.mediaBucket})`}`,
  );
  lines.push(`  Data:     ${app.dataDir ?? `${config.dynamoEndpoint} (table ${config.tableName})`}`);
  if (app.exposed) {
    lines.push(
      `  NETWORK:  listening on ${app.listening.join(", ")} (HOST): the site and the admin sign-in are open to the`,
      `${indent}network. Development Login is refused to any request that does not come from this machine.`,
    );
  }
  lines.push(`  Stop:     Ctrl+C (the data stays)${verbose ? "" : "; more detail: npm start -- --verbose"}`);
  if (verbose) {
    lines.push(
      `  Database: ${app.dataDir ? `embedded DynamoDB (dynalite) at ${config.dynamoEndpoint}` : config.dynamoEndpoint}, table ${config.tableName} (${app.table}), seed: ${app.seeded}`,
      `  Google:   ${app.oidc ? `local stand-in at ${app.oidc.issuer}` : config.oidcIssuer}, ADMIN_EMAILS=${config.adminEmails.join(",") || "none"}`,
      `  Listens:  ${app.listening.map((a) => (a.includes(":") ? `[${a}]` : a)).join(", ")} port ${app.port}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
