import { Courses, Industries, ServiceDetails, Services } from "@agency/core/catalog/catalog";
import { pageSlugs } from "@agency/core/contract/page-sections";
import { NotFoundError } from "@agency/core/errors";
import { imageInfo, withImages } from "@agency/core/media/info";
import { PageSections } from "@agency/core/page-sections/page-sections";
import { SiteSettings } from "@agency/core/settings/settings";
import { http } from "../http";

/** Public reads of the curated content: only active items, in order. */
export const handler = http({
  "GET /api/page-sections/{pageSlug}": async ({ params }) => {
    if (!(pageSlugs as readonly string[]).includes(params.pageSlug ?? "")) throw new NotFoundError("Unknown page");
    return PageSections.activeByPage(params.pageSlug!);
  },
  // Each with the sizes of its image (media/info.ts), so a card's <picture> is in the first HTML.
  "GET /api/services": async () => withImages(await Services.listActive(), (s) => [s.image_url]),
  "GET /api/industries": () => Industries.listActive(),
  "GET /api/courses": async () => withImages(await Courses.listActive(), (c) => [c.image_url]),
  "GET /api/service-details": () => ServiceDetails.listActive(),
  "GET /api/site-settings": () => SiteSettings.publicValues(),
  "GET /api/images/{id}": ({ params }) => imageInfo(params.id ?? ""),
});
