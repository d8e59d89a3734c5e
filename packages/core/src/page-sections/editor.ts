import type { z } from "zod";
import type { pageSectionUpdate } from "../contract/page-sections";
import { isConditionalFailure } from "../db/errors";
import { checkItemSize } from "../db/item-size";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { sanitizeHtml } from "../html";
import type { PageSection } from "./page-sections";

/** Saves page sections (kept apart from the reads so public Lambdas do not bundle the sanitiser). */
export const PageSectionEditor = {
  async update(id: string, input: z.output<typeof pageSectionUpdate>): Promise<PageSection> {
    const cleaned = { ...input, content: sanitizeHtml(input.content) };
    checkItemSize(cleaned, "content");
    try {
      const { data } = await db()
        .pageSection.patch({ id })
        .set(cleaned)
        .go({ response: "all_new" });
      return data as PageSection;
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("Page section not found");
      throw err;
    }
  },
};
