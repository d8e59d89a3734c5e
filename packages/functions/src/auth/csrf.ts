import { config } from "@agency/core/config";
import { HttpError } from "@agency/core/errors";
import type { Request } from "../request";
import { sessionCookieNames } from "./cookies";

/**
 * The cross-site check of every write, apart from the guard (./guard.ts) so that a public write (a
 * contact form, a registration) loads this and not the session, account and role code.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Sign-in requests carry no session yet, but a forged one would sign the browser in as someone else. */
const SIGN_IN_ROUTES = new Set<string>([
  "POST /api/sessions",
  "POST /api/admin/login",
  "POST /api/admin/login/verify",
  "POST /api/auth/dev-login",
  "POST /api/admin/login/passkey/options",
  "POST /api/admin/login/passkey",
]);

/**
 * State-changing requests that carry a session cookie (and every sign-in request) must come from
 * the site itself: the Origin header must be the site's own (403 otherwise), and the body JSON
 * (415 otherwise), which no cross-site form can send without a CORS preflight this API never grants.
 */
export async function checkCsrf(req: Request): Promise<void> {
  const method = req.routeKey.slice(0, req.routeKey.indexOf(" "));
  if (SAFE_METHODS.has(method)) return;
  const hasSession = sessionCookieNames.some((name) => name in req.cookies);
  if (!hasSession && !SIGN_IN_ROUTES.has(req.routeKey)) return;
  if (req.headers.origin !== new URL(config.publicUrl).origin) {
    throw new HttpError(403, "Cross-site request refused");
  }
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new HttpError(415, "Content-Type must be application/json");
}
