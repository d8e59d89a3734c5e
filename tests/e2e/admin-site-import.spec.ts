/// <reference lib="dom" />
import { siteExportMessages } from "../../packages/core/src/contract/site-export";
import { expect, test, type Page } from "../support/test";
import { audit, downloadText, runTag } from "../support/admin-journey";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * The owner exports the site, changes it, imports the file from the Trash screen and sees the change
 * undone, with the content it replaced kept in the Trash to download. On a runtime of its own: an
 * import replaces the whole site, which no journey sharing the common runtime may see.
 */
test.use({ timezoneId: "UTC" });

let site: RunningRuntime;
test.beforeAll(async () => {
  site = await startRuntime();
});
test.afterAll(async () => {
  await site?.stop();
});

const table = (page: Page) => page.getByRole("table", { name: "Trash" });
const row = (page: Page, text: string) => table(page).getByRole("row").filter({ hasText: text });
const toasts = (page: Page) => page.getByTestId("toasts");

/** Picks `file` with the Import site button; answers the confirmation dialog it opens. */
async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import site" }).click();
  await (await chooser).setFiles(file);
  return page.getByRole("alertdialog", { name: "Import site" });
}

test("the owner imports an export from the Trash screen: the change since is undone, the replaced content is kept to download, and a file that is not an export is refused", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const base = site.url;
  const headers = { origin: base };
  await page.goto(`${base}/admin/login`);
  await page.getByRole("button", { name: "Development Login" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();

  // Export the site as it is.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export site" }).click();
  const exported = await downloadText(await download);
  const file = { name: "site.json", mimeType: "application/json", buffer: Buffer.from(exported) };
  const doc = JSON.parse(exported) as { posts: unknown[]; services: Array<{ id: string }> };

  // Change something: a new service, after the export.
  const title = runTag("Imported away ");
  const created = await page.request.post(`${base}/api/admin/services`, { headers, data: { title, description: "Added after the export", is_active: true } });
  expect(created.status()).toBe(201);
  const serviceId = (await created.json()).id as string;
  expect(doc.services.some((s) => s.id === serviceId)).toBe(false);

  // Import the export: the dialog says plainly what happens.
  const dialog = await importFile(page, file);
  await expect(dialog).toContainText(`replaced by the content of "site.json"`);
  await expect(dialog).toContainText("An export of the current content is kept in the Trash for 30 days");
  await audit(page, "import confirmation");
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await (await page.request.get(`${base}/api/admin/services`)).json()).some((s: { id: string }) => s.id === serviceId)).toBe(true);

  const again = await importFile(page, file);
  await again.getByRole("button", { name: "Replace the site's content" }).click();
  await expect(toasts(page)).toContainText(`Site imported: ${doc.posts.length} posts, `);
  await expect(toasts(page)).toContainText(`${doc.services.length} services`);

  // The change is undone: the service is gone, from the back office and the public site.
  const services = (await (await page.request.get(`${base}/api/admin/services`)).json()) as Array<{ id: string }>;
  expect(services.map((s) => s.id)).not.toContain(serviceId);
  expect(services.map((s) => s.id).sort()).toEqual(doc.services.map((s) => s.id).sort());

  // The content it replaced is in the Trash (the list refreshed by itself), and downloads whole.
  const kept = row(page, "Site before an import");
  await expect(kept).toHaveCount(1);
  await audit(page, "trash after an import");
  const keptDownload = page.waitForEvent("download");
  await kept.getByRole("link", { name: /^Download / }).click();
  const keptFile = await keptDownload;
  expect(keptFile.suggestedFilename()).toMatch(/^arcline-site-export-\d{4}-\d\d-\d\d\.json$/);
  const keptDoc = JSON.parse(await downloadText(keptFile)) as { services: Array<{ id: string; title: string }> };
  expect(keptDoc.services.find((s) => s.id === serviceId)?.title).toBe(title);

  // A JSON file that is not an export: the server's reason, and nothing changes.
  const refused = await importFile(page, { name: "notes.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ hello: "world" })) });
  await refused.getByRole("button", { name: "Replace the site's content" }).click();
  await expect(toasts(page)).toContainText(siteExportMessages.format);
  await audit(page, "a refused import");
  await expect(row(page, "Site before an import")).toHaveCount(1);
  const notJson = await importFile(page, { name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
  await notJson.getByRole("button", { name: "Replace the site's content" }).click();
  await expect(toasts(page)).toContainText(siteExportMessages.json);
  await expect(row(page, "Site before an import")).toHaveCount(1);

  // Restore selected with the kept export among them: the others come back, the export's row says why it did not.
  const industry = runTag("Restored beside ");
  const made = await page.request.post(`${base}/api/admin/industries`, { headers, data: { name: industry, is_active: false } });
  expect(made.status()).toBe(201);
  const industryId = (await made.json()).id as string;
  expect((await page.request.delete(`${base}/api/admin/industries/${industryId}`, { headers, data: {} })).status()).toBe(200);
  await page.reload();
  await page.getByRole("checkbox", { name: `Select ${industry}` }).check();
  const keptLabel = (await row(page, "Site before an import").getByRole("cell").nth(1).innerText()).trim();
  await page.getByRole("checkbox", { name: `Select ${keptLabel}` }).check();
  await page.getByRole("group", { name: "Selected items" }).getByRole("button", { name: "Restore selected" }).click();
  await expect(toasts(page)).toContainText("Restored: 1 item");
  await expect(row(page, industry)).toHaveCount(0);
  const industries = (await (await page.request.get(`${base}/api/admin/industries`)).json()) as Array<{ id: string }>;
  expect(industries.map((i) => i.id)).toContain(industryId);
  await expect(row(page, "Site before an import")).toContainText("A site export is not restored here: download it and import it to put the site back as it was");
  await expect(toasts(page)).toContainText("1 item not done: the reason is shown on its row");
  await expect(page.getByRole("checkbox", { name: `Select ${keptLabel}` })).toBeChecked();
  await audit(page, "a bulk restore that could not restore the kept export");
});
