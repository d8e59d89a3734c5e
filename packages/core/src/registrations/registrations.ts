import type { EntityItem } from "electrodb";
import type { z } from "zod";
import type { registrationInput } from "../contract/registrations";
import { acrossYears, bucketOf } from "../db/attributes";
import { db } from "../db/service";
import type { CourseRegistrationEntity } from "./entity";

export type CourseRegistration = EntityItem<typeof CourseRegistrationEntity>;

export const CourseRegistrations = {
  async create(input: Omit<z.output<typeof registrationInput>, "website">): Promise<CourseRegistration> {
    const created_at = new Date().toISOString();
    const { data } = await db()
      .courseRegistration.create({ ...input, status: "pending", created_at, bucket: bucketOf(created_at) })
      .go();
    return data;
  },
  /** Every registration, newest first: one Query per year partition. */
  async listAll(): Promise<CourseRegistration[]> {
    return acrossYears((bucket) => db().courseRegistration.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
  },
};
