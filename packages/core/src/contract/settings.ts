import * as z from "./zod";
import { version } from "./common";

import { isMediaPath } from "./media-path";

/** `image`: an image of the media library (its /media/ path) or any http(s) image URL. */
export const settingTypes = ["text", "textarea", "url", "email", "image"] as const;
export type SettingType = (typeof settingTypes)[number];

/**
 * The groups of the Settings page, in order, with their keys (SPEC §2): the settings offered. Each
 * has a visible effect (company_name: header, footer, page titles; contact_*: contact page and
 * footer; notification_emails: who gets lead mails; documentation_url and support_url: the footer's
 * Documentation and Support links, shown only when set; site_title and meta_description: the home page's
 * document title and every page's default description; social_media_*: the footer's links;
 * default_social_image: the link preview (og:image) of every page without an image of its own).
 * Settings stored by earlier versions and offered no more (company_tagline, site_description,
 * hero_heading, hero_subtext, google_analytics_id) stay in the table untouched, and are neither
 * listed, served nor saved: the home hero's texts are its page sections.
 */
export const settingGroups = [
  { title: "Company Information", keys: ["company_name"] },
  { title: "Contact Details", keys: ["contact_email", "contact_phone", "company_address", "notification_emails"] },
  { title: "SEO & Analytics", keys: ["site_title", "meta_description", "default_social_image"] },
  { title: "Social Media", keys: ["social_media_twitter", "social_media_linkedin", "social_media_facebook"] },
  { title: "Footer Links", keys: ["documentation_url", "support_url"] },
] as const;

/** Every setting offered, in Settings-page order. */
export const settingKeys: readonly string[] = settingGroups.flatMap((g) => g.keys);

/** Settings the public site may read (GET /api/site-settings); nothing else leaves the back office. */
export const publicSettingKeys = [
  "company_name",
  "contact_email",
  "contact_phone",
  "company_address",
  "site_title",
  "meta_description",
  "social_media_twitter",
  "social_media_linkedin",
  "social_media_facebook",
  "documentation_url",
  "support_url",
  "default_social_image",
] as const;

/** A setting's value: text of at most 5000 characters; absent or null is "" (empty values are allowed). */
export const settingValueText = z.pipe(
  z.nullish(z.string({ error: "Value must be text" }).check(z.maxLength(5000, "Must be at most 5000 characters"))),
  z.transform((v: string | null | undefined) => v ?? ""),
);

/** PUT /api/admin/site-settings/{key}: the new value and the `version` read. */
export const settingValue = z.lazy(() => z.object({ value: settingValueText, version }));

/** Settings whose value is a list of email addresses separated by commas. */
export const emailListSettingKeys: readonly string[] = ["notification_emails"];

/** Validates a value against its setting's type (and list settings item by item); empty values are always allowed. */
export function checkSettingValue(type: string, value: string, key = ""): string | undefined {
  if (value === "") return undefined;
  if (emailListSettingKeys.includes(key)) {
    const bad = value
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a && !z.email().safeParse(a).success);
    return bad.length ? `Not an email address: ${bad.join(", ")}` : undefined;
  }
  if (type === "url" && !/^https?:\/\/[^\s]+$/i.test(value)) return "Must be a valid http(s) URL";
  if (type === "image" && !isMediaPath(value) && !/^https?:\/\/[^\s]+$/i.test(value)) return "Must be an image of the media library or an http(s) URL";
  if (type === "email" && !z.email().safeParse(value).success) return "Please enter a valid email address";
  return undefined;
}

/** "company_name" -> "Company Name", "support_url" -> "Support URL" */
export const settingLabel = (key: string) =>
  key
    .split("_")
    .filter(Boolean)
    .map((w) => (w === "url" ? "URL" : w[0]!.toUpperCase() + w.slice(1)))
    .join(" ");
