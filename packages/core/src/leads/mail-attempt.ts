import { isConditionalFailure } from "../db/errors";
import { retryDelaysFromEnv } from "../retry-delays";
import type { LeadMailStatus } from "./attributes";

/** A claim older than this is a crashed sender's: another may take the mail over. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Waits between attempts (then the mail is marked failed): 4 attempts over about 35 s. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 8_000, 25_000];

/** The mail bookkeeping a lead or a subscriber carries (leads/attributes.ts). */
export type MailFields = {
  mail_status?: LeadMailStatus;
  mail_attempts?: number;
  mail_claimed_at?: string;
  mail_next_attempt_at?: string;
  mail_sent_at?: string;
  mail_error?: string;
};

/** The state a record must still be in for a move (a conditional write). */
export type MailCondition =
  | { status: "pending" | "failed" }
  /** The claim this sender holds. */
  | { status: "sending"; claimedAt: string }
  /** An attempt whose sender crashed: its claim has lapsed and no retry is waiting. */
  | { status: "sending"; claimedBefore: string }
  /** A retry waiting for this time: the trigger of its turn takes it. */
  | { status: "sending"; nextAttemptAt: string };

type Ops = { eq: (a: unknown, v: unknown) => string; lt: (a: unknown, v: unknown) => string; notExists: (a: unknown) => string };
type Attrs = { mail_status: unknown; mail_claimed_at: unknown; mail_next_attempt_at: unknown };

/** ElectroDB's `where` for a condition, on any entity with the mail attributes. */
export const mailWhere =
  (when: MailCondition) =>
  (a: Attrs, { eq, lt, notExists }: Ops) => {
    const status = eq(a.mail_status, when.status);
    if ("claimedAt" in when) return `${status} AND ${eq(a.mail_claimed_at, when.claimedAt)}`;
    if ("claimedBefore" in when) return `${status} AND ${lt(a.mail_claimed_at, when.claimedBefore)} AND ${notExists(a.mail_next_attempt_at)}`;
    if ("nextAttemptAt" in when) return `${status} AND ${eq(a.mail_next_attempt_at, when.nextAttemptAt)}`;
    return status;
  };

/** How the attempt reads and moves one record (a lead, a subscriber). `patch` throws a conditional failure when `when` no longer holds. */
export interface MailStore<T extends MailFields> {
  read(): Promise<T | undefined>;
  patch(set: MailFields, remove: (keyof MailFields)[], when: MailCondition): Promise<void>;
}

export interface MailAttemptOptions {
  /** How the next attempt is scheduled: the lead-mail queue in AWS, the runtime's timers locally. */
  later: (delayMs: number) => Promise<void> | void;
  retryDelaysMs?: readonly number[] | undefined;
  now?: () => Date;
}

async function moved(step: Promise<void>): Promise<boolean> {
  try {
    await step;
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
}

/**
 * One attempt at the mail a record has due, exactly once: the record is claimed by a conditional
 * write first (`pending`; a retry whose time has come, by its `mail_next_attempt_at`; or a crashed
 * sender's lapsed claim), so a second trigger (a stream record or queue message received twice, a
 * Resend clicked twice, a restart) finds it taken and does nothing. A retry's trigger that comes
 * early is handed back to `later`. A failed attempt is recorded (`mail_attempts`, `mail_error`)
 * and, while the schedule has a wait left, the record stays `sending` with `mail_next_attempt_at`
 * (not `pending`: the stream's filter does not fire again) and `later` is told; after the last
 * attempt it is `failed`. Never sleeps. Answers the record's mail state after this call, or
 * undefined when this call did nothing (already sent or failed, claimed by another, deleted).
 */
export async function attemptMail<T extends MailFields>(
  store: MailStore<T>,
  label: string,
  send: (record: T) => Promise<void>,
  options: MailAttemptOptions,
): Promise<LeadMailStatus | undefined> {
  const now = options.now?.() ?? new Date();
  const nowIso = now.toISOString();
  const record = await store.read();
  if (record?.mail_status !== "pending" && record?.mail_status !== "sending") return undefined;
  let when: MailCondition;
  if (record.mail_status === "pending") when = { status: "pending" };
  else if (record.mail_next_attempt_at) {
    if (record.mail_next_attempt_at > nowIso) {
      await options.later(Date.parse(record.mail_next_attempt_at) - now.getTime());
      return "sending";
    }
    when = { status: "sending", nextAttemptAt: record.mail_next_attempt_at };
  } else when = { status: "sending", claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS).toISOString() };
  if (!(await moved(store.patch({ mail_status: "sending", mail_claimed_at: nowIso }, ["mail_next_attempt_at"], when)))) return undefined;

  // A new mail (a new lead, Resend, a subscriber's next mail) starts its schedule again.
  const attempts = record.mail_status === "pending" ? 1 : (record.mail_attempts ?? 0) + 1;
  const ours: MailCondition = { status: "sending", claimedAt: nowIso };
  try {
    await send(record);
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    console.warn(`${label}, attempt ${attempts}, failed: ${error}`);
    const delay = (options.retryDelaysMs ?? retryDelaysFromEnv() ?? DEFAULT_RETRY_DELAYS_MS)[attempts - 1];
    if (delay === undefined) return (await moved(store.patch({ mail_status: "failed", mail_attempts: attempts, mail_error: error }, [], ours))) ? "failed" : undefined;
    const next = new Date(Date.now() + delay).toISOString();
    // Taken over, deleted or made due again meanwhile: that outcome stands, and schedules its own.
    if (!(await moved(store.patch({ mail_attempts: attempts, mail_error: error, mail_next_attempt_at: next }, [], ours)))) return undefined;
    await options.later(delay);
    return "sending";
  }
  return (await moved(store.patch({ mail_status: "sent", mail_sent_at: new Date().toISOString(), mail_attempts: attempts }, ["mail_error"], ours))) ? "sent" : undefined;
}
