import type { SubscriberStatus } from "@agency/core/contract/newsletter";
import type { BadgeTone } from "../../components/admin/badge";

export const subscriberStatusLabels: Record<SubscriberStatus, string> = { confirmed: "Confirmed", pending: "Pending", unsubscribed: "Unsubscribed" };
export const subscriberStatusTones: Record<SubscriberStatus, BadgeTone> = { confirmed: "green", pending: "amber", unsubscribed: "slate" };
