/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import { adminNav } from "../../web/src/components/admin/admin-nav";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";
import { createAsVisitor } from "../support/public-writes";

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The tables whose header shows as a band with nothing usable in it (its height, in px). */
const emptyHeaderBands = (page: Page) =>
  page.locator("table thead").evaluateAll((heads) =>
    heads
      .filter((h) => h.getBoundingClientRect().height > 1)
      .filter((h) => !Array.from(h.querySelectorAll("button, input")).some((c) => c.getBoundingClientRect().height > 1))
      .map((h) => `${h.closest("table")?.querySelector("caption")?.textContent ?? "table"}: ${Math.round(h.getBoundingClientRect().height)} px`),
  );

/**
 * No admin screen scrolls sideways at page level, on a small phone (360 px) or a laptop (1280 px): wide
 * tables scroll inside their own frame, text wraps. Messages and Registrations are included too
 * (the inbox rework owns their columns).
 */
for (const width of [360, 1280]) {
  test(`no admin screen is wider than the window at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const tooWide: string[] = [];
    const bands: string[] = [];
    for (const screen of adminNav) {
      await page.goto(`/admin/${screen.path}`);
      await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeVisible();
      // Lists and figures arrive after the heading; measure once the screen stopped loading.
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) tooWide.push(`${screen.label}: ${scrollWidth} px in ${clientWidth} px`);
      // On a phone a table's header takes room only for what it holds that can be used (a sort button,
      // a select-all box): never an empty grey band above the cards or the empty state.
      if (width === 360) for (const band of await emptyHeaderBands(page)) bands.push(`${screen.label}: ${band}`);
    }
    expect(tooWide).toEqual([]);
    expect(bands).toEqual([]);
  });
}

/**
 * On a 390 px phone every admin table shows each row whole, as a card: its status and its actions
 * are on screen, not past the right edge of a table scrolled sideways (Activity included).
 */
test("on a 390 px phone, every cell of a table row is on screen: status and row actions stay visible", async ({ page, baseURL }) => {
  // Every admin screen, each table audited: longer than one journey's time on two busy cores.
  test.slow();
  // A message and a registration, so their tables have rows whatever ran before.
  const tag = runTag("phone");
  await createAsVisitor(baseURL!, "/api/contact", { name: `Phone ${tag}`, email: `phone.${tag}@example.com`, message: "Hello", form_type: "general" });
  await createAsVisitor(baseURL!, "/api/course-registrations", { name: `Phone ${tag}`, email: `phone.${tag}@example.com`, course_interest: "Computer Vision in Practice" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const offScreen: string[] = [];
  const tables: string[] = [];
  const withRows = ["Messages", "Registrations", "Blog Posts", "Activity"];
  for (const screen of adminNav) {
    await page.goto(`/admin/${screen.path}`);
    await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const rows = page.locator("table tbody tr[data-row-id]");
    // These have rows: the ones made above, the seeded posts, this sign-in. Other screens are checked when theirs have loaded.
    if (withRows.includes(screen.label)) await expect(rows.first()).toBeVisible();
    else if (!(await rows.count())) continue;
    tables.push(screen.label);
    // A card labels its cells with their column's name, but not the ones only screen readers hear named.
    await expect(rows.first().locator('[data-label="Actions"], [data-label="Select"]')).toHaveCount(0);
    const cells = await rows.first().evaluate((row) =>
      Array.from(row.children)
        .filter((c) => getComputedStyle(c).display !== "none")
        .map((c) => {
          const r = c.getBoundingClientRect();
          return { label: (c.getAttribute("data-label") ?? c.textContent ?? "").trim().slice(0, 30), left: r.left, right: r.right };
        }),
    );
    for (const c of cells) if (c.left < 0 || c.right > 390.5) offScreen.push(`${screen.label}: "${c.label}" at ${Math.round(c.left)}-${Math.round(c.right)} px`);
    // The actions of a row are buttons on screen that can be clicked, once the row is scrolled to.
    await rows.first().scrollIntoViewIfNeeded();
    const buttons = rows.first().getByRole("button");
    for (const b of await buttons.all()) if (await b.isVisible()) await expect(b).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${screen.label}: sideways scroll`).toBe(0);
    await audit(page, `${screen.label} as cards at 390 px`);
  }
  expect(tables).toEqual(expect.arrayContaining(withRows));
  expect(offScreen).toEqual([]);
});

/**
 * The pages around the back office fit a 360 px phone too, with long text in them: the invitation
 * page (an invitation for a long username and email, and an unknown link), the sign-in page, the
 * Team screen's Invite dialog showing its link, a post's private preview with its banner, and a
 * dead preview link's not-found page.
 */
test("the invitation, sign-in, invite link and preview pages are no wider than a 360 px phone", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  const headers = { origin: new URL(baseURL!).origin };
  const tag = `wide${Date.now().toString(36)}`;
  const invited = await page.request.post("/api/admin/team/invitations", {
    headers,
    data: { username: `${tag}-a-rather-long-username-to-wrap`, email: `${tag}-an-unusually-long-address@a-very-long-subdomain.example-company.co.uk`, role: "editor" },
  });
  expect(invited.status()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  const post = await page.request.post("/api/admin/blog-posts", {
    headers,
    data: { title: `A draft with a rather long title to wrap on a small phone ${tag}`, slug: tag, content: `<p>${"Words and more words ".repeat(40)}</p>` },
  });
  expect(post.status()).toBe(201);
  const { id } = (await post.json()) as { id: string };
  try {
    const preview = await page.request.post(`/api/admin/blog-posts/${id}/preview-link`, { headers, data: {} });
    expect(preview.status(), await preview.text()).toBeLessThan(300);
    const previewUrl = ((await preview.json()) as { url: string }).url;

    await page.goto("/admin/team");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const invite = page.getByRole("dialog", { name: "Invite someone" });
    // Named with the tag, so that the clean-up below withdraws it too.
    await invite.getByRole("textbox", { name: "Username" }).fill(`${tag}-dialog`);
    await invite.getByRole("button", { name: "Create invitation link" }).click();
    await expect(invite.getByRole("textbox", { name: "Link" })).toHaveValue(/\/admin\/invite\//);
    expect(await sideways(page), "Invite dialog with its link").toBe(0);
    await invite.getByRole("button", { name: "Done" }).click();
    await expect(invite).toBeHidden();

    const visitor = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    try {
      const v = await visitor.newPage();
      await v.goto(new URL(url).pathname);
      await expect(v.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
      expect(await sideways(v), "invitation page").toBe(0);
      await v.goto("/admin/invite/an-unknown-link-an-unknown-link-an-unknown-1");
      await expect(v.getByRole("alert")).toBeVisible();
      expect(await sideways(v), "unknown invitation").toBe(0);
      await v.goto("/admin/login");
      await expect(v.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await sideways(v), "sign-in page").toBe(0);
      await v.goto(new URL(previewUrl).pathname);
      await expect(v.getByTestId("preview-banner")).toBeVisible();
      expect(await sideways(v), "post preview").toBe(0);
      // A dead preview link: the not-found page, its hero filling the window (no bare strip under it).
      await v.goto("/preview/an-unknown-link-an-unknown-link-an-unknown");
      const notFound = v.getByRole("heading", { level: 1, name: "Page Not Found" });
      await expect(notFound).toBeVisible();
      expect(await sideways(v), "dead preview link").toBe(0);
      expect(await notFound.evaluate((h) => h.closest("section")!.getBoundingClientRect().bottom)).toBeGreaterThanOrEqual(740);
    } finally {
      await visitor.close();
    }
  } finally {
    await page.request.delete(`/api/admin/blog-posts/${id}`, { headers });
    const team = (await (await page.request.get("/api/admin/team")).json()) as { id: string; name: string; kind: string }[];
    for (const m of team.filter((t) => t.kind === "invitation" && t.name.startsWith(tag))) await page.request.delete(`/api/admin/team/${encodeURIComponent(m.id)}`, { headers });
  }
});
