import { expect, test } from "../support/test";
import { freePort, startRuntime } from "../support/runtime";

/**
 * The local runtime keeps its data on disk: a signed-in session (a record in the table) and the
 * seeded content survive a stop and a start on the same data directory, and nothing is seeded twice.
 */
test("a restart keeps data: the session survives and the home page shows the same six services", async ({ page }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const first = await startRuntime({ port });
  const base = first.url;
  try {
    await page.goto(`${base}/admin/login`);
    await page.getByRole("button", { name: "Development Login" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect(page.getByTestId("admin-identity").first()).toContainText("Development Admin");
  } finally {
    await first.stop();
  }

  const second = await startRuntime({ port, dataDir: first.dataDir });
  try {
    await page.goto(`${base}/admin`);
    await expect(page.getByTestId("admin-identity").first()).toContainText("Development Admin");
    await expect(page).toHaveURL(`${base}/admin`);

    await page.goto(`${base}/`);
    await expect(page.getByTestId("service-card")).toHaveCount(6);
    const res = await page.request.get(`${base}/api/services`);
    const ids = ((await res.json()) as { id: string }[]).map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  } finally {
    await second.stop();
  }
});
