import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { KoaContextWithOIDC } from "oidc-provider";
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";

/**
 * A Google stand-in for local runs and tests: a real OpenID provider (oidc-provider) on loopback,
 * with a few demo accounts, a plain login form, PKCE required and no consent screen (the one client
 * is first-party). The site talks to it exactly as it talks to accounts.google.com: discovery,
 * authorization code + PKCE + state + nonce, a signed ID token with email, email_verified, name and
 * picture.
 */

export interface DemoAccount {
  sub: string;
  email: string;
  password: string;
  name: string;
  email_verified: boolean;
  /** What the demo account is for, shown on the login form and at start. */
  role: string;
}

const avatar = (initials: string, colour: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${colour}"/><text x="48" y="60" font-family="sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`,
  )}`;

/** The demo accounts. The default local ADMIN_EMAILS names only the first. */
export const demoAccounts: readonly DemoAccount[] = [
  { sub: "100000000000000000001", email: "admin@example.com", password: "admin-password", name: "Ada Admin", email_verified: true, role: "admin" },
  { sub: "100000000000000000002", email: "visitor@example.com", password: "visitor-password", name: "Victor Visitor", email_verified: true, role: "not an admin" },
  { sub: "100000000000000000003", email: "unverified@example.com", password: "unverified-password", name: "Una Unverified", email_verified: false, role: "email not verified" },
];
export const DEFAULT_LOCAL_ADMIN_EMAILS = demoAccounts[0]!.email;

const pictureOf = (a: DemoAccount) =>
  avatar(
    a.name
      .split(" ")
      .map((w) => w[0])
      .join("")
      .slice(0, 2),
    a.email_verified ? "#7c3aed" : "#64748b",
  );

export interface OidcProviderOptions {
  /** 0 or unset: a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts?: readonly DemoAccount[];
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function loginPage(uid: string, accounts: readonly DemoAccount[], error?: string, email = "") {
  const rows = accounts.map((a) => `<tr><td><code>${escape(a.email)}</code></td><td><code>${escape(a.password)}</code></td><td>${escape(a.role)}</td></tr>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Google (local stand-in)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:440px;width:100%}
h1{font-size:1.4rem;margin:0 0 4px}p{color:#475569;margin:0 0 20px}label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cbd5e1;border-radius:6px;font-size:1rem}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:6px;background:#1a73e8;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#b91c1c;margin-top:12px}table{margin-top:24px;font-size:.8rem;border-collapse:collapse;width:100%}td,th{text-align:left;padding:4px;border-top:1px solid #e2e8f0}
a{color:#1a73e8}
</style></head>
<body><main>
<h1>Sign in</h1>
<p>Local stand-in for Google. No internet or Google project needed.</p>
<form method="post" action="/interaction/${escape(uid)}/login" autocomplete="off">
<label for="email">Email</label><input id="email" name="email" type="email" required autofocus value="${escape(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ""}
<button type="submit">Sign in</button>
</form>
<p style="margin-top:16px"><a href="/interaction/${escape(uid)}/abort">Cancel</a></p>
<table><thead><tr><th>Demo account</th><th>Password</th><th></th></tr></thead><tbody>${rows}</tbody></table>
</main></body></html>`;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
      if (body.length > 10_000) req.destroy();
    });
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });
}

/**
 * The library checks the Node release when it is first imported and prints, through console.warn,
 * "Unsupported runtime. Use Node.js v22.x LTS" on Node 20, which this project supports (package.json
 * engines) and the stand-in runs on. That one message is dropped while the module loads; any other
 * warning passes through.
 */
export const UNSUPPORTED_RUNTIME_WARNING = "oidc-provider WARNING: Unsupported runtime.";
async function importOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes(UNSUPPORTED_RUNTIME_WARNING)) return;
    warn(...args);
  };
  try {
    return await import("oidc-provider");
  } finally {
    console.warn = warn;
  }
}

export async function startOidcProvider(options: OidcProviderOptions) {
  const { default: Provider, interactionPolicy } = await importOidcProvider();
  const accounts = options.accounts ?? demoAccounts;
  const server = createServer();
  await new Promise<void>((res, rej) => {
    server.once("error", rej);
    server.listen(options.port ?? 0, "127.0.0.1", () => res());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: randomBytes(8).toString("hex"), use: "sig", alg: "RS256" };

  // Ask for the login form on every authorization request, as Google's account chooser does, so
  // switching demo accounts needs no cookie clearing.
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.push(
      new interactionPolicy.Check("stand_in_login", "the stand-in asks every time", (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    responseTypes: ["code"],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    // Like Google: the ID token itself carries the profile claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`, policy },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: async () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.email_verified,
          name: account.name,
          picture: pictureOf(account),
        }),
      };
    },
    // First-party client: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    // The stand-in forgets everything on restart, on purpose: its in-memory store is chosen, not a default.
    adapter: createMemoryAdapter(0),
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    jwks: { keys: [jwk] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  const oidc = provider.callback();

  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    const m = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (!m) return oidc(req, res);
    const [, uid, action] = m;
    const html = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(body);
    };
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) return html(400, "<p>Unknown sign-in request.</p>");
      if (action === "abort") {
        return await provider.interactionFinished(req, res, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false });
      }
      if (action === "login" && req.method === "POST") {
        const form = await readForm(req);
        const email = (form.get("email") ?? "").trim().toLowerCase();
        const account = accounts.find((a) => a.email === email && a.password === form.get("password"));
        if (!account) return html(200, loginPage(uid!, accounts, "Wrong email or password.", email));
        return await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      }
      if (details.prompt.name === "login") return html(200, loginPage(uid!, accounts));
      return html(501, "<p>Not implemented.</p>");
    } catch (err) {
      html(400, `<p>This sign-in request has expired or is not valid. Go back to the site and start again.</p><!-- ${escape((err as Error).message)} -->`);
    }
  });

  return {
    issuer,
    port,
    accounts,
    close: () =>
      new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      }),
  };
}
