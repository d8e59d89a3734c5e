import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { colorSchemes } from "@agency/core/contract/catalog-values";

const stylesheet = resolve(import.meta.dirname, "styles.css");
const sources = [...readFileSync(stylesheet, "utf8").matchAll(/@source\s+"([^"]+)"/g)].map((m) => resolve(dirname(stylesheet), m[1]!));

/**
 * Tailwind generates only the classes it finds in scanned files. The course colour schemes are
 * stored in the database, so their classes must be in a file the stylesheet names with @source:
 * otherwise the course cards lose their gradients without any build error.
 */
describe("the stylesheet's @source files", () => {
  it("all exist", () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) expect(existsSync(file), file).toBe(true);
  });

  it("hold every class of every course colour scheme", () => {
    const scanned = sources.filter(existsSync).map((f) => readFileSync(f, "utf8")).join("\n");
    for (const cls of colorSchemes.flatMap((s) => s.split(" "))) expect(scanned, cls).toMatch(new RegExp(`\\b${cls}\\b`));
  });
});
