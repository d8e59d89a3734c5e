import { backfillAcrossYears, searchText } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";

/**
 * The media library's search text (entity.ts): file name and alt text, lowercased. Apart from
 * media.ts so that the recount, which backfills it, carries no S3 code.
 */
export const searchOf = (m: { filename: string; alt?: string }) => searchText(m.filename, m.alt);

/** Writes the hidden search text of images stored before it existed (the recount); not an edit. */
export const backfillMediaSearch = () =>
  backfillAcrossYears(
    (bucket) =>
      db()
        .media.query.byYear({ bucket })
        .where((m, { notExists }) => notExists(m.search))
        .go({ pages: "all" }),
    (m) =>
      db()
        .media.patch({ id: m.id })
        .set({ search: searchOf(m) })
        .where((a, { notExists }) => notExists(a.search))
        .go({ response: "none" })
        .catch((err: unknown) => {
          if (!isConditionalFailure(err)) throw err; // renamed meanwhile, with its search text
        }),
  );
