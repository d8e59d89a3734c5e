import * as z from "./zod";
import { email, optionalText, requiredText } from "./common";

/** Inquiry types a visitor can choose; the admin also knows `contact` (older submissions). */
export const inquiryTypes = ["automation", "education", "partnership", "general"] as const;
export const adminInquiryTypes = [...inquiryTypes, "contact"] as const;
export type InquiryType = (typeof inquiryTypes)[number];

/** What the contact form's tiles and the back office call each type (SPEC §3). */
export const inquiryTypeLabels = {
  automation: "AI Automation",
  education: "Tech School",
  partnership: "Partnership",
  general: "General Inquiry",
  contact: "Contact Form",
} as const satisfies Record<(typeof adminInquiryTypes)[number], string>;

const inquiryType = z.enum(inquiryTypes, { error: "Choose automation, education, partnership or general" });

const contactFields = z.object({
  name: requiredText(200, "Name is required"),
  email,
  company: optionalText(200),
  message: requiredText(5000, "Message is required"),
  inquiryType: z.optional(inquiryType),
  form_type: z.optional(inquiryType),
  /** Honeypot: people never see it, bots fill it. */
  website: z.optional(z.string().check(z.maxLength(2000))),
});

export const contactInput = z.pipe(
  contactFields,
  z.transform(({ inquiryType, form_type, ...rest }: z.output<typeof contactFields>) => ({
    ...rest,
    form_type: form_type ?? inquiryType ?? "general",
  })),
);
export type ContactInput = z.input<typeof contactInput>;
