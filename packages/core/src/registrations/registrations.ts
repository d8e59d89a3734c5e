import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { z } from "zod";
import { registrationStatuses, type RegistrationStats, type RegistrationStatus, type registrationListQuery } from "../contract/admin";
import type { registrationInput } from "../contract/registrations";
import { Counters, counters, tally } from "../counters/counters";
import { acrossYears, backfillAcrossYears, bucketOf, searchText } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { newestAcrossYears, pageAcrossYears, type Page } from "../db/paging";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { leadStored } from "../leads/outbox";
import type { CourseRegistrationEntity } from "./entity";

export type CourseRegistration = EntityItem<typeof CourseRegistrationEntity>;
type NewRegistration = Omit<z.output<typeof registrationInput>, "website">;
const notFound = () => new NotFoundError("Registration not found");

const searchOf = (r: Pick<CourseRegistration, "name" | "email" | "phone" | "company" | "course_interest" | "additional_notes">) =>
  searchText(r.name, r.email, r.phone, r.company, r.course_interest, r.additional_notes);

export const CourseRegistrations = {
  /** The stored form of a new registration (bulk loads such as the bench write these directly, then recount). */
  record(input: NewRegistration, created_at = new Date().toISOString()) {
    return {
      ...input,
      id: randomUUID(),
      status: "pending" as const,
      created_at,
      bucket: bucketOf(created_at),
      search: searchOf(input),
    };
  },

  async create(input: NewRegistration, created_at = new Date().toISOString()): Promise<CourseRegistration> {
    const { data } = await db().courseRegistration.create({ ...CourseRegistrations.record(input, created_at), mail_status: "pending" }).go();
    await Counters.change(tally.registration, undefined, data);
    leadStored("registration", data.id);
    return data;
  },

  async get(id: string): Promise<CourseRegistration> {
    const { data } = await db().courseRegistration.get({ id }).go();
    if (!data) throw notFound();
    return data;
  },

  /** Every registration, newest first: one Query per year partition (the recount, not request paths). */
  async listAll(): Promise<CourseRegistration[]> {
    return acrossYears((bucket) => db().courseRegistration.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
  },

  /** One page of the admin list, newest first; search and the status filter run over every registration. */
  async list(query: z.output<typeof registrationListQuery>): Promise<Page<CourseRegistration>> {
    const { q, status, limit, cursor } = query;
    const filtered = Boolean(q || status !== "all");
    return pageAcrossYears({
      entity: db().courseRegistration,
      list: "registrations",
      filters: { q, status },
      limit,
      cursor,
      filtered,
      query: (bucket, page) => {
        const byYear = db().courseRegistration.query.byYear({ bucket });
        if (!filtered) return byYear.go(page);
        return byYear
          .where((r, op) => [q ? op.contains(r.search, q) : "", status === "all" ? "" : op.eq(r.status, status)].filter(Boolean).join(" AND "))
          .go(page);
      },
    });
  },

  /** The `n` newest registrations (the Overview): `limit n` on the newest year partitions. */
  async newest(n: number) {
    return newestAcrossYears(n, (bucket, limit) =>
      db()
        .courseRegistration.query.byYear({ bucket })
        .go({ limit, order: "desc", attributes: ["id", "name", "email", "course_interest", "created_at"] }),
    );
  },

  /** The Registrations screen's figures, from counters: one BatchGet. */
  async stats(): Promise<RegistrationStats> {
    const [total = 0, ...byStatus] = await Counters.read([counters.registrationsTotal, ...registrationStatuses.map(counters.registrationsWithStatus)]);
    return { total, by_status: registrationStatuses.map((status, i) => ({ status, count: byStatus[i] ?? 0 })) };
  },

  /**
   * Moves a registration to another status. The write is conditional on the status being a
   * different one and returns the status it replaced, so the counters move from exactly that status,
   * once, however many requests race.
   */
  async setStatus(id: string, status: RegistrationStatus): Promise<CourseRegistration> {
    let before: CourseRegistration;
    try {
      const { data } = await db()
        .courseRegistration.patch({ id })
        .set({ status })
        .where((r, { ne }) => ne(r.status, status))
        .go({ response: "all_old" });
      before = data as CourseRegistration;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      return CourseRegistrations.get(id); // already in that status (unchanged), or 404
    }
    const after = { ...before, status };
    await Counters.change(tally.registration, before, after);
    return after;
  },

  async remove(id: string) {
    return Counters.removed(tally.registration, () => db().courseRegistration.remove({ id }).go({ response: "all_old" }), notFound);
  },

  /** Writes the hidden search attribute of registrations stored before it existed (the recount). */
  backfillSearch: () =>
    backfillAcrossYears(
      (bucket) =>
        db()
          .courseRegistration.query.byYear({ bucket })
          .where((r, { notExists }) => notExists(r.search))
          .go({ pages: "all" }),
      (r) => db().courseRegistration.patch({ id: r.id }).set({ search: searchOf(r) }).go({ response: "none" }),
    ),
};
