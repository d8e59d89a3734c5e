import * as z from "./zod";

/**
 * The whole site's content as one JSON document (GET /api/admin/export, POST /api/admin/import,
 * `npm run admin -- export | import`): what a new stage or a rebuilt table needs to serve the same
 * site. Never an account's password hash, TOTP secret, token, session or passkey: the team stays
 * with the table it was made in.
 */
export const SITE_EXPORT_FORMAT = "arcline-site-export";
/** The newest version this product reads and writes. */
export const SITE_EXPORT_VERSION = 1;

/** The kinds of record an export holds, in the order an import writes them. */
export const siteExportKinds = [
  "posts",
  "slug_redirects",
  "page_sections",
  "services",
  "industries",
  "courses",
  "service_details",
  "settings",
  "contact_submissions",
  "course_registrations",
  "newsletter_subscribers",
  "media",
] as const;
export type SiteExportKind = (typeof siteExportKinds)[number];

/** A record as stored: its own fields, checked here for the key it is stored under. */
const idRecord = z.lazy(() => z.looseObject({ id: z.string().check(z.minLength(1, "every record needs its id")) }));
const keyRecord = z.lazy(() => z.looseObject({ key: z.string().check(z.minLength(1, "every setting needs its key")) }));

export const siteExportMessages = {
  format: `format must be "${SITE_EXPORT_FORMAT}": this is not an export of this product`,
  version: `version is newer than this product knows (it reads version ${SITE_EXPORT_VERSION} and earlier)`,
  json: "The body is not valid JSON",
  tooLarge: "The export is too large to import through the API: use npm run admin -- import FILE",
} as const;

export const siteExport = z.lazy(() =>
  z.object({
    format: z.literal(SITE_EXPORT_FORMAT, { error: siteExportMessages.format }),
    version: z.int("version must be a whole number").check(z.gte(1, "version must be 1 or more"), z.lte(SITE_EXPORT_VERSION, siteExportMessages.version)),
    exported_at: z.string({ error: "exported_at must be a date and time" }),
    posts: z.array(idRecord),
    slug_redirects: z.array(z.object({ slug: z.string().check(z.minLength(1)), post_id: z.string().check(z.minLength(1)) })),
    page_sections: z.array(idRecord),
    services: z.array(idRecord),
    industries: z.array(idRecord),
    courses: z.array(idRecord),
    service_details: z.array(idRecord),
    settings: z.array(keyRecord),
    contact_submissions: z.array(idRecord),
    course_registrations: z.array(idRecord),
    // Missing from an export made before subscribers were exported: none then.
    newsletter_subscribers: z._default(z.array(idRecord), []),
    media: z.array(idRecord),
  }),
);
export type SiteExport = z.output<typeof siteExport>;

/** What an import answers: how many records of each kind it wrote. */
export type SiteImportCounts = Record<SiteExportKind, number>;

/**
 * The largest import the API takes: a Lambda's synchronous request is at most 6 MB with its
 * envelope. A larger site is imported with `npm run admin -- import FILE`.
 */
export const SITE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What POST /api/admin/import answers: the records written per kind, and the Trash item holding the
 * export of what the import replaced (its Download link: GET /api/admin/trash/{id}/download).
 */
export interface SiteImportResult {
  imported: SiteImportCounts;
  kept_export: { id: string; expires_at: string };
}

/** What an import wrote, in words (the Trash screen's toast, the shell's answer): "3 posts, 12 page sections, …". */
export const importedSummary = (counts: SiteImportCounts) => siteExportKinds.map((k) => `${counts[k] ?? 0} ${k.replace(/_/g, " ")}`).join(", ");

export const siteImportQuery = z.lazy(() =>
  z.object({
    mode: z.literal("replace", { error: 'mode must be "replace"' }),
  }),
);

/** The file an export is saved as: arcline-site-export-2026-11-28.json. */
export const exportFileName = (exportedAt: string) => `${SITE_EXPORT_FORMAT}-${exportedAt.slice(0, 10)}.json`;
