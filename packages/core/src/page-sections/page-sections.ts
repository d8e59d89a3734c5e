import type { EntityItem } from "electrodb";
import type { z } from "zod";
import type { pageSectionUpdate } from "../contract/page-sections";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { sanitizeHtml } from "../html";
import type { PageSectionEntity } from "./entity";

export type PageSection = EntityItem<typeof PageSectionEntity>;

export const PageSections = {
  /** Every section of a page, by section_key. One Query. */
  async byPage(page_slug: string): Promise<PageSection[]> {
    const { data } = await db().pageSection.query.byPage({ page_slug }).go({ pages: "all" });
    return data;
  },
  async activeByPage(page_slug: string): Promise<PageSection[]> {
    return (await PageSections.byPage(page_slug)).filter((s) => s.is_active);
  },
  async update(id: string, input: z.output<typeof pageSectionUpdate>): Promise<PageSection> {
    try {
      const { data } = await db()
        .pageSection.patch({ id })
        .set({ ...input, content: sanitizeHtml(input.content) })
        .go({ response: "all_new" });
      return data as PageSection;
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("Page section not found");
      throw err;
    }
  },
};
