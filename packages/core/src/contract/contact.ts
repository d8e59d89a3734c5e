import * as z from "./zod";
import { email, optionalText, requiredText } from "./common";
import { inquiryTypes } from "./contact-values";

const inquiryType = z.enum(inquiryTypes, { error: "Choose automation, education, partnership or general" });

const contactFields = z.lazy(() =>
  z.object({
    name: requiredText(200, "Name is required"),
    email,
    company: optionalText(200),
    message: requiredText(5000, "Message is required"),
    inquiryType: z.optional(inquiryType),
    form_type: z.optional(inquiryType),
    /** Honeypot: people never see it, bots fill it. */
    website: z.optional(z.string().check(z.maxLength(2000))),
  }),
);

export const contactInput = z.pipe(
  contactFields,
  z.transform(({ inquiryType, form_type, ...rest }: z.output<typeof contactFields>) => ({
    ...rest,
    form_type: form_type ?? inquiryType ?? "general",
  })),
);
export type ContactInput = z.input<typeof contactInput>;
