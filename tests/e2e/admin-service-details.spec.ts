/// <reference lib="dom" />
import { expect, test, type Browser, type Locator, type Page } from "../support/test";
import { audit, deleteWithConfirmation, runTag, signInAsAdmin } from "../support/admin-journey";

interface StoredDetail {
  id: string;
  title: string;
  service_category: string;
  key_features: string;
  benefits: string;
  use_cases: string;
  order_index: number;
}

// No other journey asserts on this category's detail (the services modal journey reads Computer
// Vision and AI Consulting): ours may be the one it opens while this journey runs.
const CATEGORY = "Analytics & Forecasting";
const SEEDED = "Predictive Analytics & Forecasting";

const storedDetails = async (page: Page) => (await (await page.request.get("/api/admin/service-details")).json()) as StoredDetail[];

/**
 * /services as a new visitor sees it (public reads may be cached for a minute by the browser that
 * made them): Learn More on the category opens the first active detail of that category by order_index.
 */
async function openCategory(browser: Browser, baseURL: string, check: (dialog: Locator) => Promise<void>) {
  const visitor = await browser.newPage({ baseURL });
  try {
    // The page is rendered again within seconds of a save: load it until the detail shows.
    await expect(async () => {
      await visitor.goto("/services");
      await visitor.getByRole("button", { name: `Learn More about ${CATEGORY}` }).click();
      const dialog = visitor.getByRole("dialog");
      await expect(dialog).toBeVisible({ timeout: 2000 });
      await check(dialog);
    }).toPass({ timeout: 60_000 });
  } finally {
    await visitor.close();
  }
}

test("an admin writes a service detail's lists one item per line; they are stored bar-separated and the services page lists each item", async ({ page, browser, baseURL }) => {
  const tag = runTag("sd");
  const title = `Demand Sensing ${tag}`;
  const renamed = `Demand Sensing Plus ${tag}`;
  const origin = new URL(baseURL!).origin;

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Service Details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Service Details Management" })).toBeVisible();
  const table = page.getByRole("table", { name: "Service details" });
  const rows = table.locator("tbody tr[data-row-id]");
  await expect(rows.first()).toBeVisible();
  await audit(page, "service detail list");

  try {
    const count = await rows.count();
    await page.getByRole("button", { name: "Add Service Detail" }).click();
    const editor = page.getByRole("dialog", { name: "Create New Service Detail" });
    await expect(editor).toBeVisible();
    // Every category has a seeded detail, so a new one starts on the first category.
    const category = editor.getByLabel("Service Category");
    await expect(category).toHaveValue("Automation & Workflow");
    await expect(category).toHaveAttribute("aria-required", "true");
    await expect(editor.getByLabel("Order Index")).toHaveValue(String(count));
    await expect(editor.getByLabel("Active")).toBeChecked();
    for (const list of ["Key Features", "Benefits", "Use Cases"]) await expect(editor.getByRole("textbox", { name: list })).toHaveAccessibleDescription("One per line");
    await audit(page, "service detail editor");

    await category.selectOption(CATEGORY);
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByLabel("Short Description").fill("Short-term demand signals folded into your weekly forecast.");
    await editor.getByLabel("Detailed Description").fill("We combine point-of-sale, web traffic and weather data to sharpen the next four weeks of your forecast.");
    await editor.getByLabel("Key Features").fill("Daily signal ingestion\n\n  Weather-adjusted forecasts  \nPlanner alerts\n");
    await editor.getByLabel("Benefits").fill("Fewer stock-outs\nLess waste");
    await editor.getByLabel("Use Cases").fill("Grocery replenishment");
    await editor.getByLabel("Pricing Info").fill("From $9,000");
    await editor.getByLabel("Implementation Time").fill("3-5 weeks");
    // Below the seeded detail's order, so the services page opens ours for this category.
    await editor.getByLabel("Order Index").fill("-1000");

    // "|" separates the stored items: inside an item it is refused, on its field.
    const keyFeatures = editor.getByLabel("Key Features");
    await keyFeatures.fill("Daily signal ingestion\nWeather | holiday adjusted forecasts\nPlanner alerts");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(keyFeatures).toHaveAttribute("aria-invalid", "true");
    await expect(editor.getByText(/An item cannot contain/)).toBeVisible();
    expect((await storedDetails(page)).some((d) => d.title === title)).toBe(false);
    await keyFeatures.fill("Daily signal ingestion\n\n  Weather-adjusted forecasts  \nPlanner alerts\n");

    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Service detail created")).toBeVisible();
    await expect(editor).toBeHidden();
    const row = rows.filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(CATEGORY);

    // Stored as SPEC's bar-separated lists, items trimmed, blank lines dropped.
    const stored = (await storedDetails(page)).find((d) => d.title === title)!;
    expect(stored).toMatchObject({
      service_category: CATEGORY,
      key_features: "Daily signal ingestion | Weather-adjusted forecasts | Planner alerts",
      benefits: "Fewer stock-outs | Less waste",
      use_cases: "Grocery replenishment",
      order_index: -1000,
    });

    await openCategory(browser, baseURL!, async (dialog) => {
      await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(title);
      const features = dialog.getByRole("heading", { name: "Key Features" }).locator("xpath=..").getByRole("listitem");
      await expect(features).toHaveText(["Daily signal ingestion", "Weather-adjusted forecasts", "Planner alerts"]);
      await expect(dialog.getByText("3-5 weeks")).toBeVisible();
      await expect(dialog.getByText("From $9,000")).toBeVisible();
    });

    // Edit: the stored list comes back one item per line; only what changed is sent.
    await row.getByRole("button", { name: "Edit service detail" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Service Detail" });
    await expect(edit.getByLabel("Key Features")).toHaveValue("Daily signal ingestion\nWeather-adjusted forecasts\nPlanner alerts");
    await expect(edit.getByLabel("Benefits")).toHaveValue("Fewer stock-outs\nLess waste");
    await audit(page, "service detail editor, editing");
    await edit.getByLabel("Title", { exact: true }).fill(renamed);
    await edit.getByLabel("Key Features").fill("Daily signal ingestion\nPlanner alerts\nPromotion uplift modelling");
    const put = page.waitForRequest((r) => r.method() === "PUT" && new URL(r.url()).pathname === `/api/admin/service-details/${stored.id}`);
    await edit.getByRole("button", { name: "Save" }).click();
    const sent = (await put).postDataJSON() as Record<string, unknown>;
    expect(sent).toEqual({ title: renamed, key_features: "Daily signal ingestion | Planner alerts | Promotion uplift modelling", version: expect.any(Number) });
    await expect(page.getByText("Service detail updated")).toBeVisible();
    await expect(edit).toBeHidden();
    const renamedRow = rows.filter({ hasText: renamed });
    await expect(renamedRow).toHaveCount(1);
    expect((await storedDetails(page)).find((d) => d.id === stored.id)).toMatchObject({
      key_features: "Daily signal ingestion | Planner alerts | Promotion uplift modelling",
      benefits: "Fewer stock-outs | Less waste",
    });

    await openCategory(browser, baseURL!, async (dialog) => {
      await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(renamed);
      const features = dialog.getByRole("heading", { name: "Key Features" }).locator("xpath=..").getByRole("listitem");
      await expect(features).toHaveText(["Daily signal ingestion", "Planner alerts", "Promotion uplift modelling"]);
    });

    await deleteWithConfirmation(page, {
      button: renamedRow.getByRole("button", { name: "Delete service detail" }),
      row: renamedRow,
      dialogName: "Delete service detail",
      question: "Are you sure you want to delete this service detail?",
      tableName: "Service details",
    });
    await expect(page.getByText("Service detail deleted")).toBeVisible();
    expect((await storedDetails(page)).some((d) => d.id === stored.id)).toBe(false);
    await openCategory(browser, baseURL!, async (dialog) => {
      await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(SEEDED);
    });
  } finally {
    // The services page opens the first detail of a category: leave none of ours in front of the seed's.
    for (const d of await storedDetails(page)) {
      if (d.title.includes(tag)) await page.request.delete(`/api/admin/service-details/${d.id}`, { headers: { origin }, data: {} });
    }
  }
});
