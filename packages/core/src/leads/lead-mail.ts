import { config } from "../config";
import type { Message } from "../messages/messages";
import type { Registration } from "../registrations/registrations";
import { SiteSettings } from "../settings/settings";
import type { LeadMailStatus } from "./attributes";
import { bodyText, headerText } from "./mail-text";
import { emitLeadMailFailure } from "./metric";
import { attemptMail } from "./mail-attempt";
import { mailDue, type LeadKind } from "./outbox";
import { patchLead, readLeadWithMail, type Lead } from "./state";
import { mailTransport, type LeadMail, type MailTransport } from "./transport";

export type { LeadKind };

export { CLAIM_LEASE_MS, DEFAULT_RETRY_DELAYS_MS } from "./mail-attempt";

/** The addresses the `notification_emails` setting lists (comma-separated), else `contact_email`. */
export async function leadRecipients(): Promise<string[]> {
  const settings = await SiteSettings.list();
  const value = (key: string) => settings.find((s) => s.key === key)?.value ?? "";
  const list = (v: string) =>
    v
      .split(/[,;\s]+/)
      .map((a) => a.trim())
      .filter((a) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a));
  const listed = list(value("notification_emails"));
  return listed.length ? listed : list(value("contact_email"));
}

/** One line per field, `Label: value`; multi-line values indented under their label. */
const lines = (fields: [string, string | undefined][]) =>
  fields
    .map(([label, v]) => {
      const text = bodyText(v ?? "").trim() || "(not given)";
      return text.includes("\n") ? `${label}:\n  ${text.split("\n").join("\n  ")}` : `${label}: ${text}`;
    })
    .join("\n");

/** The mail announcing a lead: plain text only (visitor text is never HTML), Reply-To the visitor. */
export function composeLeadMail(kind: LeadKind, lead: Lead, to: string[]): LeadMail {
  const admin = `${config.publicUrl}/admin/${kind === "message" ? "messages" : "registrations"}?open=${encodeURIComponent(lead.id)}`;
  const host = new URL(config.publicUrl).hostname || "localhost";
  if (kind === "message") {
    const m = lead as Message;
    return {
      to,
      replyTo: m.email,
      subject: `New enquiry from ${headerText(m.name)}`,
      messageId: `<lead-${m.id}@${host}>`,
      text: `${lines([
        ["Name", m.name],
        ["Email", m.email],
        ["Company", m.company],
        ["Inquiry type", m.form_type],
        ["Received", m.created_at],
        ["Message", m.message],
      ])}\n\nOpen it in the admin: ${admin}\nReply to this mail to answer ${headerText(m.name)} directly.\n`,
    };
  }
  const r = lead as Registration;
  return {
    to,
    replyTo: r.email,
    subject: `New course registration from ${headerText(r.name)}`,
    messageId: `<lead-${r.id}@${host}>`,
    text: `${lines([
      ["Name", r.name],
      ["Email", r.email],
      ["Phone", r.phone],
      ["Company", r.company],
      ["Course", r.course_interest],
      ["Experience", r.experience_level],
      ["Preferred start date", r.preferred_start_date],
      ["Received", r.created_at],
      ["Additional notes", r.additional_notes],
    ])}\n\nOpen it in the admin: ${admin}\nReply to this mail to answer ${headerText(r.name)} directly.\n`,
  };
}

export interface DeliverOptions {
  transport?: MailTransport;
  retryDelaysMs?: readonly number[];
  /** How the next attempt is scheduled: the lead-mail queue in AWS, the runtime's timers locally (the default). */
  later?: (kind: LeadKind, id: string, delayMs: number) => Promise<void> | void;
  now?: () => Date;
}

/**
 * One attempt at the mail of a stored lead, exactly once (leads/mail-attempt.ts): the lead is
 * claimed by a conditional write first, so a second trigger (a stream record or queue message
 * received twice, a Resend clicked twice, a restart) finds it taken and does nothing. A failed
 * attempt is recorded and the next one scheduled through `later` after the backoff's wait; after
 * the last one the lead is marked failed and the failure metric is emitted. Never sleeps, never
 * throws for a mail failure. Answers the lead's mail state after this call (undefined: nothing done).
 */
export async function deliverLeadMail(kind: LeadKind, id: string, options: DeliverOptions = {}): Promise<LeadMailStatus | undefined> {
  const later = options.later ?? ((k: LeadKind, i: string, delayMs: number) => mailDue({ kind: k, id: i }, delayMs));
  const status = await attemptMail<Lead>(
    {
      read: () => readLeadWithMail(kind, id),
      patch: (set, remove, when) => patchLead(kind, id, set, when, remove),
    },
    `Lead mail for ${kind} ${id}`,
    async (lead) => {
      // Read at each attempt, so a setting fixed meanwhile is used by the next one.
      const to = await leadRecipients();
      if (!to.length) throw new Error("No recipient: set notification_emails or contact_email in Settings");
      await (options.transport ?? mailTransport()).send(composeLeadMail(kind, lead, to));
    },
    { later: (delayMs) => later(kind, id, delayMs), retryDelaysMs: options.retryDelaysMs, ...(options.now ? { now: options.now } : {}) },
  );
  if (status === "failed") emitLeadMailFailure(kind, id);
  return status;
}
