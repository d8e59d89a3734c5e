import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/service";
import { Messages } from "../messages/messages";
import { deliverNewsletterMail } from "../newsletter/mail";
import { deliverLeadMail, type LeadKind } from "./lead-mail";
import { DEFAULT_RETRY_DELAYS_MS } from "./mail-attempt";
import { readLeadWithMail } from "./state";
import type { LeadMail, MailTransport } from "./transport";

/**
 * The lead mail's attempts on dynalite, with a transport and a scheduler this test holds: one
 * attempt per call, a failure recorded and its retry handed to `later` with the backoff's wait
 * (never a sleep), the last failure marked failed, and each mail sent once however often it is triggered.
 */
/** Waits far longer than the test's timeout (and the claim's lease): a call that slept would never come back in time. */
const RETRY_MS = [120_000, 480_000, 1_500_000];

/** A mail server this test controls: down (each send fails) or up (each send kept). */
function server(up: boolean) {
  const sent: LeadMail[] = [];
  const state = { up };
  const transport: MailTransport = {
    async send(mail) {
      if (!state.up) throw new Error("Connection refused");
      sent.push(mail);
    },
  };
  return { sent, state, transport };
}

/** The retries handed on: what the queue (AWS) or a timer (locally) would be given. */
function scheduler() {
  const calls: { kind: LeadKind; id: string; delayMs: number }[] = [];
  return { calls, later: (kind: LeadKind, id: string, delayMs: number) => void calls.push({ kind, id, delayMs }) };
}

async function newLead(name: string) {
  // Messages.create tells the sender through the outbox, which has no listener here: this test triggers it.
  const { id } = await Messages.create({ name, email: `${name.toLowerCase()}@example.com`, company: "", message: "Hello", form_type: "general" });
  return id;
}

/** Runs a retry's turn as the queue would: at its time (the clock moved on by the wait, no real wait). */
const at = (delayMs: number) => () => new Date(Date.now() + delayMs + 1);

beforeAll(async () => {
  // The subscriber's mail carries signed links.
  process.env.PREVIEW_LINK_SECRET ??= "integration-test-link-secret";
  await db().siteSetting.create({ id: "contact_email", key: "contact_email", value: "ops@example.com", description: "", type: "text", position: 1 }).go();
});

describe("a lead's mail", () => {
  it("makes one attempt per call: a failure is recorded and its retry scheduled after the backoff's wait, without waiting", async () => {
    const id = await newLead("Ada");
    const mail = server(false);
    const queue = scheduler();
    const started = Date.now();
    // No sleep: the call comes back (a wait of RETRY_MS inside it would outlast the test's timeout).
    expect(await deliverLeadMail("message", id, { transport: mail.transport, later: queue.later, retryDelaysMs: RETRY_MS })).toBe("sending");
    expect(queue.calls).toEqual([{ kind: "message", id, delayMs: RETRY_MS[0] }]);
    const waiting = await readLeadWithMail("message", id);
    expect(waiting).toMatchObject({ mail_status: "sending", mail_attempts: 1, mail_error: "Connection refused" });
    expect(Date.parse(waiting!.mail_next_attempt_at!)).toBeGreaterThanOrEqual(started + RETRY_MS[0]!);

    // The retry's turn: the second attempt goes through, and the lead is sent.
    mail.state.up = true;
    expect(await deliverLeadMail("message", id, { transport: mail.transport, later: queue.later, retryDelaysMs: RETRY_MS, now: at(RETRY_MS[0]!) })).toBe("sent");
    expect(mail.sent).toHaveLength(1);
    expect(await readLeadWithMail("message", id)).toMatchObject({ mail_status: "sent", mail_attempts: 2 });
    expect((await readLeadWithMail("message", id))?.mail_next_attempt_at).toBeUndefined();
    expect(queue.calls).toHaveLength(1);
  });

  it("waits out each wait of the schedule in turn, and after the last attempt is failed", async () => {
    const id = await newLead("Edsger");
    const mail = server(false);
    const queue = scheduler();
    const deliver = (now?: () => Date) => deliverLeadMail("message", id, { transport: mail.transport, later: queue.later, retryDelaysMs: RETRY_MS, ...(now ? { now } : {}) });
    expect(await deliver()).toBe("sending");
    for (const [i, wait] of RETRY_MS.entries()) {
      // A trigger before the retry's time (a message early, a sweep) hands it back for the time left.
      expect(await deliver()).toBe("sending");
      expect(queue.calls.at(-1)!.delayMs).toBeGreaterThan(0);
      expect(queue.calls.at(-1)!.delayMs).toBeLessThanOrEqual(wait);
      const before = queue.calls.length;
      expect(await deliver(at(wait))).toBe(i < RETRY_MS.length - 1 ? "sending" : "failed");
      if (i < RETRY_MS.length - 1) expect(queue.calls.slice(before)).toEqual([{ kind: "message", id, delayMs: RETRY_MS[i + 1] }]);
      else expect(queue.calls).toHaveLength(before);
    }
    expect(await readLeadWithMail("message", id)).toMatchObject({ mail_status: "failed", mail_attempts: RETRY_MS.length + 1, mail_error: "Connection refused" });
    // Failed is final: a late trigger does nothing.
    expect(await deliver(at(60_000))).toBeUndefined();
    expect(mail.sent).toHaveLength(0);
  });

  it("is sent once when its trigger comes twice, at once or after it was sent", async () => {
    const id = await newLead("Grace");
    const mail = server(true);
    const queue = scheduler();
    const deliver = () => deliverLeadMail("message", id, { transport: mail.transport, later: queue.later, retryDelaysMs: RETRY_MS });
    // A stream record delivered twice, handled by two invocations at once: one claim wins.
    const outcomes = await Promise.all([deliver(), deliver()]);
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(await deliver()).toBeUndefined();
    expect(mail.sent).toHaveLength(1);
    expect(queue.calls).toEqual([]);
  });

  it("waiting for its retry, is not taken by a second retry message for the same turn", async () => {
    const id = await newLead("Alan");
    const mail = server(false);
    const queue = scheduler();
    await deliverLeadMail("message", id, { transport: mail.transport, later: queue.later, retryDelaysMs: RETRY_MS });
    mail.state.up = true;
    const turn = () => deliverLeadMail("message", id, { transport: mail.transport, later: queue.later, retryDelaysMs: RETRY_MS, now: at(RETRY_MS[0]!) });
    const outcomes = await Promise.all([turn(), turn()]);
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    expect(await readLeadWithMail("message", id)).toMatchObject({ mail_status: "sent", mail_attempts: 2 });
  });

  it("uses the default schedule of 2, 8 and 25 s when none is given", () => {
    expect(DEFAULT_RETRY_DELAYS_MS).toEqual([2_000, 8_000, 25_000]);
  });
});

describe("a subscriber's mail", () => {
  it("is retried through the scheduler like a lead's, and sent once", async () => {
    const id = "subscriber-retry";
    await db()
      .newsletterSubscriber.create({
        id,
        email: "sub@example.com",
        status: "pending",
        nonce: "n1",
        mail_status: "pending",
        mail_kind: "confirm",
        bucket: "2026",
        search: "sub@example.com",
      })
      .go();
    const mail = server(false);
    const calls: { id: string; delayMs: number }[] = [];
    const later = (i: string, delayMs: number) => void calls.push({ id: i, delayMs });
    expect(await deliverNewsletterMail(id, { transport: mail.transport, later, retryDelaysMs: RETRY_MS })).toBe("sending");
    expect(calls).toEqual([{ id, delayMs: RETRY_MS[0] }]);
    mail.state.up = true;
    const turn = () => deliverNewsletterMail(id, { transport: mail.transport, later, retryDelaysMs: RETRY_MS, now: at(RETRY_MS[0]!) });
    expect((await Promise.all([turn(), turn()])).filter((o) => o === "sent")).toHaveLength(1);
    expect(mail.sent.map((m) => m.subject)).toEqual(["Confirm your newsletter subscription"]);
  });
});
