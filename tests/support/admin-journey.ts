import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Download, type Locator, type Page } from "./test";
import { readFile } from "node:fs/promises";
import type { CompletedUpload, UploadTicket } from "../../packages/core/src/contract/media";
import { makePng } from "./png";

/** Signs in as the local development admin, the way an admin does: /admin/login, Development Login. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Development Login" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** Signs in with a username account's password on /admin/login (`base`: a runtime of the journey's own). */
export async function signInWithPassword(page: Page, base: string, username: string, password: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/**
 * Chromium's DevTools virtual authenticator in `page`'s browser: a platform authenticator that holds
 * discoverable credentials and verifies the user, answering every WebAuthn ceremony by itself.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

/** axe with WCAG 2.1 A and AA, once animations have settled; lists every violation with its first nodes. */
export async function audit(page: Page, label: string) {
  // A dialog fading in has partial opacity, which axe reads as low contrast: audit what stays on screen.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** A tag unique to this run, for names that only this journey's rows carry. */
export const runTag = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The text of a downloaded file. */
export async function downloadText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, "utf8");
}

/** The exports' date: ISO 8601 in UTC, whatever the browser's time zone. */
export const exportDate = (iso: string) => new Date(iso).toISOString();

/** Today's date as the export file names carry it (UTC, as the browser runs). */
export const exportDay = () => new Date().toISOString().slice(0, 10);

/** A CSV line as an export must write it: every cell quoted, " doubled (the caller writes any leading '). */
export const csvLine = (cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");

/**
 * A confirmation asks its question once (issue 33 §17): the text that describes the alertdialog
 * says what will happen, and does not say the dialog's title again.
 */
export async function expectAsksOnce(dialog: Locator) {
  const title = (await dialog.getByRole("heading").first().innerText()).trim();
  const describedBy = await dialog.getAttribute("aria-describedby");
  expect(describedBy, `"${title}" is described by its question`).toBeTruthy();
  const body = (await dialog.locator(`[id="${describedBy}"]`).innerText()).trim();
  const bare = (text: string) => text.replace(/[?.!]+$/, "").toLowerCase();
  expect(body).not.toBe("");
  expect(bare(body), `the body "${body}" repeats the title "${title}"`).not.toContain(bare(title));
}

/**
 * The confirmation every admin delete goes through, checked the way a keyboard user meets it: the
 * alertdialog asks `question` once (expectAsksOnce) with focus on Cancel (axe-audited); Escape cancels and focus returns
 * to the delete button; Enter on the focused Cancel keeps the row; Delete removes it, and focus
 * stays in the table (`tableName`).
 */
export async function deleteWithConfirmation(page: Page, opts: { button: Locator; row: Locator; dialogName: string; question: string; tableName: string }) {
  const { button, row, dialogName, question, tableName } = opts;
  await expect(button).toHaveAttribute("title", dialogName);
  await button.click();
  const confirm = page.getByRole("alertdialog", { name: dialogName });
  await expect(confirm).toContainText(question);
  await expectAsksOnce(confirm);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await audit(page, `${dialogName} confirmation`);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await button.click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("region", { name: tableName })).toBeFocused();
}

/**
 * An inbox screen's delete of one row (`row`, in the table named `tableName`), through the row's
 * "Delete <noun>" button and its confirmation (deleteWithConfirmation), ending on the "<Noun> deleted" toast.
 */
export async function deleteInboxRow(page: Page, opts: { row: Locator; noun: string; tableName: string }) {
  const { row, noun, tableName } = opts;
  await deleteWithConfirmation(page, {
    button: row.getByRole("button", { name: `Delete ${noun}` }),
    row,
    dialogName: `Delete ${noun}`,
    question: `Are you sure you want to delete this ${noun}?`,
    tableName,
  });
  await expect(page.getByTestId("toasts")).toContainText(`${noun[0]!.toUpperCase()}${noun.slice(1)} deleted`);
}

/**
 * Resolves when the screen reloads its counters (GET `path`): how a journey checks that a change
 * refreshed them. The numbers themselves belong to every journey running against the runtime.
 */
export const countersReload = (page: Page, path: string) => page.waitForResponse((res) => res.request().method() === "GET" && new URL(res.url()).pathname === path && res.ok());

/**
 * A visitor who has read nothing yet, in a browser context of their own: how a journey checks an
 * edit on the public site (the admin's own browser may hold a public read for a minute).
 */
export async function asVisitor<T>(browser: Browser, baseURL: string | undefined, visit: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    // Public pages are rendered again within seconds of a save: the visit is repeated (each time
    // from its own page load) until what it expects is there, for up to 40 seconds (a full render
    // of every page waits behind the others on a busy machine running journeys in parallel).
    let result: T | undefined;
    await expect(async () => {
      const page = await context.newPage();
      try {
        result = await visit(page);
      } finally {
        await page.close();
      }
    }).toPass({ timeout: 40_000 });
    return result as T;
  } finally {
    await context.close();
  }
}

/**
 * Publishes the new post open in `editor` (Publish immediately, Create Post) once the dialog closes,
 * and returns it as the admin API lists it: searched by `tag`, matched by `slug`.
 */
export async function publishNewPost(page: Page, editor: Locator, tag: string, slug: string) {
  await editor.getByRole("checkbox", { name: "Publish immediately" }).check();
  await editor.getByRole("button", { name: "Create Post" }).click();
  await expect(editor).toBeHidden();
  const listed = (await (await page.request.get(`/api/admin/blog-posts?q=${tag}`)).json()) as { id: string; slug: string }[];
  const post = listed.find((p) => p.slug === slug);
  expect(post, `post ${slug} listed`).toBeDefined();
  return post!;
}

/**
 * Clicks Export CSV and checks the file it downloads: named `filename`, and holding a UTF-8 BOM, then
 * `rows` (the header first) as CSV lines, each ended by CRLF.
 */
export async function expectCsvExport(page: Page, filename: string, rows: string[][]) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(filename);
  expect(await downloadText(download)).toBe("\uFEFF" + rows.map((cells) => `${csvLine(cells)}\r\n`).join(""));
}

/** Puts an image in the library through the API the screens use (sign, post to storage, complete), with an alt text, and waits for its sizes. */
export async function libraryImage(page: Page, filename: string, alt: string): Promise<CompletedUpload> {
  const origin = new URL(page.url()).origin;
  const bytes = makePng(filename);
  const ticket = (await (
    await page.request.post("/api/admin/uploads", { headers: { origin }, data: { filename, content_type: "image/png", size: bytes.length } })
  ).json()) as UploadTicket;
  const posted = await page.request.post(ticket.url, { headers: { origin }, multipart: { ...ticket.fields, file: { name: filename, mimeType: "image/png", buffer: bytes } } });
  expect(posted.status()).toBe(204);
  const item = (await (await page.request.post(`/api/admin/uploads/${ticket.id}/complete`, { headers: { origin }, data: {} })).json()) as CompletedUpload;
  expect((await page.request.put(`/api/admin/media/${item.id}`, { headers: { origin }, data: { alt } })).ok()).toBe(true);
  // Its sizes made (the library stops saying "processing"): a page saved with it from now on is
  // rendered with its <picture> at once, not re-rendered once they are (on a busy machine, later
  // than a journey waits).
  await expect.poll(async () => (await page.request.get(`/api/images/${item.id}`)).status(), { timeout: 60_000 }).toBe(200);
  return { ...item, alt };
}

/**
 * A library image (one of libraryImage's 1×1 PNGs) as a visitor sees it on a public page: once its
 * sizes exist it is a `<picture>` (the pages showing it are rendered again when they are made), so
 * the file the browser picks from its sources is one of its derived files, and it shows.
 */
export async function expectLibraryPicture(img: Locator, image: { url: string }) {
  const folder = `${image.url.slice(0, image.url.lastIndexOf("."))}/`;
  await expect(img.locator("xpath=..")).toHaveJSProperty("tagName", "PICTURE");
  await img.scrollIntoViewIfNeeded();
  // Its pixel decoded (naturalWidth is in CSS pixels: a `1w` source in a slot of `sizes` S reads as S wide).
  const loaded = () => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? new URL(el.currentSrc).pathname : ""));
  // A post's featured image takes the AVIF or WebP cut to its 1200:630 slot (`wide-1.avif`).
  await expect.poll(loaded).toMatch(new RegExp(`^${folder}(?:(?:wide-)?1\\.(?:avif|webp)|1\\.jpg)$`));
}
