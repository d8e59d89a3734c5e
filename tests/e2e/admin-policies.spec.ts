/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { asVisitor, audit, runTag, signInAsAdmin } from "../support/admin-journey";

type Section = { id: string; section_key: string; title: string; content: string; version: number };

test("a policy edited beside its live preview is what the footer's pop-up shows, and leaving unsaved work asks first", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Policies" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Policy Management" })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Policies" });
  await expect(tabs.getByRole("tab")).toHaveText(["Privacy Policy", "Terms of Service", "Cookie Policy"]);
  await tabs.getByRole("tab", { name: "Cookie Policy" }).click();
  const editor = page.locator('[data-testid="policy-editor"][data-key="cookie_policy"]');
  const preview = editor.getByTestId("policy-preview");
  await expect(editor).toBeVisible();
  await audit(page, "policy editor");

  const origin = new URL(page.url()).origin;
  const stored = async () => ((await (await page.request.get("/api/admin/page-sections/policies")).json()) as Section[]).find((s) => s.section_key === "cookie_policy")!;
  const original = await stored();
  // The title stays as it is (public journeys open this pop-up by its name); the content changes.
  const title = original.title;
  const tag = runTag("What we store ");
  try {
    await editor.getByRole("textbox", { name: "Title" }).fill(`${title} & more`);
    await expect(preview.getByRole("heading", { level: 3, name: `${title} & more` })).toBeVisible();
    await editor.getByRole("textbox", { name: "Title" }).fill(title);
    // The preview renders the HTML as the pop-up will: sanitised, so the script and handler are gone.
    await editor
      .getByRole("textbox", { name: "Content" })
      .fill(`<h2>${tag}</h2><p>Only <strong>essential</strong> cookies.</p><img src="x" onerror="window.__owned=1"><script>window.__owned=1</script>`);
    await expect(preview.getByRole("heading", { level: 3, name: title })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 2, name: tag })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("essential");
    await expect(preview.locator("script, [onerror]")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();

    // Unsaved work: the shell's links ask first; staying keeps it.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }).click();
    const leave = page.getByRole("alertdialog", { name: "Leave this page?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(/\/admin\/policies$/);
    await expect(editor.getByRole("textbox", { name: "Content" })).toHaveValue(new RegExp(tag));

    // Ctrl+S saves it.
    const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/admin/page-sections/${original.id}`);
    await page.keyboard.press("Control+s");
    expect((await saved).ok()).toBe(true);
    await expect(editor.getByText("All changes saved")).toBeVisible();
    const after = await stored();
    expect(after.content).toContain(tag);
    expect(after.content).not.toContain("script");
    expect(after.content).not.toContain("onerror");

    // A visitor opens the footer's Cookie Policy and reads the same document.
    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/about");
      await visitor.getByRole("contentinfo").getByRole("button", { name: "Cookie Policy" }).click();
      const modal = visitor.getByRole("dialog", { name: title });
      await expect(modal.getByText(/^Last updated: /)).toBeVisible();
      await expect(modal.getByRole("heading", { level: 2, name: tag })).toBeVisible();
      await expect(modal.locator("strong")).toHaveText("essential");
    });

    // A stale save: someone else saved after this screen read it.
    expect(
      (await page.request.put(`/api/admin/page-sections/${original.id}`, { headers: { origin }, data: { content: `<p>${tag} (theirs)</p>`, version: after.version } })).ok(),
    ).toBe(true);
    await editor.getByRole("textbox", { name: "Content" }).fill(`<p>${tag} (mine)</p>`);
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor.getByRole("alert")).toContainText("This item was changed by someone else. Reload to see the latest version.");
    await editor.getByRole("button", { name: "Reload" }).click();
    await expect(editor.getByRole("textbox", { name: "Content", exact: true })).toHaveValue(`<p>${tag} (theirs)</p>`);
    await expect(editor.getByRole("textbox", { name: "Your Content" })).toHaveValue(`<p>${tag} (mine)</p>`);
  } finally {
    const latest = await stored();
    await page.request.put(`/api/admin/page-sections/${original.id}`, { headers: { origin }, data: { title: original.title, content: original.content, version: latest.version } });
  }
});
