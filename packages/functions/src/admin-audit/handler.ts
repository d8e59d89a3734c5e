import { AuditLog } from "@agency/core/audit/audit";
import { http } from "../http";
import { pageReply } from "../page-reply";

/** The audit log (contract/audit.ts): read only, newest first, paged with X-Next-Cursor. */
export const handler = http({
  "GET /api/admin/audit-log": async (req) => pageReply(await AuditLog.list(req.query)),
});
