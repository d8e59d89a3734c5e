import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { config } from "@agency/core/config";
import { dynamo } from "@agency/core/db/client";
import { ensureTable } from "@agency/core/db/table";
import { bootstrapAdmin, ensureCounters, seedDefaults } from "@agency/core/seed/seed";
import { startDynalite } from "./dynamo";
import { createGateway } from "./gateway";
import { DEFAULT_LOCAL_ADMIN_EMAILS, startOidcProvider } from "./oidc-provider";
import { repoRoot, webDist } from "./paths";

export interface LocalOptions {
  port?: number;
  /** Where dynalite keeps its data; ignored when DYNAMODB_ENDPOINT points elsewhere. */
  dataDir?: string;
  /** Serve the built SPA too (default true). */
  web?: boolean;
}

/**
 * The whole product on one machine: the embedded database (or DYNAMODB_ENDPOINT), the table,
 * seed content, and the gateway serving the SPA and the API from the same handler modules Lambda runs.
 */
export async function startLocal(options: LocalOptions = {}) {
  const dataDir = resolve(repoRoot, options.dataDir ?? process.env.DATA_DIR ?? ".data");
  let db: Awaited<ReturnType<typeof startDynalite>> | undefined;
  if (!config.dynamoEndpoint) {
    db = await startDynalite({ path: dataDir });
    process.env.DYNAMODB_ENDPOINT = db.endpoint;
  }
  const table = await ensureTable(dynamo().raw, config.tableName);
  const seeded = await seedDefaults();
  await ensureCounters();
  const admin = await bootstrapAdmin();

  // The sign-in stand-in needs the site's callback URL; start it before the first request can come.
  if (!process.env.PUBLIC_URL && options.port !== 0) process.env.PUBLIC_URL = `http://localhost:${options.port ?? 3000}`;
  let oidc = process.env.PUBLIC_URL ? await startGoogleStandIn() : undefined;

  const server = createGateway({ webRoot: options.web === false ? undefined : webDist });
  await new Promise<void>((res, rej) => {
    server.once("error", rej);
    server.listen(options.port ?? 3000, "0.0.0.0", () => res());
  }).catch(async (err) => {
    await oidc?.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  process.env.PUBLIC_URL ??= url;
  oidc ??= await startGoogleStandIn();

  return {
    url,
    port,
    dataDir: db ? dataDir : undefined,
    table,
    seeded,
    admin,
    oidc,
    async close() {
      await oidc?.close();
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

/** What `npm start` prints about signing in: the admin login, its methods and the demo accounts. */
export function signInHelp(app: Awaited<ReturnType<typeof startLocal>>): string {
  const lines = [`  Admin sign-in: ${config.publicUrl}/admin/login`];
  lines.push(`    Development Login: ${config.devLogin ? "on (DEV_LOGIN=0 turns it off)" : "off"}`);
  if (app.oidc) {
    lines.push(`    Continue with Google: local stand-in at ${app.oidc.issuer} (ADMIN_EMAILS=${config.adminEmails.join(",")})`);
    for (const a of app.oidc.accounts) lines.push(`      ${a.email.padEnd(24)} password ${a.password.padEnd(20)} ${a.role}`);
  } else {
    lines.push(`    Continue with Google: ${config.googleClientId ? `${config.oidcIssuer} (ADMIN_EMAILS=${config.adminEmails.join(",") || "none"})` : "not configured"}`);
  }
  const account =
    app.admin === "not-configured"
      ? "none configured (set ADMIN_USERNAME and ADMIN_PASSWORD, or npm run admin -- create <username>)"
      : `${config.adminUsername} (${app.admin}, password from ADMIN_PASSWORD)`;
  lines.push(`    Username account: ${account}`);
  return `${lines.join("\n")}\n`;
}
