import type { RouteKey } from "@agency/core/routes";
import type { RouteHandler } from "../http";
import type { Request } from "../request";

/**
 * Routes whose code loads on the first request to one of them (with code splitting, a chunk of its
 * own), not at every cold start of the function: passkeys and sessions are used now and then, and
 * sign-in's cold start is the one every admin waits for.
 */
export function lazyRoutes<K extends RouteKey>(keys: readonly K[], load: () => Promise<Record<K, RouteHandler>>): Partial<Record<RouteKey, RouteHandler>> {
  return Object.fromEntries(keys.map((key) => [key, async (req: Request) => (await load())[key](req)]));
}

/** The routes of ./passkey-routes.ts (its map is typed by this list, so the two cannot differ). */
export const passkeyRouteKeys = [
  "POST /api/admin/account/passkeys/options",
  "POST /api/admin/account/passkeys",
  "GET /api/admin/account/passkeys",
  "PUT /api/admin/account/passkeys/{id}",
  "DELETE /api/admin/account/passkeys/{id}",
  "POST /api/admin/login/passkey/options",
  "POST /api/admin/login/passkey",
  "POST /api/admin/account/reauth/passkey/options",
  "POST /api/admin/account/reauth",
] as const satisfies readonly RouteKey[];

/** The routes of ./session-routes.ts. */
export const sessionRouteKeys = [
  "GET /api/admin/account/sessions",
  "DELETE /api/admin/account/sessions/{id}",
  "DELETE /api/admin/account/sessions",
  "PUT /api/admin/account/password",
  "GET /api/admin/team/{id}/sessions",
  "DELETE /api/admin/team/{id}/sessions/{session_id}",
] as const satisfies readonly RouteKey[];

/** The routes of ./google-routes.ts: the OpenID client loads with the first Google sign-in. */
export const googleRouteKeys = ["GET /api/oauth/google/redirect_url", "POST /api/sessions"] as const satisfies readonly RouteKey[];
