/// <reference lib="dom" />
import { expect, test } from "../support/test";
import type { DashboardStats } from "@agency/core/contract/admin";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";
import { counted, formatCount } from "../../web/src/lib/format";
import { createAsVisitor } from "../support/public-writes";

test.use({ timezoneId: "UTC" });

test("the overview counts up to the API's figures, lists a new enquiry, registration and draft post first, and links on", async ({ page, baseURL }) => {
  const tag = runTag("ov");
  await signInAsAdmin(page);
  const headers = { origin: new URL(baseURL!).origin, "content-type": "application/json" };
  const before = (await (await page.request.get("/api/admin/dashboard-stats")).json()) as DashboardStats;
  await createAsVisitor(baseURL!, "/api/contact", { name: `Grace ${tag}`, email: `grace.${tag}@example.com`, company: `Navy ${tag}`, message: "Hello", form_type: "general" });
  await createAsVisitor(baseURL!, "/api/course-registrations", { name: `Alan ${tag}`, email: `alan.${tag}@example.com`, course_interest: "Computer Vision in Practice" });
  const draft = await page.request.post("/api/admin/blog-posts", { headers, data: { title: `Draft ${tag}`, slug: `draft-${tag}`, content: "<p>Soon</p>", is_published: false } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id: draftId } = (await draft.json()) as { id: string };

  // The landing's own read of the figures is over (every counter shows a figure, none "Not available"),
  // so the one awaited is the reload's (an answer that arrives after the reload began has no body to read).
  await expect(page.getByRole("region", { name: "Counters" }).getByTestId("stat-value").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Counters" }).getByText("Not available")).toHaveCount(0);
  const statsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/dashboard-stats" && r.ok());
  await page.reload();
  const stats = (await (await statsLoaded).json()) as DashboardStats;
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();

  // Each counter animates up to exactly the figure the API returned (SPEC: 2 seconds).
  const counters = page.getByRole("region", { name: "Counters" });
  const expected: [string, number, string][] = [
    ["Blog Posts", stats.stats.blogPosts.total, `${formatCount(stats.stats.blogPosts.published)} published, ${counted(stats.stats.blogPosts.drafts, "draft")}`],
    ["Courses", stats.stats.courses.total, `${formatCount(stats.stats.courses.active)} active, ${formatCount(stats.stats.courses.inactive)} inactive`],
    ["Contact Forms", stats.stats.contacts!.total, `${formatCount(stats.stats.contacts!.unread)} unread`],
    ["Course Registrations", stats.stats.registrations!.total, `${formatCount(stats.stats.registrations!.pending)} pending`],
  ];
  for (const [label, total, hint] of expected) {
    const card = counters.getByTestId("stat-card").filter({ hasText: label });
    await expect(card.getByTestId("stat-value")).toContainText(total.toLocaleString("en-US"), { timeout: 5000 });
    await expect(card).toContainText(hint);
  }
  // What this journey added is counted (other journeys may add more meanwhile).
  expect(stats.stats.contacts!.total).toBeGreaterThanOrEqual(before.stats.contacts!.total + 1);
  expect(stats.stats.contacts!.unread).toBeGreaterThanOrEqual(before.stats.contacts!.unread + 1);
  expect(stats.stats.registrations!.pending).toBeGreaterThanOrEqual(before.stats.registrations!.pending + 1);
  expect(stats.stats.blogPosts.drafts).toBeGreaterThanOrEqual(before.stats.blogPosts.drafts + 1);

  // The enquiry and the registration just sent are in the recent lists, with their details and date.
  const contacts = page.getByRole("region", { name: "Recent Contact Submissions" });
  await expect(contacts.getByText(`Grace ${tag}`)).toBeVisible();
  await expect(contacts.getByText(`Navy ${tag}`)).toBeVisible();
  const registrations = page.getByRole("region", { name: "Recent Course Registrations" });
  await expect(registrations.getByText(`Alan ${tag}`)).toBeVisible();
  await expect(registrations.getByText("Computer Vision in Practice").first()).toBeVisible();
  const posts = page.getByRole("region", { name: "Recent Blog Posts" });
  const post = posts.getByRole("listitem").filter({ hasText: `/draft-${tag}` });
  await expect(post).toContainText(`Draft ${tag}`);
  await expect(post.getByText("Draft", { exact: true })).toBeVisible();
  await expect(contacts.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);

  await audit(page, "overview");

  // Each recent row is a link that opens its record, as the mail links do (?open={id}).
  await contacts.getByRole("link", { name: new RegExp(`Grace ${tag}`) }).click();
  await expect(page).toHaveURL(/\/admin\/messages/);
  // The screen, its chunk and the record load on a busy machine in more than the default 5 s.
  await expect(page.getByRole("dialog").filter({ hasText: `grace.${tag}@example.com` })).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await registrations.getByRole("link", { name: new RegExp(`Alan ${tag}`) }).click();
  await expect(page).toHaveURL(/\/admin\/registrations/);
  await expect(page.getByRole("dialog").filter({ hasText: `alan.${tag}@example.com` })).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await posts.getByRole("link", { name: new RegExp(`Draft ${tag}`) }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`Draft ${tag}`, { timeout: 20_000 });
  await page.goto("/admin");

  // Quick links lead to the three editors.
  const links = page.getByRole("navigation", { name: "Quick links" });
  await expect(links.getByRole("link")).toHaveCount(3);
  await links.getByRole("link", { name: /Manage Courses/ }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  expect((await page.request.delete(`/api/admin/blog-posts/${draftId}`, { headers })).ok()).toBe(true);
});
