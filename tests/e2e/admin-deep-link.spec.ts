import { expect, request, test, type Page } from "../support/test";
import { audit, runTag } from "../support/admin-journey";

/**
 * A lead's link from a notification mail, opened while signed out: the login page keeps the address
 * (`?next=`), and every way in returns there: Development Login (and a username account, which the
 * page enters the same way) in the page itself, Continue with Google through the server, which keeps
 * it with the sign-in transaction.
 * An address that is not this site's admin area is ignored: the Overview.
 */

/** A real enquiry, made and looked up on the side (its own cookie jar), so the link names a stored lead. */
async function storedMessage(baseURL: string): Promise<string> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const name = runTag("Deep Link ");
    const sent = await api.post("/api/contact", { data: { name, email: "deep@example.com", message: "Please call me back.", inquiryType: "general" } });
    expect(sent.status()).toBe(201);
    expect((await api.post("/api/auth/dev-login", { data: {} })).status()).toBe(200);
    const list = (await (await api.get(`/api/admin/contact-submissions?q=${encodeURIComponent(name)}`)).json()) as { id: string }[];
    expect(list).toHaveLength(1);
    return list[0]!.id;
  } finally {
    await api.dispose();
  }
}

const atLead = (id: string) => (url: URL) => url.pathname === "/admin/messages" && url.searchParams.get("open") === id;

async function openSignedOut(page: Page, id: string) {
  await page.goto(`/admin/messages?open=${id}`);
  await page.waitForURL((url) => url.pathname === "/admin/login");
  expect(new URL(page.url()).searchParams.get("next")).toBe(`/admin/messages?open=${id}`);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
}

test("a lead's link opened while signed out comes back to that lead after Development Login", async ({ page, baseURL }) => {
  const id = await storedMessage(baseURL!);
  await openSignedOut(page, id);
  await audit(page, "login with a return address");
  await page.getByRole("button", { name: "Development Login" }).click();
  await page.waitForURL(atLead(id));
  await expect(page.getByRole("link", { name: "Messages" }).first()).toHaveAttribute("aria-current", "page");
});

test("a lead's link opened while signed out comes back to that lead after Continue with Google", async ({ page, baseURL }) => {
  const id = await storedMessage(baseURL!);
  await openSignedOut(page, id);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  // The provider's own login page, on another origin; the return address is not in its URL.
  await page.waitForURL((url) => url.origin !== new URL(baseURL!).origin && url.pathname.startsWith("/interaction/"));
  expect(page.url()).not.toContain(id);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("admin-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/auth\/callback\?/);
  await page.waitForURL(atLead(id), { timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Messages" }).first()).toHaveAttribute("aria-current", "page");
});

test("a return address that is not this site's admin area is ignored: sign-in lands on the Overview", async ({ page }) => {
  for (const next of ["https://evil.example/admin", "//evil.example/admin", "/admin/..%2F..%2Fcontact", "/contact"]) {
    await page.context().clearCookies();
    await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
    await page.getByRole("button", { name: "Development Login" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
  }
});
