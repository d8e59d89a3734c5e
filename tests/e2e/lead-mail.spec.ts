/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { runTag, signInAsAdmin } from "../support/admin-journey";

/** The runtime's own mail catcher's REST API on MAIL_UI_PORT (playwright.config.ts: port + 2). */
const inbox = (baseURL: string) => `http://127.0.0.1:${Number(new URL(baseURL).port) + 2}/api/email`;

test("a visitor's enquiry lands in the local mail inbox, and the mail's link opens it in the back office", async ({ page, baseURL }) => {
  const name = `Ada ${runTag("")}`;
  await page.goto("/contact");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  await form.getByLabel("Full Name").fill(name);
  await form.getByRole("textbox", { name: "Email Address", exact: true }).fill("ada@example.com");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Can you automate our <b>invoice</b> intake?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! We'll get back to you within 24 hours.")).toBeVisible();

  // The notification, in the inbox the start banner names.
  type Mail = { subject: string; text: string };
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = ((await (await page.request.get(inbox(baseURL!))).json()) as Mail[]).find((m) => m.subject === `New enquiry from ${name}`);
      return Boolean(mail);
    })
    .toBe(true);
  expect(mail!.text).toContain("Message: Can you automate our <b>invoice</b> intake?");
  const link = /Open it in the admin: (\S+)/.exec(mail!.text)![1]!;
  expect(link).toMatch(/\/admin\/messages\?open=/);

  // The admin follows it: the message opens (and is marked read), and the address loses the id.
  await signInAsAdmin(page);
  await page.goto(link);
  const details = page.getByRole("dialog", { name: "Message Details" });
  await expect(details).toContainText(name);
  await expect(details).toContainText("Can you automate our <b>invoice</b> intake?");
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(details.getByRole("button", { name: "Mark Unread" })).toBeVisible();
});
