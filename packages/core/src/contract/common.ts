import * as z from "zod";

/** Optional free text: absent, null and "" all become "". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? "");

export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An http(s) URL or empty. Rejects javascript: and other schemes that could end up in an href. */
export const optionalUrl = z
  .string()
  .trim()
  .max(2048, "Must be at most 2048 characters")
  .nullish()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Must be a valid http(s) URL");

/** Order Index is parsed as an integer (SPEC §5); numeric strings from forms are accepted. */
export const orderIndex = z.coerce
  .number({ error: "Must be a whole number" })
  .int("Must be a whole number")
  .min(-1_000_000)
  .max(1_000_000)
  .default(0);

export const isActive = z.boolean({ error: "Must be true or false" }).default(true);

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Must be at most 254 characters")
  .pipe(z.email("Please enter a valid email address"));

/** Field name -> first message, the shape every 400 response uses. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    if (!Object.hasOwn(out, key)) out[key] = issue.message;
  }
  return out;
}
