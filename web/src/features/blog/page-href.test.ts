import { describe, expect, it } from "vitest";
import { blogPageHref } from "./api";

describe("the address of a page of the blog list", () => {
  it("is /blog for the first page and /blog/page/{n} after it", () => {
    expect(blogPageHref(1, { category: "", q: "" })).toBe("/blog");
    expect(blogPageHref(2, { category: "", q: "" })).toBe("/blog/page/2");
  });
  it("carries the category and the search as its query, encoded", () => {
    expect(blogPageHref(1, { category: "case-studies", q: "" })).toBe("/blog?category=case-studies");
    expect(blogPageHref(3, { category: "automation", q: "r&d plans" })).toBe("/blog/page/3?category=automation&q=r%26d+plans");
  });
});
