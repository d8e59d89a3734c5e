/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";

test("an image inserted in a post goes where the caret was, even on an empty line, and the caret ends after it so typing keeps it", async ({ page }) => {
  const tag = runTag("img");
  await signInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const editor = page.getByRole("dialog", { name: "Create New Post" });
  await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`Images ${tag}`);
  const content = editor.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.type("First line");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Last line");
  // The caret on the empty line between them.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Home");

  await editor.getByRole("button", { name: "Image", exact: true }).click();
  const form = editor.getByRole("group", { name: "Image" });
  await form.getByRole("textbox", { name: "Image URL" }).fill(`https://example.com/${tag}.png`);
  await form.getByRole("textbox", { name: "Alt text" }).fill(`Harbour ${tag}`);
  await audit(page, "image form");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form).toBeHidden();
  await expect(content).toBeFocused();

  // The next keystrokes type after the image; they do not replace it.
  await page.keyboard.type("Typed after");
  const html = await content.innerHTML();
  const at = (text: string) => html.indexOf(text);
  expect(at(`alt="Harbour ${tag}"`), html).toBeGreaterThan(at("First line"));
  expect(at("Typed after"), html).toBeGreaterThan(at(`alt="Harbour ${tag}"`));
  expect(at("Last line"), html).toBeGreaterThan(at("Typed after"));
  await expect(content.locator("img")).toHaveCount(1);

  // At the end of the post too: the caret goes into a new line after the image.
  await page.keyboard.press("Control+End");
  await editor.getByRole("button", { name: "Image", exact: true }).click();
  await form.getByRole("textbox", { name: "Image URL" }).fill(`https://example.com/${tag}-2.png`);
  await form.getByRole("textbox", { name: "Alt text" }).fill(`Boats ${tag}`);
  await form.getByRole("button", { name: "Apply" }).click();
  // Typing starts once the form has closed and the caret is back in the text, as a person sees it.
  await expect(form).toBeHidden();
  await expect(content).toBeFocused();
  await page.keyboard.type("The end");
  await expect(content.locator("img")).toHaveCount(2);
  const after = await content.innerHTML();
  expect(after.indexOf("The end"), after).toBeGreaterThan(after.indexOf(`alt="Boats ${tag}"`));
  expect(after.indexOf(`alt="Boats ${tag}"`), after).toBeGreaterThan(after.indexOf("Last line"));
});
