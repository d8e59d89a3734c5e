import { expect, test, type Page } from "../support/test";
import { db } from "../../packages/core/src/db/service";
import { startDynalite } from "../../packages/local/src/dynamo";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Names that are also members of Object.prototype ("constructor", "__proto__", "toString") are
 * plain data: a stored icon name or a URL parameter with such a name never blanks a page.
 */
const prototypeNames = ["constructor", "__proto__", "toString"];

let database: Awaited<ReturnType<typeof startDynalite>>;
let runtime: RunningRuntime;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await startDynalite();
  runtime = await startRuntime({ env: { DYNAMODB_ENDPOINT: database.endpoint, TABLE_NAME: "e2e-prototype-names" } });
  // Written straight into the runtime's table, as data from before the API checked icon names; the
  // worker's own database settings are put back afterwards.
  const saved = { DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: process.env.TABLE_NAME };
  Object.assign(process.env, { DYNAMODB_ENDPOINT: database.endpoint, TABLE_NAME: "e2e-prototype-names" });
  try {
    await Promise.all(
      prototypeNames.flatMap((icon_name, i) => [
        db()
          .service.create({ id: `svc-proto-${i}`, title: `Service ${icon_name}`, description: "Stored icon", icon_name, order_index: -10 + i })
          .go(),
        db()
          .industry.create({ id: `ind-proto-${i}`, name: `Industry ${icon_name}`, description: "Stored icon", icon_name, order_index: -10 + i })
          .go(),
      ]),
    );
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});

test.afterAll(async () => {
  await runtime?.stop();
  await database?.close();
});

const failOnPageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
};

test("services and industries whose stored icon_name is a prototype name still render on / and /services", async ({ page }) => {
  const errors = failOnPageErrors(page);
  await page.goto(`${runtime.url}/`);
  for (const name of prototypeNames) {
    await expect(page.getByTestId("service-card").filter({ hasText: `Service ${name}` })).toBeVisible();
    await expect(page.getByTestId("industry-card").filter({ hasText: `Industry ${name}` })).toBeVisible();
    // The default icon of its kind stands in.
    await expect(
      page
        .getByTestId("service-card")
        .filter({ hasText: `Service ${name}` })
        .locator("svg.lucide-bot"),
    ).toHaveCount(1);
    await expect(
      page
        .getByTestId("industry-card")
        .filter({ hasText: `Industry ${name}` })
        .locator("svg.lucide-factory"),
    ).toHaveCount(1);
  }

  await page.goto(`${runtime.url}/services`);
  for (const name of prototypeNames) {
    await expect(page.getByTestId("featured-solution").filter({ hasText: `Service ${name}` })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("the login page renders for an error parameter named like a prototype member", async ({ page }) => {
  const errors = failOnPageErrors(page);
  for (const code of prototypeNames) {
    await page.goto(`/admin/login?error=${code}`);
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
