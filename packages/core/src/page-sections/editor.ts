import type * as z from "../contract/zod";
import { htmlContentPages, type pageSectionUpdate } from "../contract/page-sections";
import { checkItemSize } from "../db/item-size";
import { db } from "../db/service";
import { atVersion, saveAtVersion, sentFields } from "../db/versions";
import { NotFoundError } from "../errors";
import { keepOriginal } from "../revisions/original";
import { sanitizeHtml } from "../html";
import type { PageSection } from "./page-sections";

/** Saves page sections (kept apart from the reads so public Lambdas do not bundle the sanitiser). */
export const PageSectionEditor = {
  /**
   * Saves the fields sent at the version read; a field left out keeps its stored value. Content is
   * sanitised only where it is HTML (the policies); every other section's text is stored as typed,
   * since the site shows it as text (escaping it here would show "&amp;" to visitors).
   */
  async update(id: string, { version, ...input }: z.output<typeof pageSectionUpdate>): Promise<PageSection> {
    const sent = sentFields(input);
    const { before, saved } = await saveAtVersion({
      read: version,
      get: async () => (await db().pageSection.get({ id }).go()).data,
      notFound: () => new NotFoundError("Page section not found"),
      write: async (current, next) => {
        const html = htmlContentPages.includes(current.page_slug as (typeof htmlContentPages)[number]);
        const changes = html && sent.content !== undefined ? { ...sent, content: await sanitizeHtml(sent.content) } : sent;
        checkItemSize({ ...current, ...changes }, "content");
        const { data } = await db()
          .pageSection.patch({ id })
          .set({ ...changes, version: next })
          .where(atVersion(current.version))
          .go({ response: "all_new" });
        return data as PageSection;
      },
    });
    await keepOriginal("page-sections", id, before);
    return saved;
  },
};
