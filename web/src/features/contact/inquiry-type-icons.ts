import { GraduationCap, Handshake, Mail, MessageSquare, Workflow, type LucideIcon } from "lucide-react";
import type { adminInquiryTypes } from "@agency/core/contract/contact-values";

/** The icon of each inquiry type, on the contact form's tiles and in the back office. */
export const inquiryTypeIcons: Record<(typeof adminInquiryTypes)[number], LucideIcon> = {
  automation: Workflow,
  education: GraduationCap,
  partnership: Handshake,
  general: MessageSquare,
  contact: Mail,
};
