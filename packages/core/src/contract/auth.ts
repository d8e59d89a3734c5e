import * as z from "./zod";
import type { Permission, Role } from "./roles";

// The texts live in a zod-free module so the login page does not download zod for them.
export { authMessages, loginErrorCodes, type LoginErrorCode } from "./auth-texts";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export const adminLoginInput = z.lazy(() =>
  z.object({
    username: z.string({ error: "Username is required" }).check(z.trim(), z.minLength(1, "Username is required"), z.maxLength(100)),
    password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_MAX_LENGTH)),
  }),
);

/** Usernames are stored lowercased: letters, digits, dot, dash and underscore. */
export const usernameSchema = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "Username: 1 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit"));

export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/**
 * The callback page sends the authorization response parameters it received: SPEC's {code}, plus
 * the state, and the issuer identifier (`iss`, RFC 9207) when the provider sends one.
 */
export const sessionExchangeInput = z.lazy(() =>
  z.object({
    code: z.string({ error: "code is required" }).check(z.minLength(1, "code is required"), z.maxLength(4096)),
    state: z.string({ error: "state is required" }).check(z.minLength(1, "state is required"), z.maxLength(1024)),
    iss: z.optional(z.string().check(z.maxLength(2048))),
  }),
);

/** GET /api/auth/config: which sign-in methods the login page offers. */
export interface AuthConfig {
  devLogin: boolean;
  google: boolean;
  password: boolean;
}

export interface GoogleUserData {
  name?: string;
  picture?: string;
  email_verified?: boolean;
}

/** GET /api/admin/me (SPEC §3 "Current admin session"), with the role and its permissions (routes.ts). */
export type AdminMe = (
  | { type: "google"; user: { id: string; email: string; google_user_data: GoogleUserData } }
  | { type: "admin"; admin: { username: string; full_name: string }; two_factor_setup_required?: true }
) & { role: Role; permissions: Permission[] };

/** GET /api/users/me: the signed-in person, admin or not. */
export type UserMe =
  | {
      type: "google";
      is_admin: boolean;
      id: string;
      email: string;
      created_at: string;
      last_login_at?: string;
      google_user_data: GoogleUserData;
    }
  | { type: "admin"; is_admin: true; username: string; full_name: string };
