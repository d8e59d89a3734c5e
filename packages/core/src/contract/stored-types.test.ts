import type { EntityItem } from "electrodb";
import { describe, expectTypeOf, it } from "vitest";
import type { BlogPostEntity } from "../blog/entities";
import type { CourseEntity, IndustryEntity, ServiceDetailEntity, ServiceEntity } from "../catalog/entities";
import type { PageSectionEntity } from "../page-sections/entity";
import type { BlogPost } from "./blog";
import type { Course, Industry, Service, ServiceDetail } from "./catalog";
import type { PageSection } from "./page-sections";

/**
 * The web reads the API's items through the contract's types, written out by hand so that it never
 * imports the server's ElectroDB entities. They must stay exactly what the entities store: these
 * checks are compiled by `npm run typecheck`, which fails when a field is added to one and not the
 * other, or changes type or optionality.
 */
describe("the contract's item types", () => {
  it("are exactly the items the entities store", () => {
    expectTypeOf<Service>().toEqualTypeOf<EntityItem<typeof ServiceEntity>>();
    expectTypeOf<Industry>().toEqualTypeOf<EntityItem<typeof IndustryEntity>>();
    expectTypeOf<Course>().toEqualTypeOf<EntityItem<typeof CourseEntity>>();
    expectTypeOf<ServiceDetail>().toEqualTypeOf<EntityItem<typeof ServiceDetailEntity>>();
    expectTypeOf<PageSection>().toEqualTypeOf<EntityItem<typeof PageSectionEntity>>();
    expectTypeOf<BlogPost>().toEqualTypeOf<EntityItem<typeof BlogPostEntity>>();
  });
});
