import { describe, expect, it } from "vitest";
import { db } from "../db/service";
import { exportSite } from "../site-export/export";
import { importSite } from "../site-export/import";
import { restorers } from "../trash/restore";
import { Trash } from "../trash/trash";
import { NewsletterLinks } from "./links";
import { Newsletter, subscriberId } from "./newsletter";

// The links' signing key (the runtime makes its own): confirming goes through a real link.
process.env.PREVIEW_LINK_SECRET ??= "integration-test-link-secret";

const by = { type: "admin" as const, id: "admin-1", name: "Test Admin" };
const address = () => `reader-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Signs `email` up and confirms it through its link. */
async function confirmed(email = address()) {
  await Newsletter.subscribe(email);
  const id = subscriberId(email);
  const stored = await Newsletter.get(id);
  await Newsletter.confirm(NewsletterLinks.confirmToken(id, stored!.nonce!));
  return id;
}

describe("a deleted newsletter subscriber", () => {
  it("is kept whole for the Trash and uncounted; restored, it is back with its status and confirmed_at, counted again", async () => {
    const id = await confirmed();
    const before = await Newsletter.get(id);
    const counts = await Newsletter.stats();

    const removed = await Newsletter.remove(id);
    expect(removed).toMatchObject({ id, email: before!.email, status: "confirmed", confirmed_at: before!.confirmed_at });
    expect(await Newsletter.get(id)).toBeUndefined();
    expect(await Newsletter.stats()).toEqual({ ...counts, total: counts.total - 1, confirmed: counts.confirmed - 1 });

    const kept = await Trash.keep("newsletter-subscribers", removed, by);
    expect(kept).toMatchObject({ entity: "newsletter-subscribers", entity_id: id, label: before!.email });
    const restored = await restorers["newsletter-subscribers"]((await Trash.get(kept.id)).record as never);
    expect(restored).toEqual({ id, email: before!.email, status: "confirmed", created_at: before!.created_at, confirmed_at: before!.confirmed_at });
    expect(await Newsletter.stats()).toEqual(counts);
    // Found by its address again (the search text is written back).
    const found = await Newsletter.list({ q: before!.email.slice(0, 12), status: "confirmed", limit: 50 });
    expect(found.items.map((s) => s.id)).toContain(id);
  });

  it("is not restored over the address's newer signup: 409, and the newer record stands", async () => {
    const email = address();
    const id = await confirmed(email);
    const removed = await Newsletter.remove(id);
    await Newsletter.subscribe(email);
    await expect(restorers["newsletter-subscribers"](removed as never)).rejects.toMatchObject({ status: 409 });
    expect((await Newsletter.get(id))?.status).toBe("pending");
  });
});

describe("subscribers in a site export", () => {
  it("are exported with their status and imported back, searchable and counted, a confirmation still due not sent again", async () => {
    const kept = await confirmed();
    const waiting = address();
    await Newsletter.subscribe(waiting);
    const doc = await exportSite();
    const ids = doc.newsletter_subscribers.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([kept, subscriberId(waiting)]));
    expect(doc.newsletter_subscribers.find((s) => s.id === kept)).toMatchObject({ status: "confirmed" });
    const counts = await Newsletter.stats();

    // Replaced by a site without them, then by the export again.
    const empty = { ...doc, newsletter_subscribers: [] };
    await importSite(empty, doc);
    expect(await Newsletter.get(kept)).toBeUndefined();
    expect((await Newsletter.stats()).total).toBe(0);
    const result = await importSite(doc, await exportSite());
    expect(result.newsletter_subscribers).toBe(doc.newsletter_subscribers.length);
    expect(await Newsletter.stats()).toEqual(counts);
    expect((await Newsletter.get(kept))?.status).toBe("confirmed");
    expect(
      (
        await db()
          .newsletterSubscriber.get({ id: subscriberId(waiting) })
          .go()
      ).data?.mail_status,
    ).toBe("failed");
    const found = await Newsletter.list({ q: waiting.slice(0, 12), status: "all", limit: 50 });
    expect(found.items.map((s) => s.id)).toEqual([subscriberId(waiting)]);
  });
});
