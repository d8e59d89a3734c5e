/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
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

const savedSection = (page: Page, id: string) => page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/admin/page-sections/${id}`);

/** A section's id, read from the API by its page and key (the screen shows the key, not the id). */
async function sectionId(page: Page, pageSlug: string, key: string) {
  const list = (await (await page.request.get(`/api/admin/page-sections/${pageSlug}`)).json()) as { id: string; section_key: string }[];
  return list.find((s) => s.section_key === key)!.id;
}

test("page sections show in page order, labelled by where they appear, with only the fields each uses", async ({ page }) => {
  await openContent(page);
  const tabs = page.getByRole("tablist", { name: "Content" });
  await expect(tabs.getByRole("tab")).toHaveText(["Page Sections", "Services", "Industries"]);
  await expect(tabs.getByRole("tab", { name: "Page Sections" })).toHaveAttribute("aria-selected", "true");
  const pageSelect = page.getByRole("combobox", { name: "Page" });
  await expect(pageSelect).toHaveValue("home");
  await expect(pageSelect.getByRole("option")).toHaveText([
    "Home Page",
    "About Page",
    "Services Page",
    "Tech School Page",
    "Contact Page",
    "Blog Page",
    "Global (Footer, etc.)",
    "Legal Policies",
  ]);

  // The home page's sections, top to bottom as the page shows them.
  const cards = page.getByTestId("page-section");
  await expect(cards.getByRole("heading")).toHaveText([
    "Hero · Badge",
    "Hero · Title",
    "Hero · Subtitle",
    "Hero · Primary button",
    "Hero · Secondary button",
    "Intro video · Title",
    "Intro video · Subtitle",
    "Intro video · Video",
    "Intro video · Description title",
    "Intro video · Description",
    "What we do · Title",
    "What we do · Subtitle",
    "Tech school courses · Title",
    "Tech school courses · Subtitle",
  ]);
  // Each with its key as a small label and only its own field.
  const heroTitle = page.locator('[data-testid="page-section"][data-key="hero_title"]');
  await expect(heroTitle.getByTestId("section-key")).toHaveText("hero_title");
  await expect(heroTitle.getByRole("textbox")).toHaveCount(1);
  await expect(heroTitle.getByRole("textbox", { name: "Text" })).toBeVisible();
  await expect(heroTitle.getByRole("checkbox", { name: "Active" })).toBeVisible();
  const video = page.locator('[data-testid="page-section"][data-key="video_embed_url"]');
  await expect(video.getByRole("textbox")).toHaveCount(1);
  await expect(video.getByRole("textbox", { name: "Video URL" })).toBeVisible();
  const description = page.locator('[data-testid="page-section"][data-key="video_description"]');
  await expect(description.getByRole("textbox")).toHaveCount(1);
  await expect(description.getByRole("textbox", { name: "Text" })).toHaveAttribute("rows", "4");
  await expect(page.getByRole("textbox", { name: "Image URL" })).toHaveCount(0);
  await audit(page, "page sections");

  // The footer's: its newsletter and description; its contact details are the contact settings.
  await pageSelect.selectOption("global");
  await expect(cards.getByRole("heading")).toHaveText(["Footer newsletter · Title", "Footer newsletter · Subtitle", "Footer · Description"]);
  // The policies have a title and an HTML content.
  await pageSelect.selectOption("policies");
  const privacy = page.locator('[data-testid="page-section"][data-key="privacy_policy"]');
  await expect(privacy.getByRole("heading", { name: "Footer pop-up · Privacy Policy" })).toBeVisible();
  await expect(privacy.getByRole("textbox")).toHaveCount(2);
  await expect(privacy.getByRole("textbox", { name: "Content" })).toBeVisible();
  await audit(page, "policy sections");
});

test("page sections save a text when the field is left and Active at once, and the home page shows them", async ({ page, browser, baseURL }) => {
  await openContent(page);
  const card = page.locator('[data-testid="page-section"][data-key="video_title"]');
  const title = card.getByRole("textbox", { name: "Text" });
  const original = await title.inputValue();
  const id = await sectionId(page, "home", "video_title");
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
  } finally {
    await title.fill(original);
    await page.keyboard.press("Tab");
    await expect(card.getByTestId("section-status")).toHaveText("Saved");
  }

  // An invalid URL is refused under its field and nothing is lost from the field.
  const videoCard = page.locator('[data-testid="page-section"][data-key="video_embed_url"]');
  const videoId = await sectionId(page, "home", "video_embed_url");
  const videoUrl = videoCard.getByRole("textbox", { name: "Video URL" });
  const storedVideo = await videoUrl.inputValue();
  await videoUrl.fill("not a url");
  const refused = savedSection(page, videoId);
  await page.keyboard.press("Tab");
  expect((await refused).status()).toBe(400);
  await expect(videoCard.getByText("Must be a valid http(s) URL")).toBeVisible();
  await expect(videoUrl).toHaveValue("not a url");
  await expect(videoCard.getByTestId("section-status")).toHaveText("Not saved");
  await videoUrl.fill(storedVideo);
  await page.keyboard.press("Tab");
  await expect(videoCard.getByTestId("section-status")).toHaveText("Saved");
});

test("a stale section save shows the conflict, and Reload shows the latest text while keeping the admin's", async ({ page }) => {
  await openContent(page);
  const card = page.locator('[data-testid="page-section"][data-key="video_subtitle"]');
  const id = await sectionId(page, "home", "video_subtitle");
  const list = (await (await page.request.get("/api/admin/page-sections/home")).json()) as { id: string; title: string; version: number }[];
  const stored = list.find((s) => s.id === id)!;
  const theirs = runTag("Their subtitle ");
  const mine = runTag("My subtitle ");
  try {
    // Someone else saves the section after this screen read it.
    expect((await page.request.put(`/api/admin/page-sections/${id}`, { ...sameOrigin(page), data: { title: theirs, version: stored.version } })).ok()).toBe(true);
    const title = card.getByRole("textbox", { name: "Text", exact: true });
    await title.fill(mine);
    const refused = savedSection(page, id);
    await page.keyboard.press("Tab");
    expect((await refused).status()).toBe(409);
    await expect(card.getByRole("alert")).toContainText(STALE);
    await audit(page, "section conflict");

    await card.getByRole("button", { name: "Reload" }).click();
    await expect(title).toHaveValue(theirs);
    const kept = card.getByTestId("kept-edits");
    await expect(kept.getByRole("textbox", { name: "Your Text" })).toHaveValue(mine);
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
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Reads invoices & routes them.");
  await audit(page, "create service");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = table.locator("tbody tr", { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Active");
  const created = ((await (await page.request.get("/api/admin/services")).json()) as { id: string; title: string; icon_name: string; order_index: number; version: number }[]).find(
    (s) => s.title === name,
  )!;
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
    expect((await page.request.put(`/api/admin/services/${created.id}`, { ...sameOrigin(page), data: { description: "Changed elsewhere", version: current.version } })).ok()).toBe(
      true,
    );
    await edit.getByRole("textbox", { name: "Description" }).fill("My description");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByRole("alert")).toContainText(STALE);
    await edit.getByRole("button", { name: "Reload" }).click();
    await expect(edit.getByRole("textbox", { name: "Description", exact: true })).toHaveValue("Changed elsewhere");
    await expect(edit.getByRole("textbox", { name: "Your Description" })).toHaveValue("My description");

    // Closing with unsaved changes asks first.
    await edit.getByRole("textbox", { name: "Title", exact: true }).fill(`${name} (edited)`);
    await page.keyboard.press("Escape");
    const discard = page.getByRole("alertdialog", { name: "Discard changes?" });
    await expect(discard).toBeVisible();
    await audit(page, "discard question");
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(edit.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`${name} (edited)`);
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

test("the site settings have one screen: the old Site Settings tab's address opens Settings", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/content?tab=settings");
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save All Changes" })).toBeVisible();
});
