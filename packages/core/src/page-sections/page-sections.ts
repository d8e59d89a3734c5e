import type { EntityItem } from "electrodb";
import { db } from "../db/service";
import { withVersion } from "../db/versions";
import type { PageSectionEntity } from "./entity";

export type PageSection = EntityItem<typeof PageSectionEntity>;

export const PageSections = {
  /** Every section of a page, by section_key. One Query. */
  async byPage(page_slug: string): Promise<PageSection[]> {
    const { data } = await db().pageSection.query.byPage({ page_slug }).go({ pages: "all" });
    return data.map(withVersion);
  },
  async activeByPage(page_slug: string): Promise<PageSection[]> {
    return (await PageSections.byPage(page_slug)).filter((s) => s.is_active);
  },
};
