/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { asVisitor, audit, deleteWithConfirmation, runTag, signInAsAdmin } from "../support/admin-journey";

type Post = { id: string; slug: string; title: string; version: number; is_published: boolean };

test("an admin writes a post in the rich-text editor, publishes it from the list, moves its slug, and unpublishes and deletes it", async ({ page, context, browser, baseURL }) => {
  // A long journey that waits, several times, for a page to be rendered again after a save.
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog Posts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Management" })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const tag = runTag("");
  const title = `Agents & You: 2027! ${tag}`;
  const slug = `agents-you-2027-${tag}`;
  let created: Post | undefined;

  try {
    // Required fields, each said by its field (and the first as an alert).
    await page.getByRole("button", { name: "New Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Post" });
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Slug is required")).toBeVisible();
    await expect(dialog.getByText("Content is required")).toBeVisible();
    await expect(page.getByTestId("toasts")).toContainText("Title is required");

    // The slug follows the title while creating (SPEC §5's rule).
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await expect(dialog.getByRole("textbox", { name: "Slug" })).toHaveValue(slug);
    await expect(dialog.getByRole("checkbox", { name: "Publish immediately" })).not.toBeChecked();

    // Content in the rich-text editor: a heading, bold text, a list.
    const content = dialog.getByRole("textbox", { name: "Content" });
    await content.click();
    await page.keyboard.type("Why agents now");
    await dialog.getByRole("button", { name: "Heading 2" }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Start with ");
    await dialog.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(`one workflow ${tag}`);
    await dialog.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" for R&D.");
    await dialog.getByRole("textbox", { name: "Excerpt" }).fill("Where to start & why.");
    await dialog.getByRole("combobox", { name: "Category" }).selectOption("automation");
    await dialog.getByRole("textbox", { name: "Author Name" }).fill("Dana Ruiz");
    // The HTML source view shows what will be stored.
    await dialog.getByRole("button", { name: "HTML source" }).click();
    await expect(dialog.getByRole("textbox", { name: "Content" })).toHaveValue(
      new RegExp(`<h2>Why agents now</h2><p>Start with <strong>one workflow ${tag}</strong> for R&amp;D.</p>`),
    );
    await dialog.getByRole("button", { name: "HTML source" }).click();
    await audit(page, "blog editor");

    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toasts")).toContainText("Blog post created successfully!");
    const table = page.getByRole("region", { name: "Blog posts" });
    const row = table.locator("tbody tr", { hasText: title });
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    await expect(row).toContainText(`/${slug}`);
    created = ((await (await page.request.get(`/api/admin/blog-posts?q=${tag}`)).json()) as Post[]).find((p) => p.slug === slug)!;
    expect(created.is_published).toBe(false);

    // A draft is not public.
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto(`/blog/${slug}`);
      await expect(visitor.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
    });

    // Server-side search over the content.
    await page.getByRole("searchbox", { name: "Search posts" }).fill(`one workflow ${tag}`);
    await expect(table.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await expect(row).toBeVisible();
    await audit(page, "blog list");

    // The list's toggle says what it will do.
    await row.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByTestId("toasts")).toContainText("Blog post published successfully!");
    await expect(row.getByText("Published", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: "Unpublish" })).toBeVisible();
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto(`/blog/${slug}`);
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(visitor.locator("article strong")).toHaveText(`one workflow ${tag}`);
      // The public search reads the text of the HTML: '&amp;' is '&'.
      await visitor.goto("/blog");
      await visitor.getByRole("searchbox", { name: "Search articles" }).fill(`${tag} for R&D`);
      await expect(visitor.locator(`a[href="/blog/${slug}"]`).first()).toBeVisible();
    });

    // Copy URL.
    await row.getByRole("button", { name: "Copy URL" }).click();
    await expect(page.getByTestId("toasts")).toContainText("Blog URL copied to clipboard!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/blog/${slug}`);

    // Moving the slug keeps the old address working: it lands on the new one.
    await row.getByRole("button", { name: "Edit post" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Post" });
    await expect(edit.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(edit.getByRole("checkbox", { name: "Published" })).toBeChecked();
    await edit.getByRole("textbox", { name: "Slug" }).fill(`${slug}-moved`);
    await page.keyboard.press("Control+s");
    await expect(edit).toBeHidden();
    await expect(page.getByTestId("toasts")).toContainText("Blog post updated successfully!");
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto(`/blog/${slug}`);
      await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}-moved$`));
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    });

    // A slug already taken is refused under the Slug field.
    await page.getByRole("button", { name: "New Post" }).click();
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(`Another ${tag}`);
    await dialog.getByRole("textbox", { name: "Slug" }).fill(`${slug}-moved`);
    await dialog.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Body");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(dialog.getByText(`The slug '${slug}-moved' is already used by another post.`)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();

    // A stale save: the post changed after the editor opened it.
    await row.getByRole("button", { name: "Edit post" }).click();
    await expect(edit.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    const latest = (await (await page.request.get(`/api/admin/blog-posts/${created.id}`)).json()) as Post;
    expect((await page.request.put(`/api/admin/blog-posts/${created.id}`, { headers: { origin }, data: { excerpt: "Changed elsewhere", version: latest.version } })).ok()).toBe(
      true,
    );
    await edit.getByRole("textbox", { name: "Excerpt" }).fill("My excerpt");
    await edit.getByRole("button", { name: "Update Post" }).click();
    await expect(edit.getByRole("alert")).toContainText("This item was changed by someone else. Reload to see the latest version.");
    await edit.getByRole("button", { name: "Reload" }).click();
    await expect(edit.getByRole("textbox", { name: "Excerpt", exact: true })).toHaveValue("Changed elsewhere");
    await expect(edit.getByRole("textbox", { name: "Your Excerpt" })).toHaveValue("My excerpt");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toBeHidden();

    // Unpublished, it is gone from the public site, even for the browser that had just read it:
    // reloading the same page shows it no longer once the page is rendered again (within seconds).
    const reader = await browser.newContext({ baseURL });
    try {
      const visitor = await reader.newPage();
      await expect(async () => {
        await visitor.goto(`/blog/${slug}-moved`);
        await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      // Unpublish is a labelled button, not an eye icon that reads as 'preview'.
      const unpublish = row.getByRole("button", { name: "Unpublish" });
      await expect(unpublish).toHaveText("Unpublish");
      await unpublish.click();
      await expect(page.getByTestId("toasts")).toContainText("Blog post unpublished successfully!");
      await expect(row.getByText("Draft", { exact: true })).toBeVisible();
      await expect(row.getByRole("button", { name: "Publish", exact: true })).toHaveText("Publish");
      await expect(async () => {
        await visitor.reload();
        await expect(visitor.getByRole("heading", { level: 1, name: /^(Post|Page) Not Found$/ })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      expect(await visitor.getByRole("heading", { level: 1, name: title }).count()).toBe(0);
    } finally {
      await reader.close();
    }

    await deleteWithConfirmation(page, {
      button: row.getByRole("button", { name: "Delete post" }),
      row,
      dialogName: "Delete post",
      question: "Are you sure you want to delete this blog post? It goes to the Trash, where it can be restored for 30 days.",
      tableName: "Blog posts",
    });
    created = undefined;
  } finally {
    if (created) await page.request.delete(`/api/admin/blog-posts/${created.id}`, { headers: { origin }, data: {} });
  }
});
