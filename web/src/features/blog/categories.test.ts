import { describe, expect, it } from "vitest";
import { blogCategories, categoryLabel } from "@agency/core/contract/blog-values";
import { categoryGradient } from "./categories";

describe("blog category labels and card art", () => {
  it("label known categories and title-case unknown ones, prototype names included", () => {
    expect(categoryLabel("ai-trends")).toBe("AI Trends");
    expect(categoryLabel("industry-news")).toBe("Industry News");
    expect(categoryLabel("")).toBe("General");
    expect(categoryLabel("data-ops")).toBe("Data Ops");
    expect(categoryLabel("constructor")).toBe("Constructor");
    expect(categoryLabel("__proto__")).toBe("__proto__");
    expect(categoryLabel("toString")).toBe("ToString");
  });
  it("give every category its own card art and unknown ones, prototype names included, the neutral gradient", () => {
    expect(categoryGradient("automation")).toBe("from-purple-700 to-blue-700");
    for (const slug of blogCategories) expect(categoryGradient(slug)).not.toBe("from-slate-700 to-slate-900");
    for (const slug of ["constructor", "__proto__", "toString", "data-ops", null]) expect(categoryGradient(slug)).toBe("from-slate-700 to-slate-900");
  });
});
