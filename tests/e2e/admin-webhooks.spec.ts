/// <reference lib="dom" />
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "../support/test";
import { audit, deleteWithConfirmation, runTag, signInAsAdmin, signInWithPassword } from "../support/admin-journey";

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A receiver on a loopback port (the local runtime allows loopback deliveries): it answers 200 and keeps what came. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/arcline`, received };
}

/** X-Arcline-Signature `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, checked as a receiver would. */
function signatureVerifies(header: string | undefined, secret: string, raw: string): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.split("=", 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.use({ timezoneId: "UTC" });

test("an owner adds a webhook endpoint, copies its secret once, sends a signed test event, edits its events and deletes it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const receiver = await startReceiver();
  try {
    await signInAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    // Keyboard: the tabs move with the arrow keys.
    const siteTab = page.getByRole("tab", { name: "Site settings" });
    await siteTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Webhooks" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/admin\/settings\?tab=webhooks$/);
    const section = page.getByRole("region", { name: "Webhooks", exact: true });
    await expect(section.getByTestId("empty-state")).toContainText("No webhooks yet");
    await audit(page, "webhooks, none yet");

    // Add endpoint, by keyboard: the form's own checks first, then the API's 400 at the URL field.
    const add = section.getByRole("button", { name: "Add endpoint" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    const url = dialog.getByRole("textbox", { name: "Endpoint URL" });
    await url.focus();
    await page.keyboard.press("Enter");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toContainText("Enter a full web address, such as https://hooks.example.com/arcline");
    await expect(dialog).toContainText("Choose at least one event");
    await dialog.getByRole("checkbox", { name: "lead.created" }).focus();
    await page.keyboard.press("Space");
    await url.fill("http://10.20.30.40/hooks");
    await url.press("Enter");
    // Only the server knows an address is private: its 400 names `url`, shown under the field.
    await expect(dialog).toContainText("This address is not reachable from the internet");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await audit(page, "add endpoint with errors");
    await url.fill(receiver.url);
    await dialog.getByRole("checkbox", { name: "post.published" }).check();
    await url.press("Enter");
    await expect(dialog).toBeHidden();

    // The secret, once, with Copy and the note that it will not be shown again.
    const secretDialog = page.getByRole("dialog", { name: "Webhook signing secret" });
    await expect(secretDialog).toContainText("Copy the secret now: it will not be shown again.");
    const secretBox = secretDialog.getByRole("textbox", { name: "Signing secret" });
    await expect(secretBox).toHaveValue(/^whsec_\S{20,}$/);
    const secret = await secretBox.inputValue();
    await audit(page, "secret dialog");
    await secretDialog.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByTestId("toasts")).toContainText("Secret copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole("button", { name: "Done" }).click();
    await expect(secretDialog).toBeHidden();

    const table = page.getByRole("table", { name: "Webhook endpoints" });
    const row = table.getByRole("row").filter({ hasText: receiver.url });
    await expect(row).toContainText("lead.created");
    await expect(row).toContainText("post.published");
    await expect(row).not.toContainText("subscriber.confirmed");
    await expect(row.locator("time")).toHaveCount(1);
    // Not shown again: neither the list nor the screen carries it.
    const listed = (await (await page.request.get("/api/admin/webhooks")).json()) as Array<Record<string, unknown>>;
    const mine = listed.find((w) => w.url === receiver.url)!;
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty("secret");
    await expect(page.getByText(secret)).toHaveCount(0);
    await audit(page, "webhooks list");

    // Deliveries: no test event yet; Send test event; the receiver gets it signed; the log says Delivered.
    // Journeys in other workers publish posts and send enquiries meanwhile, so this endpoint may
    // already have real post.published or lead.created deliveries: only the test event is counted.
    const testEvents = () => receiver.received.filter((d) => (JSON.parse(d.raw) as { event?: string }).event === "webhook.test");
    await row.getByRole("button", { name: "Deliveries" }).click();
    const log = page.getByRole("dialog", { name: "Deliveries" });
    // The log has loaded: its empty state (drawn inside the table) or its rows.
    await expect(
      log
        .getByTestId("empty-state")
        .or(log.getByRole("table", { name: "Deliveries" }))
        .first(),
    ).toBeVisible();
    await expect(log.getByRole("row").filter({ hasText: "webhook.test" })).toHaveCount(0);
    await log.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByTestId("toasts")).toContainText("Test event sent");
    await expect.poll(() => testEvents().length).toBe(1);
    const delivery = testEvents()[0]!;
    expect(signatureVerifies(delivery.headers["x-arcline-signature"] as string | undefined, secret, delivery.raw)).toBe(true);
    expect(signatureVerifies(delivery.headers["x-arcline-signature"] as string | undefined, `${secret}x`, delivery.raw)).toBe(false);
    const body = JSON.parse(delivery.raw) as { id: string; event: string; created_at: string; data: { webhook_id: string } };
    expect(body).toMatchObject({ event: "webhook.test", data: { webhook_id: mine.id } });
    const logRow = log.getByRole("table", { name: "Deliveries" }).getByRole("row").filter({ hasText: "webhook.test" });
    await expect(logRow).toContainText("Delivered");
    await expect(logRow).toContainText("HTTP 200");
    await expect(logRow.getByRole("cell").nth(3)).toHaveText("1");
    await audit(page, "deliveries log");
    await page.keyboard.press("Escape");
    await expect(log).toBeHidden();

    // Edit its events: post.published off, subscriber.confirmed on.
    await row.getByRole("button", { name: "Edit endpoint" }).click();
    const edit = page.getByRole("dialog", { name: "Edit endpoint" });
    await expect(edit.getByRole("textbox", { name: "Endpoint URL" })).toHaveValue(receiver.url);
    await expect(edit.getByRole("checkbox", { name: "lead.created" })).toBeChecked();
    await expect(edit.getByRole("checkbox", { name: "post.published" })).toBeChecked();
    await edit.getByRole("checkbox", { name: "post.published" }).uncheck();
    await edit.getByRole("checkbox", { name: "subscriber.confirmed" }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId("toasts")).toContainText("Webhook saved");
    await expect(row).toContainText("subscriber.confirmed");
    await expect(row).not.toContainText("post.published");
    const saved = (await (await page.request.get("/api/admin/webhooks")).json()) as Array<{ id: string; events: string[] }>;
    expect(saved.find((w) => w.id === mine.id)?.events.sort()).toEqual(["lead.created", "subscriber.confirmed"]);

    // A 360 px phone: the endpoint is a card, its actions on screen, nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(row.getByRole("button", { name: "Delete endpoint" })).toBeInViewport();
    expect(await noSideways(page)).toBe(0);
    await row.getByRole("button", { name: "Deliveries" }).click();
    await expect(log.getByRole("table", { name: "Deliveries" }).getByRole("row").filter({ hasText: "webhook.test" })).toContainText("Delivered");
    expect(await noSideways(page)).toBe(0);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete, through the confirmation.
    await deleteWithConfirmation(page, {
      button: row.getByRole("button", { name: "Delete endpoint" }),
      row,
      dialogName: "Delete endpoint",
      question: "Are you sure you want to delete this endpoint?",
      tableName: "Webhook endpoints",
    });
    await expect(page.getByTestId("toasts")).toContainText("Webhook deleted");
    expect((await page.request.get(`/api/admin/webhooks/${mine.id}/deliveries`)).status()).toBe(404);
  } finally {
    receiver.server.close();
  }
});

test("an editor sees no Webhooks: no Settings in the menu, 'Not allowed' at its address, 403 from its API", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const headers = { origin: new URL(baseURL!).origin };
  const username = runTag("hooked");
  const password = `${username}-long-password`;
  await signInAsAdmin(page);
  const invited = await page.request.post("/api/admin/team/invitations", { headers, data: { username, email: `${username}@example.com`, role: "editor" } });
  expect(invited.status()).toBe(201);
  const token = new URL(((await invited.json()) as { url: string }).url).pathname.split("/").pop()!;
  const accepted = await page.request.post(`/api/team/invitations/${token}`, { headers, data: { password } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);

  const editorContext = await browser.newContext({ baseURL });
  try {
    const ed = await editorContext.newPage();
    await signInWithPassword(ed, baseURL!, username, password);
    const nav = ed.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Overview" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(ed.getByRole("tab", { name: "Webhooks" })).toHaveCount(0);
    await ed.goto("/admin/settings?tab=webhooks");
    await expect(ed.getByTestId("not-allowed")).toContainText("Not allowed");
    await expect(ed.getByRole("region", { name: "Webhooks", exact: true })).toHaveCount(0);
    expect((await ed.request.get("/api/admin/webhooks")).status()).toBe(403);
  } finally {
    await editorContext.close();
  }

  const team = (await (await page.request.get("/api/admin/team")).json()) as Array<{ id: string; username?: string | null }>;
  const member = team.find((m) => m.username === username);
  expect(member).toBeDefined();
  expect((await page.request.delete(`/api/admin/team/${encodeURIComponent(member!.id)}`, { headers, data: {} })).status()).toBe(200);
});
