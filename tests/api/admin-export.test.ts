import { beforeAll, describe, expect, it, inject } from "vitest";
import { SITE_EXPORT_FORMAT, SITE_EXPORT_VERSION, siteExport, siteExportKinds, type SiteExport } from "../../packages/core/src/contract/site-export";
import { devAdmin, uniqueName } from "../support/admin";
import type { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";
import { createAsVisitor } from "../support/public-writes";

/**
 * GET /api/admin/export: the whole site's content as one document, for the owner alone; never an
 * account's secret.
 */
let admin: Visitor;
beforeAll(async () => {
  admin = await devAdmin();
});
const uid = () => Math.random().toString(36).slice(2, 10);

describe("the site export", () => {
  it("holds every kind of content as stored: posts with their earlier slugs, sections, catalogue, settings, leads, newsletter subscribers and media records", async () => {
    const tag = uid();
    const slug = `exported-${tag}`;
    const post = await admin.call("POST", "/api/admin/blog-posts", { body: { title: uniqueName("Exported post"), slug, content: "<p>Kept</p>", is_published: true } });
    expect(post.status, post.text).toBe(201);
    const moved = await admin.call("PUT", `/api/admin/blog-posts/${post.json.id}`, { body: { slug: `${slug}-moved`, version: post.json.version } });
    expect(moved.status, moved.text).toBe(200);
    const service = await admin.call("POST", "/api/admin/services", { body: { title: uniqueName("Exported service"), description: "d", is_active: true } });
    await createAsVisitor(inject("baseUrl"), "/api/contact", { name: `Export ${tag}`, email: `e-${tag}@example.com`, message: "Export me please", inquiryType: "general" });
    const reader = `reader-${tag}@example.com`;
    expect((await call("POST", "/api/newsletter/subscriptions", { ip: freshIp(), body: { email: reader } })).status).toBe(202);

    const res = await admin.call("GET", "/api/admin/export");
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="arcline-site-export-\d{4}-\d\d-\d\d\.json"$/);
    const doc = res.json as SiteExport;
    expect(doc).toMatchObject({ format: SITE_EXPORT_FORMAT, version: SITE_EXPORT_VERSION });
    expect(Math.abs(Date.parse(doc.exported_at) - Date.now())).toBeLessThan(10 * 60_000);
    for (const kind of siteExportKinds) expect(Array.isArray(doc[kind]), kind).toBe(true);
    // What it holds, an import reads back.
    expect(siteExport.safeParse(doc).success).toBe(true);

    expect(doc.posts.find((p) => p.id === post.json.id)).toMatchObject({ slug: `${slug}-moved`, content: "<p>Kept</p>", is_published: true });
    expect(doc.slug_redirects).toContainEqual({ slug, post_id: post.json.id });
    expect(doc.services.find((s) => s.id === service.json.id)).toMatchObject({ title: service.json.title });
    expect(doc.page_sections.some((s) => s.page_slug === "home")).toBe(true);
    expect(doc.settings.some((s) => s.key === "company_name")).toBe(true);
    expect(doc.contact_submissions.find((m) => m.name === `Export ${tag}`)).toMatchObject({ email: `e-${tag}@example.com` });
    expect(doc.newsletter_subscribers.find((s) => s.email === reader)).toMatchObject({ status: "pending" });
    expect(doc.industries.length + doc.courses.length + doc.service_details.length).toBeGreaterThan(0);
    await admin.call("DELETE", `/api/admin/services/${service.json.id}`, { body: {} });
  });

  it("never holds a password hash, TOTP secret, token, session or passkey", async () => {
    const text = (await admin.call("GET", "/api/admin/export")).text;
    for (const secret of ["password_hash", "totp_secret", "totp_pending_secret", "recovery_code_hashes", "token_hash", "credential_id", "public_key", "code_verifier", "session"]) {
      expect(text, secret).not.toContain(`"${secret}"`);
    }
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(doc).sort()).toEqual(["exported_at", "format", "version", ...siteExportKinds].sort());
  });

  it("is refused without a session", async () => {
    expect((await call("GET", "/api/admin/export", { ip: freshIp() })).status).toBe(401);
  });
});
