import * as z from "./zod";
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

/**
 * A page's editable text as the API answers it (GET /api/page-sections/{page}): the section as
 * stored (page-sections/entity.ts; contract/stored-types.test.ts fails to compile if they part).
 */
export interface PageSection {
  id: string;
  page_slug: string;
  section_key: string;
  title?: string;
  content?: string;
  video_url?: string;
  image_url?: string;
  image_alt?: string;
  is_active: boolean;
  version: number;
  updated_at: string;
}

const pageSectionFields = () => ({
  title: optionalText(1000),
  content: optionalText(100_000),
  image_url: optionalImageUrl,
  image_alt: altText,
  video_url: optionalUrl,
  is_active: isActive,
});
/**
 * PUT /api/admin/page-sections/{id}: the fields that change, and the `version` read. Anything else
 * sent (id, section_key, page_slug, updated_at: the whole section object SPEC §7 describes) is ignored.
 */
export const pageSectionUpdate = z.lazy(() => updateOf(pageSectionFields()));
export type PageSectionUpdate = z.input<typeof pageSectionUpdate>;

/** The fields of a section an editor may fill. */
export type SectionField = "title" | "content" | "image_url" | "video_url";

export interface SectionLayout {
  key: string;
  /** Where the text appears: "Hero · Title". */
  label: string;
  /** The fields the public page reads; the Page Sections screen shows only these. */
  fields: readonly SectionField[];
}

const title = ["title"] as const;
const text = ["content"] as const;
const video = ["video_url"] as const;
const hero: readonly SectionLayout[] = [
  { key: "hero_title", label: "Hero · Title", fields: title },
  { key: "hero_subtitle", label: "Hero · Subtitle", fields: title },
];

/**
 * Every page's sections in the order the page shows them, each labelled by where it appears and with
 * the fields its page reads (a short text is a Title, a long one Content, a video its Video URL; no
 * public page shows a section image). A stored section missing here (the footer's contact details,
 * which are the contact settings now) is no longer offered; its item stays in the table.
 */
export const pageLayouts: Record<PageSlug, readonly SectionLayout[]> = {
  home: [
    { key: "hero_badge", label: "Hero · Badge", fields: title },
    { key: "hero_title", label: "Hero · Title", fields: title },
    { key: "hero_subtitle", label: "Hero · Subtitle", fields: title },
    { key: "hero_cta_primary", label: "Hero · Primary button", fields: title },
    { key: "hero_cta_secondary", label: "Hero · Secondary button", fields: title },
    { key: "video_title", label: "Intro video · Title", fields: title },
    { key: "video_subtitle", label: "Intro video · Subtitle", fields: title },
    { key: "video_embed_url", label: "Intro video · Video", fields: video },
    { key: "video_description_title", label: "Intro video · Description title", fields: title },
    { key: "video_description", label: "Intro video · Description", fields: text },
    { key: "what_we_do_title", label: "What we do · Title", fields: title },
    { key: "what_we_do_subtitle", label: "What we do · Subtitle", fields: title },
    { key: "featured_courses_title", label: "Tech school courses · Title", fields: title },
    { key: "featured_courses_subtitle", label: "Tech school courses · Subtitle", fields: title },
  ],
  about: [...hero, { key: "story_title", label: "Our story · Title", fields: title }, { key: "story_content", label: "Our story · Text", fields: text }],
  services: hero,
  "tech-school": [
    { key: "hero_badge", label: "Hero · Badge", fields: title },
    ...hero,
    { key: "video_title", label: "Intro video · Title", fields: title },
    { key: "video_subtitle", label: "Intro video · Subtitle", fields: title },
    { key: "video_embed_url", label: "Intro video · Video", fields: video },
    { key: "featured_courses_title", label: "Featured courses · Title", fields: title },
    { key: "featured_courses_subtitle", label: "Featured courses · Subtitle", fields: title },
  ],
  contact: hero,
  blog: hero,
  global: [
    { key: "newsletter_title", label: "Footer newsletter · Title", fields: title },
    { key: "newsletter_subtitle", label: "Footer newsletter · Subtitle", fields: title },
    { key: "footer_description", label: "Footer · Description", fields: title },
  ],
  policies: [
    { key: "privacy_policy", label: "Footer pop-up · Privacy Policy", fields: ["title", "content"] },
    { key: "terms_of_service", label: "Footer pop-up · Terms of Service", fields: ["title", "content"] },
    { key: "cookie_policy", label: "Footer pop-up · Cookie Policy", fields: ["title", "content"] },
  ],
};

/**
 * A page's stored sections as its Page Sections screen offers them: in the page's order, each with
 * its layout; a stored section the layout does not name is left out, and so is one never stored.
 */
export function inPageOrder<S extends { section_key: string }>(page: PageSlug, sections: readonly S[]): { layout: SectionLayout; section: S }[] {
  const byKey = new Map(sections.map((s) => [s.section_key, s]));
  return pageLayouts[page].flatMap((layout) => {
    const section = byKey.get(layout.key);
    return section ? [{ layout, section }] : [];
  });
}
