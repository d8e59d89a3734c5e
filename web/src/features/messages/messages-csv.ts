import type { AdminMessage } from "@agency/core/contract/admin";
import type { CsvColumn } from "../export/csv";
import { inquiryType } from "./inquiry-types";

/** SPEC §9: Name, Email, Company, Form Type (its label), Message, Status (Read or Unread), Date (ISO 8601, UTC). */
export const messageCsvColumns: CsvColumn<AdminMessage>[] = [
  { header: "Name", value: (m) => m.name },
  { header: "Email", value: (m) => m.email },
  { header: "Company", value: (m) => m.company },
  { header: "Form Type", value: (m) => inquiryType(m.form_type).label },
  { header: "Message", value: (m) => m.message },
  { header: "Status", value: (m) => (m.is_read ? "Read" : "Unread") },
  { header: "Date", value: (m) => new Date(m.created_at).toISOString() },
];
