import * as z from "zod";
import { isActive, optionalText, optionalUrl } from "./common";

export const pageSlugs = ["home", "about", "services", "tech-school", "contact", "blog", "global", "policies"] as const;
export type PageSlug = (typeof pageSlugs)[number];
export const pageSlug = z.enum(pageSlugs, { error: "Unknown page" });

export const policyKeys = ["privacy_policy", "terms_of_service", "cookie_policy"] as const;
export type PolicyKey = (typeof policyKeys)[number];

/** PUT /api/admin/page-sections/{id}: the whole section with one changed field. */
export const pageSectionUpdate = z.object({
  title: optionalText(1000),
  content: optionalText(100_000),
  image_url: optionalUrl,
  video_url: optionalUrl,
  is_active: isActive,
});
export type PageSectionUpdate = z.input<typeof pageSectionUpdate>;
