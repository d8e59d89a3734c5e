import { describe, expect, it } from "vitest";
import { routeKeys, routes } from "@agency/core/routes";
import { fromRoute, unrecordedWrites } from "./audit";

describe("what a route says about its audit entry", () => {
  it("names the action from the method, or from the route's last word", () => {
    expect(fromRoute("POST /api/admin/services")).toEqual({ action: "create", entity: "service" });
    expect(fromRoute("PUT /api/admin/blog-posts/{id}")).toEqual({ action: "update", entity: "blog-post" });
    expect(fromRoute("DELETE /api/admin/media/{id}")).toEqual({ action: "delete", entity: "media" });
    expect(fromRoute("PUT /api/admin/blog-posts/{id}/publish")).toEqual({ action: "publish", entity: "blog-post" });
    expect(fromRoute("PUT /api/admin/course-registrations/{id}/status")).toEqual({ action: "status_change", entity: "course-registration" });
    expect(fromRoute("PUT /api/admin/contact-submissions/mark-all-read")).toEqual({ action: "mark_all_read", entity: "contact-submission" });
    expect(fromRoute("POST /api/admin/contact-submissions/{id}/resend-notification")).toEqual({ action: "resend", entity: "contact-submission" });
    expect(fromRoute("POST /api/admin/uploads/{id}/complete")).toEqual({ action: "upload", entity: "media" });
    // A restore's entity is the restored item's, which its handler names.
    expect(fromRoute("POST /api/admin/revisions/{revision_id}/restore")).toEqual({ action: "restore" });
  });

  it("records a preview link as shared and its deletion as revoked, never as a post created or deleted", () => {
    expect(fromRoute("POST /api/admin/blog-posts/{id}/preview-link")).toEqual({ action: "share_preview", entity: "blog-post" });
    expect(fromRoute("DELETE /api/admin/blog-posts/{id}/preview-link")).toEqual({ action: "revoke_preview", entity: "blog-post" });
  });

  it("records the team's writes by what they do", () => {
    expect(fromRoute("POST /api/admin/team/invitations")).toEqual({ action: "invite", entity: "team-member" });
    expect(fromRoute("POST /api/admin/team/{id}/password-reset")).toEqual({ action: "password_reset", entity: "team-member" });
    expect(fromRoute("PUT /api/admin/team/{id}")).toEqual({ action: "update", entity: "team-member" });
    expect(fromRoute("DELETE /api/admin/team/{id}")).toEqual({ action: "delete", entity: "team-member" });
  });

  it("records two-factor and security settings writes", () => {
    expect(fromRoute("PUT /api/admin/security-settings")).toEqual({ action: "update", entity: "security-setting" });
    expect(fromRoute("DELETE /api/admin/account/totp")).toEqual({ action: "delete", entity: "admin-account" });
  });

  it("reads bulk routes by the word in their name, never as a create", () => {
    expect(fromRoute("POST /api/admin/contact-submissions/bulk-delete")).toEqual({ action: "delete", entity: "contact-submission" });
    expect(fromRoute("POST /api/admin/course-registrations/bulk-status")).toEqual({ action: "status_change", entity: "course-registration" });
    // The bulk routes of the route table carry their action in the body: a status change unless the handler notes a delete.
    expect(fromRoute("POST /api/admin/contact-submissions/bulk")).toEqual({ action: "status_change", entity: "contact-submission" });
    expect(fromRoute("POST /api/admin/course-registrations/bulk")).toEqual({ action: "status_change", entity: "course-registration" });
    const bulk = routeKeys.filter((k) => routes[k].access === "admin" && k.includes("/bulk"));
    expect(bulk.length).toBeGreaterThan(0);
    expect(bulk.filter((k) => fromRoute(k)?.action === "create")).toEqual([]);
  });

  it("records no entry for signing an upload form a passkey's options or beginning an authenticator's set-up, and knows every admin write of the route table", () => {
    expect(fromRoute("POST /api/admin/uploads")).toBeUndefined();
    expect(fromRoute("POST /api/admin/account/passkeys/options")).toBeUndefined();
    const writes = routeKeys.filter((k) => routes[k].access === "admin" && !k.startsWith("GET ") && !unrecordedWrites.includes(k));
    expect(fromRoute("POST /api/admin/account/totp")).toBeUndefined();
    expect(writes.filter((k) => !fromRoute(k))).toEqual([]);
  });

  it("names the passkey, session and password writes of the signed-in account", () => {
    expect(fromRoute("POST /api/admin/account/passkeys")).toEqual({ action: "create", entity: "passkey" });
    expect(fromRoute("DELETE /api/admin/account/passkeys/{id}")).toEqual({ action: "delete", entity: "passkey" });
    expect(fromRoute("DELETE /api/admin/account/sessions/{id}")).toEqual({ action: "delete", entity: "session" });
    expect(fromRoute("DELETE /api/admin/account/sessions")).toEqual({ action: "delete", entity: "session" });
    expect(fromRoute("PUT /api/admin/account/password")).toEqual({ action: "update", entity: "admin-account" });
    expect(fromRoute("DELETE /api/admin/team/{id}/sessions/{session_id}")).toEqual({ action: "delete", entity: "session" });
  });
});
