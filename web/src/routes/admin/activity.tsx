import { useId, useMemo } from "react";
import { History } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { auditActionLabels, auditActions, auditEntities, auditEntityLabels } from "@agency/core/contract/audit";
import { actionOutline, fieldControl } from "../../components/admin/classes";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SelectFilter } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { ExportCsvButton } from "../../features/export/export-csv-button";
import { fetchAllAuditEntries, useAuditLog, type AuditFilters } from "../../features/audit/api";
import { auditColumns } from "../../features/audit/audit-columns";
import { auditCsvColumns } from "../../features/audit/audit-csv";

const keys = ["actor", "entity", "action", "from", "to"] as const;
const entityOptions = [{ value: "", label: "All Items" }, ...auditEntities.map((e) => ({ value: e, label: auditEntityLabels[e] }))];
const actionOptions = [{ value: "", label: "All Actions" }, ...auditActions.map((a) => ({ value: a, label: auditActionLabels[a] }))];

function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      {/* One width for From and To, so their fields line up when the filters stack on a phone. */}
      <label htmlFor={id} className="w-10 shrink-0 text-sm font-medium text-slate-800 sm:w-auto">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={fieldControl} />
    </div>
  );
}

/** /admin/activity: who did what, when (the audit log), filtered through the URL so a view can be shared. */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as unknown as AuditFilters, [params]);
  // From the address as it is now, not as this render saw it: two filters chosen before a
  // re-render both stay.
  const set = (key: (typeof keys)[number], value: string) => {
    const p = new URLSearchParams(window.location.search);
    if (value) p.set(key, value);
    else p.delete(key);
    setParams(p, { replace: true });
  };
  const list = useAuditLog(filters);
  const columns = useMemo(
    () =>
      auditColumns({
        actorHref: (actor) => {
          const next = new URLSearchParams(params);
          next.set("actor", actor);
          return `/admin/activity?${next}`;
        },
      }),
    [params],
  );
  const filtered = keys.some((k) => filters[k] !== "");
  const actorName = filters.actor ? (list.rows.find((e) => e.actor.id === filters.actor)?.actor.name ?? filters.actor) : "";

  return (
    <div>
      <PageHeader
        title="Activity"
        description="Every admin action and sign-in, newest first. Entries are kept for a year."
        actions={<ExportCsvButton filePrefix="activity" noun="entry" columns={auditCsvColumns} fetchAll={(onProgress) => fetchAllAuditEntries(filters, onProgress)} />}
      />

      <FilterBar label="Filter activity">
        <SelectFilter label="Item type" value={filters.entity} onChange={(v) => set("entity", v)} options={entityOptions} />
        <SelectFilter label="Action" value={filters.action} onChange={(v) => set("action", v)} options={actionOptions} />
        <DayFilter label="From" value={filters.from} onChange={(v) => set("from", v)} />
        <DayFilter label="To" value={filters.to} onChange={(v) => set("to", v)} />
        {filters.actor && (
          <button type="button" className={actionOutline} onClick={() => set("actor", "")}>
            Only {actorName}: show everyone
          </button>
        )}
      </FilterBar>

      <DataTable
        caption="Activity"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(e) => e.id}
        empty={<EmptyState icon={History} title="No activity found" hint={filtered ? "Try adjusting your filters" : "Admin actions and sign-ins will appear here"} />}
      />
    </div>
  );
}
