/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { audit, csvLine, downloadText, runTag, signInAsAdmin } from "../support/admin-journey";

test.use({ timezoneId: "UTC" });

test("an admin finds who changed an item in Activity, filters it, exports it and opens the item", async ({ page, baseURL }) => {
  const title = runTag("Activity industry ");
  const tried = runTag("intruder");
  await signInAsAdmin(page);
  // Two admin actions to find: an industry created, and a failed sign-in with a made-up username.
  const headers = { origin: new URL(baseURL!).origin };
  // Inactive, so that no visitor page (and no journey counting the home page's industries) sees it.
  const created = await page.request.post("/api/admin/industries", { headers, data: { name: title, description: "Audited", is_active: false } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const refused = await page.request.post("/api/admin/login", { headers, data: { username: tried, password: "not-the-password" } });
  expect(refused.status()).toBe(401);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  const table = page.getByRole("table", { name: "Activity" });
  const failed = table.getByRole("row").filter({ hasText: tried });
  await expect(failed).toContainText("Sign-in failed");
  await expect(failed).toContainText("Not signed in");

  // Filters live in the URL: a reload keeps them.
  await page.getByLabel("Item type").selectOption("industry");
  await page.getByLabel("Action").selectOption("create");
  await expect(page).toHaveURL(/entity=industry/);
  await expect(page).toHaveURL(/action=create/);
  const row = table.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: tried })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Item type")).toHaveValue("industry");
  await expect(row).toContainText("Created");
  await expect(row).toContainText("Development Admin");

  await audit(page, "activity");

  // The export holds every entry the filters match, with the item's id.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("From").fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(row).toHaveCount(1);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await downloadText(await downloading);
  const lines = csv.split(/\r?\n/);
  // The file starts with a byte order mark (Excel reads it as UTF-8).
  expect(lines[0]).toBe("\ufeff" + csvLine(["Time (UTC)", "Who", "Actor ID", "Action", "Item Type", "Item", "Item ID", "Changed Fields", "IP Address", "User Agent"]));
  const line = lines.find((l) => l.includes(title));
  expect(line).toContain(csvLine(["Development Admin", "dev#local", "Created", "Industry", title, id]));
  expect(lines.some((l) => l.includes(tried))).toBe(false);

  // Who: only their activity.
  await row.getByRole("link", { name: "Development Admin" }).click();
  await expect(page).toHaveURL(/actor=dev%23local/);
  await expect(page.getByRole("button", { name: "Only Development Admin: show everyone" })).toBeVisible();
  await expect(row).toHaveCount(1);

  // The item: where it lives.
  await row.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/admin\/content\?tab=industries/);
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: title })).toHaveCount(1);
});

test("Activity names the fields an update changed as an admin reads them; the export keeps the stored names", async ({ page, baseURL }) => {
  const title = runTag("Activity fields ");
  await signInAsAdmin(page);
  const headers = { origin: new URL(baseURL!).origin };
  const created = await page.request.post("/api/admin/industries", { headers, data: { name: title, description: "Before", is_active: false } });
  const { id, version } = await created.json();
  expect((await page.request.put(`/api/admin/industries/${id}`, { headers, data: { description: "After", icon_name: "Truck", version } })).ok()).toBe(true);

  await page.goto("/admin/activity?entity=industry&action=update");
  const row = page.getByRole("table", { name: "Activity" }).getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").filter({ hasText: "Description, Icon name" })).toHaveCount(1);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const line = (await downloadText(await downloading)).split(/\r?\n/).find((l) => l.includes(title));
  expect(line).toContain(csvLine(["description, icon_name"]));
});

test("Activity names an item stored under a key (a page section's story_content) in words", async ({ page, baseURL }) => {
  await signInAsAdmin(page);
  const headers = { origin: new URL(baseURL!).origin };
  const sections = (await (await page.request.get("/api/admin/page-sections/about")).json()) as { id: string; section_key: string; content: string; version: number }[];
  const story = sections.find((s) => s.section_key === "story_content")!;
  // An edit and its undoing: the About page reads as before.
  const edited = await page.request.put(`/api/admin/page-sections/${story.id}`, { headers, data: { content: `${story.content} `, version: story.version } });
  expect(edited.ok(), await edited.text()).toBe(true);
  expect((await page.request.put(`/api/admin/page-sections/${story.id}`, { headers, data: { content: story.content, version: story.version + 1 } })).ok()).toBe(true);

  await page.goto("/admin/activity?entity=page-section&action=update");
  const table = page.getByRole("table", { name: "Activity" });
  await expect(table.getByRole("cell").filter({ hasText: "Story content" }).first()).toBeVisible();
  await expect(table.getByText("story_content")).toHaveCount(0);
});

test("Activity's History link opens the item's editor with its History dialog on top, answering clicks and keys", async ({ page, baseURL }) => {
  const title = runTag("Activity history ");
  await signInAsAdmin(page);
  const headers = { origin: new URL(baseURL!).origin };
  const created = await page.request.post("/api/admin/industries", { headers, data: { name: title, description: "Before", is_active: false } });
  const { id, version } = await created.json();
  expect((await page.request.put(`/api/admin/industries/${id}`, { headers, data: { description: "After", version } })).ok()).toBe(true);

  await page.goto("/admin/activity?entity=industry&action=update");
  const row = page.getByRole("table", { name: "Activity" }).getByRole("row").filter({ hasText: title });
  await row.getByRole("link", { name: title }).click();
  const history = page.getByRole("dialog", { name: "History" });
  await expect(history).toBeVisible();
  // On top: what is drawn at its heading is the History dialog, and a click there reaches it.
  // (Its versions arrive after it opens: wait for them, so the dialog has its final size.)
  await expect(history.getByRole("button", { name: /^Restore version/ }).first()).toBeVisible();
  const heading = history.getByRole("heading", { name: "History" });
  const box = (await heading.boundingBox())!;
  const topmost = await heading.evaluate((h, { x, y }) => document.elementFromPoint(x, y)?.closest('[role="dialog"]') === h.closest('[role="dialog"]'), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(topmost).toBe(true);
  await history.getByRole("button", { name: /^Restore version/ }).click();
  const ask = page.getByRole("alertdialog", { name: /^Restore version/ });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  // Escape closes the top dialog only: History, then the editor beneath it.
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();
  const editor = page.getByRole("dialog").filter({ has: page.getByRole("textbox", { name: "Name" }) });
  await expect(editor.getByRole("textbox", { name: "Name" })).toHaveValue(title);
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
});
