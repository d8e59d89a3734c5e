import { auditActionLabels, auditEntityLabels, type AuditEntry } from "@agency/core/contract/audit";
import type { CsvColumn } from "../export/csv";

/** Export CSV of the Activity screen: every field of an entry, the time as stored (UTC, ISO 8601). */
export const auditCsvColumns: CsvColumn<AuditEntry>[] = [
  { header: "Time (UTC)", value: (e) => e.at },
  { header: "Who", value: (e) => e.actor.name },
  { header: "Actor ID", value: (e) => e.actor.id },
  { header: "Action", value: (e) => auditActionLabels[e.action] ?? e.action },
  { header: "Item Type", value: (e) => auditEntityLabels[e.entity] ?? e.entity },
  { header: "Item", value: (e) => e.entity_label },
  { header: "Item ID", value: (e) => e.entity_id },
  { header: "Changed Fields", value: (e) => e.changed_fields.join(", ") },
  { header: "IP Address", value: (e) => e.ip },
  { header: "User Agent", value: (e) => e.user_agent },
];
