import { useEffect, useId, useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { KeyRound, Pencil, Plus, ScrollText, Send, Trash2, Webhook } from "lucide-react";
import { fieldErrors } from "@agency/core/contract/common";
import {
  webhookEvents,
  webhookInput,
  type AdminWebhook,
  type AdminWebhookDelivery,
  type CreatedWebhook,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from "@agency/core/contract/webhooks";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge, type BadgeTone } from "../../components/admin/badge";
import { actionPrimary } from "../../components/admin/classes";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { DialogHeader } from "../../components/admin/dialog-header";
import { EditorDialog } from "../../components/admin/editor-dialog";
import { EmptyState } from "../../components/admin/empty-state";
import { CheckboxField, TextField } from "../../components/admin/form-fields";
import { RowAction } from "../../components/admin/row-actions";
import { SettingsSection } from "../../components/admin/settings-section";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useRecordEditor } from "../../components/admin/use-record-editor";
import { CopyField } from "../../components/admin/copy-field";
import { Modal } from "../../components/ui/modal";
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useSendTestEvent, useUpdateWebhook, useWebhooks } from "./admin-api";

const eventHints: Record<WebhookEvent, string> = {
  "lead.created": "A visitor sent the contact form.",
  "registration.created": "A visitor registered for a course.",
  "subscriber.confirmed": "A newsletter signup confirmed their address.",
  "post.published": "A blog post went public.",
};

type WebhookValues = { url: string } & Record<WebhookEvent, boolean>;
const labels = { url: "Endpoint URL", ...Object.fromEntries(webhookEvents.map((e) => [e, e])) } as Record<keyof WebhookValues, string>;

const toValues = (w: AdminWebhook | undefined): WebhookValues => ({
  url: w?.url ?? "",
  ...(Object.fromEntries(webhookEvents.map((e) => [e, w ? w.events.includes(e) : false])) as Record<WebhookEvent, boolean>),
});
const toInput = (v: WebhookValues) => ({ url: v.url.trim(), events: webhookEvents.filter((e) => v[e]) });

/** The API's rules (webhookInput) before the call; an event's problem is shown once, on the events. */
function validate(values: WebhookValues): Record<string, string> | undefined {
  const parsed = webhookInput.safeParse(toInput(values));
  return parsed.success ? undefined : eventsFolded(fieldErrors(parsed.error));
}
/** `events.0` (an unknown event) and `events` are both the events group's message. */
function eventsFolded(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) out[k.startsWith("events") ? "events" : k] ??= v;
  return out;
}

/** Add or edit an endpoint: its URL and one checkbox per event. A new one's secret is shown after (SecretDialog). */
function WebhookEditor({ webhook, onClose, onCreated }: { webhook: AdminWebhook | undefined; onClose: () => void; onCreated: (w: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const eventsId = useId();
  const editor = useRecordEditor<AdminWebhook, WebhookValues>({
    record: webhook,
    toValues,
    labels,
    validate,
    save: ({ values, record }) => (record ? update.mutateAsync({ id: record.id, input: toInput(values) }) : create.mutateAsync(toInput(values))),
    success: (_saved, created) => (created ? "Webhook added" : "Webhook saved"),
    fallback: (created) => (created ? "Failed to add the webhook" : "Failed to save the webhook"),
    // A new endpoint's dialog gives way to its secret; an edit just closes.
    onSaved: (saved, created) => (created ? onCreated(saved as CreatedWebhook) : onClose()),
  });
  const { values, set } = editor;
  const errors = eventsFolded(editor.errors);
  return (
    <EditorDialog open title={webhook ? "Edit endpoint" : "Add endpoint"} editor={editor} onClose={onClose} saveLabel={webhook ? "Save" : "Add endpoint"}>
      <TextField
        label={labels.url}
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        value={values.url}
        onChange={(v) => set("url", v)}
        error={errors.url}
        hint="Where each event is sent, as a signed JSON POST. An https:// address your tool gives you."
      />
      <fieldset aria-describedby={errors.events ? `${eventsId}-error` : undefined} aria-invalid={errors.events ? true : undefined} className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Events</legend>
        {webhookEvents.map((e) => (
          <CheckboxField key={e} label={e} hint={eventHints[e]} checked={values[e]} onChange={(checked) => set(e, checked)} />
        ))}
        {errors.events && (
          <p id={`${eventsId}-error`} className="text-sm font-medium text-red-800">
            {errors.events}
          </p>
        )}
      </fieldset>
    </EditorDialog>
  );
}

/** The new endpoint's secret, once: no later answer carries it. */
function SecretDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-lg">
      <DialogHeader id={titleId} title="Webhook signing secret" onClose={onClose} />
      <div className="space-y-4 px-6 py-5" data-testid="webhook-secret">
        <p className="text-sm text-slate-700">
          Every delivery to <span className="font-medium [overflow-wrap:anywhere]">{webhook.url}</span> is signed with this secret in the X-Arcline-Signature header. Give it to the
          tool that receives them.
        </p>
        <p role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          <KeyRound aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          Copy the secret now: it will not be shown again.
        </p>
        <CopyField label="Signing secret" value={webhook.secret} noun="secret" />
        <div className="flex justify-end">
          <button type="button" className={actionPrimary} onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Modal>
  );
}

const statusLabels: Record<WebhookDeliveryStatus, string> = { pending: "Waiting", sending: "Sending", delivered: "Delivered", failed: "Failed" };
const statusTones: Record<WebhookDeliveryStatus, BadgeTone> = { pending: "amber", sending: "blue", delivered: "green", failed: "red" };
const inFlight = (d: AdminWebhookDelivery) => d.status === "pending" || d.status === "sending";

const deliveryColumns: ColumnDef<AdminWebhookDelivery>[] = [
  { id: "event", header: "Event", cell: ({ row: { original: d } }) => <span className="font-mono text-xs text-slate-900">{d.event}</span> },
  {
    id: "status",
    header: "Status",
    cell: ({ row: { original: d } }) => (
      <span className="flex flex-col items-start gap-1">
        <Badge tone={statusTones[d.status]}>{statusLabels[d.status]}</Badge>
        {d.error && d.status !== "delivered" && <span className="text-xs [overflow-wrap:anywhere] text-slate-600">{d.error}</span>}
      </span>
    ),
  },
  dateColumn<AdminWebhookDelivery>("created_at", "Time", (d) => d.created_at, { wrap: true }),
  { id: "attempts", header: "Attempts", cell: ({ row: { original: d } }) => d.attempts },
  {
    id: "response",
    header: "Response",
    cell: ({ row: { original: d } }) => (d.response_status === null ? (d.attempts ? "No answer" : "Not sent yet") : `HTTP ${d.response_status}`),
  },
];

/** One endpoint's deliveries, newest first, and "Send test event"; refreshed while one is on its way. */
function DeliveriesDialog({ webhook, onClose }: { webhook: AdminWebhook; onClose: () => void }) {
  const titleId = useId();
  const list = useDeliveries(webhook.id);
  const test = useSendTestEvent(webhook.id);
  const toast = useToast();
  const showError = useApiErrorHandler();
  const waiting = list.rows.some(inFlight);
  const { refetch } = list;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetch(), 1500);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-3xl">
      <DialogHeader id={titleId} title="Deliveries" onClose={onClose} />
      <div className="space-y-4 px-6 py-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 flex-1 basis-56 text-sm [overflow-wrap:anywhere] text-slate-700">To {webhook.url}. A failed delivery is retried for 24 hours.</p>
          <button
            type="button"
            className={actionPrimary}
            disabled={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => toast.success("Test event sent"),
                onError: (err) => showError(err, { fallback: "Failed to send the test event" }),
              })
            }
          >
            <Send aria-hidden="true" className="h-4 w-4" />
            {test.isPending ? "Sending..." : "Send test event"}
          </button>
        </div>
        <DataTable
          caption="Deliveries"
          {...fromPagedList(list)}
          columns={deliveryColumns}
          getRowId={(d) => d.id}
          empty={<EmptyState icon={ScrollText} title="No deliveries yet" hint="Send a test event to check that your endpoint receives them." />}
        />
      </div>
    </Modal>
  );
}

function webhookColumns(actions: { onDeliveries: (w: AdminWebhook) => void; onEdit: (w: AdminWebhook) => void; onDelete: (w: AdminWebhook) => void }): ColumnDef<AdminWebhook>[] {
  return [
    {
      id: "url",
      header: "URL",
      meta: { className: "min-w-[14rem]" },
      cell: ({ row: { original: w } }) => <span className="font-medium [overflow-wrap:anywhere] text-slate-900">{w.url}</span>,
    },
    {
      id: "events",
      header: "Events",
      cell: ({ row: { original: w } }) => (
        <span className="flex flex-wrap gap-1">
          {w.events.map((e) => (
            <Badge key={e} tone="purple">
              {e}
            </Badge>
          ))}
        </span>
      ),
    },
    dateColumn<AdminWebhook>("created_at", "Created", (w) => w.created_at, { wrap: true }),
    actionsColumn<AdminWebhook>((w) => (
      <>
        <RowAction label="Deliveries" icon={ScrollText} withText onClick={() => actions.onDeliveries(w)} />
        <RowAction label="Edit endpoint" icon={Pencil} onClick={() => actions.onEdit(w)} />
        <RowAction label="Delete endpoint" icon={Trash2} danger onClick={() => actions.onDelete(w)} />
      </>
    )),
  ];
}

type Open = { kind: "add" } | { kind: "edit"; webhook: AdminWebhook } | { kind: "deliveries"; webhook: AdminWebhook } | { kind: "secret"; webhook: CreatedWebhook } | null;

/**
 * Settings' Webhooks (issue 32; the owner and admins): the endpoints that receive signed events,
 * added, edited and deleted here, each with its deliveries log and a test event.
 */
export function WebhooksPanel() {
  const list = useWebhooks();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState<Open>(null);
  const [confirmDialog, deleteWebhook] = useConfirmedDelete<AdminWebhook>({
    title: "Delete endpoint",
    message: "Are you sure you want to delete this endpoint? Nothing more will be sent to it. This action cannot be undone.",
    remove: (w) => remove.mutateAsync(w.id),
    success: "Webhook deleted",
    fallback: "Failed to delete the webhook",
    onReload: () => list.refetch(),
  });
  const columns = useMemo(
    () =>
      webhookColumns({
        onDeliveries: (webhook) => setOpen({ kind: "deliveries", webhook }),
        onEdit: (webhook) => setOpen({ kind: "edit", webhook }),
        onDelete: deleteWebhook,
      }),
    [deleteWebhook],
  );
  const close = () => setOpen(null);
  const addButton = (
    <button type="button" className={actionPrimary} onClick={() => setOpen({ kind: "add" })}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Add endpoint
    </button>
  );
  return (
    <SettingsSection
      icon={Webhook}
      title="Webhooks"
      description="Send new leads, registrations, confirmed subscribers and published posts to your own tools (Slack, Zapier, a CRM), signed with a secret."
      aside={addButton}
    >
      <DataTable
        caption="Webhook endpoints"
        data={list.data ?? []}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        columns={columns}
        getRowId={(w) => w.id}
        empty={<EmptyState icon={Webhook} title="No webhooks yet" hint="Add an endpoint to have each new lead, registration, subscriber or post sent to it." />}
      />
      {(open?.kind === "add" || open?.kind === "edit") && (
        <WebhookEditor
          key={open.kind === "edit" ? open.webhook.id : "new"}
          webhook={open.kind === "edit" ? open.webhook : undefined}
          onClose={close}
          onCreated={(webhook) => setOpen({ kind: "secret", webhook })}
        />
      )}
      {open?.kind === "secret" && <SecretDialog webhook={open.webhook} onClose={close} />}
      {open?.kind === "deliveries" && <DeliveriesDialog webhook={open.webhook} onClose={close} />}
      {confirmDialog}
    </SettingsSection>
  );
}
