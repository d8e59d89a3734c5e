import * as z from "./zod";
import { email, optionalDate, optionalText, requiredText } from "./common";
import { experienceLevels } from "./academy";

export const registrationInput = z.lazy(() =>
  z.object({
    name: requiredText(200, "Name is required"),
    email,
    phone: optionalText(50).check(z.refine((v) => v === "" || /^[+()\d\s.-]{5,50}$/.test(v), "Please enter a valid phone number")),
    company: optionalText(200),
    course_interest: optionalText(200),
    experience_level: z.pipe(
      z.nullish(z.union([z.enum(experienceLevels), z.literal("")], { error: "Choose Beginner, Intermediate or Advanced" })),
      z.transform((v: (typeof experienceLevels)[number] | "" | null | undefined) => v ?? ""),
    ),
    preferred_start_date: optionalDate,
    additional_notes: optionalText(5000),
    /** Honeypot: people never see it, bots fill it. */
    website: z.optional(z.string().check(z.maxLength(2000))),
  }),
);
export type RegistrationInput = z.input<typeof registrationInput>;
