import { Entity } from "../db/entity";
import { bucketAttribute, byYearIndex, idAttribute, searchAttribute } from "../db/attributes";

/**
 * Users: everyone who signed in with Google.
 *
 * Access patterns:
 *   byId       Get    one user by id                        pk: id
 *   byEmail    Query  the user with an email (lowercased)   gsi1: email
 *   byYear     Query  users who joined in one year          gsi2: bucket (year) / created_at
 *              (the admin list by join date pages through the years; its search is a
 *               FilterExpression on `search`: name and email lowercased)
 */
export const UserEntity = new Entity({
  model: { entity: "user", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    email: { type: "string", required: true },
    google_sub: { type: "string" },
    created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    last_login_at: { type: "string" },
    google_user_data: {
      type: "map",
      properties: {
        name: { type: "string" },
        picture: { type: "string" },
        email_verified: { type: "boolean" },
      },
    },
    /**
     * An owner's decision about a Google admin (ADMIN_EMAILS): their role, or `none` (removed from the
     * team); none stored: an admin while ADMIN_EMAILS names them (team/roles.ts).
     */
    admin_role: { type: ["owner", "admin", "editor", "none"] as const },
    admin_disabled: { type: "boolean" },
    bucket: bucketAttribute,
    search: searchAttribute,
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byEmail: { index: "gsi1", pk: { field: "gsi1pk", composite: ["email"] }, sk: { field: "gsi1sk", composite: [] } },
    byYear: byYearIndex("gsi2"),
  },
});
