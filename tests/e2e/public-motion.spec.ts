/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";

const counter = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd span[aria-hidden]")
    .first();

/** Stops the page's clock (installed with page.clock.install()) where it is: time moves only by runFor. */
async function pauseClock(page: Page) {
  // The clock runs on while the time is read and the pause is sent: on a busy machine the time
  // aimed for can be past by then, which Playwright refuses, so aim again from the new now.
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250 * (attempt + 1));
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes("Cannot fast-forward to the past")) throw err;
    }
  }
}

/** Runs the paused clock in 100 ms steps until `done`; answers how far it ran. */
async function runUntil(page: Page, done: () => Promise<boolean>, limitMs = 20_000) {
  let ran = 0;
  while (!(await done())) {
    if (ran >= limitMs) throw new Error(`Nothing happened in ${limitMs} ms of page time`);
    await page.clock.runFor(100);
    ran += 100;
  }
  return ran;
}

// Time is Playwright's clock: installed before the page loads, it drives the counters' animation
// frames and the testimonials' interval; once the page has started it is paused, and moves only
// when the test runs it.
test("counters count up once when scrolled into view, and testimonials advance every 5 s", async ({ page }) => {
  await page.clock.install();
  await page.goto("/tech-school");
  const graduates = counter(page, "Graduates");
  await expect(graduates).toHaveText("0+");
  await pauseClock(page);
  await page.clock.runFor(3_000);
  await expect(graduates).toHaveText("0+"); // not in view yet

  await graduates.scrollIntoViewIfNeeded();
  // The count starts once the counter is seen, and takes 2.5 s.
  await runUntil(page, async () => (await graduates.textContent()) !== "0+");
  await page.clock.runFor(800);
  const mid = await graduates.textContent();
  expect(mid).not.toBe("0+");
  expect(mid).not.toBe("500+");
  await page.clock.runFor(2_500);
  await expect(graduates).toHaveText("500+");
  // Screen readers get the final value only.
  await expect(
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: /^Graduates$/ }) })
      .locator("dd .sr-only")
      .first(),
  ).toHaveText("500+");

  await page.clock.resume();
  await page.goto("/");
  const slide = page.getByTestId("testimonial");
  await expect(slide).toContainText("Sarah Mitchell");
  // Held still under the pointer; the first testimonial chosen; then the pointer leaves, and the
  // next one comes 5 s later.
  await slide.hover();
  await pauseClock(page);
  await page.getByRole("button", { name: "Show testimonial 1 of 3" }).click();
  await expect(slide).toContainText("Sarah Mitchell");
  await page.mouse.move(0, 0);
  const shownFor = await runUntil(page, async () => (await slide.textContent())!.includes("David Chen"));
  expect(shownFor).toBeGreaterThanOrEqual(5_000);
  expect(shownFor).toBeLessThanOrEqual(5_300);

  await page.getByRole("button", { name: "Show testimonial 3 of 3" }).click();
  await expect(slide).toContainText("Emily Rodriguez");
  await expect(page.getByRole("button", { name: "Show testimonial 3 of 3" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Pause testimonials" }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(15_000);
  await expect(slide).toContainText("Emily Rodriguez");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("counters show their final values at once and testimonials stay put", async ({ page }) => {
    await page.clock.install();
    await page.goto("/tech-school");
    await expect(counter(page, "Graduates")).toHaveText("500+");
    await expect(counter(page, "Students Trained")).toHaveText("3,000+");
    await expect(counter(page, "Average Rating")).toHaveText("4.8/5");

    await page.goto("/");
    const slide = page.getByTestId("testimonial");
    await expect(slide).toContainText("Sarah Mitchell");
    await expect(page.getByRole("button", { name: "Pause testimonials" })).toHaveCount(0);
    await page.clock.runFor(15_000);
    await expect(slide).toContainText("Sarah Mitchell");
  });
});
