import { HttpError } from "@agency/core/errors";
import type { Request } from "../http";

/** The identity of a signed-in admin. */
export type AdminSession =
  | { type: "google"; userId: string; email: string }
  | { type: "admin"; username: string };

/**
 * Deny by default: every `admin` route needs the session of an authorised admin. Sessions arrive
 * with the sign-in feature; until a session can be shown, nobody is one.
 */
export async function authorize(_req: Request): Promise<AdminSession> {
  throw new HttpError(401, "Sign in required");
}

/** State-changing requests that carry a session cookie must come from the site itself. */
export async function checkCsrf(_req: Request): Promise<void> {}
