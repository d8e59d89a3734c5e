import { Courses, Industries, ServiceDetails, Services } from "@agency/core/catalog/catalog";
import { courseInput, courseUpdate, industryInput, industryUpdate, serviceDetailInput, serviceDetailUpdate, serviceInput, serviceUpdate } from "@agency/core/contract/catalog";
import { pageSectionUpdate, pageSlugs } from "@agency/core/contract/page-sections";
import { NotFoundError } from "@agency/core/errors";
import { PageSectionEditor } from "@agency/core/page-sections/editor";
import { PageSections } from "@agency/core/page-sections/page-sections";
import type * as z from "@agency/core/contract/zod";
import { http, reply, type RouteHandler } from "../http";
import { invalidate, publicPaths } from "../invalidate";
import { toTrash } from "../trash";
import type { TrashEntity } from "@agency/core/contract/trash";

const MAX_SECTION_BODY = 256 * 1024;

/**
 * The four routes of a curated catalogue, from its domain module and schemas. Every write that
 * lands invalidates the catalogue's public list at the CDN.
 */
function crud<C extends z.ZodMiniType, U extends z.ZodMiniType>(
  domain: {
    list(): Promise<unknown>;
    create(i: z.output<C>): Promise<unknown>;
    update(id: string, i: z.output<U>): Promise<unknown>;
    remove(id: string): Promise<unknown>;
  },
  createSchema: C,
  updateSchema: U,
  paths: () => string[],
  trashed: TrashEntity,
): [RouteHandler, RouteHandler, RouteHandler, RouteHandler] {
  const changed = async <T>(result: T) => {
    await invalidate(paths());
    return result;
  };
  return [
    () => domain.list(),
    async (req) => reply.created(await changed(await domain.create(req.body(createSchema)))),
    async (req) => changed(await domain.update(req.params.id ?? "", req.body(updateSchema))),
    async (req) => {
      const removed = await changed(await domain.remove(req.params.id ?? ""));
      await toTrash(req, trashed, removed as object);
      req.audit({ record: removed });
      return { success: true };
    },
  ];
}

const [listServices, createService, updateService, deleteService] = crud(Services, serviceInput, serviceUpdate, publicPaths.services, "services");
const [listIndustries, createIndustry, updateIndustry, deleteIndustry] = crud(Industries, industryInput, industryUpdate, publicPaths.industries, "industries");
const [listCourses, createCourse, updateCourse, deleteCourse] = crud(Courses, courseInput, courseUpdate, publicPaths.courses, "courses");
const [listDetails, createDetail, updateDetail, deleteDetail] = crud(ServiceDetails, serviceDetailInput, serviceDetailUpdate, publicPaths.serviceDetails, "service-details");

export const handler = http({
  "GET /api/admin/page-sections/{pageSlug}": async ({ params }) => {
    if (!(pageSlugs as readonly string[]).includes(params.pageSlug ?? "")) throw new NotFoundError("Unknown page");
    return PageSections.byPage(params.pageSlug!);
  },
  "PUT /api/admin/page-sections/{id}": async (req) => {
    const section = await PageSectionEditor.update(req.params.id ?? "", req.body(pageSectionUpdate, { maxBytes: MAX_SECTION_BODY }));
    await invalidate(publicPaths.pageSections(section.page_slug));
    return section;
  },
  "GET /api/admin/services": listServices,
  "POST /api/admin/services": createService,
  "PUT /api/admin/services/{id}": updateService,
  "DELETE /api/admin/services/{id}": deleteService,
  "GET /api/admin/industries": listIndustries,
  "POST /api/admin/industries": createIndustry,
  "PUT /api/admin/industries/{id}": updateIndustry,
  "DELETE /api/admin/industries/{id}": deleteIndustry,
  "GET /api/admin/courses": listCourses,
  "POST /api/admin/courses": createCourse,
  "PUT /api/admin/courses/{id}": updateCourse,
  "DELETE /api/admin/courses/{id}": deleteCourse,
  "GET /api/admin/service-details": listDetails,
  "POST /api/admin/service-details": createDetail,
  "PUT /api/admin/service-details/{id}": updateDetail,
  "DELETE /api/admin/service-details/{id}": deleteDetail,
});
