import { Entity } from "../db/entity";
import { leadAttributes, leadId, leadIndexes } from "../leads/attributes";

/**
 * Messages: what visitors send through the contact form (SPEC's contact submissions; the API
 * keeps SPEC's path, /api/admin/contact-submissions, and stored items keep the entity name
 * `contactSubmission`, which the table's stream filter and every stored record carry).
 *
 * Access patterns:
 *   byId    Get    one message by id                         pk: id
 *   byYear  Query  messages of one year, newest first        gsi1: bucket (year) / created_at
 *           (the admin list pages through the years, newest first; search and filters are a
 *            FilterExpression on `search` (name, email, company, message lowercased), form_type and
 *            is_read, so they cover every message, not a loaded page)
 */
export const MessageEntity = new Entity({
  model: { entity: "contactSubmission", version: "1", service: "agency" },
  attributes: {
    ...leadId,
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    company: { type: "string", default: "" },
    form_type: { type: "string", required: true, default: "general" },
    message: { type: "string", required: true },
    is_read: { type: "boolean", required: true, default: false },
    ...leadAttributes,
  },
  indexes: leadIndexes,
});
