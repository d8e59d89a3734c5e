import { expect, test } from "../support/test";
import { hydrated } from "../support/hydrated";

/**
 * A visitor never downloads back-office code (DESIGN: admin routes are their own lazy chunks): no
 * script a public page loads carries the admin screens' texts or the admin-only table library.
 */
const adminMarkers = ["Contact Messages", "Course Registrations", "Mark All Read", "getCoreRowModel", "contact-submissions", "Dismiss notification"];
const pages = ["/", "/about", "/services", "/tech-school", "/blog", "/contact", "/no-such-page"];

test("public pages load no admin code", async ({ page }) => {
  const urls = new Set<string>();
  page.on("request", (req) => {
    if (req.resourceType() === "script") urls.add(req.url());
  });
  for (const path of pages) {
    await page.goto(path);
    // Scroll so lazy sections (footer, home sections) load too: the footer's last control is there.
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByRole("button", { name: "Privacy Policy" })).toBeVisible();
  }
  expect(urls.size).toBeGreaterThan(3);
  // Each script the pages asked for, read again in full: one that cannot be read fails the test.
  const leaks: string[] = [];
  for (const url of urls) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    const body = await res.text();
    expect(body.length, url).toBeGreaterThan(0);
    leaks.push(...adminMarkers.filter((m) => body.includes(m)).map((m) => `${url}: ${m}`));
  }
  expect(leaks).toEqual([]);
});

/**
 * zod and the forms' schemas are a chunk of their own (web/src/lib/lazy-form-schemas.ts): building
 * them is a long task in the middle of hydration, for a form most visitors never fill in. No page
 * loads them with itself; the contact form does once a visitor is on it, and validates with them.
 */
test("public pages load the forms' validation only when a visitor starts on a form, which then refuses an invalid email and puts the focus on it", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push(res.url());
  });
  const withZod = async () => {
    const found: string[] = [];
    for (const url of scripts) if ((await (await page.request.get(url)).text()).includes("$ZodError")) found.push(url);
    return found;
  };
  for (const path of ["/", "/about", "/services", "/tech-school", "/blog", "/contact"]) {
    await page.goto(path);
    await hydrated(page);
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByRole("button", { name: "Privacy Policy" })).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(3);
  expect(await withZod()).toEqual([]);

  // On /contact now: the visitor starts on the form, and the validation arrives.
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  await form.getByLabel("Full Name").fill("Alan Turing");
  await expect.poll(async () => (await withZod()).length).toBe(1);
  await form.getByRole("textbox", { name: "Email Address", exact: true }).fill("alan-at-example.com");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("We would like to automate our invoice intake.");
  let posted = false;
  page.on("request", (req) => {
    if (req.method() === "POST" && req.url().endsWith("/api/contact")) posted = true;
  });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email Address", exact: true })).toBeFocused();
  expect(posted).toBe(false);
});
