/// <reference lib="dom" />
import { expect, test, type Page } from "@playwright/test";
import type { AdminMessage } from "@agency/core/contract/admin";
import { audit, countersReload, csvLine, deleteWithConfirmation, downloadText, exportDate, exportDay, runTag, signInAsAdmin } from "../support/admin-journey";
import { createAsVisitor } from "../support/public-writes";

// Exports and the date column use the browser's time zone; pin it so expected files are exact.
test.use({ timezoneId: "UTC" });

const table = (page: Page) => page.getByRole("table", { name: "Contact messages" });
const row = (page: Page, name: string) => table(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
const STATS = "/api/admin/contact-submissions/stats";

test("an admin works through contact messages: search, filters, details, read state, Mark All Read, Export CSV, delete", async ({ page, baseURL }) => {
  const tag = runTag("msg");
  const ada = { name: `Ada ${tag}`, email: `ada.${tag}@example.com`, company: "=2+3 Engines", message: `Please automate our "invoice" intake.\nSecond line ${tag}`, form_type: "automation" };
  const grace = { name: `Grace ${tag}`, email: `grace.${tag}@example.com`, company: "", message: `Do you run team courses? ${tag}`, form_type: "education" };
  const linus = { name: `Linus ${tag}`, email: `linus.${tag}@example.com`, company: "Kernel Ltd", message: `-Partnership proposal ${tag} ${"x".repeat(120)}`, form_type: "partnership" };
  for (const m of [ada, grace, linus]) await createAsVisitor(baseURL!, "/api/contact", m);

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Messages");
  await expect(page).toHaveTitle("Contact Messages | Admin");
  for (const label of ["Total Messages", "Unread", "Read", "Today"]) {
    await expect(page.getByTestId("stat-card").filter({ has: page.getByText(label, { exact: true }) }).getByTestId("stat-value")).toHaveText(/^\d[\d,]*$/);
  }
  await expect(page.getByRole("heading", { name: "Messages by Inquiry Type" })).toBeVisible();
  await expect(page.getByTestId("type-count").filter({ hasText: "AI Automation" })).toBeVisible();

  // Search (server side) finds this journey's three messages, newest first, all unread and highlighted.
  await page.getByRole("searchbox", { name: "Search messages" }).fill(tag);
  await expect(table(page).getByRole("rowheader")).toHaveCount(3);
  await expect(table(page).getByRole("rowheader")).toHaveText([new RegExp(linus.name), new RegExp(grace.name), new RegExp(ada.name)]);
  for (const m of [ada, grace, linus]) {
    await expect(row(page, m.name)).toHaveAttribute("data-highlighted", "true");
    await expect(row(page, m.name).getByRole("rowheader")).toContainText(`Unread message from ${m.name}`);
  }
  await expect(row(page, ada.name)).toContainText("AI Automation");
  await expect(row(page, ada.name)).toContainText(ada.company);
  // The preview is cut at 80 characters.
  await expect(row(page, linus.name)).toContainText(`${linus.message.slice(0, 80)}...`);
  await expect(row(page, linus.name)).not.toContainText(linus.message.slice(0, 81));

  // Filters: inquiry type, then status; the empty state says a filter is on.
  await page.getByRole("combobox", { name: "Inquiry type" }).selectOption({ label: "Tech School" });
  await expect(table(page).getByRole("rowheader")).toHaveCount(1);
  await expect(row(page, grace.name)).toBeVisible();
  await page.getByRole("combobox", { name: "Inquiry type" }).selectOption({ label: "All Inquiry Types" });
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Read" });
  await expect(page.getByText("No messages found")).toBeVisible();
  await expect(page.getByText("Try adjusting your filters")).toBeVisible();
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "All Status" });
  await expect(table(page).getByRole("rowheader")).toHaveCount(3);
  await audit(page, "messages list");

  // Clicking a row opens the details; an unread message becomes read (and the counter follows).
  const countersReloaded = countersReload(page, STATS);
  await row(page, ada.name).getByText("Please automate our").click();
  const details = page.getByRole("dialog", { name: "Message Details" });
  await expect(details).toBeVisible();
  await expect(details).toContainText(ada.name);
  await expect(details).toContainText(ada.email);
  await expect(details).toContainText(ada.company);
  await expect(details).toContainText("AI Automation");
  await expect(details.getByText("Second line")).toBeVisible();
  await expect(details.getByRole("button", { name: "Mark Unread" })).toBeVisible();
  await expect(details.getByRole("link", { name: "Reply via Email" })).toHaveAttribute("href", new RegExp(`^mailto:ada\\.${tag}@example\\.com\\?subject=Re%3A%20Your%20inquiry&body=Hi%20Ada%20${tag}%2C`));
  await expect(row(page, ada.name)).not.toHaveAttribute("data-highlighted");
  await countersReloaded;
  await audit(page, "message details");
  // Mark Unread and back, from the dialog.
  await details.getByRole("button", { name: "Mark Unread" }).click();
  await expect(details.getByRole("button", { name: "Mark Read" })).toBeVisible();
  await details.getByRole("button", { name: "Mark Read" }).click();
  await expect(details.getByRole("button", { name: "Mark Unread" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // Keyboard: the row's opening button and Enter.
  await row(page, grace.name).getByRole("rowheader").getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(details).toContainText(grace.name);
  await expect(details).toContainText("Tech School");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(row(page, grace.name).getByRole("rowheader").getByRole("button")).toBeFocused();

  // The row's toggle, and the reply link.
  const linusRow = row(page, linus.name);
  await linusRow.getByRole("button", { name: "Mark as read" }).click();
  await expect(linusRow.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expect(linusRow).not.toHaveAttribute("data-highlighted");
  await linusRow.getByRole("button", { name: "Mark as unread" }).click();
  await expect(linusRow.getByRole("button", { name: "Mark as read" })).toBeVisible();
  await expect(linusRow).toHaveAttribute("data-highlighted", "true");
  const reply = linusRow.getByRole("link", { name: "Reply via email" });
  await expect(reply).toHaveAttribute("title", "Reply via email");
  const href = (await reply.getAttribute("href"))!;
  const mail = new URL(href);
  expect(mail.pathname).toBe(linus.email);
  expect(mail.searchParams.get("subject")).toBe("Re: Your inquiry");
  expect(mail.searchParams.get("body")).toMatch(new RegExp(`^Hi ${linus.name},`));

  // Mark All Read: every one of this journey's messages is read afterwards.
  await page.getByRole("button", { name: "Mark All Read" }).click();
  await expect(page.getByTestId("toasts")).toContainText(/Marked \d+ messages? as read/);
  for (const m of [ada, grace, linus]) await expect(row(page, m.name).getByRole("cell").nth(2)).toHaveText("Read");

  // Export CSV: every matching message (the search is on), exactly as SPEC §9 says.
  const listed = (await (await page.request.get(`/api/admin/contact-submissions?q=${tag}`)).json()) as AdminMessage[];
  expect(listed.map((m) => m.name)).toEqual([linus.name, grace.name, ada.name]);
  const at = new Map(listed.map((m) => [m.name, m.created_at]));
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`contact-messages-${exportDay()}.csv`);
  expect(await downloadText(download)).toBe(
    "\uFEFF" +
      [
        csvLine(["Name", "Email", "Company", "Form Type", "Message", "Status", "Date"]),
        csvLine([linus.name, linus.email, linus.company, "Partnership", `'${linus.message}`, "Read", exportDate(at.get(linus.name)!)]),
        csvLine([grace.name, grace.email, "", "Tech School", grace.message, "Read", exportDate(at.get(grace.name)!)]),
        csvLine([ada.name, ada.email, `'${ada.company}`, "AI Automation", ada.message, "Read", exportDate(at.get(ada.name)!)]),
      ].join("\r\n") +
      "\r\n",
  );
  await expect(page.getByTestId("toasts")).toContainText(`Exported 3 messages to contact-messages-${exportDay()}.csv`);

  // Delete: Escape cancels, Enter on the initially focused Cancel does not delete, Delete does.
  await deleteWithConfirmation(page, {
    button: row(page, ada.name).getByRole("button", { name: "Delete message" }),
    row: row(page, ada.name),
    dialogName: "Delete message",
    question: "Are you sure you want to delete this message?",
    tableName: "Contact messages",
  });
  await expect(page.getByTestId("toasts")).toContainText("Message deleted");
  await expect(table(page).getByRole("rowheader")).toHaveCount(2);
  const remaining = (await (await page.request.get(`/api/admin/contact-submissions?q=${tag}`)).json()) as AdminMessage[];
  expect(remaining.map((m) => m.name)).toEqual([linus.name, grace.name]);
});

test("a long list loads page after page as the admin scrolls", async ({ page, baseURL }) => {
  const tag = runTag("page");
  // One more than the contract's default page of 50.
  for (let i = 0; i < 51; i++) {
    await createAsVisitor(baseURL!, "/api/contact", { name: `Reader ${i} ${tag}`, email: `reader${i}.${tag}@example.com`, message: `Paging ${tag}`, form_type: "general" });
  }
  await signInAsAdmin(page);
  await page.goto("/admin/messages");
  // The first page of the search, not the unfiltered list shown before it (which may be this
  // journey's rows too, being the newest): 50 of the 51.
  const searched = page.waitForResponse((res) => new URL(res.url()).searchParams.get("q") === tag);
  await page.getByRole("searchbox", { name: "Search messages" }).fill(tag);
  await searched;
  await expect(page.getByRole("region", { name: "Contact messages" })).not.toHaveAttribute("aria-busy");
  await expect(table(page).getByRole("rowheader")).toHaveCount(50);
  await expect(table(page).getByRole("rowheader").last()).toContainText(tag);
  const more = page.getByRole("button", { name: "Load more" });
  await expect(more).toBeVisible();
  await more.scrollIntoViewIfNeeded();
  // The sentinel loads the next page without a click; the button goes once nothing is left.
  await expect(table(page).getByRole("rowheader")).toHaveCount(51);
  await expect(more).toBeHidden();
  await expect(row(page, `Reader 0 ${tag}`)).toBeVisible();
});

test("with no messages matching and no filter on, the empty state says where messages come from", async ({ page }) => {
  await signInAsAdmin(page);
  // The shared runtime always holds other journeys' messages, so only a stubbed list can be empty
  // with no filter on; everything else on the screen is the real API.
  await page.route("**/api/admin/contact-submissions?*", (route) => route.fulfill({ json: [] }));
  await page.route("**/api/admin/contact-submissions", (route) => route.fulfill({ json: [] }));
  await page.goto("/admin/messages");
  await expect(page.getByText("No messages found")).toBeVisible();
  await expect(page.getByText("Contact messages will appear here when customers submit the contact form")).toBeVisible();
});
