import { Entity } from "../db/entity";

/**
 * Who the active owners are (team/owners.ts): the team-screen ids (`account.<username>`,
 * `google.<user id>`) of every active owner, in one item. A change that ends someone's ownership
 * takes their id out with a condition that another stays, so two owners demoting each other at the
 * same instant cannot both succeed: DynamoDB applies the two conditional writes one after the other.
 *
 * Access patterns:
 *   one  Get / conditional Update  the owners   pk: constant
 */
export const TeamOwnersEntity = new Entity({
  model: { entity: "teamOwners", version: "1", service: "agency" },
  attributes: {
    /** Absent (DynamoDB keeps no empty set) when no one is an owner yet: Development Login only. */
    owners: { type: "set", items: "string" },
    /** When the item was first built from the accounts and users. */
    built_at: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    one: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * An owner's decision about a Google address whose user record was deleted (the Users screen): a
 * later sign-in with that address gets the same decision back, so deleting the record cannot put
 * someone an owner took off the team back on it.
 *
 * Access patterns:
 *   byEmail  Get / Put / Delete  the decision kept for an address   pk: email
 */
export const GoogleDecisionEntity = new Entity({
  model: { entity: "googleDecision", version: "1", service: "agency" },
  attributes: {
    email: { type: "string", required: true, readOnly: true },
    admin_role: { type: ["owner", "admin", "editor", "none"] as const, required: true },
    admin_disabled: { type: "boolean" },
    created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byEmail: { pk: { field: "pk", composite: ["email"] }, sk: { field: "sk", composite: [] } },
  },
});
