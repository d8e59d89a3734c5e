/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { asVisitor, audit, expectLibraryPicture, libraryImage, publishNewPost, runTag, signInAsAdmin } from "../support/admin-journey";
import { makePng } from "../support/png";

const shots = "test-results/screenshots";

test("an admin renames an image and gives it alt text, finds it by search, and uploading it again offers the image already there", async ({ page }) => {
  const tag = runTag("");
  const bytes = makePng(tag);
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();

  const upload = page.getByTestId("drop-zone").locator('input[type="file"]');
  await upload.setInputFiles({ name: `IMG_${tag}.png`, mimeType: "image/png", buffer: bytes });
  const card = page.getByTestId("media-item").filter({ hasText: tag });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("media-alt")).toHaveText("No alt text");

  // Rename it and describe it.
  const name = `Harbour at dusk ${tag}.png`;
  await card.getByRole("button", { name: `Edit IMG_${tag}.png` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit image" });
  await expect(dialog.getByTestId("alt-warning")).toBeVisible();
  await dialog.getByRole("textbox", { name: "File name" }).fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("filename is required")).toBeVisible();
  await dialog.getByRole("textbox", { name: "File name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Alt text" }).fill("Fishing boats moored in the harbour at dusk");
  await expect(dialog.getByTestId("alt-warning")).toHaveCount(0);
  await audit(page, "edit image dialog");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/media-edit-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/media-edit-1280.png` });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toasts")).toContainText("Image saved");
  await expect(card).toContainText(name);
  await expect(card.getByTestId("media-alt")).toHaveText("Alt: Fishing boats moored in the harbour at dusk");

  // Search runs on the server, by file name or alt text, whatever the case.
  const search = page.getByRole("searchbox", { name: "Search images" });
  await search.fill(`HARBOUR AT DUSK ${tag}`);
  await expect(page.getByTestId("media-item")).toHaveCount(1);
  await expect(card).toBeVisible();
  await search.fill(`nothing-like-${tag}`);
  await expect(page.getByText("No matching images")).toBeVisible();
  await search.fill("");
  await expect(card).toBeVisible();

  // The same file again, under another name: not stored twice; the screen offers the image it is.
  await upload.setInputFiles({ name: `copy-of-${tag}.png`, mimeType: "image/png", buffer: bytes });
  const notice = page.getByTestId("already-in-library");
  await expect(notice).toContainText(`Already in your library: ${name}`);
  await audit(page, "media library, duplicate upload");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/media-library-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/media-library-1280.png`, fullPage: true });
  await notice.getByRole("button", { name: `Show ${name} in the library` }).click();
  await expect(search).toHaveValue(name);
  await expect(page.getByTestId("media-item")).toHaveCount(1);
  await expect(card).toContainText(name);
  await search.fill(tag);
  await expect(page.getByTestId("media-item")).toHaveCount(1);
});

test("an admin puts a library image in a post's body and as its cover, each with alt text, and visitors get both alts", async ({ page, browser, baseURL }) => {
  // Two uploads, a post written, published and visited at two widths, with axe at each step: about
  // a minute on an idle machine, past the default two minutes on a loaded one.
  test.slow();
  const tag = runTag("");
  await signInAsAdmin(page);
  const image = await libraryImage(page, `boats-${tag}.png`, `Boats in the harbour ${tag}`);
  const cover = await libraryImage(page, `cover-${tag}.png`, "");
  const slug = `harbour-${tag}`;

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog Posts" }).click();
  await page.getByRole("button", { name: "New Post" }).click();
  const editor = page.getByRole("dialog", { name: "Create New Post" });
  await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`Harbour ${tag}`);
  await editor.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("A morning at the harbour.");

  // The body's Image form: a typed /media/ path is accepted; without alt text the image is flagged.
  await editor.getByRole("button", { name: "Image", exact: true }).click();
  const form = editor.getByRole("group", { name: "Image" });
  await form.getByRole("textbox", { name: "Image URL" }).fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form).toContainText("Enter an http(s) URL, or choose an image from the library");
  await form.getByRole("textbox", { name: "Image URL" }).fill(cover.url);
  await expect(form.getByTestId("alt-warning")).toBeVisible();
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form).toBeHidden();
  await expect(editor.getByTestId("alt-warning")).toHaveText("1 image in the content has no alt text: select it, press Image and describe it.");
  await editor.getByRole("button", { name: "Undo" }).click();
  await expect(editor.getByTestId("alt-warning")).toHaveCount(0);

  // Chosen from the library: the address and the library's alt text fill the form.
  await editor.getByRole("button", { name: "Image", exact: true }).click();
  await form.getByRole("button", { name: "Choose body image from library" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose an image" });
  await chooser.getByRole("searchbox", { name: "Search images" }).fill(`boats-${tag}`);
  await expect(chooser.getByTestId("media-item")).toHaveCount(1);
  await audit(page, "image chooser");
  await chooser.getByRole("button", { name: `Choose boats-${tag}.png` }).click();
  await expect(chooser).toBeHidden();
  await expect(form.getByRole("textbox", { name: "Image URL" })).toHaveValue(image.url);
  const bodyAlt = form.getByRole("textbox", { name: "Alt text" });
  await expect(bodyAlt).toHaveValue(image.alt);
  await expect(bodyAlt).toBeFocused();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/post-body-image-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/post-body-image-1280.png` });
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(editor.locator(`.ProseMirror img[src="${image.url}"]`)).toHaveAttribute("alt", image.alt);
  await expect(editor.getByTestId("alt-warning")).toHaveCount(0);

  // The cover, from the library: it has no default alt, so the field is flagged until one is typed.
  await editor.getByRole("button", { name: "Choose Featured Image URL from library" }).click();
  await chooser.getByRole("searchbox", { name: "Search images" }).fill(`cover-${tag}`);
  await chooser.getByRole("button", { name: `Choose cover-${tag}.png` }).click();
  await expect(editor.getByRole("textbox", { name: "Featured Image URL" })).toHaveValue(cover.url);
  const coverAlt = editor.getByRole("textbox", { name: "Featured Image Alt Text" });
  await expect(coverAlt).toHaveValue("");
  await expect(editor.getByTestId("image-url-field").getByTestId("alt-warning")).toBeVisible();
  await audit(page, "post editor with an image lacking alt text");
  await coverAlt.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/post-featured-alt-warning-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await coverAlt.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/post-featured-alt-warning-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await coverAlt.fill(`Sunrise over the quay ${tag}`);
  await expect(editor.getByTestId("image-url-field").getByTestId("alt-warning")).toHaveCount(0);
  const post = await publishNewPost(page, editor, tag, slug);
  const origin = new URL(page.url()).origin;
  try {
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto(`/blog/${slug}`);
      // Both as <picture>, each with its alt text, and showing one of its derived files.
      await expectLibraryPicture(visitor.locator("article .prose-content").getByRole("img", { name: image.alt }), image);
      await expectLibraryPicture(visitor.getByRole("img", { name: `Sunrise over the quay ${tag}` }), cover);
      await audit(visitor, "public post with images");
      // Searched: the list is paged, and posts other journeys publish meanwhile come first.
      await visitor.goto(`/blog?q=${tag}`);
      await expect(visitor.getByRole("img", { name: `Sunrise over the quay ${tag}` })).toBeVisible();
    });
  } finally {
    expect((await page.request.delete(`/api/admin/blog-posts/${post.id}`, { headers: { origin }, data: {} })).ok()).toBe(true);
  }
});

test("a service's image shows on the Services page with the alt text its editor gave it", async ({ page, browser, baseURL }) => {
  const tag = runTag("");
  await signInAsAdmin(page);
  const image = await libraryImage(page, `service-${tag}.png`, `Dashboard of a support bot ${tag}`);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
  await page.getByRole("tab", { name: "Services" }).click();
  await page.getByRole("button", { name: "Add Service" }).click();
  const editor = page.getByRole("dialog", { name: "Create New Service" });
  await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`Imaged ${tag}`);
  await editor.getByRole("button", { name: "Choose Image URL from library" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose an image" });
  await chooser.getByRole("searchbox", { name: "Search images" }).fill(`service-${tag}`);
  await chooser.getByRole("button", { name: `Choose service-${tag}.png` }).click();
  // The library's alt text comes with the image, and the field is not flagged.
  await expect(editor.getByRole("textbox", { name: "Image Alt Text" })).toHaveValue(image.alt);
  await expect(editor.getByTestId("alt-warning")).toHaveCount(0);
  await editor.getByRole("textbox", { name: "Image Alt Text" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/service-editor-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await editor.getByRole("textbox", { name: "Image Alt Text" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/service-editor-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();

  const origin = new URL(page.url()).origin;
  const service = ((await (await page.request.get("/api/admin/services")).json()) as { id: string; title: string }[]).find((s) => s.title === `Imaged ${tag}`)!;
  try {
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/services");
      const card = visitor.getByTestId("featured-solution").filter({ hasText: `Imaged ${tag}` });
      const picture = card.getByRole("img", { name: image.alt });
      await expectLibraryPicture(picture, image);
      await audit(visitor, "services page with a service image");
      await visitor.screenshot({ path: `${shots}/services-card-image-1280.png` });
    });
  } finally {
    expect((await page.request.delete(`/api/admin/services/${service.id}`, { headers: { origin }, data: {} })).ok()).toBe(true);
  }
});
