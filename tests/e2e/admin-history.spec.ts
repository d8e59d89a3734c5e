/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";

const origin = (baseURL: string | undefined) => ({ origin: new URL(baseURL!).origin });

/** Restores the version selected in the open History dialog, through the confirmation; every step names it. */
async function restoreSelected(page: Page, version: number) {
  const history = page.getByRole("dialog", { name: "History" });
  await expect(history.getByRole("heading", { name: `Version ${version} compared with the current version` })).toBeVisible();
  await history.getByRole("button", { name: `Restore version ${version}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Restore version ${version}` });
  await expect(confirm).toContainText("It is saved as a new version");
  await confirm.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText(`Version ${version} restored successfully!`)).toBeVisible();
  await expect(history).toBeHidden();
}

test("an admin edits a post twice, compares an earlier revision in History and restores its text", async ({ page, baseURL }) => {
  const tag = runTag("history");
  await signInAsAdmin(page);
  // A draft: never on a visitor's page.
  const created = await page.request.post("/api/admin/blog-posts", {
    headers: origin(baseURL),
    data: { title: `Post ${tag}`, slug: tag, content: "<p>The body</p>", excerpt: "Original summary" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await page.goto(`/admin/blog`);
    await page.getByRole("searchbox", { name: "Search posts" }).fill(tag);
    const row = page.getByRole("table", { name: "Blog posts" }).getByRole("row").filter({ hasText: tag });

    for (const excerpt of ["First careful summary", "Second hasty summary words"]) {
      await row.getByRole("button", { name: "Edit post" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Post" });
      await edit.getByLabel("Excerpt").fill(excerpt);
      await edit.getByRole("button", { name: "Update Post" }).click();
      await expect(page.getByText("Blog post updated successfully!").first()).toBeVisible();
      await expect(edit).toBeHidden();
    }

    await row.getByRole("button", { name: "Edit post" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Post" });
    await expect(edit.getByLabel("Excerpt")).toHaveValue("Second hasty summary words");
    await edit.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "History" });
    const revisions = history.getByRole("list", { name: "Revisions" }).getByRole("button");
    await expect(revisions).toHaveCount(3);
    await expect(revisions.nth(0)).toContainText("Updated by Development Admin");
    await expect(revisions.nth(0)).toContainText("Changed: Excerpt");
    await expect(revisions.nth(2)).toContainText("Created by Development Admin");
    // The fields a change touched, as an admin reads them.
    await expect(revisions.nth(2)).toContainText("Featured image URL");
    await expect(revisions.nth(2)).toContainText("SEO title");
    await expect(revisions.nth(2)).toContainText("Published");

    // The first edit against the current text: its words struck through, the current one's marked.
    await revisions.nth(1).click();
    await expect(revisions.nth(1)).toHaveAttribute("aria-pressed", "true");
    // One numbering: the comparison names the version the list shows.
    await expect(revisions.nth(1)).toContainText("version 2");
    await expect(history.getByRole("heading", { name: "Version 2 compared with the current version" })).toBeVisible();
    const diff = history.getByTestId("word-diff");
    await expect(diff).toHaveCount(1);
    await expect(diff.getByRole("heading", { level: 4 })).toHaveText(["Excerpt: version 2", "Excerpt: current version"]);
    await expect(diff.locator("del")).toHaveText([/First careful/]);
    await expect(diff.locator("ins")).toHaveText([/Second hasty/, /words/]);
    await audit(page, "history");

    await restoreSelected(page, 2);
    // The editor shows the restored post, with nothing unsaved.
    await expect(edit.getByLabel("Excerpt")).toHaveValue("First careful summary");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toBeHidden();
    const stored = (await (await page.request.get(`/api/admin/blog-posts/${id}`)).json()) as { excerpt: string; version: number };
    expect(stored).toMatchObject({ excerpt: "First careful summary", version: 4 });
    await expect(row).toContainText("First careful summary");

    // Activity links the restore to the post's editor with its History open.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    const entry = page.getByRole("table", { name: "Activity" }).getByRole("row").filter({ hasText: "Restored" }).filter({ hasText: tag });
    await entry.getByRole("link", { name: `Post ${tag}` }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const linked = page.getByRole("dialog", { name: "History" });
    await expect(linked.getByRole("list", { name: "Revisions" }).getByRole("button")).toHaveCount(4);
    await expect(linked.getByRole("list", { name: "Revisions" }).getByRole("button").first()).toContainText("Restored by Development Admin");
  } finally {
    await page.request.delete(`/api/admin/blog-posts/${id}`, { headers: origin(baseURL), data: {} });
  }
});

test("an admin restores a service's earlier description from its History", async ({ page, baseURL }) => {
  const title = runTag("History service ");
  await signInAsAdmin(page);
  // Inactive: no visitor page lists it.
  const created = await page.request.post("/api/admin/services", { headers: origin(baseURL), data: { title, description: "Careful words", is_active: false } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    expect((await page.request.put(`/api/admin/services/${id}`, { headers: origin(baseURL), data: { description: "Hasty words", version: 1 } })).ok()).toBe(true);
    await page.goto("/admin/content?tab=services");
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: "Edit service" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Service" });
    await edit.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "History" });
    const revisions = history.getByRole("list", { name: "Revisions" }).getByRole("button");
    await expect(revisions).toHaveCount(2);
    await revisions.nth(1).click();
    await expect(history.getByTestId("word-diff").locator("del")).toHaveText([/Careful/]);
    await audit(page, "service history");
    await restoreSelected(page, 1);
    await expect(edit.getByLabel("Description")).toHaveValue("Careful words");
    const list = (await (await page.request.get("/api/admin/services")).json()) as { id: string; description: string; version: number }[];
    expect(list.find((s) => s.id === id)).toMatchObject({ description: "Careful words", version: 3 });
  } finally {
    await page.request.delete(`/api/admin/services/${id}`, { headers: origin(baseURL), data: {} });
  }
});

test("Activity opens a page section's History on the page that section is on", async ({ page, baseURL }) => {
  await signInAsAdmin(page);
  // A save of the About page's story title with the text it has: a revision and an entry, nothing a visitor sees change.
  const sections = (await (await page.request.get("/api/admin/page-sections/about")).json()) as { id: string; section_key: string; title: string; version: number }[];
  const story = sections.find((s) => s.section_key === "story_title")!;
  const saved = await page.request.put(`/api/admin/page-sections/${story.id}`, { headers: origin(baseURL), data: { title: story.title, version: story.version } });
  expect(saved.status()).toBe(200);

  await page.goto(`/admin/activity?entity=page-section`);
  const entry = page.getByRole("table", { name: "Activity" }).getByRole("row").filter({ hasText: story.title }).first();
  await entry.getByRole("link", { name: story.title }).click();
  // The Content screen, on the About page, with the story title's History open.
  await expect(page).toHaveURL(/\/admin\/content\?page=about$/);
  // Named after its section, as is its button: a page has a History for every section.
  const history = page.getByRole("dialog", { name: "History of Our story · Title", exact: true });
  await expect(history.getByRole("list", { name: "Revisions" }).getByRole("button").first()).toContainText("Updated by Development Admin");
  await history.getByRole("button", { name: "Close" }).first().click();
  await expect(history).toBeHidden();
  await expect(page.getByLabel("Page", { exact: true })).toHaveValue("about");
  const card = page.locator('[data-testid="page-section"][data-key="story_title"]');
  await expect(card.getByLabel("Text")).toHaveValue(story.title);
  await expect(card.getByRole("button", { name: "History of Our story · Title", exact: true })).toBeVisible();
});
