import type { EntityItem } from "electrodb";
import { acrossYears } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { UserEntity } from "./entity";

export type User = EntityItem<typeof UserEntity>;

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
  async remove(id: string): Promise<void> {
    try {
      await db().user.remove({ id }).go();
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("User not found");
      throw err;
    }
  },
};
