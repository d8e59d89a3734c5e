import type { EntityItem } from "electrodb";
import type { z } from "zod";
import type { contactInput } from "../contract/contact";
import { acrossYears, bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { ContactSubmissionEntity } from "./entity";

export type ContactSubmission = EntityItem<typeof ContactSubmissionEntity>;
const notFound = () => new NotFoundError("Message not found");

export const ContactSubmissions = {
  async create(input: Omit<z.output<typeof contactInput>, "website">): Promise<ContactSubmission> {
    const created_at = new Date().toISOString();
    const { name, email, company, message, form_type } = input;
    const { data } = await db()
      .contactSubmission.create({ name, email, company, message, form_type, is_read: false, created_at, bucket: bucketOf(created_at) })
      .go();
    return data;
  },
  /** Every message, newest first: one Query per year partition. */
  async listAll(): Promise<ContactSubmission[]> {
    return acrossYears((bucket) => db().contactSubmission.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
  },
  async setRead(id: string, is_read: boolean): Promise<ContactSubmission> {
    try {
      const { data } = await db().contactSubmission.patch({ id }).set({ is_read }).go({ response: "all_new" });
      return data as ContactSubmission;
    } catch (err) {
      if (isConditionalFailure(err)) throw notFound();
      throw err;
    }
  },
  /** Marks every unread message read; returns how many changed. Each step is idempotent. */
  async markAllRead(): Promise<number> {
    const unread = (await ContactSubmissions.listAll()).filter((m) => !m.is_read);
    await Promise.all(unread.map((m) => ContactSubmissions.setRead(m.id, true).catch(() => undefined)));
    return unread.length;
  },
  async remove(id: string): Promise<void> {
    try {
      await db().contactSubmission.remove({ id }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw notFound();
      throw err;
    }
  },
};
