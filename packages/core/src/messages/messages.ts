import type { EntityItem } from "electrodb";
import type * as z from "../contract/zod";
import type { MessageBulkAction, MessageFilters, MessageStats } from "../contract/admin";
import type { contactInput } from "../contract/contact";
import { CounterDeltas, Counters, counters, tally, utcDay } from "../counters/counters";
import { allBuckets, searchText } from "../db/attributes";
import { db } from "../db/service";
import { keepingRemoved, leadInbox, type BulkTarget, type Change, type LeadEntity } from "../leads/inbox";
import type { MessageEntity } from "./entity";

export type Message = EntityItem<typeof MessageEntity>;
type NewMessage = Omit<z.output<typeof contactInput>, "website">;

/** Mark All Read: one call works this long, then answers how many remain (the screen calls again). */
export const MARK_ALL_READ_BUDGET_MS = 3_000;
/** ...but never answers "none updated" while unread messages remain, unless this long has passed. */
const MARK_ALL_READ_HARD_LIMIT_MS = 7_000;
/** Conditional updates sent at once by Mark All Read. */
const MARK_CONCURRENCY = 50;

const searchOf = (m: Partial<Message>) => searchText(m.name, m.email, m.company, m.message);

const inbox = leadInbox<Message, MessageFilters, NewMessage>({
  kind: "message",
  fields: ({ name, email, company, message, form_type }) => ({ name, email, company, message, form_type, is_read: false }),
  list: "messages",
  entity: () => db().contactSubmission as unknown as LeadEntity,
  tally: tally.message,
  total: counters.contactsTotal,
  notFound: "Message not found",
  searchOf,
  conditions: (m, op, { q, form_type, status }) => [
    q ? op.contains(m.search, q) : "",
    form_type ? op.eq(m.form_type, form_type) : "",
    status === "all" ? "" : op.eq(m.is_read, status === "read"),
  ],
  newestAttributes: ["id", "name", "email", "company", "created_at"],
});

/** Read or unread, conditional on the message being in the other state: only a real change counts. */
const readStep =
  (is_read: boolean) =>
  (id: string): Promise<Change<Message>> =>
    inbox.patchIf(id, { is_read }, (m, { ne }) => ne(m.is_read, is_read));

const bulkSteps: Record<MessageBulkAction, (id: string) => Promise<Change<Message>>> = {
  mark_read: readStep(true),
  mark_unread: readStep(false),
  delete: inbox.removeStep,
};

export const Messages = {
  /** record, create, get, listAll, list (search and filters over every message), count, newest, backfillSearch */
  ...inbox,

  /** The Messages screen's figures, from counters: one BatchGet and one Query of the per-type counters. */
  async stats(now = new Date()): Promise<MessageStats> {
    const [[total = 0, unread = 0, today = 0], types] = await Promise.all([
      Counters.read([counters.contactsTotal, counters.contactsUnread, counters.contactsOfDay(utcDay(now.toISOString()))]),
      Counters.group("contact-types"),
    ]);
    const by_type = types.map(({ name, count }) => ({ form_type: name, count })).sort((a, b) => b.count - a.count || (a.form_type < b.form_type ? -1 : 1));
    return { total, unread, read: Math.max(0, total - unread), today, by_type };
  },

  /**
   * Read or unread. The write is conditional on the message being in the other state, so only a
   * call that really changes it moves the unread counter: a repeated toggle, or one racing Mark All
   * Read, counts once.
   */
  setRead: async (id: string, is_read: boolean): Promise<Message> => (await inbox.changeOne(id, readStep(is_read))) ?? inbox.get(id),

  remove: (id: string) => inbox.remove(id, inbox.removeStep),

  /** Mark read, Mark unread or Delete on the listed messages, or on every match of a filter (in batches). */
  /** `removed` receives each message a Delete deleted (the Trash). */
  bulk: (action: MessageBulkAction, target: BulkTarget<MessageFilters>, removed?: (message: Message) => Promise<unknown>) =>
    inbox.bulk(target, action === "delete" && removed ? keepingRemoved(bulkSteps.delete, removed) : bulkSteps[action]),

  /**
   * Mark All Read, one time-boxed batch: finds unread messages year by year (newest first) and marks
   * each with a conditional update, moving the unread counter by the number this call changed.
   * Stops after MARK_ALL_READ_BUDGET_MS (having changed at least one, if any is left); `remaining` is
   * 0 when every year was gone through, otherwise the unread counter (at least 1), and the screen
   * calls again.
   */
  async markAllRead(): Promise<{ updated: number; remaining: number }> {
    const started = Date.now();
    let updated = 0;
    const outOfTime = () => {
      const spent = Date.now() - started;
      return (spent > MARK_ALL_READ_BUDGET_MS && updated > 0) || spent > MARK_ALL_READ_HARD_LIMIT_MS;
    };
    const unfinished = async () => {
      const [unread = 0] = await Counters.read([counters.contactsUnread]);
      return { updated, remaining: Math.max(1, unread) };
    };
    for (const bucket of allBuckets()) {
      let cursor: string | null = null;
      do {
        if (outOfTime()) return unfinished();
        const page: { data: { id: string }[]; cursor: string | null } = await db()
          .contactSubmission.query.byYear({ bucket })
          .where((m, { eq }) => eq(m.is_read, false))
          .go({ cursor, limit: 1_000, attributes: ["id"] });
        for (let i = 0; i < page.data.length; i += MARK_CONCURRENCY) {
          if (i > 0 && outOfTime()) return unfinished();
          const results = await Promise.all(page.data.slice(i, i + MARK_CONCURRENCY).map((m) => readStep(true)(m.id)));
          const changed = results.filter(Boolean).length;
          updated += changed;
          if (changed) await Counters.apply(new CounterDeltas().add(counters.contactsUnread, -changed));
        }
        cursor = page.cursor;
      } while (cursor);
    }
    return { updated, remaining: 0 };
  },
};
