import { GraduationCap, Handshake, Mail, MessageSquare, Tag, Workflow, type LucideIcon } from "lucide-react";
import type { adminInquiryTypes } from "@agency/core/contract/contact";
import { Badge, type BadgeTone } from "../../components/admin/badge";

export interface InquiryTypeMeta {
  label: string;
  tone: BadgeTone;
  icon: LucideIcon;
}

type KnownType = (typeof adminInquiryTypes)[number];

/**
 * The inquiry types the back office knows (SPEC §3), each with a label (the contact form's), a colour
 * and an icon. A Map, so a stored form_type such as "constructor" or "__proto__" can never reach an
 * inherited property.
 */
const known = new Map<string, InquiryTypeMeta>(
  Object.entries({
    automation: { label: "AI Automation", tone: "purple", icon: Workflow },
    education: { label: "Tech School", tone: "blue", icon: GraduationCap },
    partnership: { label: "Partnership", tone: "green", icon: Handshake },
    general: { label: "General Inquiry", tone: "amber", icon: MessageSquare },
    contact: { label: "Contact Form", tone: "indigo", icon: Mail },
  } satisfies Record<KnownType, InquiryTypeMeta>),
);

export const knownInquiryTypes = [...known.keys()];

/** Label, colour and icon of a form_type; an unknown type is grey and labelled with its raw value. */
export function inquiryType(formType: string): InquiryTypeMeta {
  return known.get(formType) ?? { label: formType || "(none)", tone: "slate", icon: Tag };
}

export function InquiryTypeBadge({ formType }: { formType: string }) {
  const meta = inquiryType(formType);
  return (
    <Badge tone={meta.tone} icon={meta.icon}>
      {meta.label}
    </Badge>
  );
}
