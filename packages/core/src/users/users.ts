import type { EntityItem } from "electrodb";
import { Sessions, subjectOf } from "../auth/sessions";
import { acrossYears, bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { UserEntity } from "./entity";

export type User = EntityItem<typeof UserEntity>;

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
    if (!existing) {
      const created_at = at;
      const { data } = await db()
        .user.create({ email, google_sub: profile.sub, created_at, last_login_at: at, google_user_data, bucket: bucketOf(created_at) })
        .go();
      return data;
    }
    if (existing.google_sub && existing.google_sub !== profile.sub && !profile.email_verified) return undefined;
    const { data } = await db()
      .user.patch({ id: existing.id })
      .set({ email, google_sub: profile.sub, last_login_at: at, google_user_data })
      .go({ response: "all_new" });
    return data as User;
  },
  /** Deleting a user also ends every session they have. */
  async remove(id: string): Promise<void> {
    try {
      await db().user.remove({ id }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("User not found");
      throw err;
    }
    await Sessions.endAllFor(subjectOf.user(id));
  },
};
