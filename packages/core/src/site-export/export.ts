import { BlogPosts } from "../blog/blog";
import { Courses, Industries, ServiceDetails, Services } from "../catalog/catalog";
import { SITE_EXPORT_FORMAT, SITE_EXPORT_VERSION, type SiteExport } from "../contract/site-export";
import { pageSlugs } from "../contract/page-sections";
import { acrossYears } from "../db/attributes";
import { db } from "../db/service";
import type { MediaRecord } from "../media/media";
import { Messages } from "../messages/messages";
import { Newsletter } from "../newsletter/newsletter";
import { PageSections } from "../page-sections/page-sections";
import { Registrations } from "../registrations/registrations";
import { SiteSettings } from "../settings/settings";

/**
 * The site's content as one document (contract/site-export.ts): every record as it is stored, read
 * through each feature's own queries (no Scan). The team's accounts, sessions, passkeys, secrets and
 * tokens are never read here, so none can end up in a file.
 */
export async function exportSite(now = new Date()): Promise<SiteExport> {
  const [posts, sections, services, industries, courses, service_details, settings, contact_submissions, course_registrations, newsletter_subscribers, media] = await Promise.all([
    BlogPosts.listAll(),
    Promise.all(pageSlugs.map((slug) => PageSections.byPage(slug))),
    Services.list(),
    Industries.list(),
    Courses.list(),
    ServiceDetails.list(),
    SiteSettings.list(),
    Messages.listAll(),
    Registrations.listAll(),
    Newsletter.listAll(),
    acrossYears<MediaRecord>((bucket) => db().media.query.byYear({ bucket }).go({ pages: "all" })),
  ]);
  const plain = <T>(items: T[]) => JSON.parse(JSON.stringify(items)) as Array<{ [k: string]: unknown; id: string }>;
  return {
    format: SITE_EXPORT_FORMAT,
    version: SITE_EXPORT_VERSION,
    exported_at: now.toISOString(),
    posts: plain(posts),
    // A published post's earlier slugs, each answered with a 301 to it.
    slug_redirects: posts.flatMap((p) => (p.old_slugs ?? []).map((slug) => ({ slug, post_id: p.id }))),
    page_sections: plain(sections.flat()),
    services: plain(services),
    industries: plain(industries),
    courses: plain(courses),
    service_details: plain(service_details),
    settings: JSON.parse(JSON.stringify(settings)) as Array<{ [k: string]: unknown; key: string }>,
    contact_submissions: plain(contact_submissions),
    course_registrations: plain(course_registrations),
    newsletter_subscribers: plain(newsletter_subscribers),
    media: plain(media),
  };
}
