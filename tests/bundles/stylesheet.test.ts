import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { colorSchemes } from "@agency/core/contract/catalog-values";

/**
 * Tailwind generates only the classes it finds in the files it scans. The course colour schemes are
 * stored in the database, so the stylesheet names their list with @source (web/src/styles.css): if
 * it did not, the course cards would lose their gradients without any build error. Read from the
 * site's build (web/dist, made by `npm run -s build:web` before this project runs).
 */
describe("the site's built stylesheet", () => {
  const assets = path.resolve(import.meta.dirname, "../../web/dist/assets");
  const css = readdirSync(assets)
    .filter((f) => f.endsWith(".css"))
    .map((f) => readFileSync(path.join(assets, f), "utf8"))
    .join("\n");

  it("has a rule for every class of every course colour scheme", () => {
    expect(css.length).toBeGreaterThan(0);
    const classes = [...new Set(colorSchemes.flatMap((s) => s.split(" ")))];
    const missing = classes.filter((cls) => !new RegExp(`\\.${cls}\\{`).test(css));
    expect(missing).toEqual([]);
  });
});
