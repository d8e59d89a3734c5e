/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import type { AdminRegistration } from "@agency/core/contract/admin";
import { audit, countersReload, deleteInboxRow, expectCsvExport, exportDate, exportDay, runTag, signInAsAdmin } from "../support/admin-journey";
import { createAsVisitor } from "../support/public-writes";

// Exports and the date column use the browser's time zone; pin it so expected files are exact.
test.use({ timezoneId: "UTC" });

const table = (page: Page) => page.getByRole("table", { name: "Course registrations" });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
const STATS = "/api/admin/course-registrations/stats";

test("an admin follows up course registrations: search, status filter and changes, details, sorting, Export CSV, delete", async ({ page, baseURL }) => {
  const tag = runTag("reg");
  const ada = {
    name: `Ada ${tag}`,
    email: `ada.${tag}@example.com`,
    phone: "+1 555 0100",
    company: "Analytical Engines",
    course_interest: "Data Science Bootcamp",
    experience_level: "Intermediate",
    preferred_start_date: "2027-01-11",
    additional_notes: `=HYPERLINK("http://x") and "quotes" ${tag}`,
  };
  const bob = {
    name: `Bob ${tag}`,
    email: `bob.${tag}@example.com`,
    phone: "",
    company: "",
    course_interest: "Not sure",
    experience_level: "Beginner",
    preferred_start_date: "",
    additional_notes: "",
  };
  for (const r of [ada, bob]) await createAsVisitor(baseURL!, "/api/course-registrations", r);

  await signInAsAdmin(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  // Registrations sits right after Messages in the navigation.
  await expect(nav.getByRole("link", { name: "Registrations", exact: true })).toBeVisible();
  const labels = await nav.getByRole("link").allInnerTexts();
  expect(labels.indexOf("Registrations")).toBe(labels.indexOf("Messages") + 1);
  await nav.getByRole("link", { name: "Registrations", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/registrations$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course Registrations");
  await expect(nav.getByRole("link", { name: "Registrations", exact: true })).toHaveAttribute("aria-current", "page");
  for (const label of ["Total", "Pending", "Contacted", "Enrolled", "Declined"]) {
    await expect(
      page
        .getByTestId("stat-card")
        .filter({ has: page.getByText(label, { exact: true }) })
        .getByTestId("stat-value"),
    ).toHaveText(/^\d[\d,]*$/);
  }

  // Search finds this journey's two registrations, newest first, every field on the row.
  await page.getByRole("searchbox", { name: "Search registrations" }).fill(tag);
  const names = (...list: string[]) => list.map((n) => new RegExp(`^${n}`));
  await expect(table(page).getByRole("rowheader")).toHaveText(names(bob.name, ada.name));
  await expect(page.getByTestId("result-count")).toHaveText("2 registrations");
  const adaRow = row(page, ada.name);
  for (const text of [ada.email, ada.phone, ada.company, ada.course_interest, ada.experience_level, ada.preferred_start_date, "=HYPERLINK"])
    await expect(adaRow).toContainText(text);
  await expect(adaRow.getByRole("combobox", { name: `Status for ${ada.name}` })).toHaveValue("pending");
  await expect(adaRow).toHaveAttribute("data-highlighted", "true");

  // Sorting by name (the loaded rows).
  await table(page).getByRole("button", { name: "Contact" }).click();
  await expect(table(page).getByRole("columnheader", { name: "Contact" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table(page).getByRole("rowheader")).toHaveText(names(ada.name, bob.name));
  await table(page).getByRole("button", { name: "Contact" }).click();
  await expect(table(page).getByRole("columnheader", { name: "Contact" })).toHaveAttribute("aria-sort", "descending");
  await expect(table(page).getByRole("rowheader")).toHaveText(names(bob.name, ada.name));

  // Status filter.
  const status = page.getByRole("combobox", { name: "Status", exact: true });
  await status.selectOption({ label: "Pending" });
  await expect(table(page).getByRole("rowheader")).toHaveCount(2);
  await status.selectOption({ label: "Enrolled" });
  await expect(page.getByText("No registrations found")).toBeVisible();
  await expect(page.getByText("Try adjusting your filters")).toBeVisible();
  await status.selectOption({ label: "All Status" });
  await expect(table(page).getByRole("rowheader")).toHaveCount(2);
  await audit(page, "registrations list");

  // Status changed from the row: pending -> contacted; the counters reload.
  let countersReloaded = countersReload(page, STATS);
  await adaRow.getByRole("combobox", { name: `Status for ${ada.name}` }).selectOption("contacted");
  await expect(page.getByTestId("toasts")).toContainText(`${ada.name}: Contacted`);
  await expect(adaRow).not.toHaveAttribute("data-highlighted");
  await countersReloaded;
  await status.selectOption({ label: "Contacted" });
  await expect(table(page).getByRole("rowheader")).toHaveText(names(ada.name));
  await status.selectOption({ label: "All Status" });

  // Details: a click on the row (not on a control) opens them; the status changes there too.
  await adaRow.getByText(ada.email).click();
  const details = page.getByRole("dialog", { name: "Registration Details" });
  await expect(details).toBeVisible();
  for (const text of [ada.name, ada.email, ada.phone, ada.company, ada.course_interest, ada.experience_level, ada.preferred_start_date, ada.additional_notes]) {
    await expect(details).toContainText(text);
  }
  await expect(details.getByLabel("Status")).toHaveValue("contacted");
  await audit(page, "registration details");
  await details.getByLabel("Status").selectOption("enrolled");
  await expect(adaRow.getByRole("combobox", { name: `Status for ${ada.name}` })).toHaveValue("enrolled");
  await details.getByLabel("Status").selectOption("declined");
  await expect(adaRow.getByRole("combobox", { name: `Status for ${ada.name}` })).toHaveValue("declined");
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  // And back: any step can be undone.
  await adaRow.getByRole("combobox", { name: `Status for ${ada.name}` }).selectOption("enrolled");
  await expect(page.getByTestId("toasts")).toContainText(`${ada.name}: Enrolled`);

  // Keyboard: the name is the row's button.
  await row(page, bob.name).getByRole("rowheader").getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(details).toContainText(bob.email);
  await page.keyboard.press("Escape");

  // Export CSV of the matching registrations.
  const listed = (await (await page.request.get(`/api/admin/course-registrations?q=${tag}`)).json()) as AdminRegistration[];
  const at = new Map(listed.map((r) => [r.name, r.created_at]));
  await expectCsvExport(page, `course-registrations-${exportDay()}.csv`, [
    ["Name", "Email", "Phone", "Company", "Course", "Experience", "Preferred Start", "Notes", "Status", "Date"],
    [bob.name, bob.email, "", "", bob.course_interest, bob.experience_level, "", "", "Pending", exportDate(at.get(bob.name)!)],
    [
      ada.name,
      ada.email,
      ada.phone,
      ada.company,
      ada.course_interest,
      ada.experience_level,
      ada.preferred_start_date,
      `'${ada.additional_notes}`,
      "Enrolled",
      exportDate(at.get(ada.name)!),
    ],
  ]);

  // Delete with confirmation: Escape cancels, Enter on the focused Cancel keeps it, Delete removes it.
  countersReloaded = countersReload(page, STATS);
  await deleteInboxRow(page, { row: row(page, bob.name), noun: "registration", tableName: "Course registrations" });
  await countersReloaded;
  const remaining = (await (await page.request.get(`/api/admin/course-registrations?q=${tag}`)).json()) as AdminRegistration[];
  expect(remaining.map((r) => r.name)).toEqual([ada.name]);
});

test("the status select saves only an explicit choice from the keyboard; bulk Change status and Delete ask with the count; a mail's link opens any registration", async ({
  page,
  baseURL,
}) => {
  const tag = runTag("bulkreg");
  const people = ["Ann", "Ben", "Cy"].map((n) => `${n} ${tag}`);
  for (const name of people) await createAsVisitor(baseURL!, "/api/course-registrations", { name, email: `${name.split(" ")[0]!.toLowerCase()}.${tag}@example.com` });
  await signInAsAdmin(page);
  const [cy] = (await (await page.request.get(`/api/admin/course-registrations?q=${encodeURIComponent(people[2]!)}`)).json()) as AdminRegistration[];

  // ?open= opens the registration by id.
  await page.goto(`/admin/registrations?open=${cy!.id}`);
  const details = page.getByRole("dialog", { name: "Registration Details" });
  await expect(details).toContainText(cy!.email);
  await page.keyboard.press("Escape");

  await page.goto(`/admin/registrations?q=${tag}`);
  await expect(page.getByRole("searchbox", { name: "Search registrations" })).toHaveValue(tag);
  await expect(page.getByTestId("result-count")).toHaveText("3 registrations");

  // Arrow keys step through the choices without saving; Enter saves the one shown, once.
  const saves: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PUT" && req.url().includes("/api/admin/course-registrations/")) saves.push(req.postData() ?? "");
  });
  const select = page.getByRole("combobox", { name: `Status for ${people[0]}` });
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("enrolled");
  expect(saves).toEqual([]);
  const saved = page.waitForResponse((res) => res.request().method() === "PUT" && res.url().endsWith(`/status`));
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("toasts")).toContainText(`${people[0]}: Enrolled`);
  expect(saves).toEqual([JSON.stringify({ status: "enrolled" })]);
  // Escape puts back a choice not made.
  await page.keyboard.press("ArrowUp");
  await expect(select).toHaveValue("contacted");
  await page.keyboard.press("Escape");
  await expect(select).toHaveValue("enrolled");
  expect(saves).toHaveLength(1);

  // Bulk Change status on two rows: asked with the count and the new status.
  await page.getByRole("checkbox", { name: `Select ${people[1]}` }).check();
  await page.getByRole("checkbox", { name: `Select ${people[2]}` }).check();
  const bar = page.getByRole("region", { name: "Selected" });
  await expect(bar.getByTestId("selected-count")).toHaveText("2 selected");
  await bar.getByRole("combobox", { name: "New status for the selected registrations" }).selectOption({ label: "Contacted" });
  await bar.getByRole("button", { name: "Change status" }).click();
  const ask = page.getByRole("alertdialog", { name: "Change the status of 2 registrations?" });
  await expect(ask).toContainText("Each will be Contacted, whatever its status now.");
  // The dialog asks its question once, in its title.
  await expect(ask.getByText(/\?/)).toHaveCount(1);
  await audit(page, "bulk status question");
  await ask.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByTestId("toasts")).toContainText("Changing status done: 2 registrations changed");
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Contacted" });
  await expect(page).toHaveURL(/[?&]status=contacted(&|$)/);
  await expect(page.getByTestId("result-count")).toHaveText("2 registrations");
  await audit(page, "registrations with a selection");

  // Bulk Delete of the page.
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await bar.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete 2 registrations?" }).getByRole("button", { name: "Delete 2 registrations" }).click();
  await expect(page.getByText("No registrations found")).toBeVisible();
  const left = (await (await page.request.get(`/api/admin/course-registrations?q=${tag}`)).json()) as AdminRegistration[];
  expect(left.map((r) => [r.name, r.status])).toEqual([[people[0], "enrolled"]]);
});

test("the Registrations screen never scrolls sideways at 390 or 1280 px, and Status and Actions stay in view at 1280 px", async ({ page, baseURL }) => {
  const tag = runTag("wide");
  const name = `Maximilian Alexander Longname ${tag}`;
  await createAsVisitor(baseURL!, "/api/course-registrations", {
    name,
    email: `maximilian.alexander.longname.${tag}@a-rather-long-university-domain.example.edu`,
    phone: "+1 555 0100 2000",
    company: "International Business Machines Learning Department",
    course_interest: "Machine Learning Fundamentals",
    experience_level: "Intermediate",
    preferred_start_date: "2027-01-15",
    additional_notes: "Weekends only, please, and a certificate at the end.",
  });
  await signInAsAdmin(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/registrations?q=${tag}`);
    await expect(row(page, name)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
  }
  // At 1280 px the table itself fits: the status and the row's actions are on screen.
  const region = page.getByRole("region", { name: "Course registrations" });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await expect(row(page, name).getByRole("combobox", { name: `Status for ${name}` })).toBeInViewport();
  await expect(row(page, name).getByRole("button", { name: "Delete registration" })).toBeInViewport();
});
