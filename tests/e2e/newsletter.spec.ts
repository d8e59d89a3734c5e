/// <reference lib="dom" />
import type { AdminSubscriber } from "@agency/core/contract/newsletter";
import { expect, test, type Page } from "../support/test";
import { holdApp } from "../support/hydrated";
import { audit, deleteInboxRow, exportDate, exportDay, expectCsvExport, runTag, signInAsAdmin } from "../support/admin-journey";

test.use({ timezoneId: "UTC" });

/** The runtime's own mail catcher's REST API on MAIL_UI_PORT (playwright.config.ts: port + 2). */
const inbox = (baseURL: string) => `http://127.0.0.1:${Number(new URL(baseURL).port) + 2}/api/email`;
type Mail = { subject: string; text: string; to: { address: string }[]; headers: Record<string, string> };

/** The mail with `subject` to `address`, once the mail catcher has it. */
async function mailTo(page: Page, baseURL: string, address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(inbox(baseURL))).json()) as Mail[];
      found = mails.find((m) => m.subject === subject && m.to.some((t) => t.address === address));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}
const linkIn = (mail: Mail, path: string) => new RegExp(`(\\S+${path}\\?token=\\S+)`).exec(mail.text)![1]!;

test("a visitor subscribes in the footer, confirms from the mail, gets the welcome mail and unsubscribes; an admin finds, exports and deletes a subscriber, then restores it from the Trash", async ({
  page,
  baseURL,
}) => {
  const email = `${runTag("reader-")}@example.com`;

  // The footer's form on the home page: Subscribe says what happened and clears the field.
  await page.goto("/");
  const footerForm = page.getByRole("form", { name: "Newsletter signup" });
  await footerForm.getByLabel("Email address").fill(email);
  await footerForm.getByRole("button", { name: "Subscribe" }).click();
  const status = footerForm.locator("xpath=..").getByRole("status");
  await expect(status).toHaveText("Check your inbox to confirm your subscription.");
  await expect(footerForm.getByLabel("Email address")).toHaveValue("");

  // The confirmation mail's link opens the site's page, which confirms.
  const confirmation = await mailTo(page, baseURL!, email, "Confirm your newsletter subscription");
  expect(confirmation.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const confirmLink = linkIn(confirmation, "/newsletter/confirm");
  expect(new URL(confirmLink).origin).toBe(new URL(baseURL!).origin);
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
  await expect(page.getByText("You're subscribed. Welcome aboard!")).toBeVisible();
  await audit(page, "Confirmation page");

  // The same link again: used.
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { level: 1, name: "This link has already been used" })).toBeVisible();

  // The welcome mail, with its unsubscribe page and one-click headers.
  const welcome = await mailTo(page, baseURL!, email, "Welcome to our newsletter");
  expect(welcome.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${new URL(baseURL!).origin}/api/newsletter/unsubscribe\\?token=`));
  await page.goto(linkIn(welcome, "/newsletter/unsubscribe"));
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from our newsletter" })).toBeVisible();
  await audit(page, "Unsubscribe page");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();

  // The blog's Stay Updated box subscribes too (this address stays pending).
  const blogEmail = `${runTag("blog-reader-")}@example.com`;
  await page.goto("/blog");
  const box = page.getByRole("region", { name: "Stay Updated" });
  await box.getByLabel("Email address").fill(blogEmail);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByRole("status")).toHaveText("Check your inbox to confirm your subscription.");
  await mailTo(page, baseURL!, blogEmail, "Confirm your newsletter subscription");

  // The back office: the Subscribers screen, from the sidebar.
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscribers", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter Subscribers" })).toBeVisible();
  const counts = page.getByRole("region", { name: "Subscriber counts" });
  for (const label of ["Confirmed", "Pending", "Unsubscribed", "Total Signups"]) {
    await expect(counts.getByTestId("stat-card").filter({ hasText: label }).getByTestId("stat-value")).toHaveText(/^\d[\d,]*$/);
  }
  const table = page.getByRole("table", { name: "Newsletter subscribers" });
  await page.getByPlaceholder("Search by email...").fill(email);
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Unsubscribed");
  await expect(table.getByRole("row").filter({ hasText: blogEmail })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("pending");
  await expect(table.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("unsubscribed");
  await expect(row).toBeVisible();
  await audit(page, "Subscribers screen");

  // Export CSV: what the screen shows (search and status), dates in ISO 8601.
  const [stored] = (await (await page.request.get(`/api/admin/newsletter/subscribers?q=${encodeURIComponent(email)}`)).json()) as AdminSubscriber[];
  await expectCsvExport(page, `newsletter-subscribers-${exportDay()}.csv`, [
    ["Email", "Status", "Subscribed", "Confirmed"],
    [email, "Unsubscribed", exportDate(stored!.created_at), exportDate(stored!.confirmed_at!)],
  ]);

  // Delete the blog reader, through the confirmation.
  await page.getByLabel("Status").selectOption("all");
  await page.getByPlaceholder("Search by email...").fill(blogEmail);
  const blogRow = table.getByRole("row").filter({ hasText: blogEmail });
  await expect(blogRow).toContainText("Pending");
  await deleteInboxRow(page, { row: blogRow, noun: "subscriber", tableName: "Newsletter subscribers" });

  // It is in the Trash (issue 32): restored from there, it is back in Subscribers, still pending.
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  await page.getByLabel("Item type").selectOption({ label: "Subscriber" });
  const trashed = page.getByRole("table", { name: "Trash" }).getByRole("row").filter({ hasText: blogEmail });
  await expect(trashed).toContainText("Subscriber");
  await audit(page, "Trash with a deleted subscriber");
  await trashed.getByRole("button", { name: `Restore ${blogEmail}` }).click();
  await expect(page.getByText("Item restored")).toBeVisible();
  await expect(trashed).toHaveCount(0);
  await nav.getByRole("link", { name: "Subscribers", exact: true }).click();
  await page.getByPlaceholder("Search by email...").fill(blogEmail);
  await expect(blogRow).toContainText("Pending");
  await audit(page, "Subscribers with the restored subscriber");

  // The Overview counts subscribers.
  await nav.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page.getByRole("region", { name: "Counters" }).getByTestId("stat-card").filter({ hasText: "Newsletter Subscribers" })).toContainText("awaiting confirmation");
});

test("a confirmation link that is not valid says so once and points to the signup form", async ({ page }) => {
  await page.goto("/newsletter/confirm?token=not-a-token-this-site-made");
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  // The heading is the answer: the page does not repeat it as a paragraph below.
  await expect(page.getByText("This link is not valid", { exact: false })).toHaveCount(1);
  await expect(page.getByText("You can sign up again with the newsletter form at the bottom of this page.")).toBeVisible();
  await audit(page, "newsletter confirmation with a link that is not valid");
});

test("the footer's Subscribe waits, visibly disabled, for the page's code, and keeps an address typed before it ran", async ({ page }) => {
  const appReady = await holdApp(page);
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  const footerForm = page.getByRole("form", { name: "Newsletter signup" });
  const subscribe = footerForm.getByRole("button", { name: "Subscribe" });
  // The rendered form, before any script: a click would reload the page and lose the address.
  await expect(subscribe).toBeDisabled();
  const email = `${runTag("early-")}@example.com`;
  await footerForm.getByLabel("Email address").fill(email);
  await appReady();

  await expect(subscribe).toBeEnabled();
  await expect(footerForm.getByLabel("Email address")).toHaveValue(email);
  const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/newsletter/subscriptions"));
  await subscribe.click();
  expect((await request).postDataJSON()).toEqual({ email });
  await expect(footerForm.locator("xpath=..").getByRole("status")).toHaveText("Check your inbox to confirm your subscription.");
});
