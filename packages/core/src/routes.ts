/**
 * THE route table. The SST Api stack, the local gateway and the authorisation guard in the http
 * wrapper all read this object, so a route cannot exist in one place and not another.
 *
 * - feature: the Lambda that serves the route, `packages/functions/src/<feature>/handler.ts`.
 * - access: `public` (anyone) or `admin` (a valid session of an authorised admin). Nothing else.
 * - cache: the response may be cached by browsers and CloudFront (public reads only).
 *
 * It lives in the shared package so that infra/, packages/functions and packages/local all import it
 * as `@agency/core/routes` without reaching across layers; it has no dependencies, so importing it
 * pulls nothing into a handler's bundle or the infrastructure.
 */
export type Access = "public" | "admin";
export type Feature = (typeof features)[number];
export interface RouteSpec {
  readonly feature: Feature;
  readonly access: Access;
  readonly cache?: true;
}

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
] as const;

/** Features that only read the table: the infrastructure grants them no write permission. */
export const readOnlyFeatures: readonly Feature[] = ["content", "blog", "feeds", "admin-audit"];

const publicRead = (feature: Feature): RouteSpec => ({ feature, access: "public", cache: true });
const open = (feature: Feature): RouteSpec => ({ feature, access: "public" });
const admin = (feature: Feature): RouteSpec => ({ feature, access: "admin" });

export const routes = {
  // Public content
  "GET /api/page-sections/{pageSlug}": publicRead("content"),
  "GET /api/services": publicRead("content"),
  "GET /api/industries": publicRead("content"),
  "GET /api/courses": publicRead("content"),
  "GET /api/service-details": publicRead("content"),
  "GET /api/site-settings": publicRead("content"),
  "GET /api/blog-posts": publicRead("blog"),
  "GET /api/blog-posts/{slug}": publicRead("blog"),
  "GET /api/blog-posts/{slug}/related": publicRead("blog"),
  // Not /api/blog-posts/categories: that would shadow a post whose slug is "categories".
  "GET /api/blog-categories": publicRead("blog"),
  "GET /robots.txt": publicRead("feeds"),
  "GET /sitemap.xml": publicRead("feeds"),
  "GET /rss.xml": publicRead("feeds"),
  // CloudFront's failover for a site address without a rendered page (infra/web.ts): an earlier slug
  // of a post answers 301, anything else 404 with the rendered not-found page. Sets its own caching.
  "GET /pages/{proxy+}": open("blog"),

  // Public writes
  "POST /api/contact": open("contact"),
  "POST /api/course-registrations": open("registrations"),

  // Session and sign-in
  "GET /api/users/me": open("auth"),
  // SPEC §7 has a GET; a write is a POST under the CSRF rule, so no other site's <img> can log anyone out.
  "POST /api/logout": open("auth"),
  "GET /api/oauth/google/redirect_url": open("auth"),
  "POST /api/sessions": open("auth"),
  "GET /api/auth/config": open("auth"),
  "POST /api/auth/dev-login": open("auth"),
  "POST /api/admin/login": open("auth"),
  "GET /api/admin/me": admin("auth"),

  // Admin back office
  "GET /api/admin/dashboard-stats": admin("admin-dashboard"),

  "GET /api/admin/contact-submissions": admin("admin-messages"),
  "GET /api/admin/contact-submissions/stats": admin("admin-messages"),
  "PUT /api/admin/contact-submissions/mark-all-read": admin("admin-messages"),
  "PUT /api/admin/contact-submissions/{id}/status": admin("admin-messages"),
  "DELETE /api/admin/contact-submissions/{id}": admin("admin-messages"),
  "POST /api/admin/contact-submissions/{id}/resend-notification": admin("admin-messages"),
  "GET /api/admin/contact-submissions/count": admin("admin-messages"),
  "GET /api/admin/contact-submissions/{id}": admin("admin-messages"),
  "POST /api/admin/contact-submissions/bulk": admin("admin-messages"),

  "GET /api/admin/course-registrations": admin("admin-registrations"),
  "GET /api/admin/course-registrations/stats": admin("admin-registrations"),
  "PUT /api/admin/course-registrations/{id}/status": admin("admin-registrations"),
  "DELETE /api/admin/course-registrations/{id}": admin("admin-registrations"),
  "POST /api/admin/course-registrations/{id}/resend-notification": admin("admin-registrations"),
  "GET /api/admin/course-registrations/count": admin("admin-registrations"),
  "GET /api/admin/course-registrations/{id}": admin("admin-registrations"),
  "POST /api/admin/course-registrations/bulk": admin("admin-registrations"),

  "GET /api/admin/site-settings": admin("admin-settings"),
  "PUT /api/admin/site-settings": admin("admin-settings"),
  "PUT /api/admin/site-settings/{key}": admin("admin-settings"),

  "GET /api/admin/page-sections/{pageSlug}": admin("admin-content"),
  "PUT /api/admin/page-sections/{id}": admin("admin-content"),
  "GET /api/admin/services": admin("admin-content"),
  "POST /api/admin/services": admin("admin-content"),
  "PUT /api/admin/services/{id}": admin("admin-content"),
  "DELETE /api/admin/services/{id}": admin("admin-content"),
  "GET /api/admin/industries": admin("admin-content"),
  "POST /api/admin/industries": admin("admin-content"),
  "PUT /api/admin/industries/{id}": admin("admin-content"),
  "DELETE /api/admin/industries/{id}": admin("admin-content"),
  "GET /api/admin/courses": admin("admin-content"),
  "POST /api/admin/courses": admin("admin-content"),
  "PUT /api/admin/courses/{id}": admin("admin-content"),
  "DELETE /api/admin/courses/{id}": admin("admin-content"),
  "GET /api/admin/service-details": admin("admin-content"),
  "POST /api/admin/service-details": admin("admin-content"),
  "PUT /api/admin/service-details/{id}": admin("admin-content"),
  "DELETE /api/admin/service-details/{id}": admin("admin-content"),

  "GET /api/admin/blog-posts": admin("admin-blog"),
  "GET /api/admin/blog-posts/{id}": admin("admin-blog"),
  "POST /api/admin/blog-posts": admin("admin-blog"),
  "PUT /api/admin/blog-posts/{id}": admin("admin-blog"),
  "DELETE /api/admin/blog-posts/{id}": admin("admin-blog"),
  "PUT /api/admin/blog-posts/{id}/publish": admin("admin-blog"),

  "GET /api/admin/users": admin("admin-users"),
  "GET /api/admin/users/stats": admin("admin-users"),
  "DELETE /api/admin/users/{id}": admin("admin-users"),

  // Image uploads (signed straight to the media bucket, infra/media.ts) and the media library. The
  // images themselves, /media/*, are no API route: CloudFront serves them from the bucket.
  "POST /api/admin/uploads": admin("admin-media"),
  "POST /api/admin/uploads/{id}/complete": admin("admin-media"),
  "GET /api/admin/media": admin("admin-media"),
  "PUT /api/admin/media/{id}": admin("admin-media"),
  "DELETE /api/admin/media/{id}": admin("admin-media"),

  // The audit log: read only. No route edits or deletes an entry (entries expire after a year).
  "GET /api/admin/audit-log": admin("admin-audit"),
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof routes;
export const routeKeys = Object.keys(routes) as RouteKey[];

/** The handler file of a feature, relative to the repository root. */
export const handlerPath = (feature: Feature) => `packages/functions/src/${feature}/handler.ts`;
