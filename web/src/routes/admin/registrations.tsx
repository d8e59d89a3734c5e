import { useMemo, useState } from "react";
import { CheckCircle2, ClipboardList, Clock, PhoneCall, XCircle } from "lucide-react";
import type { AdminRegistration, RegistrationStatus } from "@agency/core/contract/admin";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SearchBox, SelectFilter, useDebouncedValue } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useOpenRecord } from "../../components/admin/use-open-record";
import { ExportCsvButton } from "../../features/export/export-csv-button";
import {
  fetchAllRegistrations,
  registrationKeys,
  useDeleteRegistration,
  useRegistrationStats,
  useRegistrations,
  useSetRegistrationStatus,
  type RegistrationFilters,
} from "../../features/registrations/admin-api";
import { useResendNotification } from "../../features/leads/notification";
import { registrationColumns } from "../../features/registrations/registration-columns";
import { RegistrationDetails } from "../../features/registrations/registration-details";
import { statusLabel, statusOptions, statusTone } from "../../features/registrations/registration-status";
import { registrationCsvColumns } from "../../features/registrations/registrations-csv";
import { useStableCallback } from "../../lib/use-stable-callback";

const filterOptions = [{ value: "all", label: "All Status" }, ...statusOptions];
const statusIcons = { pending: Clock, contacted: PhoneCall, enrolled: CheckCircle2, declined: XCircle } as const;

/** /admin/registrations: 'Course Registrations', the tech school's sign-ups and their follow-up. */
export default function RegistrationsPage() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<RegistrationFilters["status"]>("all");
  const q = useDebouncedValue(search.trim(), 300);
  const filters: RegistrationFilters = useMemo(() => ({ q, status }), [q, status]);
  const filtered = q !== "" || status !== "all";

  const list = useRegistrations(filters);
  const stats = useRegistrationStats();
  const setStatusOf = useSetRegistrationStatus();
  const remove = useDeleteRegistration();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const details = useOpenRecord(list.rows);

  const resend = useResendNotification("/api/admin/course-registrations", registrationKeys.list);
  const changeStatus = useStableCallback((registration: AdminRegistration, next: RegistrationStatus) => {
    setStatusOf.mutate(
      { id: registration.id, status: next },
      {
        onSuccess: () => {
          details.update(registration.id, { status: next });
          toast.success(`${registration.name}: ${statusLabel(next)}`);
        },
        onError: (err) => showError(err, { fallback: "Failed to update the registration", onReload: () => list.refetch() }),
      },
    );
  });

  const [confirmDialog, deleteRegistration] = useConfirmedDelete<AdminRegistration>({
    title: "Delete registration",
    message: "Are you sure you want to delete this registration?",
    remove: (r) => remove.mutateAsync(r.id),
    success: "Registration deleted",
    fallback: "Failed to delete the registration",
    onDeleted: (r) => details.closeIf(r.id),
    onReload: () => list.refetch(),
  });

  const busyId = setStatusOf.isPending ? setStatusOf.variables?.id : undefined;
  const columns = useMemo(
    () => registrationColumns({ onStatusChange: changeStatus, onDelete: deleteRegistration, onResend: (r) => resend(r.id), busyId }),
    [changeStatus, deleteRegistration, resend, busyId],
  );

  const countOf = (s: RegistrationStatus) => (stats.data ? (stats.data.by_status.find((b) => b.status === s)?.count ?? 0) : undefined);

  return (
    <div>
      <PageHeader
        title="Course Registrations"
        actions={
          <ExportCsvButton
            filePrefix="course-registrations"
            noun="registration"
            columns={registrationCsvColumns}
            fetchAll={(onProgress) => fetchAllRegistrations(filters, onProgress)}
          />
        }
      />

      <StatGrid label="Registration counts" columns="lg:grid-cols-5">
        <StatCard label="Total" value={stats.data?.total} icon={ClipboardList} tone="purple" />
        {statusOptions.map((o) => (
          <StatCard key={o.value} label={o.label} value={countOf(o.value)} icon={statusIcons[o.value]} tone={statusTone(o.value)} />
        ))}
      </StatGrid>

      <FilterBar label="Filter registrations">
        <SearchBox label="Search registrations" placeholder="Search by name, email, phone, company, course or notes..." value={search} onChange={setSearch} />
        <SelectFilter label="Status" value={status} onChange={(v) => setStatus(v as RegistrationFilters["status"])} options={filterOptions} />
      </FilterBar>

      <DataTable
        caption="Course registrations"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(r) => r.id}
        onRowOpen={details.open}
        isRowHighlighted={(r) => r.status === "pending"}
        empty={
          <EmptyState
            icon={ClipboardList}
            title="No registrations found"
            hint={filtered ? "Try adjusting your filters" : "Course registrations will appear here when visitors register for a course"}
          />
        }
      />

      <RegistrationDetails registration={details.record} onClose={details.close} onStatusChange={changeStatus} saving={setStatusOf.isPending} />
      {confirmDialog}
    </div>
  );
}
