import { describe, expect, it } from "vitest";
import { features, handlerPath, routeKeys, routes } from "./routes";
import { permissions, roleCan, rolePermissions } from "./contract/roles";

/** Every call of SPEC §7, as the web app makes it (logout as a POST: see routes.ts). */
const specCalls = [
  "GET /api/users/me",
  "POST /api/logout",
  "GET /api/oauth/google/redirect_url",
  "POST /api/sessions",
  "GET /api/admin/me",
  "GET /api/page-sections/{pageSlug}",
  "GET /api/courses",
  "GET /api/services",
  "GET /api/industries",
  "GET /api/service-details",
  "GET /api/blog-posts",
  "GET /api/blog-posts/{slug}",
  "POST /api/course-registrations",
  "POST /api/contact",
  "GET /api/admin/dashboard-stats",
  "GET /api/admin/contact-submissions",
  "PUT /api/admin/contact-submissions/{id}/status",
  "PUT /api/admin/contact-submissions/mark-all-read",
  "DELETE /api/admin/contact-submissions/{id}",
  "GET /api/admin/site-settings",
  "PUT /api/admin/site-settings/{key}",
  "GET /api/admin/page-sections/{pageSlug}",
  "PUT /api/admin/page-sections/{id}",
  ...["services", "industries", "courses", "service-details", "blog-posts"].flatMap((r) => [
    `GET /api/admin/${r}`,
    `POST /api/admin/${r}`,
    `PUT /api/admin/${r}/{id}`,
    `DELETE /api/admin/${r}/{id}`,
  ]),
  "PUT /api/admin/blog-posts/{id}/publish",
  "GET /api/admin/users",
  "DELETE /api/admin/users/{id}",
];

describe("the route table", () => {
  it("lists every call of SPEC §7", () => {
    const missing = specCalls.filter((k) => !(k in routes));
    expect(missing).toEqual([]);
  });

  it("protects every /api/admin route except the sign-ins themselves (username, its second step, passkey)", () => {
    const open = routeKeys.filter((k) => k.includes(" /api/admin/") && routes[k].access !== "admin");
    expect(open).toEqual(["POST /api/admin/login", "POST /api/admin/login/verify", "POST /api/admin/login/passkey/options", "POST /api/admin/login/passkey"]);
  });

  // That no GET changes what is stored is walked against the runtime: tests/api/get-routes.test.ts.
  it("logs out by POST only, never by a GET another site could trigger", () => {
    expect(routeKeys).toContain("POST /api/logout");
    expect(routeKeys).not.toContain("GET /api/logout");
  });

  it("caches only public GET routes", () => {
    for (const key of routeKeys) {
      const spec = routes[key];
      if ("cache" in spec && spec.cache) {
        expect(key.startsWith("GET "), key).toBe(true);
        expect(spec.access, key).toBe("public");
      }
    }
  });

  it("resolves every route to a handler of its feature that implements it", async () => {
    for (const feature of features) {
      const mod = (await import(/* @vite-ignore */ `../../../${handlerPath(feature)}`)) as { handler?: { routeKeys?: string[] } };
      expect(typeof mod.handler, feature).toBe("function");
      const served = routeKeys.filter((k) => routes[k].feature === feature);
      expect([...(mod.handler!.routeKeys ?? [])].sort(), feature).toEqual([...served].sort());
    }
    // Loading every feature's handler (twenty-odd module graphs) takes more than 5 s on two busy cores.
  }, 60_000);
});

describe("roles and permissions", () => {
  it("lets an owner do everything, an admin everything but the team and the site's export and import", () => {
    expect([...rolePermissions.owner].sort()).toEqual([...permissions].sort());
    expect(permissions.filter((p) => !roleCan("admin", p))).toEqual(["team", "backup"]);
  });

  it("lets an editor edit content, posts and media but read no leads, users, settings, team or audit log", () => {
    expect(permissions.filter((p) => roleCan("editor", p))).toEqual(["account", "dashboard", "content", "blog", "media"]);
    for (const p of ["messages", "registrations", "users", "settings", "team", "audit", "backup"] as const) expect(roleCan("editor", p), p).toBe(false);
  });

  it("grants nothing to an unknown role, nor to a name Object.prototype carries", () => {
    for (const role of ["", "root", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(
        permissions.filter((p) => roleCan(role, p)),
        role,
      ).toEqual([]);
    }
  });

  it("puts the team's routes (a member's sessions included) behind the team permission, and its link pages in public", () => {
    const team = routeKeys.filter((k) => k.includes("/api/admin/team"));
    expect(team).toHaveLength(10);
    for (const key of team) expect(routes[key], key).toMatchObject({ access: "admin", permission: "team" });
    expect(routes["GET /api/team/invitations/{token}"].access).toBe("public");
    expect(routes["POST /api/team/invitations/{token}"].access).toBe("public");
  });
});
