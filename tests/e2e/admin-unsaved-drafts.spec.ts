/// <reference lib="dom" />
import { expect, test, type BrowserContext, type Locator, type Page } from "../support/test";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";

type Post = { id: string; slug: string; title: string; excerpt: string; version: number };
type Section = { id: string; section_key: string; title: string; content: string; version: number };

/** Resolves once the editor has written `text` into this browser's kept draft under `key`. */
const kept = (page: Page, key: string, text: string) => page.waitForFunction(([k, t]) => (window.localStorage.getItem(k!) ?? "").includes(t!), [key, text]);

/** The offer an editor shows for text kept from an earlier visit, checked and audited. */
async function expectOffer(page: Page, within: Locator, label: string) {
  const offer = within.getByRole("region", { name: "Unsaved changes found" });
  await expect(offer).toContainText(/You typed changes here on [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M that were never saved\./);
  await audit(page, label);
  return offer;
}

async function openPost(context: BrowserContext, post: Post) {
  const page = await context.newPage();
  await page.goto("/admin/blog");
  const row = page.getByRole("region", { name: "Blog posts" }).locator("tbody tr", { hasText: post.title });
  await row.getByRole("button", { name: "Edit post" }).click();
  return { page, dialog: page.getByRole("dialog", { name: "Edit Post" }) };
}

test("text typed in the post editor survives a closed tab: reopening offers it back, a save keeps it, and a post changed meanwhile gets the conflict, not an overwrite", async ({
  context,
}) => {
  // Several tabs opened and closed, each a fresh load of the back office.
  test.setTimeout(120_000);
  const first = await context.newPage();
  await signInAsAdmin(first);
  const origin = new URL(first.url()).origin;
  const tag = runTag("ud");
  const created = await first.request.post("/api/admin/blog-posts", {
    headers: { origin },
    data: { title: `Unsaved ${tag}`, slug: `unsaved-${tag}`, content: `<p>Body ${tag}</p>`, excerpt: `Stored ${tag}`, is_published: false },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as Post;
  const key = `agency:unsaved:blog-post:${post.id}`;
  const stored = async (page: Page) => (await (await page.request.get(`/api/admin/blog-posts/${post.id}`)).json()) as Post;
  await first.close();

  try {
    // Typed, never saved, and the tab closed.
    let { page, dialog } = await openPost(context, post);
    await dialog.getByRole("textbox", { name: "Excerpt" }).fill(`Typed ${tag}`);
    await kept(page, key, `Typed ${tag}`);
    await page.close();

    // Reopened: the form shows what is stored, and offers the typed text back.
    ({ page, dialog } = await openPost(context, post));
    await expect(dialog.getByRole("textbox", { name: "Excerpt" })).toHaveValue(`Stored ${tag}`);
    const offer = await expectOffer(page, dialog, "post editor with kept text");
    await offer.getByRole("button", { name: "Restore unsaved changes" }).click();
    await expect(offer).toBeHidden();
    await expect(dialog.getByRole("textbox", { name: "Excerpt" })).toHaveValue(`Typed ${tag}`);
    await dialog.getByRole("button", { name: "Update Post" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toasts")).toContainText("Blog post updated successfully!");
    expect((await stored(page)).excerpt).toBe(`Typed ${tag}`);
    // Saved: nothing kept, nothing offered.
    expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();
    await page.getByRole("region", { name: "Blog posts" }).locator("tbody tr", { hasText: post.title }).getByRole("button", { name: "Edit post" }).click();
    await expect(dialog.getByRole("region", { name: "Unsaved changes found" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Typed again and the tab closed; meanwhile someone else saves the post.
    await dialog.getByRole("textbox", { name: "Excerpt" }).waitFor({ state: "detached" });
    await page.getByRole("region", { name: "Blog posts" }).locator("tbody tr", { hasText: post.title }).getByRole("button", { name: "Edit post" }).click();
    await dialog.getByRole("textbox", { name: "Excerpt" }).fill(`Mine ${tag}`);
    await kept(page, key, `Mine ${tag}`);
    await page.close();
    const now = await stored(await context.newPage());
    const theirs = await context.request.put(`/api/admin/blog-posts/${post.id}`, { headers: { origin }, data: { excerpt: `Theirs ${tag}`, version: now.version } });
    expect(theirs.ok()).toBe(true);

    // The restored text saves against the version it was typed on: a 409, their text stays.
    ({ page, dialog } = await openPost(context, post));
    await expect(dialog.getByRole("textbox", { name: "Excerpt" })).toHaveValue(`Theirs ${tag}`);
    await (await expectOffer(page, dialog, "post editor with kept text (changed since)")).getByRole("button", { name: "Restore unsaved changes" }).click();
    await expect(dialog.getByRole("textbox", { name: "Excerpt" })).toHaveValue(`Mine ${tag}`);
    const saving = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/admin/blog-posts/${post.id}`);
    await dialog.getByRole("button", { name: "Update Post" }).click();
    expect((await saving).status()).toBe(409);
    await expect(dialog.getByTestId("conflict")).toContainText("This item was changed by someone else. Reload to see the latest version.");
    expect((await stored(page)).excerpt).toBe(`Theirs ${tag}`);
    await dialog.getByRole("button", { name: "Reload" }).click();
    await expect(dialog.getByRole("textbox", { name: "Excerpt", exact: true })).toHaveValue(`Theirs ${tag}`);
    await expect(dialog.getByRole("textbox", { name: "Your Excerpt" })).toHaveValue(`Mine ${tag}`);

    // Discard forgets kept text for good (text an earlier visit left, put there by hand).
    await page.close();
    const other = await context.newPage();
    await other.goto("/admin");
    await other.evaluate(
      ([k, v]) => window.localStorage.setItem(k!, v!),
      [key, JSON.stringify({ version: 1, changes: { excerpt: `Old ${tag}` }, typed_at: new Date().toISOString() })],
    );
    await other.close();
    ({ page, dialog } = await openPost(context, post));
    await dialog.getByRole("region", { name: "Unsaved changes found" }).getByRole("button", { name: "Discard" }).click();
    await expect(dialog.getByRole("region", { name: "Unsaved changes found" })).toHaveCount(0);
    await expect(dialog.getByRole("textbox", { name: "Excerpt" })).toHaveValue(`Theirs ${tag}`);
    expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();
  } finally {
    await context.request.delete(`/api/admin/blog-posts/${post.id}`, { headers: { origin }, data: {} });
  }
});

test("text typed in a policy survives a closed tab, and restored onto a policy changed meanwhile gets the conflict, not an overwrite", async ({ context }) => {
  // Several tabs opened and closed, each a fresh load of the back office.
  test.setTimeout(120_000);
  const first = await context.newPage();
  await signInAsAdmin(first);
  const origin = new URL(first.url()).origin;
  const tag = runTag("up");
  const stored = async () => ((await (await context.request.get("/api/admin/page-sections/policies")).json()) as Section[]).find((s) => s.section_key === "terms_of_service")!;
  const original = await stored();
  const key = `agency:unsaved:policy:${original.id}`;
  await first.close();
  const openTerms = async () => {
    const page = await context.newPage();
    await page.goto("/admin/policies");
    await page.getByRole("tablist", { name: "Policies" }).getByRole("tab", { name: "Terms of Service" }).click();
    const editor = page.locator('[data-testid="policy-editor"][data-key="terms_of_service"]');
    await expect(editor).toBeVisible();
    return { page, editor };
  };

  try {
    let { page, editor } = await openTerms();
    await editor.getByRole("textbox", { name: "Content" }).fill(`<p>Typed ${tag}</p>`);
    await kept(page, key, `Typed ${tag}`);
    await page.close();

    ({ page, editor } = await openTerms());
    await expect(editor.getByRole("textbox", { name: "Content" })).toHaveValue(original.content);
    await (await expectOffer(page, editor, "policy editor with kept text")).getByRole("button", { name: "Restore unsaved changes" }).click();
    await expect(editor.getByRole("textbox", { name: "Content" })).toHaveValue(`<p>Typed ${tag}</p>`);
    await expect(editor.getByTestId("policy-preview")).toContainText(`Typed ${tag}`);
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor.getByText("All changes saved")).toBeVisible();
    expect((await stored()).content).toBe(`<p>Typed ${tag}</p>`);
    await expect.poll(() => page.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();

    // Typed, closed, changed by someone else meanwhile.
    await editor.getByRole("textbox", { name: "Content" }).fill(`<p>Mine ${tag}</p>`);
    await kept(page, key, `Mine ${tag}`);
    await page.close();
    const now = await stored();
    expect(
      (await context.request.put(`/api/admin/page-sections/${original.id}`, { headers: { origin }, data: { content: `<p>Theirs ${tag}</p>`, version: now.version } })).ok(),
    ).toBe(true);

    ({ page, editor } = await openTerms());
    await (await expectOffer(page, editor, "policy editor with kept text (changed since)")).getByRole("button", { name: "Restore unsaved changes" }).click();
    const saving = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/admin/page-sections/${original.id}`);
    await editor.getByRole("button", { name: "Save" }).click();
    expect((await saving).status()).toBe(409);
    await expect(editor.getByTestId("conflict")).toContainText("This item was changed by someone else.");
    expect((await stored()).content).toBe(`<p>Theirs ${tag}</p>`);
    await editor.getByRole("button", { name: "Reload" }).click();
    await expect(editor.getByRole("textbox", { name: "Your Content" })).toHaveValue(`<p>Mine ${tag}</p>`);
  } finally {
    const latest = await stored();
    await context.request.put(`/api/admin/page-sections/${original.id}`, {
      headers: { origin },
      data: { title: original.title, content: original.content, version: latest.version },
    });
  }
});
