import { config } from "../config";
import { retryDelaysFromEnv } from "../retry-delays";
import type { Message } from "../messages/messages";
import { isConditionalFailure } from "../db/errors";
import type { Registration } from "../registrations/registrations";
import { SiteSettings } from "../settings/settings";
import type { LeadMailStatus } from "./attributes";
import { bodyText, headerText } from "./mail-text";
import { emitLeadMailFailure } from "./metric";
import type { LeadKind } from "./outbox";
import { patchLead, readLead, type Lead, type MailFields } from "./state";
import { mailTransport, type LeadMail, type MailTransport } from "./transport";

export type { LeadKind };

/** A claim older than this is a crashed sender's: another may take the lead over. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Waits between attempts (then the lead is marked failed): 4 attempts over about 35 s. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 8_000, 25_000];

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

/**
 * Claims a pending lead for sending (a conditional write: of two senders, one wins), or takes over
 * a claim whose lease ran out. Answers the claimed lead, or undefined when there is nothing to send
 * (already sent, failed, or claimed by a live sender).
 */
async function claim(kind: LeadKind, id: string, now: Date): Promise<Lead | undefined> {
  const lead = await readLead(kind, id);
  if (lead?.mail_status !== "pending" && lead?.mail_status !== "sending") return undefined;
  // A lead being sent is taken over only when its claim has expired (checked by the condition).
  const when = lead.mail_status === "pending" ? { status: "pending" as const } : { status: "sending" as const, claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS).toISOString() };
  try {
    await patchLead(kind, id, { mail_status: "sending", mail_claimed_at: now.toISOString() }, when);
  } catch (err) {
    if (isConditionalFailure(err)) return undefined;
    throw err;
  }
  return lead;
}

async function settle(kind: LeadKind, id: string, set: MailFields) {
  await patchLead(kind, id, set).catch((err: unknown) => {
    // Deleted while it was being mailed: nothing left to record.
    if (!isConditionalFailure(err)) throw err;
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DeliverOptions {
  transport?: MailTransport;
  retryDelaysMs?: readonly number[];
}

/**
 * Sends the mail of one stored lead, retrying with backoff, exactly once: the lead is claimed by a
 * conditional write first, so a second sender (a retried stream record, a Resend clicked twice, a
 * restart) finds it sending or sent and does nothing. After the last failed attempt the lead is
 * marked failed and the failure metric is emitted. Never throws for a mail failure.
 */
export async function deliverLeadMail(kind: LeadKind, id: string, options: DeliverOptions = {}): Promise<LeadMailStatus | undefined> {
  const lead = await claim(kind, id, new Date());
  if (!lead) return undefined;
  const delays = options.retryDelaysMs ?? retryDelaysFromEnv() ?? DEFAULT_RETRY_DELAYS_MS;
  const transport = options.transport ?? mailTransport();
  let attempts = 0;
  let lastError = "";
  // Read once per delivery, and again while there is no one to send to (a setting fixed meanwhile).
  let to: string[] = [];
  for (let i = 0; i <= delays.length; i++) {
    attempts++;
    try {
      if (!to.length) to = await leadRecipients();
      if (!to.length) throw new Error("No recipient: set notification_emails or contact_email in Settings");
      await transport.send(composeLeadMail(kind, lead, to));
      await settle(kind, id, { mail_status: "sent", mail_sent_at: new Date().toISOString(), mail_attempts: attempts });
      return "sent";
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      console.warn(`Lead mail for ${kind} ${id}, attempt ${attempts}, failed: ${lastError}`);
      if (i < delays.length) {
        // Keep the claim fresh while waiting, so no one takes the lead over mid-retry.
        await settle(kind, id, { mail_claimed_at: new Date().toISOString(), mail_attempts: attempts });
        await sleep(delays[i]!);
      }
    }
  }
  await settle(kind, id, { mail_status: "failed", mail_attempts: attempts, mail_error: lastError.slice(0, 500) });
  emitLeadMailFailure(kind, id);
  return "failed";
}


