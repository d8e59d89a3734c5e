/**
 * Where sign-in returns to: the admin address that was asked for while signed out (a lead's link
 * from a notification mail, say), so the lead is not lost on the way through the login page.
 * Zod-free: the login page, the callback page and the sign-in handler all check with it.
 *
 * Only a path of this site under /admin is taken: it must start with `/admin` (then `/`, `?`, `#` or
 * nothing), contain no `//` and no backslash (which browsers read as a slash), no control character
 * (which URL parsers drop), and still be under /admin on this origin once resolved (`..` can leave
 * it). The login page itself is no destination. Anything else gives undefined, and the caller goes
 * to the Overview.
 */

/** The Overview: where sign-in goes when no (valid) address was asked for. */
export const ADMIN_HOME = "/admin";
/** The login page's parameter that carries the address. */
export const RETURN_PARAM = "next";

const PLACEHOLDER = "http://return-path.invalid";

export function adminReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  if (!/^\/admin(?:[/?#]|$)/.test(value) || value.includes("//") || value.includes("\\")) return undefined;
  // eslint-disable-next-line no-control-regex -- a return path with a control character is refused
  if (/[\u0000-\u001F\u007F-\u009F]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER || !/^\/admin(?:\/|$)/.test(url.pathname) || /^\/admin\/login(?:\/|$)/.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address to enter after sign-in: the asked-for one when it is valid, else the Overview. */
export const afterSignIn = (value: unknown): string => adminReturnPath(value) ?? ADMIN_HOME;
