/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { holdApp } from "../support/hydrated";

test("contact: submit is disabled while a required field is empty; a sent message clears the form", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  const submit = form.getByRole("button", { name: "Send Message" });
  await expect(submit).toBeDisabled();

  await expect(form.getByRole("radio", { name: /General Inquiry/ })).toBeChecked();
  await page.getByTestId("inquiry-tile").filter({ hasText: "AI Automation" }).click();
  await expect(form.getByRole("radio", { name: /AI Automation/ })).toBeChecked();

  await form.getByLabel("Full Name").fill("Alan Turing");
  await expect(submit).toBeDisabled();
  await form.getByRole("textbox", { name: "Email Address", exact: true }).fill("alan@example.com");
  await expect(submit).toBeDisabled();
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("We would like to automate our invoice intake.");
  await expect(submit).toBeEnabled();
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("   ");
  await expect(submit).toBeDisabled();
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("We would like to automate our invoice intake.");
  await form.getByLabel(/^Company/).fill("Bletchley Ltd");

  const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/contact"));
  await submit.click();
  const body = (await request).postDataJSON();
  expect(body).toMatchObject({ name: "Alan Turing", email: "alan@example.com", company: "Bletchley Ltd", inquiryType: "automation", form_type: "automation", website: "" });

  await expect(page.getByText("Thank you! We'll get back to you within 24 hours.")).toBeVisible();
  await expect(form.getByLabel("Full Name")).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Email Address", exact: true })).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  await expect(submit).toBeDisabled();

  // Page furniture: contact cards, business hours, what to expect and the FAQ.
  await expect(page.getByTestId("contact-card")).toHaveCount(4);
  await expect(page.getByText("9:00 AM - 6:00 PM EST")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What to Expect" })).toBeVisible();
  await page.getByText("How quickly can you start a project?").click();
  await expect(page.getByText(/within 1-2 weeks/)).toBeVisible();
});

test("contact: what a visitor types and picks before the app runs is what the form sends", async ({ page }) => {
  const appReady = await holdApp(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  // The rendered form, before any script: the browser alone checks the tile's radio and takes the text.
  await page.getByTestId("inquiry-tile").filter({ hasText: "Tech School" }).click();
  await form.getByLabel("Full Name").fill("Grace Hopper");
  await form.getByRole("textbox", { name: "Email Address", exact: true }).fill("grace@example.com");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Typed while the page was still loading its script.");
  await appReady();

  const submit = form.getByRole("button", { name: "Send Message" });
  await expect(submit).toBeEnabled();
  const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/contact"));
  await submit.click();
  expect((await request).postDataJSON()).toMatchObject({
    name: "Grace Hopper",
    email: "grace@example.com",
    message: "Typed while the page was still loading its script.",
    inquiryType: "education",
  });
  await expect(page.getByText("Thank you! We'll get back to you within 24 hours.")).toBeVisible();
});
