import { Entity } from "../db/entity";
import { registrationStatuses } from "../contract/admin";
import { leadAttributes, leadId, leadIndexes } from "../leads/attributes";

/**
 * Course registrations submitted from the Tech School page.
 *
 * Access patterns:
 *   byId    Get    one registration by id                    pk: id
 *   byYear  Query  registrations of one year, newest first   gsi1: bucket (year) / created_at
 *           (the admin list pages through the years; search and the status filter are a
 *            FilterExpression on `search` (name, email, phone, company, course_interest and
 *            additional_notes lowercased) and status)
 */
export const RegistrationEntity = new Entity({
  model: { entity: "courseRegistration", version: "1", service: "agency" },
  attributes: {
    ...leadId,
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    phone: { type: "string", default: "" },
    company: { type: "string", default: "" },
    course_interest: { type: "string", default: "" },
    experience_level: { type: "string", default: "" },
    preferred_start_date: { type: "string", default: "" },
    additional_notes: { type: "string", default: "" },
    status: { type: registrationStatuses, required: true, default: "pending" },
    ...leadAttributes,
  },
  indexes: leadIndexes,
});
