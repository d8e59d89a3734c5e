import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, NotFoundError } from "../errors";
import type { Message } from "../messages/messages";
import type { Registration } from "../registrations/registrations";
import type { LeadMailStatus } from "./attributes";
import { leadStored, type LeadKind } from "./outbox";

/** The mail state of leads (attributes.ts): reads and conditional moves, shared by the sender and Resend. */
export type Lead = (Message | Registration) & { mail_status?: LeadMailStatus };

export type MailFields = { mail_status?: LeadMailStatus; mail_attempts?: number; mail_claimed_at?: string; mail_sent_at?: string; mail_error?: string };

/**
 * Sets mail fields on a lead that exists, when its mail state is still `when.status` (and, for a
 * claim taken over, its claim older than `when.claimedBefore`). A conditional failure means someone
 * else moved it first.
 */
export async function patchLead(kind: LeadKind, id: string, set: MailFields, when?: { status: LeadMailStatus; claimedBefore?: string }) {
  type Ops = { eq: (a: unknown, v: unknown) => string; lt: (a: unknown, v: unknown) => string };
  const where = (a: { mail_status: unknown; mail_claimed_at: unknown }, { eq, lt }: Ops) =>
    when!.claimedBefore === undefined ? eq(a.mail_status, when!.status) : `${eq(a.mail_status, when!.status)} AND ${lt(a.mail_claimed_at, when!.claimedBefore)}`;
  if (kind === "message") {
    const q = db().contactSubmission.patch({ id }).set(set);
    await (when ? q.where(where) : q).go({ response: "none" });
  } else {
    const q = db().courseRegistration.patch({ id }).set(set);
    await (when ? q.where(where) : q).go({ response: "none" });
  }
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
