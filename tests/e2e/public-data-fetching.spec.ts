/// <reference lib="dom" />
import { expect, test } from "../support/test";

test("a page reached in the app issues each GET once, and a failed public fetch keeps the default texts and ends the spinners", async ({ page }) => {
  const gets: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname.startsWith("/api/")) gets.push(new URL(r.url()).pathname);
  });
  // A rendered page carries its data (public-rendered.spec.ts); the home page's own reads happen
  // when the app navigates there from another page.
  await page.goto("/about");
  gets.length = 0;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByTestId("service-card")).toHaveCount(6);
  await page.getByRole("button", { name: "Privacy Policy" }).scrollIntoViewIfNeeded();
  await expect.poll(() => gets).toEqual(expect.arrayContaining(["/api/page-sections/home", "/api/services", "/api/industries"]));
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  const dupes = gets.filter((p, i) => gets.indexOf(p) !== i);
  expect(dupes, `duplicate GETs: ${dupes.join(", ")}`).toEqual([]);

  // Now every public read fails: defaults stay, spinners end with empty lists.
  const fresh = await page.context().newPage();
  await fresh.route("**/api/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }));
  await fresh.goto("/about");
  await fresh.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(fresh.getByRole("heading", { level: 1 })).toHaveText("Put AI to Work Where Your Team Loses the Most Time");
  await expect(fresh.getByRole("heading", { name: "What We Do" })).toBeVisible();
  await expect(fresh.getByRole("status").filter({ hasText: "Loading services" })).toHaveCount(0, { timeout: 15_000 });
  await expect(fresh.getByTestId("service-card")).toHaveCount(0);
  await expect(fresh.getByText("hello@arcline.ai").first()).toBeVisible();
});
