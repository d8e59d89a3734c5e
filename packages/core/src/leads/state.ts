import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, NotFoundError } from "../errors";
import type { Message } from "../messages/messages";
import type { Registration } from "../registrations/registrations";
import type { LeadMailStatus } from "./attributes";
import { mailWhere, type MailCondition, type MailFields } from "./mail-attempt";
import { leadStored, type LeadKind } from "./outbox";

/** The mail state of leads (attributes.ts): reads and conditional moves, shared by the sender and Resend. */
export type Lead = (Message | Registration) & { mail_status?: LeadMailStatus };

/**
 * Sets (and removes) mail fields on a lead that exists, when its mail state is still `when` (a
 * conditional failure means someone else moved it first, or it was deleted).
 */
export async function patchLead(kind: LeadKind, id: string, set: MailFields, when: MailCondition, remove: (keyof MailFields)[] = []) {
  const where = mailWhere(when) as never;
  if (kind === "message") await db().contactSubmission.patch({ id }).set(set).remove(remove).where(where).go({ response: "none" });
  else await db().courseRegistration.patch({ id }).set(set).remove(remove).where(where).go({ response: "none" });
}

/** A lead as stored, its hidden mail bookkeeping (attempts, next attempt) included: the sender's read. */
export async function readLeadWithMail(kind: LeadKind, id: string): Promise<(Lead & MailFields) | undefined> {
  const raw = { data: "raw" } as const;
  const { data } = await (kind === "message" ? db().contactSubmission.get({ id }).go(raw) : db().courseRegistration.get({ id }).go(raw));
  return (data as unknown as { Item?: Lead & MailFields } | null)?.Item;
}

export async function readLead(kind: LeadKind, id: string): Promise<Lead | undefined> {
  const { data } = await (kind === "message" ? db().contactSubmission.get({ id }).go() : db().courseRegistration.get({ id }).go());
  return (data ?? undefined) as Lead | undefined;
}

/**
 * Resend (the inbox's action on a failed notification): the lead goes back to pending, once (a
 * second click finds it pending or sending: 409), and the sender is told.
 */
export async function resendLeadMail(kind: LeadKind, id: string): Promise<Lead> {
  const lead = await readLead(kind, id);
  if (!lead) throw new NotFoundError(kind === "message" ? "Message not found" : "Registration not found");
  if (lead.mail_status !== "failed") throw new ConflictError("Only a failed notification can be sent again");
  try {
    await patchLead(kind, id, { mail_status: "pending" }, { status: "failed" });
  } catch (err) {
    if (isConditionalFailure(err)) throw new ConflictError("Only a failed notification can be sent again");
    throw err;
  }
  leadStored(kind, id);
  return { ...lead, mail_status: "pending" } as Lead;
}
