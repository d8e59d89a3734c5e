import * as z from "zod";
import { altText, isActive, optionalImageUrl, optionalText, optionalUrl, updateOf } from "./common";

export const pageSlugs = ["home", "about", "services", "tech-school", "contact", "blog", "global", "policies"] as const;
export type PageSlug = (typeof pageSlugs)[number];
export const pageSlug = z.enum(pageSlugs, { error: "Unknown page" });

export const policyKeys = ["privacy_policy", "terms_of_service", "cookie_policy"] as const;
export type PolicyKey = (typeof policyKeys)[number];

/**
 * Sections whose `content` is HTML (sanitised on save, rendered through DOMPurify): the policies.
 * Every other section's content is plain text, stored as typed and shown as text.
 */
export const htmlContentPages: readonly PageSlug[] = ["policies"];

const pageSectionFields = {
  title: optionalText(1000),
  content: optionalText(100_000),
  image_url: optionalImageUrl,
  image_alt: altText,
  video_url: optionalUrl,
  is_active: isActive,
};
/**
 * PUT /api/admin/page-sections/{id}: the fields that change, and the `version` read. Anything else
 * sent (id, section_key, page_slug, updated_at: the whole section object SPEC §7 describes) is ignored.
 */
export const pageSectionUpdate = updateOf(pageSectionFields);
export type PageSectionUpdate = z.input<typeof pageSectionUpdate>;
