import * as z from "./zod";
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from "./auth";

/**
 * The sessions list's wire contract (isomorphic).
 *
 * GET    /api/admin/account/sessions                        -> SessionSummary[] (newest first)
 * DELETE /api/admin/account/sessions/{id}                   ends one at once
 * DELETE /api/admin/account/sessions {remove_recent_passkeys?}  ends every other one -> {ended, passkeys_removed}
 * PUT    /api/admin/account/password {current_password, new_password}  ends every other one
 * GET    /api/admin/team/{id}/sessions                      a member's sessions (an owner's view)
 * DELETE /api/admin/team/{id}/sessions/{session_id}         ends one of them
 */
export interface SessionSummary {
  /** A random name for the list, unrelated to the cookie. */
  id: string;
  /** The session this request came with. */
  current: boolean;
  /**
   * Signed in to a username account (by password or passkey), which can have passkeys; false for
   * Google and Development Login. Only then does 'End all other sessions' offer to remove the recent ones.
   */
  can_have_passkeys: boolean;
  created_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
}

export const changePasswordInput = z.lazy(() =>
  z.object({
    current_password: z.string({ error: "Current password is required" }).check(z.minLength(1, "Current password is required"), z.maxLength(PASSWORD_MAX_LENGTH)),
    new_password: newPasswordSchema,
  }),
);
