import { CheckCircle2, ClipboardList, Clock, PhoneCall, RefreshCw, XCircle } from "lucide-react";
import { registrationFilters, type AdminRegistration, type RegistrationFilters, type RegistrationStats, type RegistrationStatus } from "@agency/core/contract/admin";
import { SelectFilter } from "../../components/admin/filters";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { bulkDelete, LeadInbox, type InboxConfig } from "../../features/leads/lead-inbox";
import { registrationsApi } from "../../features/registrations/admin-api";
import { registrationColumns } from "../../features/registrations/registration-columns";
import { RegistrationDetails } from "../../features/registrations/registration-details";
import { statusLabel, statusOptions, statusTone } from "../../features/registrations/registration-status";
import { registrationCsvColumns } from "../../features/registrations/registrations-csv";

const filterOptions = [{ value: "all", label: "All Status" }, ...statusOptions];
const statusIcons = { pending: Clock, contacted: PhoneCall, enrolled: CheckCircle2, declined: XCircle } as const;

const config: InboxConfig<AdminRegistration, RegistrationFilters, RegistrationStats> = {
  api: registrationsApi,
  title: "Course Registrations",
  noun: "registration",
  caption: "Course registrations",
  filters: registrationFilters,
  search: { label: "Search registrations", placeholder: "Search by name, email, phone, company, course or notes..." },
  filterControls: (filters, setFilter) => <SelectFilter label="Status" value={filters.status} onChange={(v) => setFilter("status", v)} options={filterOptions} />,
  stats: (stats) => {
    const countOf = (s: RegistrationStatus) => (stats ? (stats.by_status.find((b) => b.status === s)?.count ?? 0) : undefined);
    return (
      <StatGrid label="Registration counts" columns="lg:grid-cols-5">
        <StatCard label="Total" value={stats?.total} icon={ClipboardList} tone="purple" />
        {statusOptions.map((o) => (
          <StatCard key={o.value} label={o.label} value={countOf(o.value)} icon={statusIcons[o.value]} tone={statusTone(o.value)} />
        ))}
      </StatGrid>
    );
  },
  columns: ({ change, remove, resend }) => registrationColumns({ onStatusChange: (r, status) => change(r, { status }), onDelete: remove, onResend: resend }),
  nameOf: (r) => r.name,
  isRowHighlighted: (r) => r.status === "pending",
  changed: (r, change) => (change.status ? `${r.name}: ${statusLabel(change.status)}` : undefined),
  details: (r, { close, change, busyId }) => (
    <RegistrationDetails registration={r} onClose={close} onStatusChange={(x, status) => change(x, { status })} saving={busyId !== undefined} />
  ),
  bulkActions: [
    {
      label: "Change status",
      icon: RefreshCw,
      choices: { label: "New status for the selected registrations", options: statusOptions },
      verb: "Changing status",
      body: (status) => ({ action: "set_status", status }),
      confirm: (count, status) => ({
        title: `Change the status of ${count}?`,
        message: `Each will be ${status}, whatever its status now.`,
        confirmLabel: "Change status",
        tone: "default",
      }),
    },
    bulkDelete,
  ],
  deleteOne: {
    title: "Delete registration",
    message: "Are you sure you want to delete this registration?",
    success: "Registration deleted",
    fallback: "Failed to delete the registration",
  },
  csv: { prefix: "course-registrations", columns: registrationCsvColumns },
  empty: {
    icon: ClipboardList,
    title: "No registrations found",
    filtered: "Try adjusting your filters",
    unfiltered: "Course registrations will appear here when visitors register for a course",
  },
};

/** /admin/registrations: 'Course Registrations', the inbox configured for the tech school's sign-ups. */
export default function RegistrationsPage() {
  return <LeadInbox {...config} />;
}
