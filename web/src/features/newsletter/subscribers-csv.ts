import type { AdminSubscriber } from "@agency/core/contract/newsletter";
import type { CsvColumn } from "../export/csv";
import { subscriberStatusLabels } from "./status";

/** Email, Status, Subscribed and Confirmed (ISO 8601, UTC; empty while unconfirmed), formula-safe like the lead exports. */
export const subscriberCsvColumns: CsvColumn<AdminSubscriber>[] = [
  { header: "Email", value: (s) => s.email },
  { header: "Status", value: (s) => subscriberStatusLabels[s.status] },
  { header: "Subscribed", value: (s) => new Date(s.created_at).toISOString() },
  { header: "Confirmed", value: (s) => (s.confirmed_at ? new Date(s.confirmed_at).toISOString() : "") },
];
