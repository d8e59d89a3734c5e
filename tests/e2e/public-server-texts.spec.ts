import { expect, test } from "../support/test";

/**
 * Page sections edited in the back office replace the page's default texts (SPEC §7: title
 * preferred over content), and an inactive section falls back to the default again.
 */
test("texts saved in page sections replace the home page's defaults, and an inactive section falls back", async ({ page, browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const headers = { origin, "content-type": "application/json" };
  expect((await page.request.post("/api/auth/dev-login", { headers, data: {} })).ok()).toBe(true);
  const sections = (await (await page.request.get("/api/admin/page-sections/home")).json()) as Array<Record<string, unknown> & { id: string; section_key: string }>;
  const heroTitle = sections.find((s) => s.section_key === "hero_title")!;
  const subtitle = sections.find((s) => s.section_key === "what_we_do_subtitle")!;
  // Each save sends the version it read and answers the new one (stale saves are refused).
  const versions = new Map(sections.map((s) => [s.id, s.version]));
  const save = async (section: Record<string, unknown> & { id: string }) => {
    const res = await page.request.put(`/api/admin/page-sections/${section.id}`, { headers, data: { ...section, version: versions.get(section.id) } });
    if (res.ok()) versions.set(section.id, (await res.json()).version);
    return res;
  };

  try {
    expect((await save({ ...heroTitle, title: "Automation for Teams That Ship" })).ok()).toBe(true);
    // With no title, the content is used.
    // Plain text is stored and shown as typed: '&' and '<b>' are text, not markup.
    expect((await save({ ...subtitle, title: "", content: "Six practices that pay for themselves: R&D <b>first</b>." })).ok()).toBe(true);

    // The home page is rendered again within seconds of each save: a load between the two renders
    // shows the first save only, so the visit is repeated until both are there.
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automation for Teams That Ship", { timeout: 1000 });
      await expect(page.getByText("Six practices that pay for themselves: R&D <b>first</b>.")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });

    expect((await save({ ...heroTitle, title: "Automation for Teams That Ship", is_active: false })).ok()).toBe(true);
    // A new visitor (public reads may be cached for a minute by the browser that made them).
    const visitor = await browser.newPage({ baseURL });
    await expect(async () => {
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Put AI to Work Where Your Team Loses the Most Time", { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await visitor.close();
  } finally {
    await save(heroTitle);
    await save(subtitle);
  }
});
