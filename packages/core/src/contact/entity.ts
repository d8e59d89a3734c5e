import { Entity } from "electrodb";
import { bucketAttribute, byYearIndex, idAttribute } from "../db/attributes";

/**
 * Contact submissions (the admin's Messages).
 *
 * Access patterns:
 *   byId    Get    one message by id                         pk: id
 *   byYear  Query  messages of one year, newest first        gsi1: bucket (year) / created_at
 */
export const ContactSubmissionEntity = new Entity({
  model: { entity: "contactSubmission", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    company: { type: "string", default: "" },
    form_type: { type: "string", required: true, default: "general" },
    message: { type: "string", required: true },
    is_read: { type: "boolean", required: true, default: false },
    created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    bucket: bucketAttribute,
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byYear: byYearIndex("gsi1"),
  },
});
