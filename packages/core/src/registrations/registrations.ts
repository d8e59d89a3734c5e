import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { z } from "zod";
import {
  registrationStatuses,
  type RegistrationBulkAction,
  type RegistrationFilters,
  type RegistrationStats,
  type RegistrationStatus,
  type registrationListQuery,
} from "../contract/admin";
import type { registrationInput } from "../contract/registrations";
import { Counters, counters, tally } from "../counters/counters";
import { bucketOf, searchText } from "../db/attributes";
import { db } from "../db/service";
import { leadInbox, type BulkTarget, type Change, type LeadEntity } from "../leads/inbox";
import type { RegistrationEntity } from "./entity";

export type Registration = EntityItem<typeof RegistrationEntity>;
type NewRegistration = Omit<z.output<typeof registrationInput>, "website">;

const searchOf = (r: Pick<Registration, "name" | "email" | "phone" | "company" | "course_interest" | "additional_notes">) =>
  searchText(r.name, r.email, r.phone, r.company, r.course_interest, r.additional_notes);

const inbox = leadInbox<Registration, RegistrationFilters>({
  kind: "registration",
  list: "registrations",
  entity: () => db().courseRegistration as unknown as LeadEntity,
  tally: tally.registration,
  total: counters.registrationsTotal,
  notFound: "Registration not found",
  searchOf,
  conditions: (r, op, { q, status }) => [q ? op.contains(r.search, q) : "", status === "all" ? "" : op.eq(r.status, status)],
  newestAttributes: ["id", "name", "email", "course_interest", "created_at"],
});

/**
 * Another status, conditional on the status being a different one: the write returns the status it
 * replaced, so the counters move from exactly that status, once, however many requests race.
 */
const statusStep =
  (status: RegistrationStatus) =>
  (id: string): Promise<Change<Registration>> =>
    inbox.patchIf(id, { status }, (r, { ne }) => ne(r.status, status));

export const Registrations = {
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

  create: (input: NewRegistration, created_at = new Date().toISOString()): Promise<Registration> =>
    inbox.create(Registrations.record(input, created_at) as Registration),
  get: inbox.get,
  listAll: inbox.listAll,
  /** One page of the admin list, newest first; search and the status filter run over every registration. */
  list: (query: z.output<typeof registrationListQuery>) => inbox.list(query),
  count: inbox.count,
  /** The `n` newest registrations (the Overview). */
  newest: (n: number) => inbox.newest(n) as Promise<Pick<Registration, "id" | "name" | "email" | "course_interest" | "created_at">[]>,
  backfillSearch: inbox.backfillSearch,

  /** The Registrations screen's figures, from counters: one BatchGet. */
  async stats(): Promise<RegistrationStats> {
    const [total = 0, ...byStatus] = await Counters.read([counters.registrationsTotal, ...registrationStatuses.map(counters.registrationsWithStatus)]);
    return { total, by_status: registrationStatuses.map((status, i) => ({ status, count: byStatus[i] ?? 0 })) };
  },

  /** Moves a registration to another status (unchanged when already there; 404 when there is none). */
  setStatus: async (id: string, status: RegistrationStatus): Promise<Registration> => (await inbox.changeOne(id, statusStep(status))) ?? inbox.get(id),

  remove: (id: string) => inbox.remove(id, inbox.removeStep),

  /** Change status or Delete on the listed registrations, or on every match of a filter (in batches). */
  bulk: (action: RegistrationBulkAction, status: RegistrationStatus | undefined, target: BulkTarget<RegistrationFilters>) =>
    inbox.bulk(target, action === "delete" ? inbox.removeStep : statusStep(status ?? "pending")),
};
