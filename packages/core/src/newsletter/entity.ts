import { Entity } from "../db/entity";
import { bucketAttribute, byYearIndex, searchAttribute } from "../db/attributes";
import { subscriberStatuses } from "../contract/newsletter";
import { leadMailAttributes } from "../leads/attributes";

/** The mails the newsletter sends an address: the confirmation, the welcome, and 'already subscribed'. */
export const subscriberMailKinds = ["confirm", "welcome", "already"] as const;
export type SubscriberMailKind = (typeof subscriberMailKinds)[number];

/**
 * Newsletter subscribers (issue 32). The id is derived from the address (newsletter.ts
 * `subscriberId`), so one address is one record, created with a conditional write.
 *
 * A mail due to the address is `mail_status: pending` with its `mail_kind`: in AWS the table's
 * stream (filtered on `mail_status = pending`, as for leads) invokes the lead-mail function, which
 * sends it (newsletter/mail.ts); the public request never waits on mail.
 *
 * Access patterns:
 *   byId    Get    one subscriber by id (the address's)       pk: id
 *   byYear  Query  subscribers of one year, newest first      gsi1: bucket (year) / created_at
 *           (the admin list pages through the years; search and the status filter are a
 *            FilterExpression on `search` (the address, lowercased) and status)
 */
export const NewsletterSubscriberEntity = new Entity({
  model: { entity: "newsletterSubscriber", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    email: { type: "string", required: true },
    status: { type: subscriberStatuses, required: true, default: "pending" },
    created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    confirmed_at: { type: "string" },
    unsubscribed_at: { type: "string" },
    /** Names the current confirmation link: a link of an earlier subscription (before an unsubscribe) is used. */
    nonce: { type: "string" },
    ...leadMailAttributes,
    mail_kind: { type: subscriberMailKinds },
    bucket: bucketAttribute,
    search: searchAttribute,
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byYear: byYearIndex("gsi1"),
  },
});
