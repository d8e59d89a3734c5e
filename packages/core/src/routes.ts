/**
 * THE route table. The SST Api stack, the local gateway and the authorisation guard in the http
 * wrapper all read this object, so a route cannot exist in one place and not another.
 *
 * - feature: the Lambda that serves the route, `packages/functions/src/<feature>/handler.ts`.
 * - access: `public` (anyone) or `admin` (a valid session of an authorised admin whose role has the
 *   route's `permission`, rolePermissions in contract/roles.ts). Nothing else.
 * - cache: the response may be cached by browsers and CloudFront (public reads only).
 *
 * It lives in the shared package so that infra/, packages/functions and packages/local all import it
 * as `@agency/core/routes` without reaching across layers; it depends on nothing but contract/roles.ts, so importing it
 * pulls nothing into a handler's bundle or the infrastructure.
 */
import type { Permission } from "./contract/roles";

export type Access = "public" | "admin";
export type Feature = (typeof features)[number];
/**
 * A public route, or an admin route with the permission it needs: the type requires one, so no admin
 * route can exist that the guard would not know how to check (deny by default).
 */
export type RouteSpec =
  | { readonly feature: Feature; readonly access: "public"; readonly cache?: true }
  | { readonly feature: Feature; readonly access: "admin"; readonly permission: Permission; readonly freshProof?: true };

export const features = [
  "content",
  "blog",
  "feeds",
  "contact",
  "registrations",
  "auth",
  "admin-dashboard",
  "admin-messages",
  "admin-registrations",
  "admin-settings",
  "admin-content",
  "admin-blog",
  "admin-users",
  "admin-media",
  "admin-audit",
  "admin-revisions",
  "admin-team",
  "admin-trash",
  "newsletter",
  "admin-newsletter",
  "admin-webhooks",
] as const;

/** Features that only read the table: the infrastructure grants them no write permission. */
export const readOnlyFeatures: readonly Feature[] = ["content", "blog", "feeds", "admin-audit"];

const publicRead = (feature: Feature): RouteSpec => ({ feature, access: "public", cache: true });
const open = (feature: Feature): RouteSpec => ({ feature, access: "public" });
const admin = (feature: Feature, permission: Permission): RouteSpec => ({ feature, access: "admin", permission });
/**
 * An admin route that also needs a fresh proof from a username account's session: the password or
 * a second factor within the last 5 minutes (contract/account.ts REAUTH_WINDOW_MS; the guard checks it).
 */
const freshAdmin = (feature: Feature, permission: Permission): RouteSpec => ({ feature, access: "admin", permission, freshProof: true });

export const routes = {
  // Public content
  "GET /api/page-sections/{pageSlug}": publicRead("content"),
  "GET /api/services": publicRead("content"),
  "GET /api/industries": publicRead("content"),
  "GET /api/courses": publicRead("content"),
  "GET /api/service-details": publicRead("content"),
  "GET /api/site-settings": publicRead("content"),
  // A library image's sizes and placeholder (contract/media.ts ImageInfo), for <img srcset>.
  "GET /api/images/{id}": publicRead("content"),
  "GET /api/blog-posts": publicRead("blog"),
  "GET /api/blog-posts/{slug}": publicRead("blog"),
  "GET /api/blog-posts/{slug}/related": publicRead("blog"),
  // Not /api/blog-posts/categories: that would shadow a post whose slug is "categories".
  "GET /api/blog-categories": publicRead("blog"),
  // A private preview link (blog/preview-links.ts): anyone holding it, never cached, never indexed.
  "GET /api/preview/{token}": open("blog"),
  "GET /robots.txt": publicRead("feeds"),
  "GET /sitemap.xml": publicRead("feeds"),
  "GET /rss.xml": publicRead("feeds"),
  // CloudFront's failover for a site address without a rendered page (infra/web.ts): an earlier slug
  // of a post answers 301, anything else 404 with the rendered not-found page. Sets its own caching.
  "GET /pages/{proxy+}": open("blog"),

  // Public writes
  "POST /api/contact": open("contact"),
  "POST /api/course-registrations": open("registrations"),
  // The newsletter's double opt-in (issue 32): a signup, its confirmation link's token, and the
  // unsubscribe link every mail carries (List-Unsubscribe: a POST unsubscribes, RFC 8058; a GET
  // answers 303 to the unsubscribe page).
  "POST /api/newsletter/subscriptions": open("newsletter"),
  "POST /api/newsletter/confirmations": open("newsletter"),
  "POST /api/newsletter/unsubscribe": open("newsletter"),
  "GET /api/newsletter/unsubscribe": open("newsletter"),

  // Session and sign-in
  "GET /api/users/me": open("auth"),
  // SPEC §7 has a GET; a write is a POST under the CSRF rule, so no other site's <img> can log anyone out.
  "POST /api/logout": open("auth"),
  "GET /api/oauth/google/redirect_url": open("auth"),
  "POST /api/sessions": open("auth"),
  "GET /api/auth/config": open("auth"),
  "POST /api/auth/dev-login": open("auth"),
  "POST /api/admin/login": open("auth"),
  // The second step of a password sign-in for an account with two-factor (a pending sign-in cookie).
  "POST /api/admin/login/verify": open("auth"),
  "GET /api/admin/me": admin("auth", "account"),

  // Passkeys (sign-in is public; the account's own passkeys need its session) and sessions
  "POST /api/admin/login/passkey/options": open("auth"),
  "POST /api/admin/login/passkey": open("auth"),
  "POST /api/admin/account/passkeys/options": freshAdmin("auth", "account"),
  "GET /api/admin/account/passkeys": admin("auth", "account"),
  "POST /api/admin/account/passkeys": freshAdmin("auth", "account"),
  "PUT /api/admin/account/passkeys/{id}": admin("auth", "account"),
  "DELETE /api/admin/account/passkeys/{id}": freshAdmin("auth", "account"),
  // A fresh proof (the password, a code or a passkey) for the routes above that need one.
  "POST /api/admin/account/reauth/passkey/options": admin("auth", "account"),
  "POST /api/admin/account/reauth": admin("auth", "account"),
  "GET /api/admin/account/sessions": admin("auth", "account"),
  "DELETE /api/admin/account/sessions": admin("auth", "account"),
  "DELETE /api/admin/account/sessions/{id}": admin("auth", "account"),
  "PUT /api/admin/account/password": freshAdmin("auth", "account"),
  // An owner's view of a member's sessions ({id}: the team screen's `account.<username>` or `google.<user id>`): the team's.
  "GET /api/admin/team/{id}/sessions": admin("auth", "team"),
  "DELETE /api/admin/team/{id}/sessions/{session_id}": admin("auth", "team"),

  // Account & security: the signed-in admin's own two-factor.
  "GET /api/admin/account": admin("auth", "account"),
  "POST /api/admin/account/totp": freshAdmin("auth", "account"),
  "POST /api/admin/account/totp/confirm": freshAdmin("auth", "account"),
  "DELETE /api/admin/account/totp": freshAdmin("auth", "account"),

  // Admin back office
  "GET /api/admin/dashboard-stats": admin("admin-dashboard", "dashboard"),

  "GET /api/admin/contact-submissions": admin("admin-messages", "messages"),
  "GET /api/admin/contact-submissions/stats": admin("admin-messages", "messages"),
  "PUT /api/admin/contact-submissions/mark-all-read": admin("admin-messages", "messages"),
  "PUT /api/admin/contact-submissions/{id}/status": admin("admin-messages", "messages"),
  "DELETE /api/admin/contact-submissions/{id}": admin("admin-messages", "messages"),
  "POST /api/admin/contact-submissions/{id}/resend-notification": admin("admin-messages", "messages"),
  "GET /api/admin/contact-submissions/count": admin("admin-messages", "messages"),
  "GET /api/admin/contact-submissions/{id}": admin("admin-messages", "messages"),
  "POST /api/admin/contact-submissions/bulk": admin("admin-messages", "messages"),

  "GET /api/admin/course-registrations": admin("admin-registrations", "registrations"),
  "GET /api/admin/course-registrations/stats": admin("admin-registrations", "registrations"),
  "PUT /api/admin/course-registrations/{id}/status": admin("admin-registrations", "registrations"),
  "DELETE /api/admin/course-registrations/{id}": admin("admin-registrations", "registrations"),
  "POST /api/admin/course-registrations/{id}/resend-notification": admin("admin-registrations", "registrations"),
  "GET /api/admin/course-registrations/count": admin("admin-registrations", "registrations"),
  "GET /api/admin/course-registrations/{id}": admin("admin-registrations", "registrations"),
  "POST /api/admin/course-registrations/bulk": admin("admin-registrations", "registrations"),

  // Newsletter subscribers: the leads' permission, so the same roles as Messages see them.
  "GET /api/admin/newsletter/subscribers": admin("admin-newsletter", "messages"),
  "GET /api/admin/newsletter/subscribers/stats": admin("admin-newsletter", "messages"),
  "DELETE /api/admin/newsletter/subscribers/{id}": admin("admin-newsletter", "messages"),

  "GET /api/admin/site-settings": admin("admin-settings", "settings"),
  "PUT /api/admin/site-settings": admin("admin-settings", "settings"),
  "PUT /api/admin/site-settings/{key}": admin("admin-settings", "settings"),
  // Webhooks (issue 32): signed deliveries to the agency's own tools; owner and admins, as Settings.
  "GET /api/admin/webhooks": admin("admin-webhooks", "settings"),
  "POST /api/admin/webhooks": admin("admin-webhooks", "settings"),
  "PUT /api/admin/webhooks/{id}": admin("admin-webhooks", "settings"),
  "DELETE /api/admin/webhooks/{id}": admin("admin-webhooks", "settings"),
  "GET /api/admin/webhooks/{id}/deliveries": admin("admin-webhooks", "settings"),
  "POST /api/admin/webhooks/{id}/test": admin("admin-webhooks", "settings"),
  // Require two-factor for every username account: the owner's (the team permission).
  "GET /api/admin/security-settings": admin("admin-settings", "team"),
  "PUT /api/admin/security-settings": admin("admin-settings", "team"),

  "GET /api/admin/page-sections/{pageSlug}": admin("admin-content", "content"),
  "PUT /api/admin/page-sections/{id}": admin("admin-content", "content"),
  "GET /api/admin/services": admin("admin-content", "content"),
  "POST /api/admin/services": admin("admin-content", "content"),
  "PUT /api/admin/services/{id}": admin("admin-content", "content"),
  "DELETE /api/admin/services/{id}": admin("admin-content", "content"),
  "GET /api/admin/industries": admin("admin-content", "content"),
  "POST /api/admin/industries": admin("admin-content", "content"),
  "PUT /api/admin/industries/{id}": admin("admin-content", "content"),
  "DELETE /api/admin/industries/{id}": admin("admin-content", "content"),
  "GET /api/admin/courses": admin("admin-content", "content"),
  "POST /api/admin/courses": admin("admin-content", "content"),
  "PUT /api/admin/courses/{id}": admin("admin-content", "content"),
  "DELETE /api/admin/courses/{id}": admin("admin-content", "content"),
  "GET /api/admin/service-details": admin("admin-content", "content"),
  "POST /api/admin/service-details": admin("admin-content", "content"),
  "PUT /api/admin/service-details/{id}": admin("admin-content", "content"),
  "DELETE /api/admin/service-details/{id}": admin("admin-content", "content"),

  "GET /api/admin/blog-posts": admin("admin-blog", "blog"),
  "GET /api/admin/blog-posts/{id}": admin("admin-blog", "blog"),
  "POST /api/admin/blog-posts": admin("admin-blog", "blog"),
  "PUT /api/admin/blog-posts/{id}": admin("admin-blog", "blog"),
  "DELETE /api/admin/blog-posts/{id}": admin("admin-blog", "blog"),
  "PUT /api/admin/blog-posts/{id}/publish": admin("admin-blog", "blog"),
  "POST /api/admin/blog-posts/{id}/preview-link": admin("admin-blog", "blog"),
  "DELETE /api/admin/blog-posts/{id}/preview-link": admin("admin-blog", "blog"),

  "GET /api/admin/users": admin("admin-users", "users"),
  "GET /api/admin/users/stats": admin("admin-users", "users"),
  "DELETE /api/admin/users/{id}": admin("admin-users", "users"),

  // Image uploads (signed straight to the media bucket, infra/media.ts) and the media library. The
  // images themselves, /media/*, are no API route: CloudFront serves them from the bucket.
  "POST /api/admin/uploads": admin("admin-media", "media"),
  "POST /api/admin/uploads/{id}/complete": admin("admin-media", "media"),
  "GET /api/admin/media": admin("admin-media", "media"),
  "PUT /api/admin/media/{id}": admin("admin-media", "media"),
  "DELETE /api/admin/media/{id}": admin("admin-media", "media"),

  // The audit log: read only. No route edits or deletes an entry (entries expire after a year).
  "GET /api/admin/audit-log": admin("admin-audit", "audit"),
  // Revisions (contract/revisions.ts): the route needs `content`; the handler also asks for the
  // permission of the entity a revision is of (site-settings: `settings`, posts: `blog`).
  "GET /api/admin/revisions": admin("admin-revisions", "content"),
  "GET /api/admin/revisions/{revision_id}": admin("admin-revisions", "content"),
  "POST /api/admin/revisions/{revision_id}/restore": admin("admin-revisions", "content"),

  // The Trash (contract/trash.ts): listing and restoring need `content`, and the handler the permission
  // of each kind's own screen (messages, registrations...); purging needs `trash` (owner and admin).
  "GET /api/admin/trash": admin("admin-trash", "content"),
  "POST /api/admin/trash/{id}/restore": admin("admin-trash", "content"),
  "DELETE /api/admin/trash/{id}": admin("admin-trash", "trash"),
  // The whole site as one document (contract/site-export.ts), and a site replaced by one: the owner's.
  // The Trash's function: an import keeps what it replaces, as a delete keeps what it deletes.
  "GET /api/admin/export": admin("admin-trash", "backup"),
  "POST /api/admin/import": admin("admin-trash", "backup"),
  "GET /api/admin/trash/{id}/download": admin("admin-trash", "backup"),

  // The team (owner only) and the invitation / password-reset links it hands out; the link's page
  // reads and accepts with the token alone, no session (the token is the credential, single use).
  "GET /api/admin/team": admin("admin-team", "team"),
  "POST /api/admin/team/invitations": admin("admin-team", "team"),
  "POST /api/admin/team/{id}/password-reset": admin("admin-team", "team"),
  "PUT /api/admin/team/{id}": admin("admin-team", "team"),
  "DELETE /api/admin/team/{id}": admin("admin-team", "team"),
  // The pending links (invitations and password resets): listed, shown again, withdrawn.
  "GET /api/admin/team/links": admin("admin-team", "team"),
  "GET /api/admin/team/links/{id}/url": admin("admin-team", "team"),
  "DELETE /api/admin/team/links/{id}": admin("admin-team", "team"),
  "GET /api/team/invitations/{token}": open("admin-team"),
  "POST /api/team/invitations/{token}": open("admin-team"),
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof routes;
export const routeKeys = Object.keys(routes) as RouteKey[];

/**
 * Public routes that change state or sign someone in: the API stage's tighter throttle and the edge's
 * tight per-address WAF rule both take these.
 */
export const tightlyThrottledRoutes = routeKeys.filter((key) => routes[key].access === "public" && !key.startsWith("GET "));

/** The handler file of a feature, relative to the repository root. */
export const handlerPath = (feature: Feature) => `packages/functions/src/${feature}/handler.ts`;
