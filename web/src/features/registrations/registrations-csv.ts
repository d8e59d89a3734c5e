import type { AdminRegistration } from "@agency/core/contract/admin";
import type { CsvColumn } from "../export/csv";
import { statusLabel } from "./registration-status";

/** The registrations export, on the messages' rules (SPEC §9). */
export const registrationCsvColumns: CsvColumn<AdminRegistration>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Company", value: (r) => r.company },
  { header: "Course", value: (r) => r.course_interest },
  { header: "Experience", value: (r) => r.experience_level },
  { header: "Preferred Start", value: (r) => r.preferred_start_date },
  { header: "Notes", value: (r) => r.additional_notes },
  { header: "Status", value: (r) => statusLabel(r.status) },
  { header: "Date", value: (r) => new Date(r.created_at).toISOString() },
];
