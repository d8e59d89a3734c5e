import type { AuditEntry } from "@agency/core/contract/audit";
import { fetchAllPages, usePagedList, type ListParams } from "../../lib/paged";

const BASE = "/api/admin/audit-log";

export const auditKeys = { list: ["admin", "audit-log", "list"] } as const;

/** The Activity screen's filters, as they stand in its URL; "" is no filter. */
export interface AuditFilters {
  actor: string;
  entity: string;
  action: string;
  /** UTC days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const params = (f: AuditFilters): ListParams => ({ actor: f.actor, entity: f.entity, action: f.action, from: f.from, to: f.to });

/** The log, newest first, paged by the server; fresh whenever the screen opens (others keep acting). */
export const useAuditLog = (filters: AuditFilters) => usePagedList<AuditEntry>(auditKeys.list, BASE, params(filters), { freshOnMount: true });

/** Every entry matching the filters, for Export CSV. */
export const fetchAllAuditEntries = (filters: AuditFilters, onProgress: (loaded: number) => void) => fetchAllPages<AuditEntry>(BASE, params(filters), onProgress);
