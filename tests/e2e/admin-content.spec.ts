/// <reference lib="dom" />
import { expect, test, type Page } from "@playwright/test";
import { asVisitor, audit, deleteWithConfirmation, runTag, signInAsAdmin } from "../support/admin-journey";

const STALE = "This item was changed by someone else. Reload to see the latest version.";

async function openContent(page: Page, tab?: string) {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Content Management" })).toBeVisible();
  if (tab) await page.getByRole("tablist", { name: "Content" }).getByRole("tab", { name: tab }).click();
}

/** Writes made behind the screen's back, as another admin's browser would (same-origin, CSRF rule). */
const sameOrigin = (page: Page) => ({ headers: { origin: new URL(page.url()).origin } });

const savedSection = (page: Page, id: string) =>
  page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/admin/page-sections/${id}`);

test("page sections save a title when the field is left and Active at once, and the home page shows them", async ({ page, browser, baseURL }) => {
  await openContent(page);
  const tabs = page.getByRole("tablist", { name: "Content" });
  await expect(tabs.getByRole("tab")).toHaveText(["Page Sections", "Services", "Industries", "Site Settings"]);
  await expect(tabs.getByRole("tab", { name: "Page Sections" })).toHaveAttribute("aria-selected", "true");
  const pageSelect = page.getByRole("combobox", { name: "Page" });
  await expect(pageSelect).toHaveValue("home");
  await expect(pageSelect.getByRole("option")).toHaveText([
    "Home Page", "About Page", "Services Page", "Tech School Page", "Contact Page", "Blog Page", "Global (Footer, etc.)", "Legal Policies",
  ]);

  const card = page.locator('[data-testid="page-section"][data-key="video_title"]');
  await expect(card.getByRole("heading", { name: "video_title" })).toBeVisible();
  await expect(card.getByText(/^ID: /)).toBeVisible();
  await expect(card.getByRole("textbox", { name: "Content" })).toHaveAttribute("rows", "4");
  await audit(page, "page sections");

  const title = card.getByRole("textbox", { name: "Title" });
  const original = await title.inputValue();
  const id = (await card.getByText(/^ID: /).innerText()).replace("ID: ", "");
  const tag = runTag("Watch R&D <b>live</b> ");
  try {
    await title.fill(tag);
    // Leaving the field saves it, with a spinner while it saves and 'Saved' after.
    const saved = savedSection(page, id);
    await page.keyboard.press("Tab");
    expect((await saved).ok()).toBe(true);
    await expect(card.getByTestId("section-status")).toHaveText("Saved");
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/");
      // Text as typed: '&' and '<b>' are text.
      await expect(visitor.getByRole("heading", { name: tag })).toBeVisible();
    });

    // Active saves as soon as it is clicked; an inactive section falls back to the page's default.
    const inactive = savedSection(page, id);
    await card.getByRole("checkbox", { name: "Active" }).uncheck();
    expect((await (await inactive).json()).is_active).toBe(false);
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { name: "Understand the Technology Behind the Results" })).toBeVisible();
    });
    const active = savedSection(page, id);
    await card.getByRole("checkbox", { name: "Active" }).check();
    expect((await (await active).json()).is_active).toBe(true);

    // An invalid URL is refused under its field and nothing is lost from the field.
    const image = card.getByRole("textbox", { name: "Image URL" });
    await image.fill("not a url");
    const refused = savedSection(page, id);
    await page.keyboard.press("Tab");
    expect((await refused).status()).toBe(400);
    await expect(card.getByText("Must be a valid http(s) URL")).toBeVisible();
    await expect(image).toHaveValue("not a url");
    await expect(card.getByTestId("section-status")).toHaveText("Not saved");
    await image.fill("");
    await page.keyboard.press("Tab");
    await expect(card.getByTestId("section-status")).toHaveText("Saved");

    // Another page of sections: the footer's.
    await pageSelect.selectOption("global");
    await expect(page.locator('[data-testid="page-section"][data-key="footer_description"]')).toBeVisible();
    await pageSelect.selectOption("home");
  } finally {
    await title.fill(original);
    await page.keyboard.press("Tab");
    await expect(card.getByTestId("section-status")).toHaveText("Saved");
  }
});

test("a stale section save shows the conflict, and Reload shows the latest text while keeping the admin's", async ({ page }) => {
  await openContent(page);
  const card = page.locator('[data-testid="page-section"][data-key="video_subtitle"]');
  const id = (await card.getByText(/^ID: /).innerText()).replace("ID: ", "");
  const list = (await (await page.request.get("/api/admin/page-sections/home")).json()) as { id: string; title: string; version: number }[];
  const stored = list.find((s) => s.id === id)!;
  const theirs = runTag("Their subtitle ");
  const mine = runTag("My subtitle ");
  try {
    // Someone else saves the section after this screen read it.
    expect((await page.request.put(`/api/admin/page-sections/${id}`, { ...sameOrigin(page), data: { title: theirs, version: stored.version } })).ok()).toBe(true);
    const title = card.getByRole("textbox", { name: "Title", exact: true });
    await title.fill(mine);
    const refused = savedSection(page, id);
    await page.keyboard.press("Tab");
    expect((await refused).status()).toBe(409);
    await expect(card.getByRole("alert")).toContainText(STALE);
    await audit(page, "section conflict");

    await card.getByRole("button", { name: "Reload" }).click();
    await expect(title).toHaveValue(theirs);
    const kept = card.getByTestId("kept-edits");
    await expect(kept.getByRole("textbox", { name: "Your Title" })).toHaveValue(mine);
    await expect(card.getByRole("alert")).toHaveCount(0);

    // The admin takes their text back and saves on top of the latest version.
    await title.fill(mine);
    const saved = savedSection(page, id);
    await page.keyboard.press("Tab");
    expect((await saved).ok()).toBe(true);
    await expect(kept).toHaveCount(0);
  } finally {
    const latest = ((await (await page.request.get("/api/admin/page-sections/home")).json()) as { id: string; version: number }[]).find((s) => s.id === id)!;
    await page.request.put(`/api/admin/page-sections/${id}`, { ...sameOrigin(page), data: { title: stored.title, version: latest.version } });
  }
});

test("services: create with an icon, shown on /services, edit with Ctrl+S, a conflict, the discard question, delete", async ({ page, browser, baseURL }) => {
  await openContent(page, "Services");
  await expect(page.getByRole("heading", { level: 2, name: "Services Management" })).toBeVisible();
  const table = page.getByRole("region", { name: "Services Management" });
  // Rows, not the loading row.
  await expect(table.locator("tbody tr[data-row-id]").first()).toBeVisible();
  const count = await table.locator("tbody tr[data-row-id]").count();
  const name = runTag("Invoice Agents & More ");

  await page.getByRole("button", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Service" });
  await expect(dialog.getByRole("spinbutton", { name: "Order Index" })).toHaveValue(String(count));
  await expect(dialog.getByRole("checkbox", { name: "Active" })).toBeChecked();
  const icon = dialog.getByRole("combobox", { name: "Icon Name" });
  await expect(icon).toHaveValue("Bot");
  await expect(dialog.getByText("e.g. Zap, Code, etc.")).toBeVisible();
  await icon.selectOption("Eye");
  await expect(dialog.getByTestId("icon-preview")).toHaveAttribute("data-icon", "Eye");
  await dialog.getByRole("textbox", { name: "Title" }).fill(name);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Reads invoices & routes them.");
  await audit(page, "create service");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = table.locator("tbody tr", { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Active");
  const created = ((await (await page.request.get("/api/admin/services")).json()) as { id: string; title: string; icon_name: string; order_index: number; version: number }[]).find((s) => s.title === name)!;
  expect(created).toMatchObject({ icon_name: "Eye", order_index: count });

  try {
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/services");
      await expect(visitor.getByRole("heading", { name })).toBeVisible();
      await expect(visitor.getByText("Reads invoices & routes them.")).toBeVisible();
    });

    // Edit: Ctrl+S saves the open editor.
    await row.getByRole("button", { name: "Edit service" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Service" });
    await edit.getByRole("textbox", { name: "Description" }).fill("Reads invoices, checks totals & routes them.");
    await page.keyboard.press("Control+s");
    await expect(edit).toBeHidden();
    await expect(page.getByTestId("toasts")).toContainText("Service updated");

    // A change made elsewhere after the editor opened: the save is refused, nothing is lost.
    await row.getByRole("button", { name: "Edit service" }).click();
    await expect(edit).toBeVisible();
    const current = ((await (await page.request.get("/api/admin/services")).json()) as { id: string; version: number }[]).find((s) => s.id === created.id)!;
    expect((await page.request.put(`/api/admin/services/${created.id}`, { ...sameOrigin(page), data: { description: "Changed elsewhere", version: current.version } })).ok()).toBe(true);
    await edit.getByRole("textbox", { name: "Description" }).fill("My description");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByRole("alert")).toContainText(STALE);
    await edit.getByRole("button", { name: "Reload" }).click();
    await expect(edit.getByRole("textbox", { name: "Description", exact: true })).toHaveValue("Changed elsewhere");
    await expect(edit.getByRole("textbox", { name: "Your Description" })).toHaveValue("My description");

    // Closing with unsaved changes asks first.
    await edit.getByRole("textbox", { name: "Title" }).fill(`${name} (edited)`);
    await page.keyboard.press("Escape");
    const discard = page.getByRole("alertdialog", { name: "Discard changes?" });
    await expect(discard).toBeVisible();
    await audit(page, "discard question");
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(edit.getByRole("textbox", { name: "Title" })).toHaveValue(`${name} (edited)`);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(name);

    await deleteWithConfirmation(page, {
      button: row.getByRole("button", { name: "Delete service" }),
      row,
      dialogName: "Delete service",
      question: "Are you sure you want to delete this service?",
      tableName: "Services Management",
    });
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/services");
      await expect(visitor.getByRole("heading", { name: "Featured Solutions" })).toBeVisible();
      await expect(visitor.getByRole("heading", { name })).toHaveCount(0);
    });
  } finally {
    await page.request.delete(`/api/admin/services/${created.id}`, { ...sameOrigin(page), data: {} });
  }
});

test("industries: created with its icon and shown in the home page's full list, then deleted", async ({ page, browser, baseURL }) => {
  await openContent(page, "Industries");
  await expect(page.getByRole("heading", { level: 2, name: "Industries Management" })).toBeVisible();
  const name = runTag("Shipyards ");
  await page.getByRole("button", { name: "Add Industry" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Industry" });
  await expect(dialog.getByRole("combobox", { name: "Icon Name" })).toHaveValue("Factory");
  await expect(dialog.getByText("e.g. Building, Factory, etc.")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Icon Name" }).selectOption("Truck");
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Ports, docks & yards.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole("region", { name: "Industries Management" });
  const row = table.locator("tbody tr", { hasText: name });
  await expect(row).toBeVisible();
  await audit(page, "industries");
  const id = ((await (await page.request.get("/api/admin/industries")).json()) as { id: string; name: string }[]).find((i) => i.name === name)!.id;
  try {
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/");
      await visitor.getByRole("button", { name: "View More Industries" }).click();
      await expect(visitor.getByRole("heading", { name })).toBeVisible();
    });
    await deleteWithConfirmation(page, {
      button: row.getByRole("button", { name: "Delete industry" }),
      row,
      dialogName: "Delete industry",
      question: "Are you sure you want to delete this industry?",
      tableName: "Industries Management",
    });
  } finally {
    await page.request.delete(`/api/admin/industries/${id}`, { ...sameOrigin(page), data: {} });
  }
});

test("the Site Settings tab saves a setting when its field is left, and closing the tab with an unsaved field asks", async ({ page, context }) => {
  await openContent(page, "Site Settings");
  await expect(page.getByRole("heading", { level: 2, name: "Site Settings" })).toBeVisible();
  const field = page.getByRole("textbox", { name: "Social Media Facebook" });
  const original = await field.inputValue();
  const value = `https://facebook.com/${runTag("arcline")}`;
  try {
    await field.fill(value);
    const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === "/api/admin/site-settings/social_media_facebook");
    await page.keyboard.press("Tab");
    expect((await saved).ok()).toBe(true);
    const stored = ((await (await page.request.get("/api/admin/site-settings")).json()) as { key: string; value: string }[]).find((s) => s.key === "social_media_facebook")!;
    expect(stored.value).toBe(value);
    await audit(page, "site settings tab");


    // Typed into a field but not yet left it: closing the tab asks first (the browser's question).
    await field.focus();
    await page.keyboard.type("-draft");
    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => { resolve(d.type()); void d.dismiss(); }));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
  } finally {
    const admin = await context.newPage();
    await admin.goto("/admin/content?tab=settings");
    await admin.getByRole("textbox", { name: "Social Media Facebook" }).fill(original);
    await admin.keyboard.press("Tab");
    await expect
      .poll(async () => ((await (await admin.request.get("/api/admin/site-settings")).json()) as { key: string; value: string }[]).find((s) => s.key === "social_media_facebook")!.value)
      .toBe(original);
  }
});
