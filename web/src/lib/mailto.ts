/**
 * A reply by email (SPEC §2 Messages): subject 'Re: Your inquiry' and a greeting to the sender.
 * Encoded as RFC 6068 wants (%20 for spaces, %0D%0A line breaks), so every mail client reads it.
 */
export function replyMailto(email: string, name: string, subject = "Re: Your inquiry"): string {
  const to = encodeURIComponent(email).replace(/%40/g, "@");
  const body = `Hi ${name.trim() || "there"},\r\n\r\nThank you for reaching out.\r\n\r\n`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Text cut to `max` characters (whitespace collapsed) with "..." when longer. */
export function preview(text: string, max = 80): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max).trimEnd()}...`;
}
