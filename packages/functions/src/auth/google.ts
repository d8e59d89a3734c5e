import { timingSafeEqual } from "node:crypto";
import * as client from "openid-client";
import { OidcTransactions } from "@agency/core/auth/transactions";
import { config } from "@agency/core/config";
import { adminReturnPath, afterSignIn } from "@agency/core/contract/return-path";
import { HttpError } from "@agency/core/errors";
import { isLoopbackHost } from "@agency/core/loopback";
import type { GoogleProfile } from "@agency/core/users/users";

/**
 * "Continue with Google": OpenID Connect authorization code flow with PKCE (S256), state and nonce,
 * through openid-client. Works against any OpenID provider at OIDC_ISSUER (Google by default, the
 * local stand-in in local runs and tests).
 */

export class SignInFailedError extends HttpError {
  constructor(message = "Sign-in could not be completed. Please try again.") {
    super(400, message);
  }
}

/** Plain http is only ever allowed for an issuer on this machine. */
export function isLoopbackIssuer(url: URL): boolean {
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}

let cached: { key: string; config: Promise<client.Configuration> } | undefined;

/** The provider's metadata, discovered once per container (retried after a failure). */
function oidcConfiguration(): Promise<client.Configuration> {
  const clientId = config.googleClientId;
  const clientSecret = config.googleClientSecret;
  if (!clientId || !clientSecret) throw new HttpError(503, "Google sign-in is not configured");
  const issuer = new URL(config.oidcIssuer);
  const key = `${issuer.href}|${clientId}|${clientSecret}`;
  if (cached?.key === key) return cached.config;
  const discovered = client.discovery(
    issuer,
    clientId,
    { client_secret: clientSecret },
    client.ClientSecretPost(clientSecret),
    isLoopbackIssuer(issuer) ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
  );
  cached = { key, config: discovered };
  discovered.catch(() => {
    if (cached?.config === discovered) cached = undefined;
  });
  return discovered;
}

/**
 * Starts a sign-in: the transaction is stored server-side, with the admin address to return to
 * when it is one (contract/return-path.ts; anything else is dropped, and sign-in ends on the
 * Overview); the browser gets only its id.
 */
export async function startGoogleSignIn(returnTo?: string): Promise<{ redirectUrl: string; transactionId: string }> {
  const oidc = await oidcConfiguration();
  const code_verifier = client.randomPKCECodeVerifier();
  const code_challenge = await client.calculatePKCECodeChallenge(code_verifier);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const return_to = adminReturnPath(returnTo);
  const tx = await OidcTransactions.create({ state, nonce, code_verifier, ...(return_to ? { return_to } : {}) });
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: config.oidcRedirectUri,
    scope: "openid email profile",
    code_challenge,
    code_challenge_method: "S256",
    state,
    nonce,
    ...(new URL(config.oidcIssuer).hostname === "accounts.google.com" ? { prompt: "select_account" } : {}),
  });
  return { redirectUrl: url.href, transactionId: tx.id };
}

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Network trouble or a provider outage: worth a retry. Anything else is a final refusal. */
function isTransient(err: unknown): boolean {
  if (err instanceof TypeError) return true; // fetch failed
  const name = (err as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return true;
  if (err instanceof client.ResponseBodyError) return err.status >= 500;
  const cause = (err as { cause?: unknown })?.cause;
  if (err instanceof client.ClientError && cause instanceof Response) return cause.status >= 500;
  return false;
}

/**
 * Finishes a sign-in. The transaction named by the browser's cookie is consumed once; its state
 * must match the callback's; the code is exchanged with the PKCE verifier at the token endpoint with
 * the configured redirect_uri; openid-client checks the ID token's issuer, audience, expiry and
 * nonce. Returns the person's profile from the ID token, and where to go now (the transaction's
 * return address, checked again, or the Overview).
 */
export async function finishGoogleSignIn(
  input: { code: string; state: string; iss?: string },
  transactionId: string | undefined,
): Promise<{ profile: GoogleProfile; returnTo: string }> {
  // Discovery first: if the provider is unreachable, the transaction stays for a retry.
  const oidc = await oidcConfiguration();
  const tx = await OidcTransactions.consume(transactionId);
  if (!tx) throw new SignInFailedError("This sign-in has expired or was already used. Please start again.");
  if (!sameString(tx.state, input.state)) throw new SignInFailedError();

  const callback = new URL(config.oidcRedirectUri);
  callback.searchParams.set("code", input.code);
  callback.searchParams.set("state", input.state);
  if (input.iss !== undefined) callback.searchParams.set("iss", input.iss);

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(oidc, callback, {
      pkceCodeVerifier: tx.code_verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    if (isTransient(err)) {
      await OidcTransactions.restore(tx);
      throw err;
    }
    console.warn(JSON.stringify({ level: "warn", message: "OIDC sign-in refused", reason: (err as Error).message, code: (err as { code?: string }).code }));
    throw new SignInFailedError();
  }

  const claims = tokens.claims();
  if (!claims?.sub) throw new SignInFailedError();
  const email = typeof claims.email === "string" ? claims.email : "";
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const profile: GoogleProfile = {
    sub: claims.sub,
    email,
    email_verified: verified,
    ...(typeof claims.name === "string" ? { name: claims.name } : {}),
    ...(typeof claims.picture === "string" ? { picture: claims.picture } : {}),
  };
  return { profile, returnTo: afterSignIn(tx.return_to) };
}
