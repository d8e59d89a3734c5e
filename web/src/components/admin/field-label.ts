/** Words an admin reads in capitals. */
const acronyms: Record<string, string> = { seo: "SEO", url: "URL", urls: "URLs", cta: "CTA", id: "ID", ip: "IP", faq: "FAQ" };

/**
 * A stored field's name as an admin reads it, where History and Activity list what a change touched:
 * "seo_title" → "SEO title", "featured_image_url" → "Featured image URL", "is_published" →
 * "Published". Names come from stored records, so only the table's own entries are looked up.
 */
export function fieldLabel(field: string): string {
  const words = field.split("_").filter(Boolean);
  if (words[0] === "is" && words.length > 1) words.shift();
  const text = words.map((w) => (Object.hasOwn(acronyms, w) ? acronyms[w] : w)).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
