/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import { asVisitor, audit, runTag, signInAsAdmin } from "../support/admin-journey";

type Post = { id: string; slug: string; title: string; version: number };

/** A draft made through the admin API (the editor itself is admin-blog.spec.ts's journey). */
async function createDraft(page: Page, tag: string): Promise<Post> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/admin/blog-posts", {
    headers: { origin },
    data: { title: `Preview me ${tag}`, slug: `preview-me-${tag}`, content: `<p>Draft body ${tag}</p>`, excerpt: `Excerpt ${tag}`, is_published: false },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Post;
}

/** A visitor without a session reads the link: the post under the Preview banner, noindex. */
async function expectPreview(visitor: Page, url: string, post: Post) {
  const res = await visitor.goto(url);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  const banner = visitor.getByRole("complementary", { name: "Preview" });
  await expect(banner).toContainText("Preview");
  await expect(banner).toContainText("A draft, not public yet.");
  await expect(visitor.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(visitor.getByText(`Draft body ${post.slug.replace("preview-me-", "")}`)).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
}

test("an admin previews a draft in a new tab and copies its private link; a visitor without an account reads it until the links are revoked", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page);
  const tag = runTag("pv");
  const post = await createDraft(page, tag);
  const origin = new URL(page.url()).origin;
  try {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog Posts" }).click();
    const row = page.getByRole("region", { name: "Blog posts" }).locator("tbody tr", { hasText: post.title });
    await row.getByRole("button", { name: "Edit post" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    await expect(dialog.getByRole("button", { name: "Preview", exact: true })).toBeVisible();
    await audit(page, "blog editor with preview actions");

    // Preview: a new tab at the post's private link.
    const opening = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();
    const tab = await opening;
    await tab.waitForURL(/\/preview\/[A-Za-z0-9_~-]+$/);
    await expect(tab.getByRole("complementary", { name: "Preview" })).toBeVisible();
    const previewUrl = tab.url();
    await tab.close();

    // Anyone holding it, with no session at all, sees the post as visitors will.
    await asVisitor(browser, baseURL, async (visitor) => {
      await expectPreview(visitor, previewUrl, post);
      await audit(visitor, "preview page");
      // The draft itself is still not public.
      await visitor.goto(`/blog/${post.slug}`);
      await expect(visitor.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
    });

    // Copy preview link: on the clipboard, said by a toast.
    await dialog.getByRole("button", { name: "Copy preview link" }).click();
    await expect(page.getByTestId("toasts")).toContainText("Preview link copied to clipboard!");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${origin}/preview/[A-Za-z0-9_~-]+$`));
    await asVisitor(browser, baseURL, (visitor) => expectPreview(visitor, copied, post));

    // Revoked: every link of the post is the not-found page, still noindex.
    expect((await page.request.delete(`/api/admin/blog-posts/${post.id}/preview-link`, { headers: { origin }, data: {} })).ok()).toBe(true);
    await asVisitor(browser, baseURL, async (visitor) => {
      for (const url of [previewUrl, copied]) {
        await visitor.goto(url);
        await expect(visitor.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
        await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
        await expect(visitor.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
      }
      // A tampered link too.
      await visitor.goto(`${previewUrl}x`);
      await expect(visitor.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    });
  } finally {
    await page.request.delete(`/api/admin/blog-posts/${post.id}`, { headers: { origin }, data: {} });
  }
});
