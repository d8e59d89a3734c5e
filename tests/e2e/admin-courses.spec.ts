/// <reference lib="dom" />
import { expect, test, type Browser, type Page } from "../support/test";
import { EXTERNAL_URL_REQUIRED } from "../../packages/core/src/contract/catalog-values";
import { STALE_ITEM_MESSAGE } from "../../packages/core/src/contract/versioned";
import { asVisitor, audit, deleteWithConfirmation, runTag, signInAsAdmin } from "../support/admin-journey";

interface StoredCourse {
  id: string;
  title: string;
  version: number;
  color_scheme: string;
  button_type: string;
  external_url: string;
  progress_percentage: number;
  order_index: number;
  level: string;
  duration: string;
  student_count: string;
  icon: string;
  highlights: string;
  rating: number;
  is_active: boolean;
}

const storedCourses = async (page: Page) => (await (await page.request.get("/api/admin/courses")).json()) as StoredCourse[];

/**
 * The home page as a new visitor sees it (public reads may be cached for a minute by the browser
 * that made them), showing up to six courses by order_index.
 */
async function homeCourses(browser: Browser, baseURL: string, check: (cards: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  await asVisitor(browser, baseURL, async (visitor) => {
    await visitor.goto("/");
    const cards = visitor.getByTestId("course-card");
    await expect(cards.first()).toBeVisible();
    await check(cards);
  });
}

test("an admin creates a register course with its link, renames it, meets a stale save and a discard question, and deletes it; the home page follows", async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = runTag("c");
  const title = `Prompt Ops ${tag}`;
  const renamed = `Prompt Engineering ${tag}`;
  const url = `https://academy.example.com/enrol/${tag}`;
  const origin = new URL(baseURL!).origin;

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Courses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Course Management" })).toBeVisible();
  const table = page.getByRole("table", { name: "Courses" });
  const rows = table.locator("tbody tr[data-row-id]");
  await expect(rows.first()).toBeVisible();
  await audit(page, "course list");

  try {
    // A new course starts with SPEC's defaults, at order_index = how many courses there are.
    const count = await rows.count();
    await page.getByRole("button", { name: "Add Course" }).click();
    const editor = page.getByRole("dialog", { name: "Create New Course" });
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel("Level")).toHaveValue("Beginner");
    await expect(editor.getByLabel("Duration")).toHaveValue("8 weeks");
    await expect(editor.getByLabel("Student Count")).toHaveValue("1k");
    const progress = editor.getByLabel("Progress");
    await expect(progress).toHaveValue("75");
    await expect(progress).toHaveAttribute("type", "number");
    await expect(progress).toHaveAttribute("min", "0");
    await expect(progress).toHaveAttribute("max", "100");
    await expect(editor.getByLabel("Icon", { exact: true })).toHaveValue("📚");
    const schemes = editor.getByRole("radiogroup", { name: "Colour scheme" });
    await expect(schemes.getByRole("radio")).toHaveCount(8);
    await expect(schemes.getByRole("radio", { name: "Purple to Blue" })).toBeChecked();
    await expect(editor.getByLabel("Button Type")).toHaveValue("contact");
    await expect(editor.getByLabel("Active")).toBeChecked();
    await expect(editor.getByLabel("Order Index")).toHaveValue(String(count));
    await expect(editor.getByLabel("External URL")).not.toHaveAttribute("aria-required", "true");
    await audit(page, "course editor");

    // Register without a link: the field says so and nothing is sent.
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByLabel("Description").fill("Write, test and version prompts like code: evaluation sets, regression checks and a release process for your team.");
    await editor.getByLabel("Button Type").selectOption("register");
    const externalUrl = editor.getByLabel("External URL");
    await expect(externalUrl).toHaveAttribute("aria-required", "true");
    const created: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/admin/courses") created.push(r.url());
    });
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor.getByText(EXTERNAL_URL_REQUIRED)).toBeVisible();
    await expect(externalUrl).toHaveAttribute("aria-invalid", "true");
    await audit(page, "course editor with a field error");
    expect(created).toEqual([]);
    expect((await storedCourses(page)).some((c) => c.title === title)).toBe(false);

    // With the link, another gradient, and an order that puts it among the home page's six.
    await externalUrl.fill(url);
    await schemes.locator("label", { hasText: "Blue to Cyan" }).click();
    await expect(schemes.getByRole("radio", { name: "Blue to Cyan" })).toBeChecked();
    await expect(schemes.getByRole("radio", { name: "Purple to Blue" })).not.toBeChecked();
    await editor.getByLabel("Order Index").fill("-1000");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Course created")).toBeVisible();
    await expect(editor).toBeHidden();
    expect(created).toHaveLength(1);
    const row = rows.filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Beginner · 8 weeks");
    await expect(row).toContainText("Online · Live cohort");
    await expect(row).toContainText("Active");

    const stored = (await storedCourses(page)).find((c) => c.title === title)!;
    expect(stored).toMatchObject({
      color_scheme: "from-blue-500 to-cyan-500",
      button_type: "register",
      external_url: url,
      progress_percentage: 75,
      order_index: -1000,
      level: "Beginner",
      duration: "8 weeks",
      student_count: "1k",
      icon: "📚",
      is_active: true,
    });

    await homeCourses(browser, baseURL!, async (cards) => {
      const card = cards.filter({ hasText: title });
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("link", { name: /^Register Now/ })).toHaveAttribute("href", url);
    });

    // Rename it: the home page shows the new title.
    await row.getByRole("button", { name: "Edit course" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Course" });
    await expect(edit.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(edit.getByRole("radio", { name: "Blue to Cyan" })).toBeChecked();
    await edit.getByLabel("Title", { exact: true }).fill(renamed);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Course updated")).toBeVisible();
    await expect(edit).toBeHidden();
    const renamedRow = rows.filter({ hasText: renamed });
    await expect(renamedRow).toHaveCount(1);
    await homeCourses(browser, baseURL!, async (cards) => {
      await expect(cards.filter({ hasText: renamed })).toHaveCount(1);
      await expect(cards.filter({ hasText: title })).toHaveCount(0);
    });

    // A stale save: someone else renames it while the editor is open. Reload shows theirs and keeps ours.
    await renamedRow.getByRole("button", { name: renamed }).click();
    await expect(edit).toBeVisible();
    const mine = `Mine ${tag}`;
    const theirs = `Theirs ${tag}`;
    await edit.getByLabel("Title", { exact: true }).fill(mine);
    const current = (await storedCourses(page)).find((c) => c.id === stored.id)!;
    const behindTheBack = await page.request.put(`/api/admin/courses/${stored.id}`, { headers: { origin }, data: { title: theirs, version: current.version } });
    expect(behindTheBack.ok()).toBe(true);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByRole("alert")).toContainText(STALE_ITEM_MESSAGE);
    await edit.getByRole("button", { name: "Reload" }).click();
    await expect(edit.getByLabel("Title", { exact: true })).toHaveValue(theirs);
    const kept = edit.getByRole("region", { name: "Your unsaved text" });
    await expect(kept.getByLabel("Your Title")).toHaveValue(mine);
    await expect(edit.getByRole("alert")).toHaveCount(0);

    // Escape with unsaved text asks first; Keep editing keeps it; Ctrl+S saves.
    const typed = `Typed ${tag}`;
    await edit.getByLabel("Title", { exact: true }).fill(typed);
    await page.keyboard.press("Escape");
    const discard = page.getByRole("alertdialog", { name: "Discard changes?" });
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(discard).toBeHidden();
    await expect(edit.getByLabel("Title", { exact: true })).toHaveValue(typed);
    await page.keyboard.press("Control+s");
    await expect(page.getByText("Course updated")).toBeVisible();
    await expect(edit).toBeHidden();
    const typedRow = rows.filter({ hasText: typed });
    await expect(typedRow).toHaveCount(1);
    expect((await storedCourses(page)).find((c) => c.id === stored.id)!.title).toBe(typed);

    await deleteWithConfirmation(page, {
      button: typedRow.getByRole("button", { name: "Delete course" }),
      row: typedRow,
      dialogName: "Delete course",
      question: "Are you sure you want to delete this course?",
      tableName: "Courses",
    });
    await expect(page.getByText("Course deleted")).toBeVisible();
    expect((await storedCourses(page)).some((c) => c.id === stored.id)).toBe(false);
    await homeCourses(browser, baseURL!, async (cards) => {
      await expect(cards.filter({ hasText: tag })).toHaveCount(0);
    });
  } finally {
    // Other journeys read the home page's courses: leave none of ours behind.
    for (const c of await storedCourses(page)) {
      if (c.title.includes(tag)) await page.request.delete(`/api/admin/courses/${c.id}`, { headers: { origin }, data: {} });
    }
  }
});

/** /tech-school as a new visitor sees it: the course's card, and the dialog's course choices. */
async function techSchool(browser: Browser, baseURL: string, check: (page: Page, choices: string[]) => Promise<void>) {
  await asVisitor(browser, baseURL, async (visitor) => {
    await visitor.goto("/tech-school");
    await expect(visitor.getByTestId("academy-course").first()).toBeVisible();
    await visitor.getByRole("button", { name: "Start Learning" }).click();
    const choices = await visitor.getByRole("dialog", { name: "Course Registration" }).getByLabel("Course of Interest").locator("option").allTextContents();
    await visitor.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await check(visitor, choices);
  });
}

test("a course added in Course Management shows on /tech-school and among the registration choices once active, with its image, highlights and rating", async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = runTag("t");
  const title = `Applied NLP ${tag}`;
  const origin = new URL(baseURL!).origin;
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Courses" }).click();
  const rows = page.getByRole("table", { name: "Courses" }).locator("tbody tr[data-row-id]");
  await expect(rows.first()).toBeVisible();
  try {
    // Added inactive, at the end of the list: not on the page, not a choice.
    await page.getByRole("button", { name: "Add Course" }).click();
    const editor = page.getByRole("dialog", { name: "Create New Course" });
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByLabel("Description").fill("Tokenisers, embeddings and retrieval, applied to your own documents.");
    await editor.getByLabel("Highlights").fill("Tokenisers\nEmbeddings\n\nRetrieval");
    const rating = editor.getByLabel("Rating");
    await expect(rating).toHaveValue("0");
    await rating.fill("4.6");
    await editor.getByRole("textbox", { name: "Image URL" }).fill(`${origin}/social.jpg`);
    await editor.getByLabel("Order Index").fill("1000");
    await editor.getByLabel("Active").uncheck();
    await audit(page, "course editor with highlights and rating");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor).toBeHidden();
    const stored = (await storedCourses(page)).find((c) => c.title === title)!;
    expect(stored).toMatchObject({ highlights: "Tokenisers | Embeddings | Retrieval", rating: 4.6, is_active: false });
    await techSchool(browser, baseURL!, async (visitor, choices) => {
      await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
      expect(choices).not.toContain(title);
      expect(choices).toContain("Machine Learning Fundamentals");
    });

    // Activated: its card, with the image, highlights and rating; Contact Us chooses it in the dialog.
    const row = rows.filter({ hasText: title });
    await row.getByRole("button", { name: "Edit course" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Course" });
    await expect(edit.getByLabel("Highlights")).toHaveValue("Tokenisers\nEmbeddings\nRetrieval");
    await edit.getByLabel("Active").check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await techSchool(browser, baseURL!, async (visitor, choices) => {
      expect(choices).toContain(title);
      const card = visitor.getByTestId("academy-course").filter({ has: visitor.getByRole("heading", { name: title }) });
      await expect(card).toHaveCount(1);
      for (const text of ["Tokenisers", "Embeddings", "Retrieval", "4.6 out of 5", "8 weeks", "1k students"]) await expect(card).toContainText(text);
      const image = card.locator("img");
      await expect(image).toHaveAttribute("src", `${origin}/social.jpg`);
      // Card images are lazy (issue 29): it loads once the card nears the viewport.
      await expect(image).toHaveAttribute("loading", "lazy");
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
      await card.getByRole("button", { name: `Contact Us about ${title}` }).click();
      await expect(visitor.getByRole("dialog", { name: "Course Registration" }).getByLabel("Course of Interest")).toHaveValue(title);
      await audit(visitor, "tech school with an added course");
    });

    // Deactivated again: gone from both.
    const latest = (await storedCourses(page)).find((c) => c.id === stored.id)!;
    expect((await page.request.put(`/api/admin/courses/${stored.id}`, { headers: { origin }, data: { is_active: false, version: latest.version } })).ok()).toBe(true);
    await techSchool(browser, baseURL!, async (visitor, choices) => {
      await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
      expect(choices).not.toContain(title);
    });
  } finally {
    for (const c of await storedCourses(page)) {
      if (c.title.includes(tag)) await page.request.delete(`/api/admin/courses/${c.id}`, { headers: { origin }, data: {} });
    }
  }
});
