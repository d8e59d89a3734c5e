/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import type { AdminMessage } from "@agency/core/contract/admin";
import { audit, countersReload, deleteInboxRow, expectCsvExport, exportDate, exportDay, runTag, signInAsAdmin } from "../support/admin-journey";
import { createAsVisitor } from "../support/public-writes";

// Exports and the date column use the browser's time zone; pin it so expected files are exact.
test.use({ timezoneId: "UTC" });

const table = (page: Page) => page.getByRole("table", { name: "Contact messages" });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
const STATS = "/api/admin/contact-submissions/stats";

test("an admin works through contact messages: search, filters, details, read state, Mark All Read asked with the count, Export CSV with ISO dates, delete", async ({
  page,
  baseURL,
}) => {
  const tag = runTag("msg");
  const ada = {
    name: `Ada ${tag}`,
    email: `ada.${tag}@example.com`,
    company: "=2+3 Engines",
    message: `Please automate our "invoice" intake.\nSecond line ${tag}`,
    form_type: "automation",
  };
  const grace = { name: `Grace ${tag}`, email: `grace.${tag}@example.com`, company: "", message: `Do you run team courses? ${tag}`, form_type: "education" };
  const linus = {
    name: `Linus ${tag}`,
    email: `linus.${tag}@example.com`,
    company: "Kernel Ltd",
    message: `-Partnership proposal ${tag} ${"x".repeat(120)}`,
    form_type: "partnership",
  };
  for (const m of [ada, grace, linus]) await createAsVisitor(baseURL!, "/api/contact", m);

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Messages");
  await expect(page).toHaveTitle("Contact Messages | Admin");
  for (const label of ["Total Messages", "Unread", "Read", "Today"]) {
    await expect(
      page
        .getByTestId("stat-card")
        .filter({ has: page.getByText(label, { exact: true }) })
        .getByTestId("stat-value"),
    ).toHaveText(/^\d[\d,]*$/);
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
  await expect(details.getByRole("link", { name: "Reply via Email" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:ada\\.${tag}@example\\.com\\?subject=Re%3A%20Your%20inquiry&body=Hi%20Ada%20${tag}%2C`),
  );
  await expect(row(page, ada.name)).not.toHaveAttribute("data-highlighted");
  await countersReloaded;
  // Opening marked it read: its button is back from that save (a disabled button fades while it saves).
  await expect(details.getByRole("button", { name: "Mark Unread" })).toBeEnabled();
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
  const countedAgain = countersReload(page, STATS);
  await linusRow.getByRole("button", { name: "Mark as unread" }).click();
  await countedAgain;
  await expect(linusRow.getByRole("button", { name: "Mark as read" })).toBeVisible();
  await expect(linusRow).toHaveAttribute("data-highlighted", "true");
  const reply = linusRow.getByRole("link", { name: "Reply via email" });
  await expect(reply).toHaveAttribute("title", "Reply via email");
  const href = (await reply.getAttribute("href"))!;
  const mail = new URL(href);
  expect(mail.pathname).toBe(linus.email);
  expect(mail.searchParams.get("subject")).toBe("Re: Your inquiry");
  expect(mail.searchParams.get("body")).toMatch(new RegExp(`^Hi ${linus.name},`));

  // Mark All Read asks first, with the number of unread messages as it is when asked: a message
  // sent after the page counted them is in it. (Other journeys write messages at the same time, so
  // the number is the server's just before or just after the question.) Cancel changes nothing.
  const lateTag = runTag("late");
  const late = { name: `Late ${lateTag}`, email: `late.${lateTag}@example.com`, company: "", message: `Sent while the admin reads`, form_type: "general" };
  await createAsVisitor(baseURL!, "/api/contact", late);
  const unreadNow = async () => ((await (await page.request.get(STATS)).json()) as { unread: number }).unread;
  const before = await unreadNow();
  await page.getByRole("button", { name: "Mark All Read" }).click();
  const ask = page.getByRole("alertdialog", { name: "Mark all as read?" });
  await expect(ask).toContainText(/[\d,]+ unread messages? will show as read\. You can mark any of them unread again\./);
  const after = await unreadNow();
  const said = Number(/([\d,]+) unread message/.exec((await ask.textContent())!)![1]!.replace(/,/g, ""));
  expect([before, after]).toContain(said);
  await expect(ask).toContainText(`${said.toLocaleString("en-US")} unread message${said === 1 ? "" : "s"} will show as read.`);
  // The dialog says its question once.
  await expect(ask.getByText(/as read\?/)).toHaveCount(1);
  await audit(page, "mark all read question");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(row(page, linus.name)).toHaveAttribute("data-highlighted", "true");
  await page.getByRole("button", { name: "Mark All Read" }).click();
  await ask.getByRole("button", { name: "Mark All Read" }).click();
  await expect(page.getByTestId("toasts")).toContainText(/Marked \d+ messages? as read/);
  for (const m of [ada, grace, linus]) await expect(row(page, m.name).getByRole("cell").nth(3)).toHaveText("Read");
  const [lateRead] = (await (await page.request.get(`/api/admin/contact-submissions?q=${lateTag}`)).json()) as AdminMessage[];
  expect(lateRead?.is_read).toBe(true);

  // Export CSV: every matching message (the search is on), exactly as SPEC §9 says.
  const listed = (await (await page.request.get(`/api/admin/contact-submissions?q=${tag}`)).json()) as AdminMessage[];
  expect(listed.map((m) => m.name)).toEqual([linus.name, grace.name, ada.name]);
  const at = new Map(listed.map((m) => [m.name, m.created_at]));
  await expectCsvExport(page, `contact-messages-${exportDay()}.csv`, [
    ["Name", "Email", "Company", "Form Type", "Message", "Status", "Date"],
    [linus.name, linus.email, linus.company, "Partnership", `'${linus.message}`, "Read", exportDate(at.get(linus.name)!)],
    [grace.name, grace.email, "", "Tech School", grace.message, "Read", exportDate(at.get(grace.name)!)],
    [ada.name, ada.email, `'${ada.company}`, "AI Automation", ada.message, "Read", exportDate(at.get(ada.name)!)],
  ]);
  await expect(page.getByTestId("toasts")).toContainText(`Exported 3 messages to contact-messages-${exportDay()}.csv`);

  // Delete: Escape cancels, Enter on the initially focused Cancel does not delete, Delete does.
  await deleteInboxRow(page, { row: row(page, ada.name), noun: "message", tableName: "Contact messages" });
  await expect(table(page).getByRole("rowheader")).toHaveCount(2);
  const remaining = (await (await page.request.get(`/api/admin/contact-submissions?q=${tag}`)).json()) as AdminMessage[];
  expect(remaining.map((m) => m.name)).toEqual([linus.name, grace.name]);
});

test("a long list loads page after page; a mail's link opens a lead beyond the loaded page; bulk actions cover every match", async ({ page, baseURL }) => {
  const tag = runTag("page");
  // One more than the contract's default page of 50; the first one sent is the oldest.
  for (let i = 0; i < 51; i++) {
    await createAsVisitor(baseURL!, "/api/contact", { name: `Reader ${i} ${tag}`, email: `reader${i}.${tag}@example.com`, message: `Paging ${tag}`, form_type: "general" });
  }
  await signInAsAdmin(page);
  const [oldest] = (await (await page.request.get(`/api/admin/contact-submissions?q=${encodeURIComponent(`Reader 0 ${tag}`)}`)).json()) as AdminMessage[];

  // A notification's link (?open=id) to a lead that is not among the 50 rows loaded opens it all the same.
  await page.goto(`/admin/messages?open=${oldest!.id}`);
  const details = page.getByRole("dialog", { name: "Message Details" });
  await expect(details).toContainText(`Reader 0 ${tag}`);
  await expect(details.getByRole("button", { name: "Mark Unread" })).toBeVisible(); // opening marked it read
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(row(page, `Reader 0 ${tag}`)).toHaveCount(0);
  await page.keyboard.press("Escape");
  // A link to a lead that is gone says so.
  await page.goto("/admin/messages?open=no-such-message");
  await expect(page.getByTestId("toasts")).toContainText("This message no longer exists.");

  // The first page of the search, not the unfiltered list shown before it: 50 of the 51, and the count of all.
  const searched = page.waitForResponse((res) => new URL(res.url()).searchParams.get("q") === tag);
  await page.getByRole("searchbox", { name: "Search messages" }).fill(tag);
  await searched;
  await expect(page.getByRole("region", { name: "Contact messages" })).not.toHaveAttribute("aria-busy");
  await expect(page.getByTestId("result-count")).toHaveText("51 messages");
  await expect(table(page).getByRole("rowheader")).toHaveCount(50);

  // Select all on the page, then every match: Mark read asks with the count and shows its progress.
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("50 selected");
  await page.getByRole("button", { name: "Select all 51 messages" }).click();
  await expect(page.getByTestId("selected-count")).toHaveText("All 51 messages selected");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/contact-submissions/bulk", async (route) => {
    await held; // the real request, held until the progress has been seen
    await route.continue();
  });
  await page.getByRole("region", { name: "Selected" }).getByRole("button", { name: "Mark read" }).click();
  const ask = page.getByRole("alertdialog", { name: "Mark 51 messages as read?" });
  await expect(ask).toContainText("They will show as read. You can mark any of them unread again.");
  await expect(ask.getByText(/as read\?/)).toHaveCount(1);
  await expect(ask).toBeVisible();
  await audit(page, "bulk question");
  await ask.getByRole("button", { name: "Mark read" }).click();
  await expect(page.getByRole("progressbar", { name: "Marking as read" })).toHaveAttribute("aria-valuemax", "51");
  await expect(page.getByRole("status").filter({ hasText: "Marking as read: 0 of 51 messages" })).toBeVisible();
  release();
  await expect(page.getByTestId("toasts")).toContainText("Marking as read done: 50 messages changed"); // Reader 0 was read already
  await page.unroute("**/api/admin/contact-submissions/bulk");
  await expect(page.getByRole("region", { name: "Selected" })).toBeHidden();
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Unread" });
  await expect(page.getByTestId("result-count")).toHaveText("0 messages");

  // Filters live in the address: reload and Back keep them.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  await expect(page).toHaveURL(/[?&]status=unread(&|$)/);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search messages" })).toHaveValue(tag);
  await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("unread");
  await expect(page.getByTestId("result-count")).toHaveText("0 messages");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("User Management");
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: "Search messages" })).toHaveValue(tag);
  await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("unread");
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Read" });
  await expect(page.getByTestId("result-count")).toHaveText("51 messages");

  // The end of the table loads the next page without a click; the button goes once nothing is left.
  const more = page.getByRole("button", { name: "Load more" });
  await more.scrollIntoViewIfNeeded();
  await expect(table(page).getByRole("rowheader")).toHaveCount(51);
  await expect(more).toBeHidden();

  // Rows picked one by one: Mark unread, then Delete, each asked with the count.
  await page.getByRole("checkbox", { name: `Select Reader 1 ${tag}` }).check();
  await page.getByRole("checkbox", { name: `Select Reader 2 ${tag}` }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
  await page.getByRole("region", { name: "Selected" }).getByRole("button", { name: "Mark unread" }).click();
  await page.getByRole("alertdialog", { name: "Mark 2 messages as unread?" }).getByRole("button", { name: "Mark unread" }).click();
  await expect(page.getByTestId("result-count")).toHaveText("49 messages");
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page.getByRole("region", { name: "Selected" }).getByRole("button", { name: "Delete" }).click();
  const confirmDelete = page.getByRole("alertdialog", { name: "Delete 49 messages?" });
  await expect(confirmDelete).toContainText("Are you sure you want to delete 49 messages? This cannot be undone.");
  await confirmDelete.getByRole("button", { name: "Delete 49 messages" }).click();
  await expect(page.getByText("No messages found")).toBeVisible();
  const left = (await (await page.request.get(`/api/admin/contact-submissions?q=${tag}`)).json()) as AdminMessage[];
  expect(left.map((m) => m.name).sort()).toEqual([`Reader 1 ${tag}`, `Reader 2 ${tag}`]);
});

test("the Messages screen never scrolls sideways at 390 or 1280 px", async ({ page }) => {
  await signInAsAdmin(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/messages");
    await expect(table(page).getByRole("rowheader").first()).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await expect(page.getByRole("region", { name: "Selected" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
  }
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
