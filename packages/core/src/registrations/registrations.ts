import type { EntityItem } from "electrodb";
import type * as z from "../contract/zod";
import { registrationStatuses, type RegistrationBulkAction, type RegistrationFilters, type RegistrationStats, type RegistrationStatus } from "../contract/admin";
import type { registrationInput } from "../contract/registrations";
import { Counters, counters, tally } from "../counters/counters";
import { searchText } from "../db/attributes";
import { db } from "../db/service";
import { keepingRemoved, leadInbox, type BulkTarget, type Change, type LeadEntity } from "../leads/inbox";
import type { RegistrationEntity } from "./entity";

export type Registration = EntityItem<typeof RegistrationEntity>;
type NewRegistration = Omit<z.output<typeof registrationInput>, "website">;

const searchOf = (r: Partial<Registration>) => searchText(r.name, r.email, r.phone, r.company, r.course_interest, r.additional_notes);

const inbox = leadInbox<Registration, RegistrationFilters, NewRegistration>({
  kind: "registration",
  fields: (input) => ({ ...input, status: "pending" }),
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
  /** record, create, get, listAll, list (search and the status filter over every registration), count, newest, backfillSearch */
  ...inbox,

  /** The Registrations screen's figures, from counters: one BatchGet. */
  async stats(): Promise<RegistrationStats> {
    const [total = 0, ...byStatus] = await Counters.read([counters.registrationsTotal, ...registrationStatuses.map(counters.registrationsWithStatus)]);
    return { total, by_status: registrationStatuses.map((status, i) => ({ status, count: byStatus[i] ?? 0 })) };
  },

  /** Moves a registration to another status (unchanged when already there; 404 when there is none). */
  setStatus: async (id: string, status: RegistrationStatus): Promise<Registration> => (await inbox.changeOne(id, statusStep(status))) ?? inbox.get(id),

  remove: (id: string) => inbox.remove(id, inbox.removeStep),

  /** Change status or Delete on the listed registrations, or on every match of a filter (in batches); `removed` receives each deleted one (the Trash). */
  bulk: (
    action: RegistrationBulkAction,
    status: RegistrationStatus | undefined,
    target: BulkTarget<RegistrationFilters>,
    removed?: (registration: Registration) => Promise<unknown>,
  ) => inbox.bulk(target, action === "delete" ? (removed ? keepingRemoved(inbox.removeStep, removed) : inbox.removeStep) : statusStep(status ?? "pending")),
};
