import type { EntityItem } from "electrodb";
import type * as z from "../contract/zod";
import { AdminAccounts, type AdminAccount } from "../auth/admin-accounts";
import { Sessions, subjectOf } from "../auth/sessions";
import { accountUser, googleUser, type AdminUser, type UserStats, type userListQuery } from "../contract/admin";
import { Counters, counters, tally, utcDay } from "../counters/counters";
import { acrossYears, backfillAcrossYears, bucketOf, searchText } from "../db/attributes";
import { batchRead, type BatchRead } from "../db/batch";
import { pageAcrossYears, pageSorted, type Page } from "../db/paging";
import { db } from "../db/service";
import { ConflictError, NotFoundError } from "../errors";
import { isAuthorisedEmail } from "../auth/allow-list";
import { googleRole } from "../team/roles";
import type { UserEntity } from "./entity";

export type User = EntityItem<typeof UserEntity>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const SELF_DELETE_MESSAGE = "You cannot delete the account you are signed in with.";

const searchOf = (u: Pick<User, "email" | "google_user_data">) => searchText(u.google_user_data?.name, u.email);

const adminUserAttributes = ["id", "email", "created_at", "last_login_at", "google_user_data", "admin_role"] as const;

/** A Google user as the back office sees it (the contract keeps only its fields: no google_sub). */
export function toAdminUser(u: Pick<User, (typeof adminUserAttributes)[number]>): AdminUser {
  const g = u.google_user_data;
  return googleUser.parse({
    kind: "google",
    id: u.id,
    email: u.email,
    created_at: u.created_at,
    last_login_at: u.last_login_at ?? null,
    google_user_data: {
      ...(g?.name ? { name: g.name } : {}),
      ...(g?.picture ? { picture: g.picture } : {}),
      ...(g?.email_verified !== undefined ? { email_verified: g.email_verified } : {}),
    },
    role: googleRole(u) ? "admin_google" : "no_access",
  });
}

/** A username admin account as the Users screen lists it (the contract keeps only its fields: no password hash). */
export function toAccountUser(a: AdminAccount): AdminUser {
  return accountUser.parse({
    kind: "account",
    id: `account.${a.username}`,
    username: a.username,
    full_name: a.full_name ?? "",
    disabled: a.disabled,
    created_at: a.created_at,
    last_login_at: a.last_login_at ?? null,
    role: "admin_account",
  });
}

/** The name the screen shows: a Google user's name, an account's full name or username; else 'Unknown'. */
const nameOf = (u: AdminUser) => (u.kind === "google" ? u.google_user_data.name : u.full_name || u.username) || "Unknown";
const searchOfRow = (u: AdminUser) => (u.kind === "google" ? searchOf(u) : searchText(u.full_name, u.username));

/** Sort values of the in-memory sorts: a user without a name sorts as the 'Unknown' the screen shows; never signed in sorts oldest; an account has no email. */
const sortValues = {
  name: (u: AdminUser) => nameOf(u).toLowerCase(),
  email: (u: AdminUser) => (u.kind === "google" ? u.email.toLowerCase() : ""),
  last_login_at: (u: AdminUser) => u.last_login_at ?? "",
};

/** The admin accounts matching a search (name or username), as list rows. */
async function accountRows(q: string): Promise<AdminUser[]> {
  return (await AdminAccounts.list()).map(toAccountUser).filter((u) => !q || searchOfRow(u).includes(q));
}

/** What a Google ID token says about the person. */
export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export const Users = {
  /** Every user, newest first: one Query per year partition. */
  async listAll(): Promise<User[]> {
    return acrossYears((bucket) => db().user.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
  },
  /**
   * One page of the admin list: the Google users and the username admin accounts (a handful, read
   * whole with one Query and merged in). By join date (the default) it pages through the users' year
   * partitions with the search as a FilterExpression. By name, email or last login it reads every
   * user (one Query per year partition) and sorts in memory: users are the people who signed in with
   * Google, a small set, and no index orders them so. Both page the response with a cursor.
   */
  async list(query: z.output<typeof userListQuery>): Promise<Page<AdminUser>> {
    const { q, sort, order, limit, cursor } = query;
    const accounts = await accountRows(q);
    if (sort === "created_at") {
      const page = await pageAcrossYears<Pick<User, (typeof adminUserAttributes)[number]> | AdminUser>({
        entity: db().user,
        list: "users",
        filters: { q, sort },
        limit,
        cursor,
        order,
        filtered: Boolean(q),
        extra: accounts,
        query: (bucket, p) => {
          const byYear = db().user.query.byYear({ bucket });
          return q ? byYear.where((u, { contains }) => contains(u.search, q)).go(p) : byYear.go(p);
        },
      });
      return { ...page, items: page.items.map((u) => ("kind" in u ? u : toAdminUser(u))) };
    }
    const everyone = await acrossYears((bucket) =>
      db()
        .user.query.byYear({ bucket })
        .go({ pages: "all", attributes: [...adminUserAttributes] }),
    );
    const matching = [...everyone.filter((u) => !q || searchOf(u).includes(q)).map(toAdminUser), ...accounts];
    return pageSorted(matching, { list: "users", filters: { q, sort }, limit, cursor, order, sortValue: sortValues[sort] });
  },
  /**
   * The Users screen's figures (SPEC §9), of both kinds. The users' from counters, one BatchGet: the total, and users by the
   * UTC day they joined and by the UTC day of their last sign-in (a sign-in moves the user from the
   * day of the previous one). Counted in whole UTC days, as the screen's "Active N days ago" labels
   * are: active = last sign-in at most 7 days ago, new = joined at most 30 days ago, inactive = never
   * signed in or last more than 30 days ago.
   */
  async stats(now = Date.now()): Promise<UserStats> {
    const days = Array.from({ length: 31 }, (_, i) => utcDay(new Date(now - i * DAY_MS).toISOString()));
    const [[total = 0, ...figures], accounts] = await Promise.all([
      Counters.read([counters.usersTotal, ...days.map(counters.usersLastSignedInOn), ...days.map(counters.usersJoinedOn)]),
      AdminAccounts.list(),
    ]);
    const sum = (from: number, to: number) => figures.slice(from, to).reduce((a, b) => a + b, 0);
    // The admin accounts (a handful) counted the same way, from the records.
    const within = (at: string | undefined, n: number) => at !== undefined && days.slice(0, n + 1).includes(utcDay(at));
    const count = (test: (a: AdminAccount) => boolean) => accounts.filter(test).length;
    const signedInWithin30 = sum(0, 31) + count((a) => within(a.last_login_at, 30));
    const all = total + accounts.length;
    return {
      total: all,
      active_7d: sum(0, 8) + count((a) => within(a.last_login_at, 7)),
      new_30d: sum(31, 62) + count((a) => within(a.created_at, 30)),
      inactive_30d: Math.max(0, all - signedInWithin30),
    };
  },
  async get(id: string): Promise<User> {
    const { data } = await db().user.get({ id }).go();
    if (!data) throw new NotFoundError("User not found");
    return data;
  },
  async byEmail(email: string): Promise<User | undefined> {
    const { data } = await db().user.query.byEmail({ email: email.toLowerCase() }).go();
    return data[0];
  },
  /** The user, or undefined (deleted), without throwing: the session guard asks on every request. */
  /** A user as one record of a BatchGet across entities (Sessions.readWith). */
  batchRead: (id: string): BatchRead<User> => batchRead<User>(db().user, { id }),
  async find(id: string): Promise<User | undefined> {
    const { data } = await db().user.get({ id }).go();
    return data ?? undefined;
  },
  /**
   * Records a Google sign-in: creates the user the first time, otherwise refreshes the profile and
   * last_login_at. Found by email; an account whose email Google has not verified never takes over
   * the record of a different Google account with that address (undefined then: no user, no session).
   */
  async upsertFromGoogle(profile: GoogleProfile, now = Date.now()): Promise<User | undefined> {
    const email = profile.email.trim().toLowerCase();
    const at = new Date(now).toISOString();
    const google_user_data = {
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.picture ? { picture: profile.picture } : {}),
      email_verified: profile.email_verified,
    };
    const existing = await Users.byEmail(email);
    // The first sign-in of an address ADMIN_EMAILS names puts it on the team as an admin, unless an
    // owner's decision about it was kept when an earlier record of it was deleted (team/team.ts).
    const admitted = isAuthorisedEmail(email, profile.email_verified);
    if (!existing) {
      const created_at = at;
      const { data: kept } = await db().googleDecision.get({ email }).go();
      const decision = kept ? { admin_role: kept.admin_role, ...(kept.admin_disabled ? { admin_disabled: true } : {}) } : admitted ? { admin_role: "admin" as const } : {};
      const { data } = await db()
        .user.create({
          email,
          google_sub: profile.sub,
          created_at,
          last_login_at: at,
          google_user_data,
          ...decision,
          bucket: bucketOf(created_at),
          search: searchOf({ email, google_user_data }),
        })
        .go();
      await Counters.change(tally.user, undefined, data);
      if (kept) await db().googleDecision.delete({ email }).go({ response: "none" });
      return data;
    }
    if (existing.google_sub && existing.google_sub !== profile.sub && !profile.email_verified) return undefined;
    const changes = { email, google_sub: profile.sub, last_login_at: at, google_user_data, ...(admitted && !existing.admin_role ? { admin_role: "admin" as const } : {}) };
    // The record this sign-in replaced, atomically: the user moves from the day of that sign-in.
    const { data: before } = await db()
      .user.patch({ id: existing.id })
      .set({ ...changes, search: searchOf({ email, google_user_data }) })
      .go({ response: "all_old" });
    const after = { ...(before as User), ...changes };
    await Counters.change(tally.user, before as User, after);
    return after;
  },
  /**
   * Deleting a user also ends every session they have. An admin cannot delete the account they are
   * signed in with (`signedInAs`: the user id of the deleting admin's Google session, if it is one).
   */
  async remove(id: string, { signedInAs }: { signedInAs?: string } = {}) {
    if (signedInAs !== undefined && signedInAs === id) throw new ConflictError(SELF_DELETE_MESSAGE);
    const removed = await Counters.removed(
      tally.user,
      () => db().user.remove({ id }).go({ response: "all_old" }),
      () => new NotFoundError("User not found"),
    );
    await Sessions.endAllFor(subjectOf.user(id));
    return removed;
  },
  /**
   * Stores `admin` on users from before roles were stored on every member, whom ADMIN_EMAILS names
   * (the recount): googleRole lets in only a stored role.
   */
  backfillAdmission: () =>
    backfillAcrossYears(
      async (bucket) => {
        const { data } = await db()
          .user.query.byYear({ bucket })
          .where((u, { notExists }) => notExists(u.admin_role))
          .go({ pages: "all" });
        return { data: data.filter((u) => isAuthorisedEmail(u.email, u.google_user_data?.email_verified)) };
      },
      (u) => db().user.patch({ id: u.id }).set({ admin_role: "admin" }).go({ response: "none" }),
    ),
  /** Writes the hidden search attribute of users stored before it existed (the recount). */
  backfillSearch: () =>
    backfillAcrossYears(
      (bucket) =>
        db()
          .user.query.byYear({ bucket })
          .where((u, { notExists }) => notExists(u.search))
          .go({ pages: "all" }),
      (u) =>
        db()
          .user.patch({ id: u.id })
          .set({ search: searchOf(u) })
          .go({ response: "none" }),
    ),
};
