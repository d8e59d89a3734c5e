import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router-dom";
import { auditActionLabels, auditEntityLabels, type AuditEntry } from "@agency/core/contract/audit";
import { dateColumn } from "../../components/admin/columns";
import { fieldLabel } from "../../components/admin/field-label";
import { itemLink } from "./item-link";

const linkClass = "font-medium text-purple-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600";

/** The Activity table: when, who (a link to their activity alone), what, on which item (a link to where it lives), which fields. */
export function auditColumns({ actorHref }: { actorHref: (actorId: string) => string }): ColumnDef<AuditEntry>[] {
  return [
    dateColumn<AuditEntry>("at", "Time", (e) => e.at),
    {
      id: "actor",
      header: "Who",
      cell: ({ row: { original: e } }) =>
        e.actor.id ? (
          <Link to={actorHref(e.actor.id)} className={linkClass} title={`Show only ${e.actor.name}'s activity`}>
            {e.actor.name || e.actor.id}
          </Link>
        ) : (
          <span className="text-slate-600">Not signed in</span>
        ),
    },
    { id: "action", header: "Action", cell: ({ row: { original: e } }) => auditActionLabels[e.action] ?? e.action },
    {
      id: "item",
      header: "Item",
      cell: ({ row: { original: e } }) => {
        const href = itemLink(e);
        const stored = e.entity_label || e.entity_id || "—";
        // A stored key as a label (a page section's "story_content", a setting's "contact_email") reads as words.
        const label = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(stored) ? fieldLabel(stored) : stored;
        return (
          <span className="block min-w-0">
            <span className="block text-xs text-slate-600">{auditEntityLabels[e.entity] ?? e.entity}</span>
            {href ? (
              <Link to={href} className={`${linkClass} break-words`}>
                {label}
              </Link>
            ) : (
              <span className="break-words">{label}</span>
            )}
          </span>
        );
      },
    },
    {
      id: "changed_fields",
      header: "Changed",
      meta: { className: "hidden lg:table-cell" },
      cell: ({ row: { original: e } }) => <span className="break-words text-slate-700">{e.changed_fields.map(fieldLabel).join(", ")}</span>,
    },
    { id: "ip", header: "IP Address", meta: { className: "hidden md:table-cell whitespace-nowrap" }, cell: ({ row: { original: e } }) => e.ip },
  ];
}
