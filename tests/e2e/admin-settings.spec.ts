/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import { asVisitor, audit, runTag, signInAsAdmin } from "../support/admin-journey";

// Settings no public journey reads: this journey changes them and puts them back.
const TWITTER = "social_media_twitter";
const LINKEDIN = "social_media_linkedin";
const EMAIL = "contact_email";

const setting = (page: Page, key: string) => page.locator(`[data-testid="setting"][data-key="${key}"]`);

async function stored(page: Page, key: string): Promise<string> {
  const res = await page.request.get("/api/admin/site-settings");
  return ((await res.json()) as { key: string; value: string }[]).find((s) => s.key === key)!.value;
}

test("an admin edits settings: one at a time, all at once, all or nothing, reset, and a guard on leaving", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Company Information", "Contact Details", "SEO & Analytics", "Social Media", "Footer Links"]);
  // Only settings with a visible effect: the home hero's texts are its page sections.
  await expect(page.getByTestId("setting")).toHaveCount(13);
  // The default social image is picked from, or uploaded to, the media library.
  await expect(setting(page, "default_social_image").getByRole("button", { name: "Choose Default Social Image from library" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Hero Heading" })).toHaveCount(0);
  const original = { twitter: await stored(page, TWITTER), linkedin: await stored(page, LINKEDIN), email: await stored(page, EMAIL) };
  await expect(page.getByRole("textbox", { name: "Contact Email" })).toHaveAttribute("type", "email");
  await expect(page.getByRole("textbox", { name: "Social Media Twitter" })).toHaveAttribute("type", "url");
  await expect(page.getByRole("textbox", { name: "Meta Description" })).toHaveAttribute("rows", "3");

  try {
    // One setting: Save, then 'Saved'; reset puts back the stored value.
    const twitter = setting(page, TWITTER);
    await page.getByRole("textbox", { name: "Social Media Twitter" }).fill("https://x.com/arcline-e2e");
    await expect(twitter).toHaveAttribute("data-dirty", "true");
    await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");
    await twitter.getByRole("button", { name: "Save Social Media Twitter" }).click();
    await expect(twitter.getByRole("button", { name: "Social Media Twitter saved" })).toHaveText("Saved");
    expect(await stored(page, TWITTER)).toBe("https://x.com/arcline-e2e");
    await page.getByRole("textbox", { name: "Social Media Twitter" }).fill("https://x.com/typo");
    await twitter.getByRole("button", { name: "Reset to original value" }).click();
    await expect(page.getByRole("textbox", { name: "Social Media Twitter" })).toHaveValue("https://x.com/arcline-e2e");

    // Save All: two changes, one call; an empty optional value is allowed.
    await page.getByRole("textbox", { name: "Social Media Twitter" }).fill("");
    await page.getByRole("textbox", { name: "Social Media Linkedin" }).fill("https://linkedin.com/company/arcline-e2e");
    await expect(page.getByTestId("unsaved-count")).toHaveText("2 unsaved changes");
    await audit(page, "settings with unsaved changes");
    const batch = page.waitForRequest((r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/admin/site-settings");
    await page.getByRole("button", { name: "Save All Changes" }).click();
    expect((await batch).postDataJSON().settings).toHaveLength(2);
    await expect(page.getByTestId("unsaved-count")).toHaveText("All changes saved");
    expect(await stored(page, TWITTER)).toBe("");
    expect(await stored(page, LINKEDIN)).toBe("https://linkedin.com/company/arcline-e2e");

    // All or nothing: a bad email refuses the whole batch and says which field.
    await page.getByRole("textbox", { name: "Social Media Twitter" }).fill("https://x.com/kept-out");
    await page.getByRole("textbox", { name: "Contact Email" }).fill("not-an-email");
    await page.getByRole("button", { name: "Save All Changes" }).click();
    await expect(setting(page, EMAIL).getByText("Please enter a valid email address")).toBeVisible();
    expect(await stored(page, TWITTER)).toBe("");
    expect(await stored(page, EMAIL)).toBe(original.email);

    // Leaving with unsaved changes asks first; staying keeps the edits, leaving discards them.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    const guard = page.getByRole("alertdialog", { name: "Leave this page?" });
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("textbox", { name: "Contact Email" })).toHaveValue("not-an-email");
    let asked = false;
    page.once("dialog", (d) => {
      asked = d.type() === "beforeunload";
      void d.accept();
    });
    await page.reload();
    expect(asked).toBe(true);
  } finally {
    const now = (await (await page.request.get("/api/admin/site-settings")).json()) as { key: string; version: number }[];
    const version = (key: string) => now.find((s) => s.key === key)!.version;
    await page.request.put("/api/admin/site-settings", {
      headers: { origin: new URL(page.url()).origin },
      data: {
        settings: [
          { key: TWITTER, value: original.twitter, version: version(TWITTER) },
          { key: LINKEDIN, value: original.linkedin, version: version(LINKEDIN) },
          { key: EMAIL, value: original.email, version: version(EMAIL) },
        ],
      },
    });
  }
});

test("the contact email, site title and meta description of Settings are what the footer, the contact page and the document show", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const keys = ["contact_email", "site_title", "meta_description"];
  const original = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await stored(page, k)] as const)));
  const tag = runTag("s");
  const email = `hello.${tag}@example.com`;
  const title = `Arcline ${tag} — Automation`;
  const description = `Automation and AI training for growing teams (${tag}), from the first workflow to a team that runs its own.`;
  try {
    await page.getByRole("textbox", { name: "Contact Email" }).fill(email);
    await page.getByRole("textbox", { name: "Site Title" }).fill(title);
    await page.getByRole("textbox", { name: "Meta Description" }).fill(description);
    await page.getByRole("button", { name: "Save All Changes" }).click();
    await expect(page.getByTestId("unsaved-count")).toHaveText("All changes saved");

    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/");
      await expect(visitor).toHaveTitle(title);
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", description);
      const footer = visitor.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      await visitor.goto("/contact");
      await expect(visitor.getByRole("main").getByText(email).first()).toBeVisible();
      await expect(visitor.getByRole("contentinfo").getByRole("link", { name: email })).toBeVisible();
    });
  } finally {
    const now = (await (await page.request.get("/api/admin/site-settings")).json()) as { key: string; version: number }[];
    await page.request.put("/api/admin/site-settings", {
      headers: { origin: new URL(page.url()).origin },
      data: { settings: keys.map((key) => ({ key, value: original[key], version: now.find((s) => s.key === key)!.version })) },
    });
  }
});

test("the footer's Documentation and Support links go to the URLs of their settings, and are not shown while those are empty", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const keys = ["documentation_url", "support_url"];
  const original = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await stored(page, k)] as const)));
  const tag = runTag("d");
  const docs = `https://docs.example.com/${tag}`;
  try {
    await expect(page.getByRole("textbox", { name: "Documentation URL" })).toHaveAttribute("type", "url");
    await page.getByRole("textbox", { name: "Documentation URL" }).fill(docs);
    await page.getByRole("textbox", { name: "Support URL" }).fill("");
    await page.getByRole("button", { name: "Save All Changes" }).click();
    await expect(page.getByTestId("unsaved-count")).toHaveText("All changes saved");

    await asVisitor(browser, baseURL, async (visitor) => {
      await visitor.goto("/about");
      const resources = visitor.getByRole("contentinfo").getByRole("navigation", { name: "Resources" });
      await expect(resources.getByRole("link", { name: "Documentation" })).toHaveAttribute("href", docs);
      await expect(resources.getByRole("link", { name: "Support" })).toHaveCount(0);
      await expect(resources.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
      // No link of the footer goes nowhere.
      await expect(visitor.getByRole("contentinfo").locator('a[href="#"]')).toHaveCount(0);
    });
  } finally {
    const now = (await (await page.request.get("/api/admin/site-settings")).json()) as { key: string; version: number }[];
    await page.request.put("/api/admin/site-settings", {
      headers: { origin: new URL(page.url()).origin },
      data: { settings: keys.map((key) => ({ key, value: original[key], version: now.find((s) => s.key === key)!.version })) },
    });
  }
});
