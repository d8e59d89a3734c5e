import { Tag, type LucideIcon } from "lucide-react";
import { adminInquiryTypes, inquiryTypeLabels } from "@agency/core/contract/contact-values";
import { inquiryTypeIcons } from "../contact/inquiry-type-icons";
import { Badge, type BadgeTone } from "../../components/admin/badge";

export interface InquiryTypeMeta {
  label: string;
  tone: BadgeTone;
  icon: LucideIcon;
}

const tones: Record<(typeof adminInquiryTypes)[number], BadgeTone> = {
  automation: "purple",
  education: "blue",
  partnership: "green",
  general: "amber",
  contact: "indigo",
};

/**
 * The inquiry types the back office knows (SPEC §3), each with its label and icon (the contact
 * form's) and a colour. A Map, so a stored form_type such as "constructor" or "__proto__" can never
 * reach an inherited property.
 */
const known = new Map<string, InquiryTypeMeta>(adminInquiryTypes.map((type) => [type, { label: inquiryTypeLabels[type], tone: tones[type], icon: inquiryTypeIcons[type] }]));

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
