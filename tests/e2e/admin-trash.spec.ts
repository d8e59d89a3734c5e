/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import { audit, downloadText, runTag, signInAsAdmin } from "../support/admin-journey";

test.use({ timezoneId: "UTC" });

const table = (page: Page) => page.getByRole("table", { name: "Trash" });
const row = (page: Page, label: string) => table(page).getByRole("row").filter({ hasText: label });

test("an admin finds deleted items in the Trash, filters them, restores one, purges one, and restores and purges the selected ones", async ({ page, baseURL }) => {
  const tag = runTag("Trash ");
  const headers = { origin: new URL(baseURL!).origin };
  await signInAsAdmin(page);
  // Inactive industries and a draft post: no visitor page (and no other journey) sees them.
  const names = ["One", "Two", "Three", "Four"].map((n) => `${tag} industry ${n}`);
  const ids: Record<string, string> = {};
  for (const name of names) {
    const created = await page.request.post("/api/admin/industries", { headers, data: { name, is_active: false } });
    expect(created.status()).toBe(201);
    ids[name] = (await created.json()).id;
    expect((await page.request.delete(`/api/admin/industries/${ids[name]}`, { headers, data: {} })).status()).toBe(200);
  }
  const postTitle = `${tag} post`;
  const post = await page.request.post("/api/admin/blog-posts", {
    headers,
    data: { title: postTitle, slug: postTitle.toLowerCase().replace(/[^a-z0-9]+/g, "-"), content: "<p>Draft</p>" },
  });
  expect(post.status()).toBe(201);
  const postId = (await post.json()).id;
  expect((await page.request.delete(`/api/admin/blog-posts/${postId}`, { headers, data: {} })).status()).toBe(200);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  // Newest first: the post deleted last, then the industries in the reverse order of their deletes.
  await expect(row(page, postTitle)).toContainText("Blog post");
  await expect(row(page, postTitle)).toContainText("Development Admin");
  const labels = await table(page).getByRole("row").filter({ hasText: tag }).allInnerTexts();
  expect(labels.map((l) => [postTitle, ...names].find((n) => l.includes(n)))).toEqual([postTitle, ...[...names].reverse()]);
  await audit(page, "trash list");

  // The type filter.
  await page.getByLabel("Item type").selectOption({ label: "Industry" });
  await expect(row(page, postTitle)).toHaveCount(0);
  await expect(row(page, names[0]!)).toBeVisible();
  await page.getByLabel("Item type").selectOption({ label: "Blog post" });
  await expect(row(page, postTitle)).toBeVisible();
  await expect(row(page, names[0]!)).toHaveCount(0);

  // Restore the post: it is back in Blog Posts, as a draft.
  await row(page, postTitle)
    .getByRole("button", { name: `Restore ${postTitle}` })
    .click();
  await expect(page.getByText("Item restored")).toBeVisible();
  await expect(row(page, postTitle)).toHaveCount(0);
  const back = await page.request.get(`/api/admin/blog-posts/${postId}`);
  expect(back.status()).toBe(200);
  expect(await back.json()).toMatchObject({ title: postTitle, is_published: false });

  // Purge one industry, through the confirmation.
  await page.getByLabel("Item type").selectOption({ label: "Industry" });
  await row(page, names[0]!)
    .getByRole("button", { name: `Delete ${names[0]} forever` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete forever" });
  await expect(confirm).toContainText(`"${names[0]}" will be deleted for good.`);
  await audit(page, "delete forever confirmation");
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Item deleted forever")).toBeVisible();
  await expect(row(page, names[0]!)).toHaveCount(0);

  // Bulk: select two, restore them; select the last, delete it forever.
  for (const name of [names[1]!, names[2]!]) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  const selection = page.getByRole("group", { name: "Selected items" });
  await expect(selection).toContainText("2 items selected");
  await audit(page, "trash with a selection");
  await selection.getByRole("button", { name: "Restore selected" }).click();
  await expect(page.getByText("Restored: 2 items")).toBeVisible();
  await expect(row(page, names[1]!)).toHaveCount(0);
  await expect(row(page, names[2]!)).toHaveCount(0);
  const industries = (await (await page.request.get("/api/admin/industries")).json()) as Array<{ id: string }>;
  expect(industries.map((i) => i.id)).toEqual(expect.arrayContaining([ids[names[1]!], ids[names[2]!]]));
  expect(industries.map((i) => i.id)).not.toContain(ids[names[0]!]);

  await page.getByRole("checkbox", { name: `Select ${names[3]}` }).check();
  await page.getByRole("group", { name: "Selected items" }).getByRole("button", { name: "Delete selected forever" }).click();
  const bulk = page.getByRole("alertdialog", { name: "Delete forever" });
  await expect(bulk).toContainText(`"${names[3]}" will be deleted for good.`);
  await bulk.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Item deleted forever")).toBeVisible();
  await expect(row(page, names[3]!)).toHaveCount(0);
  await audit(page, "trash after the changes");

  // The owner downloads the whole site's content from here.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export site" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^arcline-site-export-\d{4}-\d\d-\d\d\.json$/);
  const doc = JSON.parse(await downloadText(file));
  expect(doc).toMatchObject({ format: "arcline-site-export", version: 1 });
  expect(doc.posts.some((p: { id: string }) => p.id === postId)).toBe(true);

  // Clean up what came back.
  await page.request.delete(`/api/admin/blog-posts/${postId}`, { headers, data: {} });
  for (const name of [names[1]!, names[2]!]) await page.request.delete(`/api/admin/industries/${ids[name]}`, { headers, data: {} });
});
