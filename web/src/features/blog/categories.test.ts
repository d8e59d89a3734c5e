import { describe, expect, it } from "vitest";
import { categoryGradient, categoryLabel } from "./categories";

describe("blog category labels and card art", () => {
  it("label known categories and title-case unknown ones, prototype names included", () => {
    expect(categoryLabel("ai-trends")).toBe("AI Trends");
    expect(categoryLabel("")).toBe("General");
    expect(categoryLabel("data-ops")).toBe("Data Ops");
    expect(categoryLabel("constructor")).toBe("Constructor");
    expect(categoryLabel("__proto__")).toBe("__proto__");
    expect(categoryLabel("toString")).toBe("ToString");
  });
  it("give unknown categories, prototype names included, the neutral gradient", () => {
    expect(categoryGradient("automation")).toBe("from-purple-700 to-blue-700");
    for (const slug of ["constructor", "__proto__", "toString", "tutorials", null]) expect(categoryGradient(slug)).toBe("from-slate-700 to-slate-900");
  });
});
