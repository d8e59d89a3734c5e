import { beforeAll, describe, expect, inject, it } from "vitest";
import { publicSettingKeys, settingKeys } from "../../packages/core/src/contract/settings";
import { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";

let admin: Visitor;
beforeAll(async () => {
  admin = new Visitor(inject("baseUrl"));
  expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
});
const publicIds = async (path: string) => ((await call("GET", path, { ip: freshIp() })).json as { id: string }[]).map((x) => x.id);

describe.each([
  {
    path: "services",
    create: { title: "Voice agents", description: "Phone bots", icon_name: "Bot", image_url: "", order_index: 50, is_active: true },
    change: { title: "Voice agents v2" },
  },
  { path: "industries", create: { name: "Aviation", description: "Airlines", icon_name: "Truck", order_index: 50, is_active: true }, change: { name: "Aviation & Aerospace" } },
  {
    path: "courses",
    create: { title: "Prompt Engineering", description: "Hands-on", level: "Intermediate", duration: "6 weeks", button_type: "contact", order_index: 50, is_active: true },
    change: { title: "Prompt Engineering II" },
  },
  {
    path: "service-details",
    create: { service_category: "Computer Vision", title: "Visual QA", key_features: "a|b", order_index: 50, is_active: true },
    change: { title: "Visual QA+" },
  },
])("admin $path", ({ path, create, change }) => {
  it("creates, lists, updates, hides when inactive and deletes an item", async () => {
    const created = await admin.call("POST", `/api/admin/${path}`, { body: create });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await admin.call("GET", `/api/admin/${path}`)).json.map((x: { id: string }) => x.id)).toContain(id);
    expect(await publicIds(`/api/${path}`)).toContain(id);

    expect(created.json.version).toBe(1);
    const updated = await admin.call("PUT", `/api/admin/${path}/${id}`, { body: { ...create, ...change, is_active: false, version: 1 } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id, ...change, is_active: false, version: 2 });
    expect(await publicIds(`/api/${path}`)).not.toContain(id);

    expect((await admin.call("DELETE", `/api/admin/${path}/${id}`, { body: {} })).status).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/${path}/${id}`, { body: {} })).status).toBe(404);
    expect((await admin.call("PUT", `/api/admin/${path}/${id}`, { body: { ...create, version: 2 } })).status).toBe(404);
  });
});

describe("admin content validation", () => {
  it("names the fields at fault", async () => {
    const res = await admin.call("POST", "/api/admin/courses", { body: { button_type: "register", progress_percentage: 140, rating: 5.5, image_url: "javascript:alert(1)" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(["external_url", "image_url", "progress_percentage", "rating"]);
    const detail = await admin.call("POST", "/api/admin/service-details", { body: { service_category: "Astrology" } });
    expect(detail.status).toBe(400);
    expect(detail.json.fields).toHaveProperty("service_category");
  });

  it("gives a course's highlights and rating to the public list, which the Tech School cards read", async () => {
    const created = await admin.call("POST", "/api/admin/courses", { body: { title: "Applied NLP", highlights: "Tokenisers | Embeddings", rating: "4.5", order_index: 900 } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ highlights: "Tokenisers | Embeddings", rating: 4.5, is_active: true });
    const listed = ((await call("GET", "/api/courses", { ip: freshIp() })).json as { id: string }[]).find((c) => c.id === created.json.id);
    expect(listed).toMatchObject({ highlights: "Tokenisers | Embeddings", rating: 4.5 });
    // Left out, they are none: no bullet points, no rating.
    const plain = await admin.call("POST", "/api/admin/courses", { body: { title: "Plain", order_index: 901 } });
    expect(plain.json).toMatchObject({ highlights: "", rating: 0 });
    for (const id of [created.json.id, plain.json.id]) await admin.call("DELETE", `/api/admin/courses/${id}`, { body: {} });
  });

  it("parses Order Index as an integer", async () => {
    const res = await admin.call("POST", "/api/admin/industries", { body: { name: "Mining", order_index: "7" } });
    expect(res.json.order_index).toBe(7);
    await admin.call("DELETE", `/api/admin/industries/${res.json.id}`, { body: {} });
    expect((await admin.call("POST", "/api/admin/industries", { body: { order_index: "7.5" } })).status).toBe(400);
  });
});

describe("admin icon names", () => {
  const prototypeNames = ["constructor", "__proto__", "toString"];
  it.each([
    { path: "services", item: { title: "Icon check", icon_name: "Bot" } },
    { path: "industries", item: { name: "Icon check", icon_name: "Truck" } },
  ])("refuse a $path icon_name outside SPEC's list, prototype names included, with a 400 naming icon_name", async ({ path, item }) => {
    const created = await admin.call("POST", `/api/admin/${path}`, { body: item });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    for (const icon_name of [...prototypeNames, "Rocket"]) {
      for (const [method, url] of [
        ["POST", `/api/admin/${path}`],
        ["PUT", `/api/admin/${path}/${id}`],
      ] as const) {
        const res = await admin.call(method, url, { body: { ...item, icon_name, ...(method === "PUT" ? { version: 1 } : {}) } });
        expect(res.status, `${method} ${url} ${icon_name}`).toBe(400);
        expect(Object.keys(res.json.fields)).toEqual(["icon_name"]);
      }
    }
    expect((await admin.call("GET", `/api/admin/${path}`)).json.find((x: { id: string }) => x.id === id).icon_name).toBe(item.icon_name);
    await admin.call("DELETE", `/api/admin/${path}/${id}`, { body: {} });
  });

  it("give an empty icon_name SPEC's default: Bot for a service, Factory for an industry", async () => {
    const service = await admin.call("POST", "/api/admin/services", { body: { title: "No icon", icon_name: "" } });
    const industry = await admin.call("POST", "/api/admin/industries", { body: { name: "No icon" } });
    expect(service.json.icon_name).toBe("Bot");
    expect(industry.json.icon_name).toBe("Factory");
    await admin.call("DELETE", `/api/admin/services/${service.json.id}`, { body: {} });
    await admin.call("DELETE", `/api/admin/industries/${industry.json.id}`, { body: {} });
  });
});

describe("admin page sections", () => {
  it("lists inactive sections too, stores a plain section's text as typed, and hides it publicly when inactive", async () => {
    const sections = (await admin.call("GET", "/api/admin/page-sections/about")).json as { id: string; section_key: string; version: number; title: string; content: string }[];
    const section = sections[0]!;
    const typed = "Tom & Jerry <3 <script>alert(1)</script>";
    const saved = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, {
      body: { ...section, title: "About us", content: typed, is_active: false },
    });
    expect(saved.status).toBe(200);
    // Plain text: the site shows it as text (escaped by React), so it is stored exactly as typed.
    expect(saved.json).toMatchObject({ content: typed, version: section.version + 1 });
    const publicKeys = ((await call("GET", "/api/page-sections/about", { ip: freshIp() })).json as { id: string }[]).map((s) => s.id);
    expect(publicKeys).not.toContain(section.id);
    expect((await admin.call("GET", "/api/admin/page-sections/about")).json.map((s: { id: string }) => s.id)).toContain(section.id);
    const restored = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, {
      body: { title: section.title, content: section.content, is_active: true, version: saved.json.version },
    });
    expect(restored.status).toBe(200);
    // Put back as it was: other tests of this runtime read the About page's texts (its description).
    expect(restored.json).toMatchObject({ title: section.title, content: section.content, is_active: true });
    expect((await admin.call("PUT", "/api/admin/page-sections/nope", { body: section })).status).toBe(404);
  });

  it("saves a policy's HTML sanitised", async () => {
    const sections = (await admin.call("GET", "/api/admin/page-sections/policies")).json as { id: string; content: string; version: number }[];
    const section = sections[0]!;
    const saved = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, {
      body: { content: '<p>Hi &amp; bye</p><script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(1)">', version: section.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.content).toBe('<p>Hi &amp; bye</p><img src="https://example.com/x.png" />');
    await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { content: section.content, version: saved.json.version } });
  });

  it("refuses with 413, naming content and keeping the section, content that sanitising grows past the 400 KB item limit", async () => {
    const sections = (await admin.call("GET", "/api/admin/page-sections/policies")).json as { id: string; content: string }[];
    const section = sections[0]!;
    const res = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { ...section, content: "&".repeat(100_000) } });
    expect(res.status).toBe(413);
    expect(Object.keys(res.json.fields)).toEqual(["content"]);
    const after = ((await admin.call("GET", "/api/admin/page-sections/policies")).json as { id: string; content: string }[]).find((s) => s.id === section.id);
    expect(after?.content).toBe(section.content);
  });
});

describe("admin site settings", () => {
  it("saves a value, allows empty values, and checks url and email types", async () => {
    const settings = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; type: string; value: string; version: number }[];
    const version = (key: string) => settings.find((s) => s.key === key)!.version;
    const original = settings.find((s) => s.key === "contact_phone")!;
    const phone = await admin.call("PUT", "/api/admin/site-settings/contact_phone", { body: { value: "+1 (555) 000-0000", version: version("contact_phone") } });
    expect(phone.json.value).toBe("+1 (555) 000-0000");
    await admin.call("PUT", "/api/admin/site-settings/contact_phone", { body: { value: original.value, version: phone.json.version } });
    expect((await admin.call("PUT", "/api/admin/site-settings/social_media_facebook", { body: { value: "", version: version("social_media_facebook") } })).status).toBe(200);
    const badUrl = await admin.call("PUT", "/api/admin/site-settings/social_media_twitter", { body: { value: "not a url", version: version("social_media_twitter") } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.fields).toEqual({ value: "Must be a valid http(s) URL" });
    expect((await admin.call("PUT", "/api/admin/site-settings/contact_email", { body: { value: "nope", version: version("contact_email") } })).status).toBe(400);
    expect((await admin.call("PUT", "/api/admin/site-settings/no_such_key", { body: { value: "x", version: 1 } })).status).toBe(404);
  });

  it("offers exactly the settings of the Settings screen, each with a visible effect, and serves the public ones", async () => {
    const keys = ((await admin.call("GET", "/api/admin/site-settings")).json as { key: string }[]).map((s) => s.key);
    expect(keys.sort()).toEqual([...settingKeys].sort());
    for (const gone of ["hero_heading", "hero_subtext", "company_tagline", "site_description", "google_analytics_id"]) {
      expect((await admin.call("PUT", `/api/admin/site-settings/${gone}`, { body: { value: "x", version: 1 } })).status).toBe(404);
    }
    const served = (await call("GET", "/api/site-settings", { ip: freshIp() })).json as Record<string, string>;
    expect(Object.keys(served).sort()).toEqual([...publicSettingKeys].sort());
  });
});

describe("admin blog posts", () => {
  const post = (over: Record<string, unknown> = {}) => ({
    title: "Agents in production",
    slug: `agents-${Math.random().toString(36).slice(2, 8)}`,
    content: "<p>Body</p>",
    excerpt: "",
    category: "automation",
    featured_image_url: "",
    author_name: "Ada",
    is_published: false,
    ...over,
  });

  it("creates a draft hidden from the public, publishes and unpublishes it, and deletes it", async () => {
    const created = await admin.call("POST", "/api/admin/blog-posts", { body: post() });
    expect(created.status).toBe(201);
    const { id, slug } = created.json;
    expect((await call("GET", `/api/blog-posts/${slug}`, { ip: freshIp() })).status).toBe(404);
    const published = await admin.call("PUT", `/api/admin/blog-posts/${id}/publish`, { body: { is_published: true } });
    expect(published.json).toMatchObject({ is_published: true, published_at: expect.any(String) });
    expect((await call("GET", `/api/blog-posts/${slug}`, { ip: freshIp() })).status).toBe(200);
    await admin.call("PUT", `/api/admin/blog-posts/${id}/publish`, { body: { is_published: false } });
    expect((await call("GET", `/api/blog-posts/${slug}`, { ip: freshIp() })).status).toBe(404);
    expect((await admin.call("DELETE", `/api/admin/blog-posts/${id}`, { body: {} })).status).toBe(200);
    expect((await admin.call("GET", "/api/admin/blog-posts")).json.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it("answers 409 naming the slug when it is taken, and 400 with every missing required field", async () => {
    const first = await admin.call("POST", "/api/admin/blog-posts", { body: post() });
    const dup = await admin.call("POST", "/api/admin/blog-posts", { body: post({ slug: first.json.slug }) });
    expect(dup.status).toBe(409);
    expect(dup.json.fields).toHaveProperty("slug");
    const empty = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "", slug: "", content: "" } });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ title: "Title is required", slug: "Slug is required", content: "Content is required" });
  });

  it("accepts a long post up to 256 KB and refuses a larger body with 413", async () => {
    const long = await admin.call("POST", "/api/admin/blog-posts", { body: post({ content: `<p>${"x".repeat(100_000)}</p>` }) });
    expect(long.status).toBe(201);
    const huge = await admin.call("POST", "/api/admin/blog-posts", { body: post({ content: "x".repeat(300_000) }) });
    expect(huge.status).toBe(413);
  });

  it("refuses with 413, naming content and storing nothing, a post that sanitising grows past the 400 KB item limit", async () => {
    const body = post({ content: "&".repeat(199_000) });
    const res = await admin.call("POST", "/api/admin/blog-posts", { body });
    expect(res.status).toBe(413);
    expect(res.json.error).toMatch(/content field is too large/);
    expect(Object.keys(res.json.fields)).toEqual(["content"]);
    const all = (await admin.call("GET", "/api/admin/blog-posts")).json as { slug: string }[];
    expect(all.map((p) => p.slug)).not.toContain(body.slug);
    // The slug was not claimed either: a post of normal size can take it.
    const retry = await admin.call("POST", "/api/admin/blog-posts", { body: { ...body, content: "<p>&amp; fits</p>" } });
    expect(retry.status).toBe(201);

    const edit = await admin.call("PUT", `/api/admin/blog-posts/${retry.json.id}`, { body: { ...body, content: "&".repeat(199_000), version: retry.json.version } });
    expect(edit.status).toBe(413);
    const stored = (await admin.call("GET", `/api/admin/blog-posts/${retry.json.id}`)).json as { content: string; version: number };
    expect(stored).toMatchObject({ content: "<p>&amp; fits</p>", version: retry.json.version });
    await admin.call("DELETE", `/api/admin/blog-posts/${retry.json.id}`, { body: {} });
  });
});

describe("admin messages", () => {
  it("lists a new message unread, toggles it, marks all read and deletes it", async () => {
    const name = `Msg ${Math.random().toString(36).slice(2)}`;
    await call("POST", "/api/contact", { ip: freshIp(), body: { name, email: "m@example.com", message: "Hello", form_type: "partnership" } });
    const list = (await admin.call("GET", "/api/admin/contact-submissions")).json as { id: string; name: string; is_read: boolean; form_type: string }[];
    const msg = list.find((m) => m.name === name)!;
    expect(msg).toMatchObject({ is_read: false, form_type: "partnership" });
    expect((await admin.call("PUT", `/api/admin/contact-submissions/${msg.id}/status`, { body: { is_read: true } })).json.is_read).toBe(true);
    expect((await admin.call("PUT", `/api/admin/contact-submissions/${msg.id}/status`, { body: { is_read: false } })).json.is_read).toBe(false);
    expect((await admin.call("PUT", "/api/admin/contact-submissions/mark-all-read", { body: {} })).status).toBe(200);
    const after = (await admin.call("GET", "/api/admin/contact-submissions")).json as { is_read: boolean }[];
    expect(after.every((m) => m.is_read)).toBe(true);
    expect((await admin.call("DELETE", `/api/admin/contact-submissions/${msg.id}`, { body: {} })).status).toBe(200);
    expect((await admin.call("PUT", `/api/admin/contact-submissions/${msg.id}/status`, { body: { is_read: true } })).status).toBe(404);
  });
});

describe("the dashboard", () => {
  it("counts posts, courses, messages and registrations and lists recent activity", async () => {
    const name = `Reg ${Math.random().toString(36).slice(2)}`;
    await call("POST", "/api/course-registrations", { ip: freshIp(), body: { name, email: "r@example.com", course_interest: "Data Science Bootcamp" } });
    const res = await admin.call("GET", "/api/admin/dashboard-stats");
    expect(res.status).toBe(200);
    const { stats, recentActivity } = res.json;
    expect(stats.blogPosts.total).toBe(stats.blogPosts.published + stats.blogPosts.drafts);
    expect(stats.courses.total).toBe(stats.courses.active + stats.courses.inactive);
    expect(stats.registrations.pending).toBeGreaterThanOrEqual(1);
    expect(recentActivity.registrations[0]).toMatchObject({ name, course_interest: "Data Science Bootcamp" });
    expect(recentActivity.blogPosts[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      slug: expect.any(String),
      is_published: expect.any(Boolean),
      created_at: expect.any(String),
    });
  });
});
