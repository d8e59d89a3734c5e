import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "../../packages/core/src/contract/admin";
import type { AuditEntry } from "../../packages/core/src/contract/audit";
import { blogCategories } from "../../packages/core/src/contract/blog-values";
import { SITE_IMPORT_MAX_BYTES, siteExportKinds, siteExportMessages, type SiteExport, type SiteImportResult } from "../../packages/core/src/contract/site-export";
import type { TrashItem } from "../../packages/core/src/contract/trash";
import { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";
import { makePng } from "../support/png";
import { createAsVisitor } from "../support/public-writes";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { startDynalite } from "../../packages/local/src/dynamo";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCliAsync, runAdminCli, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * POST /api/admin/import?mode=replace, against two runtimes of their own (an import replaces a whole
 * site, which no shared runtime may see): `source` is built up and exported, `target` is a fresh
 * site that imports it. The restore drill: every public address of the imported site renders what
 * the source's renders.
 */
let source: RunningRuntime;
let target: RunningRuntime;
let a: Visitor;
let b: Visitor;

async function owner(runtime: RunningRuntime) {
  const v = new Visitor(runtime.url);
  expect((await v.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
  return v;
}

beforeAll(async () => {
  [source, target] = await Promise.all([startRuntime(), startRuntime()]);
  [a, b] = await Promise.all([owner(source), owner(target)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

const uid = () => Math.random().toString(36).slice(2, 10);
const importInto = (v: Visitor, body: unknown, raw?: string) =>
  v.call("POST", "/api/admin/import?mode=replace", raw === undefined ? { body } : { raw, headers: { "content-type": "application/json" } });
const exportOf = async (v: Visitor) => {
  const res = await v.call("GET", "/api/admin/export");
  expect(res.status, res.text).toBe(200);
  return res.json as SiteExport;
};
/** The export without its time: what must not change when an import is refused. */
const content = (doc: SiteExport) => JSON.stringify({ ...doc, exported_at: "" });

/** An image uploaded and completed through the back office, as its browser does. */
async function uploadImage(v: Visitor, runtime: RunningRuntime) {
  const png = makePng(uid());
  const sign = await v.call("POST", "/api/admin/uploads", { body: { filename: `drill-${uid()}.png`, content_type: "image/png", size: png.length } });
  expect(sign.status, sign.text).toBe(201);
  const form = new FormData();
  for (const [name, value] of Object.entries(sign.json.fields as Record<string, string>)) form.append(name, value);
  form.append("file", new Blob([Uint8Array.from(png)], { type: "image/png" }), "upload");
  expect((await fetch(sign.json.url, { method: "POST", body: form, headers: { origin: runtime.url } })).status).toBeLessThan(300);
  const done = await v.call("POST", `/api/admin/uploads/${sign.json.id}/complete`, { body: {} });
  expect(done.status, done.text).toBe(200);
  return done.json as { id: string; url: string };
}

let built: { postId: string; slug: string; oldSlug: string; message: string; image: { id: string; url: string }; sectionTitle: string; company: string };

/** The source site: a published post moved to a new slug (a redirect), a draft, a section, a setting, a lead and an image. */
async function buildSource() {
  const tag = uid();
  const image = await uploadImage(a, source);
  const oldSlug = `drill-${tag}`;
  const post = await a.call("POST", "/api/admin/blog-posts", {
    body: {
      title: `Drill post ${tag}`,
      slug: oldSlug,
      content: `<p>Restored text ${tag}</p>`,
      excerpt: "An excerpt",
      category: blogCategories[0],
      featured_image_url: image.url,
      is_published: true,
    },
  });
  expect(post.status, post.text).toBe(201);
  const moved = await a.call("PUT", `/api/admin/blog-posts/${post.json.id}`, { body: { slug: `${oldSlug}-moved`, version: post.json.version } });
  expect(moved.status, moved.text).toBe(200);
  expect((await a.call("POST", "/api/admin/blog-posts", { body: { title: `Drill draft ${tag}`, slug: `draft-${tag}`, content: "<p>Draft</p>" } })).status).toBe(201);
  const sections = await a.call("GET", "/api/admin/page-sections/about");
  expect(sections.status, sections.text).toBe(200);
  const section = (sections.json as { id: string; version: number }[])[0]!;
  const sectionTitle = `About the drill ${tag}`;
  expect((await a.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { title: sectionTitle, version: section.version } })).status).toBe(200);
  const company = `Drill Company ${tag}`;
  const settings = (await a.call("GET", "/api/admin/site-settings")).json as { key: string; version: number }[];
  const version = settings.find((x) => x.key === "company_name")?.version ?? 1;
  const setting = await a.call("PUT", "/api/admin/site-settings/company_name", { body: { value: company, version } });
  expect(setting.status, setting.text).toBe(200);
  const message = `Drill ${tag}`;
  await createAsVisitor(source.url, "/api/contact", { name: message, email: `drill-${tag}@example.com`, message: "Restore me please", inquiryType: "general" });
  // A newsletter signup (pending: its confirmation mail may still be on its way at the export).
  const signup = await call("POST", "/api/newsletter/subscriptions", { baseUrl: source.url, ip: freshIp(), body: { email: `reader-${tag}@example.com` } });
  expect(signup.status, signup.text).toBe(202);
  built = { postId: post.json.id, slug: `${oldSlug}-moved`, oldSlug, message, image, sectionTitle, company };
}

/** The public addresses a site lists (its sitemap), as paths. */
async function publicPaths(runtime: RunningRuntime) {
  const xml = await (await fetch(`${runtime.url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
}
const served = async (runtime: RunningRuntime, path: string) => {
  const res = await call("GET", path, { baseUrl: runtime.url, ip: freshIp() });
  // The only legitimate differences between two sites with the same content: where they are served,
  // and when each page was rendered (the page's dehydrated query cache stamps its data with the time).
  const text = res.text
    .split(runtime.url)
    .join("https://site.example")
    .replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
  return { status: res.status, text };
};
/**
 * Waits for the target's page to equal the source's: the import renders every page again within
 * seconds, and so does the source's own site-wide change (its company name, set just before the
 * export), so both are read again each time (a source page read once could still be the old one).
 */
async function sameAsSource(path: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const want = await served(source, path);
    const got = await served(target, path);
    if (got.status === want.status && got.text === want.text) return;
    if (Date.now() > deadline) {
      // What each runtime's page renderer said (a page that failed to render keeps its old one).
      const renderLog = (r: RunningRuntime) =>
        r
          .output()
          .split("\n")
          .filter((l) => l.startsWith("pages:") || l.startsWith("render:"))
          .slice(-5)
          .join("\n");
      const note = `${path}\nsource's renderer:\n${renderLog(source)}\ntarget's renderer:\n${renderLog(target)}`;
      expect(got.status, note).toBe(want.status);
      // Line by line, so a failure shows where the pages differ.
      expect(got.text.split(/(?=<)/), note).toEqual(want.text.split(/(?=<)/));
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("importing a site export", () => {
  it("refuses without a session, for a role without backup, and any body that is not an export of this product, changing nothing", async () => {
    const before = content(await exportOf(b));
    expect((await call("POST", "/api/admin/import?mode=replace", { baseUrl: target.url, ip: freshIp(), body: {} })).status).toBe(401);

    // An admin (not an owner) may not: the import is the owner's, like the export.
    const username = `imp-${uid()}`;
    const invite = await b.call("POST", "/api/admin/team/invitations", { body: { username, role: "admin" } });
    expect(invite.status, invite.text).toBe(201);
    const token = new URL(invite.json.url).pathname.split("/").pop()!;
    const password = `imp-admin-password-${uid()}`;
    expect((await call("POST", `/api/team/invitations/${token}`, { baseUrl: target.url, ip: freshIp(), body: { password } })).status).toBe(200);
    const admin = new Visitor(target.url);
    expect((await admin.call("POST", "/api/admin/login", { body: { username, password } })).status).toBe(200);
    const forbidden = await importInto(admin, await exportOf(b));
    expect(forbidden.status, forbidden.text).toBe(403);

    const notJson = await importInto(b, undefined, "{ not json");
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toBe(siteExportMessages.json);

    const otherFormat = await importInto(b, { format: "wordpress-wxr", version: 1 });
    expect(otherFormat.status).toBe(400);
    expect(otherFormat.json.error).toBe(siteExportMessages.format);

    const doc = await exportOf(b);
    const newer = await importInto(b, { ...doc, version: 2 });
    expect(newer.status).toBe(400);
    expect(newer.json.error).toBe(siteExportMessages.version);

    const missing = await importInto(b, { ...doc, posts: undefined, settings: [{ value: "no key" }] });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields)).toEqual(expect.arrayContaining(["posts", "settings.0.key"]));

    // A record its entity refuses (a post without a title), and two posts at one slug: named, nothing written.
    const post = { id: "p1", slug: "same", title: "One", is_published: false, created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" };
    const unfit = await importInto(b, { ...doc, posts: [post, { ...post, id: "p2", title: undefined }, { ...post, id: "p3" }] });
    expect(unfit.status, unfit.text).toBe(400);
    expect(Object.keys(unfit.json.fields)).toEqual(expect.arrayContaining(["posts[1]", "posts[2].slug"]));

    const tooLarge = await importInto(b, undefined, JSON.stringify({ ...doc, padding: "x".repeat(SITE_IMPORT_MAX_BYTES) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toBe(siteExportMessages.tooLarge);

    const badMode = await b.call("POST", "/api/admin/import?mode=merge", { body: doc });
    expect(badMode.status).toBe(400);
    expect(badMode.json.fields.mode).toBeTruthy();

    expect(content(await exportOf(b))).toBe(before);
    const trash = await b.call("GET", "/api/admin/trash?entity=site-export");
    expect(trash.json).toEqual([]);
  });

  it("replaces the content, keeps the team, answers a count per kind, recounts, keeps what it replaced for download, audits, and renders every page as the source did (the restore drill)", async () => {
    await buildSource();
    const doc = await exportOf(a);
    const replacedBefore = await exportOf(b);
    // Something of the target's own that the import must take away.
    const own = await b.call("POST", "/api/admin/services", { body: { title: `Target only ${uid()}`, description: "d", is_active: true } });
    expect(own.status, own.text).toBe(201);

    const res = await importInto(b, doc);
    expect(res.status, res.text).toBe(200);
    const result = res.json as SiteImportResult;
    for (const kind of siteExportKinds) expect(result.imported[kind], kind).toBe(doc[kind].length);
    expect(doc.newsletter_subscribers.length).toBeGreaterThan(0);

    // The content is the source's, record for record (a lead whose mail was still on its way is
    // marked failed, so the new site does not mail the team about it again); the target's own service is gone.
    const after = await exportOf(b);
    const mailed = (leads: SiteExport["contact_submissions"]) =>
      leads.map((l) => (l.mail_status === "pending" || l.mail_status === "sending" ? { ...l, mail_status: "failed" } : l));
    for (const kind of siteExportKinds) {
      if (kind === "contact_submissions" || kind === "course_registrations" || kind === "newsletter_subscribers") expect(after[kind], kind).toEqual(mailed(doc[kind]));
      else expect(after[kind], kind).toEqual(doc[kind]);
    }
    const services = await b.call("GET", "/api/admin/services");
    expect((services.json as { id: string }[]).some((s) => s.id === own.json.id)).toBe(false);
    // The team is kept: the owner's session still works.
    expect((await b.call("GET", "/api/admin/account")).status).toBe(200);

    // Slugs, redirects, counts and the public reads.
    expect((await call("GET", `/api/blog-posts/${built.slug}`, { baseUrl: target.url, ip: freshIp() })).json.id).toBe(built.postId);
    const redirect = await call("GET", `/api/blog-posts/${built.oldSlug}`, { baseUrl: target.url, ip: freshIp() });
    expect(redirect.status).toBe(301);
    const [statsA, statsB] = await Promise.all([a.call("GET", "/api/admin/dashboard-stats"), b.call("GET", "/api/admin/dashboard-stats")]);
    expect(statsB.status, statsB.text).toBe(200);
    const figures = ({ stats }: DashboardStats) => ({
      blogPosts: stats.blogPosts,
      courses: stats.courses,
      contacts: stats.contacts,
      registrations: stats.registrations,
      subscribers: stats.subscribers,
    });
    expect(figures(statsB.json)).toEqual(figures(statsA.json));

    // What it replaced is in the Trash, downloadable, for 30 days.
    const trash = await b.call("GET", "/api/admin/trash?entity=site-export");
    const kept = (trash.json as TrashItem[]).find((t) => t.id === result.kept_export.id);
    expect(kept).toMatchObject({ entity: "site-export", expires_at: result.kept_export.expires_at });
    const days = (Date.parse(kept!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const download = await b.call("GET", `/api/admin/trash/${kept!.id}/download`);
    expect(download.status, download.text).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="arcline-site-export-\d{4}-\d\d-\d\d\.json"$/);
    const keptDoc = download.json as SiteExport;
    expect(keptDoc.services.some((s) => s.id === own.json.id)).toBe(true);
    expect(keptDoc.page_sections).toEqual(replacedBefore.page_sections);
    // Not restored record by record: it is imported back.
    expect((await b.call("POST", `/api/admin/trash/${kept!.id}/restore`, { body: {} })).status).toBe(400);

    // The audit log has the import.
    const audit = await b.call("GET", "/api/admin/audit-log?action=import");
    expect(audit.status, audit.text).toBe(200);
    expect((audit.json as AuditEntry[]).some((e) => e.entity === "site" && e.entity_id === kept!.id)).toBe(true);

    // The drill: every public address of the source renders the same page on the imported site.
    const paths = await publicPaths(source);
    expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/blog", `/blog/${built.slug}`]));
    expect((await publicPaths(target)).sort()).toEqual([...paths].sort());
    for (const path of paths) await sameAsSource(path);
    const about = await served(target, "/about");
    expect(about.text).toContain(built.sectionTitle);
    expect(about.text).toContain(built.company);
  }, 180_000);

  it("is undone by importing the export it kept", async () => {
    const trash = await b.call("GET", "/api/admin/trash?entity=site-export");
    const kept = (trash.json as TrashItem[])[0]!;
    const keptDoc = (await b.call("GET", `/api/admin/trash/${kept.id}/download`)).json as SiteExport;
    const res = await importInto(b, keptDoc);
    expect(res.status, res.text).toBe(200);
    const after = await exportOf(b);
    for (const kind of siteExportKinds) expect(after[kind], kind).toEqual(keptDoc[kind]);
    expect(after.posts.some((p) => p.id === built.postId)).toBe(false);
  }, 60_000);

  it("is the same from the shell: npm run admin -- import FILE (the runtime stopped), refusing another format", async () => {
    const doc = await exportOf(a);
    const dir = mkdtempSync(join(tmpdir(), "agency-import-"));
    const file = join(dir, "site.json");
    writeFileSync(file, JSON.stringify(doc));
    writeFileSync(join(dir, "other.json"), JSON.stringify({ format: "wordpress-wxr" }));
    const fresh = await startRuntime();
    await fresh.stop();
    const refused = runAdminCli(fresh, ["import", join(dir, "other.json")]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(siteExportMessages.format);
    const done = runAdminCli(fresh, ["import", file]);
    expect(done.status, done.output).toBe(0);
    expect(done.output).toContain(`Imported ${doc.posts.length} posts`);
    const again = await startRuntime({ dataDir: fresh.dataDir });
    try {
      const v = await owner(again);
      const after = await exportOf(v);
      expect(after.posts.map((p) => p.id).sort()).toEqual(doc.posts.map((p) => p.id).sort());
      expect(after.settings).toEqual(doc.settings);
      expect((await v.call("GET", "/api/admin/trash?entity=site-export")).json).toHaveLength(1);
    } finally {
      await again.stop();
    }
  }, 180_000);

  it("from the shell, renders every page again as the API's import does: a runtime sharing the table serves the imported content at once", async () => {
    const db = await startDynalite();
    const shared = await startRuntime({ env: { DYNAMODB_ENDPOINT: db.endpoint, TABLE_NAME: "cli-render" } });
    try {
      const v = await owner(shared);
      const doc = await exportOf(v);
      const company = `Shell Company ${uid()}`;
      const file = join(mkdtempSync(join(tmpdir(), "agency-import-")), "site.json");
      writeFileSync(file, JSON.stringify({ ...doc, settings: doc.settings.map((s) => (s.key === "company_name" ? { ...s, value: company } : s)) }));
      const page = async () => (await call("GET", "/about", { baseUrl: shared.url, ip: freshIp() })).text;
      expect(await page()).not.toContain(company);

      // The shell on the same table, while the runtime serves it (its media bucket: the runtime's).
      const done = await adminCliAsync(shared, ["import", file], {
        DYNAMODB_ENDPOINT: db.endpoint,
        TABLE_NAME: "cli-render",
        PUBLIC_URL: shared.url,
        S3_ENDPOINT: shared.s3Url,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: readFileSync(join(shared.dataDir, "s3-secret"), "utf8").trim(),
      });
      expect(done.status, done.output).toBe(0);
      expect(done.output).toContain(`Every page is rendered again, for ${shared.url}.`);
      // The page as served: rendered from the imported settings, with no save or restart after the import.
      expect(await page()).toContain(company);
      expect((await v.call("GET", "/api/admin/trash?entity=site-export")).json).toHaveLength(1);
    } finally {
      await shared.stop();
      await db.close();
    }
  }, 180_000);
});
