import { BlogPosts } from "../blog/blog";
import { Courses, Services } from "../catalog/catalog";
import { config } from "../config";
import type { MediaUse, MediaUseKind } from "../contract/media";
import { pageSlugs } from "../contract/page-sections";
import { PageSections } from "../page-sections/page-sections";

/**
 * Where images are used. Nothing records a use when a record is saved (an image URL is free text in
 * a form, an <img> in a post), so it is worked out when asked: every record that can show an image
 * is read once per request and its fields are compared with each image's URL.
 *
 * An image (`/media/...`) is used by a record when an image field equals its URL or the absolute
 * form `${PUBLIC_URL}${url}` (URL fields take only http(s) URLs, so the back office writes that
 * one), or when a content field contains it (a post's HTML, a page section's text or policy HTML;
 * the path is inside the absolute form too).
 *
 * Reads: services and courses (one Query each, tens of items), the sections of each page (one
 * Query per page, eight), and every blog post with its content (one Query per year, through
 * BlogPosts.listAll). Reading every post is acceptable at this product's scale (an agency's blog:
 * tens to a few hundred posts, each at most 400 KB, far less in practice); a blog of thousands would
 * need uses recorded on save instead.
 */
interface Candidate {
  kind: MediaUseKind;
  id: string;
  title: string;
  /** Fields that hold one URL. */
  urls: string[];
  /** Fields that may contain URLs among other text. */
  texts: string[];
}

export type UsageOf = (url: string) => MediaUse[];

/** Reads the records once and answers, for any image URL, the records that use it. */
export async function loadUsage(): Promise<UsageOf> {
  const [posts, services, courses, sections] = await Promise.all([
    BlogPosts.listAll(),
    Services.list(),
    Courses.list(),
    Promise.all(pageSlugs.map((slug) => PageSections.byPage(slug))).then((pages) => pages.flat()),
  ]);
  const candidates: Candidate[] = [
    ...posts.map((p) => ({ kind: "blog-post" as const, id: p.id, title: p.title || p.slug, urls: [p.featured_image_url ?? ""], texts: [p.content ?? ""] })),
    ...services.map((s) => ({ kind: "service" as const, id: s.id, title: s.title ?? "", urls: [s.image_url ?? ""], texts: [] })),
    ...courses.map((c) => ({ kind: "course" as const, id: c.id, title: c.title ?? "", urls: [c.image_url ?? ""], texts: [] })),
    ...sections.map((s) => ({
      kind: "page-section" as const,
      id: s.id,
      title: `${s.title || s.section_key} (${s.page_slug})`,
      urls: [s.image_url ?? ""],
      texts: [s.content ?? ""],
    })),
  ];
  const origin = config.publicUrl;
  return (url) => {
    const absolute = `${origin}${url}`;
    return candidates
      .filter((c) => c.urls.some((u) => u.trim() === url || u.trim() === absolute) || c.texts.some((t) => t.includes(url)))
      .map(({ kind, id, title }) => ({ kind, id, title }));
  };
}

const kindNames: Record<MediaUseKind, string> = {
  "blog-post": "the blog post",
  service: "the service",
  course: "the course",
  "page-section": "the page section",
};

/** "This image is used by the service "Automation" and the blog post "Hello"." */
export function inUseMessage(uses: MediaUse[]): string {
  const named = uses.map((u) => `${kindNames[u.kind]} "${u.title}"`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}` : (named[0] ?? "");
  return `This image is used by ${list}. Remove it there first.`;
}
