import { describe, expect, it } from "vitest";
import { routeKeys, routes } from "@agency/core/routes";
import { fromRoute } from "./audit";

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

  it("records no entry for signing an upload form or beginning an authenticator's set-up, and knows every admin write of the route table", () => {
    expect(fromRoute("POST /api/admin/uploads")).toBeUndefined();
    expect(fromRoute("POST /api/admin/account/totp")).toBeUndefined();
    const unrecorded = new Set(["POST /api/admin/uploads", "POST /api/admin/account/totp"]);
    const writes = routeKeys.filter((k) => routes[k].access === "admin" && !k.startsWith("GET ") && !unrecorded.has(k));
    expect(writes.filter((k) => !fromRoute(k))).toEqual([]);
  });
});
