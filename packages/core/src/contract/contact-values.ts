/**
 * The contact form's fixed values, free of zod: the public form shows them with the page and loads
 * its schema (contact.ts) only when a visitor starts filling it in (web/src/lib/form-schemas.ts).
 */

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
