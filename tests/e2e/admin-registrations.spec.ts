/// <reference lib="dom" />
import { expect, test, type Page } from "@playwright/test";
import type { AdminRegistration } from "@agency/core/contract/admin";
import { audit, countersReload, csvLine, deleteWithConfirmation, downloadText, exportDate, exportDay, runTag, signInAsAdmin } from "../support/admin-journey";
import { createAsVisitor } from "../support/public-writes";

// Exports and the date column use the browser's time zone; pin it so expected files are exact.
test.use({ timezoneId: "UTC" });

const table = (page: Page) => page.getByRole("table", { name: "Course registrations" });
const row = (page: Page, name: string) => table(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
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
    await expect(page.getByTestId("stat-card").filter({ has: page.getByText(label, { exact: true }) }).getByTestId("stat-value")).toHaveText(/^\d[\d,]*$/);
  }

  // Search finds this journey's two registrations, newest first, every field on the row.
  await page.getByRole("searchbox", { name: "Search registrations" }).fill(tag);
  await expect(table(page).getByRole("rowheader")).toHaveText([bob.name, ada.name]);
  const adaRow = row(page, ada.name);
  for (const text of [ada.email, ada.phone, ada.company, ada.course_interest, ada.experience_level, ada.preferred_start_date, "=HYPERLINK"]) await expect(adaRow).toContainText(text);
  await expect(adaRow.getByRole("combobox", { name: `Status for ${ada.name}` })).toHaveValue("pending");
  await expect(adaRow).toHaveAttribute("data-highlighted", "true");

  // Sorting by name (the loaded rows).
  await table(page).getByRole("button", { name: "Name" }).click();
  await expect(table(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table(page).getByRole("rowheader")).toHaveText([ada.name, bob.name]);
  await table(page).getByRole("button", { name: "Name" }).click();
  await expect(table(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(table(page).getByRole("rowheader")).toHaveText([bob.name, ada.name]);

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
  await expect(table(page).getByRole("rowheader")).toHaveText([ada.name]);
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
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`course-registrations-${exportDay()}.csv`);
  expect(await downloadText(download)).toBe(
    "\uFEFF" +
      [
        csvLine(["Name", "Email", "Phone", "Company", "Course", "Experience", "Preferred Start", "Notes", "Status", "Date"]),
        csvLine([bob.name, bob.email, "", "", bob.course_interest, bob.experience_level, "", "", "Pending", exportDate(at.get(bob.name)!)]),
        csvLine([ada.name, ada.email, `'${ada.phone}`, ada.company, ada.course_interest, ada.experience_level, ada.preferred_start_date, `'${ada.additional_notes}`, "Enrolled", exportDate(at.get(ada.name)!)]),
      ].join("\r\n") +
      "\r\n",
  );

  // Delete with confirmation: Escape cancels, Enter on the focused Cancel keeps it, Delete removes it.
  countersReloaded = countersReload(page, STATS);
  await deleteWithConfirmation(page, {
    button: row(page, bob.name).getByRole("button", { name: "Delete registration" }),
    row: row(page, bob.name),
    dialogName: "Delete registration",
    question: "Are you sure you want to delete this registration?",
    tableName: "Course registrations",
  });
  await expect(page.getByTestId("toasts")).toContainText("Registration deleted");
  await countersReloaded;
  const remaining = (await (await page.request.get(`/api/admin/course-registrations?q=${tag}`)).json()) as AdminRegistration[];
  expect(remaining.map((r) => r.name)).toEqual([ada.name]);
});
