import { describe, expect, it } from "vitest";
import { routeKeys, routes } from "@agency/core/routes";
import { config } from "../../packages/core/src/config";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../../packages/core/src/db/client";
import { devAdmin, uniqueName } from "../support/admin";
import { Visitor, demo, signInWithGoogle } from "../support/auth-flow";
import { useRuntimeDatabase } from "../support/database";
import { call } from "../support/http";
import { createAsVisitor } from "../support/public-writes";

useRuntimeDatabase();

/** Every item of the runtime's table, keyed by pk|sk, as JSON. */
async function snapshot(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().client.send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey }));
    for (const item of page.Items ?? []) items.set(`${item.pk}|${item.sk}`, JSON.stringify(item, Object.keys(item).sort()));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** What changed between two snapshots: items added, removed or rewritten, with their entity. */
function changes(before: Map<string, string>, after: Map<string, string>) {
  const entity = (json: string) => (JSON.parse(json) as { __edb_e__?: string }).__edb_e__ ?? "?";
  const out: string[] = [];
  for (const [key, item] of after) {
    if (!before.has(key)) out.push(`added ${entity(item)} ${key}`);
    else if (before.get(key) !== item) out.push(`changed ${entity(item)} ${key}`);
  }
  for (const [key, item] of before) if (!after.has(key)) out.push(`removed ${entity(item)} ${key}`);
  return out;
}

/**
 * The one GET that stores something, by SPEC §7's design: starting a Google sign-in stores the
 * sign-in transaction (state, nonce, PKCE verifier) that the callback consumes once, and counts the
 * start against its client's sign-in rate limit.
 */
const storedByDesign = (key: string, change: string) =>
  key === "GET /api/oauth/google/redirect_url" && (change.startsWith("added oidcTransaction ") || /^(added|changed) rateLimit \$agency#key_google-start#/.test(change));

const getRoutes = routeKeys.filter((k) => k.startsWith("GET "));
/** What a visitor without a session gets: 401 from admin routes and from "who am I". */
/**
 * CloudFront's failover for an address without a rendered page answers 404 (or 301 for a post's
 * earlier slug) by design: walked with an address no page has, to everyone.
 */
const failover = "GET /pages/{proxy+}";
/** A mail's List-Unsubscribe address opened in a browser: sent on, to everyone, to the unsubscribe page (303). */
const unsubscribeLink = "GET /api/newsletter/unsubscribe";
/**
 * The export an import kept exists only after an import, which replaces the whole shared site: walked
 * with an id that is not one, it answers 404 (tests/api/admin-import.test.ts downloads a real one).
 */
const keptExport = "GET /api/admin/trash/{id}/download";
/**
 * An image's sizes, for a page: the seeded site has no uploaded image, so it is walked with an id no
 * image has and answers 404 to everyone (tests/api/admin-media.test.ts reads a real one's).
 */
const imageInfo = "GET /api/images/{id}";
const adminStatus = (key: (typeof getRoutes)[number]) => (key === failover || key === keptExport || key === imageInfo ? 404 : key === unsubscribeLink ? 303 : 200);
const anonymousStatus = (key: (typeof getRoutes)[number]) =>
  key === failover || key === imageInfo ? 404 : key === unsubscribeLink ? 303 : routes[key].access === "admin" || key === "GET /api/users/me" ? 401 : 200;

describe("GET routes", () => {
  it("change nothing stored: each is walked as an admin (200) and as a visitor, and the table is the same after", async () => {
    const admin = await devAdmin();
    const visitor = new Visitor(admin.baseUrl);
    // State a GET could wrongly change: an unread message and a pending registration. Every lead's
    // notification is settled first (this one's and earlier tests'), so no background write lands
    // during the walk.
    const name = uniqueName("Walker");
    await createAsVisitor(admin.baseUrl, "/api/contact", { name, email: "walker@example.com", message: "Hello", inquiryType: "general" });
    await createAsVisitor(admin.baseUrl, "/api/course-registrations", { name, email: "walker@example.com" });
    // Leads that other tests stored straight into the table stay "pending" for good (nothing
    // announces them), so they write nothing in the background: wait for this test's own two and for
    // any send in flight.
    // (A record kept in the Trash holds its mail state as it was: only stored leads and subscribers are sent.)
    const mailing = async () =>
      [...(await snapshot()).values()]
        .map((item) => JSON.parse(item) as { mail_status?: string; name?: string })
        .filter((item) => item.mail_status === "sending" || (item.mail_status === "pending" && item.name === name)).length;
    await expect.poll(mailing, { timeout: 60_000 }).toBe(0);
    // Real values for the path parameters, read before the first snapshot.
    const published = (await call("GET", "/api/blog-posts")).json as { id: string; slug: string }[];
    expect(published.length).toBeGreaterThan(0);
    // A preview link of that post: its token is the last segment of the link's address.
    const link = await admin.call("POST", `/api/admin/blog-posts/${encodeURIComponent(published[0]!.id)}/preview-link`, { body: {} });
    expect(link.status, link.text).toBe(201);
    const token = decodeURIComponent(new URL((link.json as { url: string }).url).pathname.split("/").pop()!);
    // An invitation link's token (Development Login is the local owner), for the page that reads it.
    const invitation = await admin.call("POST", "/api/admin/team/invitations", { body: { role: "editor" } });
    expect(invitation.status, invitation.text).toBe(201);
    const invitationToken = new URL(invitation.json.url as string).pathname.split("/").pop()!;
    const samples: Record<string, string> = { pageSlug: "home", slug: published[0]!.slug, id: published[0]!.id, token };
    // An {id} names the record of its own list: this test's message and registration for the leads.
    const leadId = async (list: string) => ((await admin.call("GET", `${list}?q=${encodeURIComponent(name)}`)).json as { id: string }[])[0]!.id;
    // A team member's {id}: a Google admin's user id (signing in is a write, so it happens here, before the walk).
    const google = new Visitor(admin.baseUrl);
    expect((await signInWithGoogle(google, demo.admin)).status).toBe(200);
    const member = (await google.call("GET", "/api/users/me")).json as { id: string };
    // A webhook whose deliveries log is read: it listens only for confirmations, which the walk causes none of.
    const hook = await admin.call("POST", "/api/admin/webhooks", { body: { url: "http://127.0.0.1:9/walk", events: ["subscriber.confirmed"] } });
    expect(hook.status, hook.text).toBe(201);
    // A pending link's id (the invitation's, above), for the owner's list of links that shows one again.
    const links = await admin.call("GET", "/api/admin/team/links");
    expect(links.status, links.text).toBe(200);
    const linkId = (links.json as { id: string }[])[0]!.id;
    const idsByList: Record<string, string> = {
      // Before "/api/admin/team/": the first prefix a route starts with names its {id}.
      "/api/admin/team/links/": linkId,
      "/api/admin/webhooks/": hook.json.id as string,
      "/api/admin/contact-submissions/": await leadId("/api/admin/contact-submissions"),
      "/api/admin/course-registrations/": await leadId("/api/admin/course-registrations"),
      // The team screen names a Google admin `google.<user id>`.
      "/api/admin/team/": `google.${member.id}`,
    };
    const pathOf = (key: string) =>
      key.slice(4).replace(/\{(\w+)\}/g, (_, name: string) => {
        const list = Object.keys(idsByList).find((prefix) => key.slice(4).startsWith(prefix));
        if (name === "id" && list) return encodeURIComponent(idsByList[list]!);
        if (name === "token" && key.slice(4).startsWith("/api/team/invitations/")) return encodeURIComponent(invitationToken);
        expect(samples, `no sample value for {${name}} in ${key}`).toHaveProperty(name);
        return encodeURIComponent(samples[name]!);
      });
    // A revision to read: a draft saved through the API stores its first one.
    const draft = await admin.call("POST", "/api/admin/blog-posts", { body: { title: name, slug: `walker-${Date.now().toString(36)}`, content: "<p>Walked</p>" } });
    expect(draft.status).toBe(201);
    const history = `entity=blog-posts&id=${encodeURIComponent(draft.json.id)}`;
    samples.revision_id = ((await admin.call("GET", `/api/admin/revisions?${history}`)).json as { id: string }[])[0]!.id;
    // The parameters a list cannot go without: which item's revisions.
    const required: Partial<Record<string, string>> = { "GET /api/admin/revisions": history, [unsubscribeLink]: "token=walked-token" };
    // Every list's search, filter and paging path as well as its first page.
    const queries = ["", "?limit=1", "?q=a&limit=2"];
    const urlOf = (key: string, query: string) => {
      const base = required[key];
      return `${pathOf(key)}${base ? `?${base}${query.replace("?", "&")}` : query}`;
    };

    const before = await snapshot();
    const stored: string[] = [];
    for (const key of getRoutes) {
      const marker = await snapshot();
      for (const query of queries) {
        const url = urlOf(key, query);
        const res = await admin.call("GET", url);
        expect(res.status, `${key}${query} as admin: ${res.text.slice(0, 200)}`).toBe(adminStatus(key));
        const next = res.headers["x-next-cursor"];
        if (typeof next === "string") {
          const page = await admin.call("GET", `${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(next)}`);
          expect(page.status, `${key} next page`).toBe(200);
        }
        const anonymous = await visitor.call("GET", url);
        expect(anonymous.status, `${key}${query} as a visitor`).toBe(anonymousStatus(key));
      }
      const changed = changes(marker, await snapshot());
      expect(
        changed.filter((c) => !storedByDesign(key, c)),
        key,
      ).toEqual([]);
      stored.push(...changed);
    }
    // The walk went through the one GET that stores (a transaction per start), and over the whole
    // walk nothing else was added, changed or removed.
    expect(stored.filter((c) => c.startsWith("added oidcTransaction "))).toHaveLength(queries.length * 2);
    expect(changes(before, await snapshot()).filter((c) => !storedByDesign("GET /api/oauth/google/redirect_url", c))).toEqual([]);
    expect((await admin.call("DELETE", `/api/admin/webhooks/${hook.json.id}`, { body: {} })).status).toBe(200);
  }, 120_000);
});
