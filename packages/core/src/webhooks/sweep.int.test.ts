import { describe, expect, it } from "vitest";
import { db } from "../db/service";
import { CLAIM_LEASE_MS, SWEEP_GRACE_MS, Webhooks, sweepWebhookDeliveries } from "./webhooks";

/**
 * The sweep of deliveries whose trigger was lost, on dynalite: what it hands on, and when, in its
 * two modes (the local runtime's start, which takes every unfinished one; AWS's scheduled sweep,
 * which takes only the stranded ones so a retry waiting in the queue gets no second trigger).
 */
const now = new Date();
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

async function delivery(endpointId: string, set: Record<string, unknown>) {
  const d = await Webhooks.test(endpointId);
  await db().webhookDelivery.patch({ id: d.id }).set(set).go({ response: "none" });
  return d.id;
}

describe("the sweep of stranded webhook deliveries", () => {
  it("hands on overdue waiting ones and lapsed claims; at the local start every unfinished one, when it is due", async () => {
    const hook = await Webhooks.create({ url: "https://hooks.example.com/sweep", events: ["lead.created"] });
    const ids = {
      overdue: await delivery(hook.id, { status: "pending", next_attempt_at: at(-SWEEP_GRACE_MS - 60_000) }),
      justDue: await delivery(hook.id, { status: "pending", next_attempt_at: at(-60_000) }),
      later: await delivery(hook.id, { status: "pending", next_attempt_at: at(10 * 60_000) }),
      lapsedClaim: await delivery(hook.id, { status: "sending", claimed_at: at(-CLAIM_LEASE_MS - 60_000) }),
      freshClaim: await delivery(hook.id, { status: "sending", claimed_at: at(-5_000) }),
      delivered: await delivery(hook.id, { status: "delivered", attempts: 1 }),
      failed: await delivery(hook.id, { status: "failed", attempts: 10 }),
    };
    const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];

    const scheduled: Record<string, number> = {};
    const handed = await sweepWebhookDeliveries({ now, later: (id, delayMs) => void (scheduled[name(id)!] = delayMs) });
    expect(handed.map(name).sort()).toEqual(["lapsedClaim", "overdue"]);
    expect(scheduled).toEqual({ overdue: 0, lapsedClaim: 0 });

    const atStart: Record<string, number> = {};
    await sweepWebhookDeliveries({ now, all: true, later: (id, delayMs) => void (atStart[name(id)!] = delayMs) });
    expect(Object.keys(atStart).sort()).toEqual(["freshClaim", "justDue", "lapsedClaim", "later", "overdue"]);
    expect(atStart).toMatchObject({ overdue: 0, justDue: 0, lapsedClaim: 0, later: 10 * 60_000 });
    // A claim another sender holds is taken over once its lease has run out.
    expect(atStart.freshClaim).toBe(CLAIM_LEASE_MS - 5_000 + 1_000);
  });

  it("leaves a deleted endpoint's deliveries alone: nothing may be sent to it", async () => {
    const hook = await Webhooks.create({ url: "https://hooks.example.com/gone", events: ["lead.created"] });
    const id = await delivery(hook.id, { status: "pending", next_attempt_at: at(-SWEEP_GRACE_MS - 60_000) });
    await Webhooks.remove(hook.id);
    const handed = await sweepWebhookDeliveries({ now, all: true, later: () => undefined });
    expect(handed).not.toContain(id);
  });
});
