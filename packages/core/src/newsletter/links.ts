import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { CONFIRM_LINK_HOURS } from "../contract/newsletter-link";

const CONFIRM_LINK_MS = CONFIRM_LINK_HOURS * 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 400;
/** Not a dot (see blog/preview-links.ts): a link's last segment with a dot would be a file to the SPA fallback. */
const SEPARATOR = "~";

/**
 * The newsletter's links are signed with a key of their own, derived from PREVIEW_LINK_SECRET (the
 * site's link-signing secret, infra/secrets.ts) under a label no other signer uses, so a preview
 * link's MAC can never pass for a newsletter link's, and no new secret has to be set per stage.
 */
function key(): string {
  const secret = config.previewLinkSecret;
  if (!secret) throw new Error("PREVIEW_LINK_SECRET is not set: newsletter links cannot be signed");
  return createHmac("sha256", secret).update("newsletter-links").digest("base64url");
}
const mac = (purpose: string, ...parts: (string | number)[]) =>
  createHmac("sha256", key())
    .update([purpose, ...parts].join("\n"))
    .digest("base64url");
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const SAFE = /^[A-Za-z0-9_-]{1,128}$/;

export type ConfirmLink = { kind: "valid"; id: string; nonce: string } | { kind: "expired" } | { kind: "invalid" };

export const NewsletterLinks = {
  /** `<subscriber id>~<nonce>~<expiry, epoch seconds>~<HMAC>`: confirms that subscription for 48 hours. */
  confirmToken(id: string, nonce: string, now = Date.now()): string {
    const expires = Math.floor((now + CONFIRM_LINK_MS) / 1000);
    return [id, nonce, expires, mac("newsletter-confirm", id, nonce, expires)].join(SEPARATOR);
  },

  /** What a confirmation token says: genuine and current, genuine but expired, or not ours. */
  readConfirm(token: string, now = Date.now()): ConfirmLink {
    if (!config.previewLinkSecret || token.length > MAX_TOKEN_LENGTH) return { kind: "invalid" };
    const parts = token.split(SEPARATOR);
    if (parts.length !== 4) return { kind: "invalid" };
    const [id, nonce, exp, signature] = parts as [string, string, string, string];
    if (!SAFE.test(id) || !SAFE.test(nonce) || !/^\d{1,12}$/.test(exp)) return { kind: "invalid" };
    if (!same(signature, mac("newsletter-confirm", id, nonce, Number(exp)))) return { kind: "invalid" };
    if (Number(exp) * 1000 <= now) return { kind: "expired" };
    return { kind: "valid", id, nonce };
  },

  /** `<subscriber id>~<HMAC>`: unsubscribes the address, for as long as it is on the list. */
  unsubscribeToken: (id: string) => [id, mac("newsletter-unsubscribe", id)].join(SEPARATOR),

  /** The subscriber an unsubscribe token names, or undefined for anything not ours. */
  readUnsubscribe(token: string): string | undefined {
    if (!config.previewLinkSecret || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = token.split(SEPARATOR);
    if (parts.length !== 2) return undefined;
    const [id, signature] = parts as [string, string];
    if (!SAFE.test(id) || !same(signature, mac("newsletter-unsubscribe", id))) return undefined;
    return id;
  },

  /** The confirmation page (the SPA's /newsletter/confirm), as the mail links it. */
  confirmUrl: (token: string) => `${config.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
  /** The unsubscribe page, linked from every mail's text. */
  unsubscribePageUrl: (token: string) => `${config.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  /** The List-Unsubscribe URL: a POST unsubscribes at once (RFC 8058), a GET goes to the page. */
  oneClickUrl: (token: string) => `${config.publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
};
