import { config } from "../config";

/**
 * Who may enter the admin area with a Google account: a verified email that ADMIN_EMAILS names,
 * either as the whole address or as `@domain` (that exact domain, not its subdomains).
 */
export function isAuthorisedEmail(email: string | undefined, emailVerified: boolean | undefined, allowList: readonly string[] = config.adminEmails): boolean {
  if (!email || emailVerified !== true) return false;
  const address = email.trim().toLowerCase();
  const at = address.indexOf("@");
  if (at <= 0 || at !== address.lastIndexOf("@") || at === address.length - 1) return false;
  const domain = address.slice(at);
  return allowList.some((entry) => (entry.startsWith("@") ? entry === domain : entry === address));
}
