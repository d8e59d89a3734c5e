/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { asVisitor, audit, expectLibraryPicture, publishNewPost, runTag, signInAsAdmin } from "../support/admin-journey";
import { makePng } from "../support/png";

test("an admin uploads an image to the library, uses it as a post's featured image, and a visitor sees it", async ({ page, browser, baseURL }) => {
  const tag = runTag("");
  const filename = `cover-${tag}.png`;
  // A file of its own: the same bytes as another journey's would be that journey's image.
  const PNG = makePng(tag);
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();

  // Something that is not an image is refused before anything is sent.
  await page
    .getByTestId("drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByRole("list", { name: "Uploads" })).toContainText("Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded");

  // A PNG: uploaded to storage, checked and filed.
  await page.getByTestId("drop-zone").locator('input[type="file"]').setInputFiles({ name: filename, mimeType: "image/png", buffer: PNG });
  const card = page.getByTestId("media-item").filter({ hasText: filename });
  await expect(card).toBeVisible();
  await expect(card).toContainText("PNG");
  await expect(card).toContainText("Not used yet");
  const url = await card.locator("img").getAttribute("src");
  expect(url).toMatch(/^\/media\/\d{4}\/[0-9a-f-]+\.png$/);
  expect((await page.request.get(url!)).headers()["content-type"]).toBe("image/png");
  await audit(page, "media library");

  // Chosen from the library as a new post's featured image.
  const slug = `with-cover-${tag}`;
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog Posts" }).click();
  await page.getByRole("button", { name: "New Post" }).click();
  const editor = page.getByRole("dialog", { name: "Create New Post" });
  await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`With cover ${tag}`);
  await editor.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("A post with an uploaded cover.");
  await editor.getByRole("button", { name: "Choose Featured Image URL from library" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose an image" });
  await chooser.getByRole("button", { name: `Choose ${filename}` }).click();
  await expect(chooser).toBeHidden();
  await expect(editor.getByRole("textbox", { name: "Featured Image URL" })).toHaveValue(url!);
  const post = await publishNewPost(page, editor, tag, slug);
  const origin = new URL(page.url()).origin;

  try {
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto(`/blog/${slug}`);
      // The post's featured image: its alt is the library's (empty here), so it is found by its place.
      const cover = visitor.locator("article picture img").first();
      await expect(cover).toBeVisible();
      await expectLibraryPicture(cover, { url: url! });
    });

    // In use, it cannot be deleted; the library says where it is used.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" }).click();
    await expect(card).toContainText(`Post “With cover ${tag}”`);
    await card.getByRole("button", { name: `Delete ${filename}` }).click();
    await page.getByRole("alertdialog", { name: "Delete image" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toasts")).toContainText("This image is used by");
    await expect(card).toBeVisible();
  } finally {
    expect((await page.request.delete(`/api/admin/blog-posts/${post.id}`, { headers: { origin }, data: {} })).ok()).toBe(true);
  }

  // Unused again, it can.
  await page.reload();
  await expect(card).toContainText("Not used yet");
  await card.getByRole("button", { name: `Delete ${filename}` }).click();
  await page.getByRole("alertdialog", { name: "Delete image" }).getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(url!)).status()).toBe(404);
});
