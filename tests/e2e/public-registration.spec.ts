/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { openFilledRegistration } from "../support/registration-journey";

test("tech school: Contact Us preselects the course, registration succeeds and the dialog closes after 2 s", async ({ page }) => {
  await page.clock.install();
  await page.goto("/tech-school");
  // The seeded courses of Course Management, as the page showed them when they were fixed in it.
  const cards = page.getByTestId("academy-course");
  for (const title of [
    "Machine Learning Fundamentals",
    "AI Automation with Python",
    "Data Science Bootcamp",
    "Building AI Agents with LLMs",
    "Computer Vision in Practice",
    "AI for Business Leaders",
  ]) {
    await expect(cards.filter({ has: page.getByRole("heading", { name: title, exact: true }) })).toHaveCount(1);
  }
  const bootcamp = cards.filter({ has: page.getByRole("heading", { name: "Data Science Bootcamp" }) });
  await expect(bootcamp).toContainText("Statistics, SQL, pandas, visualization and predictive modeling");
  for (const text of ["SQL & pandas", "Visualization", "1:1 mentoring", "12 weeks", "2,100+ students", "4.8 out of 5", "Beginner"]) await expect(bootcamp).toContainText(text);
  // A register course links out instead of opening the dialog.
  const agents = cards.filter({ has: page.getByRole("heading", { name: "Building AI Agents with LLMs" }) });
  await expect(agents.getByRole("link", { name: /^Register Now/ })).toHaveAttribute("href", "https://academy.arcline.ai/enrol/building-ai-agents-with-llms");
  await expect(page.getByTestId("learning-path")).toHaveCount(3);

  await page.getByRole("button", { name: "Contact Us about Data Science Bootcamp" }).click();
  const dialog = page.getByRole("dialog", { name: "Course Registration" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await expect(dialog.getByLabel("Course of Interest")).toHaveValue("Data Science Bootcamp");

  // Validation with the shared schema: name and a valid email are required.
  await dialog.getByRole("button", { name: "Submit Registration" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();

  let body: Record<string, unknown> | undefined;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/course-registrations")) body = r.postDataJSON();
  });
  await dialog.getByLabel("Full Name").fill("Ada Lovelace");
  await dialog.getByLabel("Email Address").fill("ada@example.com");
  await dialog.getByLabel("Experience Level").selectOption("Intermediate");
  // The page's time stands still from here, so the 2 s close is measured on its own clock, not on
  // how quickly a loaded machine runs the assertions.
  await page.clock.pauseAt(Date.now() + 60_000);
  await dialog.getByRole("button", { name: "Submit Registration" }).click();

  await expect(dialog.getByText("Registration submitted successfully! We'll contact you soon.")).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("");
  expect(body).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", course_interest: "Data Science Bootcamp", experience_level: "Intermediate", website: "" });

  await page.clock.runFor(1900);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(100);
  await expect(dialog).toBeHidden();
  await page.clock.resume();

  // Start This Path preselects the learning path; Start Learning preselects nothing.
  await page.getByRole("button", { name: /^Start This Path \(Data Scientist Path\)$/ }).click();
  await expect(page.getByRole("dialog").getByLabel("Course of Interest")).toHaveValue("Data Scientist Path");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Start Learning" }).click();
  await expect(page.getByRole("dialog").getByLabel("Course of Interest")).toHaveValue("");
  const options = await page.getByRole("dialog").getByLabel("Course of Interest").locator("option").allTextContents();
  expect(options).toEqual(expect.arrayContaining(["Machine Learning Fundamentals", "AI Engineer Path", "Not sure"]));
});

test("the registration's success message is brought into view below the dialog's header and takes the focus, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  const dialog = await openFilledRegistration(page);
  const submit = dialog.getByRole("button", { name: "Submit Registration" });
  await submit.scrollIntoViewIfNeeded();
  // Time stands still from here: the dialog's 2 s close waits for the assertions.
  await page.clock.pauseAt(Date.now() + 60_000);
  await submit.click();

  const message = dialog.getByTestId("registration-status");
  await expect(message).toHaveText("Registration submitted successfully! We'll contact you soon.");
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport({ ratio: 1 });
  const header = (await dialog.getByRole("heading", { name: "Course Registration" }).locator("xpath=../../..").boundingBox())!;
  expect((await message.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);

  await page.clock.runFor(2000);
  await expect(dialog).toBeHidden();
});
