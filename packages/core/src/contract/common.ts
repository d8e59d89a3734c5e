import * as z from "./zod";
import { isMediaPath } from "./media-path";

/** Optional free text: absent, null and "" all become "". */
export const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((v: string | null | undefined) => v ?? ""),
  );

export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`));

/** An address field's text: trimmed, bounded; absent, null and "" all become "". */
const addressText = optionalText(2048);
const isHttpUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v);

/** An http(s) URL or empty. Rejects javascript: and other schemes that could end up in an href. */
export const optionalUrl = addressText.check(z.refine((v) => v === "" || isHttpUrl(v), "Must be a valid http(s) URL"));

/** True for a day that exists, written as ISO `YYYY-MM-DD`: 2028-02-29 is one, 2027-02-30 is not. */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** An image's address: an http(s) URL, a /media/ path of an upload, or empty. */
export const optionalImageUrl = addressText.check(z.refine((v) => v === "" || isHttpUrl(v) || isMediaPath(v), "Must be a valid http(s) URL or an uploaded image"));

/**
 * An image's alt text (a post's `featured_image_alt`, the `image_alt` of services, courses and page
 * sections, a media item's default `alt`): plain text, a sentence or two as screen readers read it.
 */
export const MAX_ALT_LENGTH = 500;
export const altText = optionalText(MAX_ALT_LENGTH);

/** A calendar date (`YYYY-MM-DD`) or empty. */
export const optionalDate = optionalText(10).check(z.refine((v) => v === "" || isCalendarDate(v), "Please enter a valid date"));

/** Order Index is parsed as an integer (SPEC §5); numeric strings from forms are accepted. */
export const orderIndex = z._default(z.coerce.number({ error: "Must be a whole number" }).check(z.int("Must be a whole number"), z.gte(-1_000_000), z.lte(1_000_000)), 0);

export const isActive = z._default(z.boolean({ error: "Must be true or false" }), true);

/**
 * The `version` every PUT of an editable item sends back (contract/versioned.ts): the version it
 * read, a whole number from 1.
 */
export const version = z
  .number({ error: "version is required: send the version you read" })
  .check(z.int("version must be a whole number from 1"), z.gte(1, "version must be a whole number from 1"));

type Unwrapped<S> = S extends z.ZodMiniDefault<infer Inner> ? Inner : S;
export type UpdateShape<T extends z.core.$ZodShape> = { [K in keyof T]: z.ZodMiniOptional<Unwrapped<T[K]>> } & { version: typeof version };

/**
 * The PUT schema of an editable item from the fields of its create schema: every field optional,
 * and absent stays absent (a default is dropped, so leaving a field out never resets it; zod's
 * `z.partial()` would still apply defaults), plus the required `version`. A field that is sent is
 * checked and shaped exactly as on create.
 */
export function updateOf<T extends z.core.$ZodShape>(fields: T): z.ZodMiniObject<UpdateShape<T>> {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [name, field] of Object.entries(fields)) {
    const inner = field instanceof z.ZodMiniDefault ? field._zod.def.innerType : field;
    shape[name] = z.optional(inner);
  }
  shape.version = version;
  return z.object(shape) as unknown as z.ZodMiniObject<UpdateShape<T>>;
}

export const email = z.pipe(
  z.string({ error: "Email is required" }).check(z.trim(), z.minLength(1, "Email is required"), z.maxLength(254, "Must be at most 254 characters")),
  z.email("Please enter a valid email address"),
);

/** Field name -> first message, the shape every 400 response uses. */
export function fieldErrors(error: z.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    if (!Object.hasOwn(out, key)) out[key] = issue.message;
  }
  return out;
}
