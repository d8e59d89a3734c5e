import { describe, expect, it } from "vitest";
import { fieldLabel } from "./field-label";

describe("fieldLabel", () => {
  it("reads a stored field's name as words, with SEO, URL and the like in capitals", () => {
    expect(["title", "seo_title", "seo_description", "featured_image_url", "featured_image_alt", "social_image_url", "old_slugs", "cta_text"].map(fieldLabel)).toEqual([
      "Title",
      "SEO title",
      "SEO description",
      "Featured image URL",
      "Featured image alt",
      "Social image URL",
      "Old slugs",
      "CTA text",
    ]);
  });

  it("drops the 'is' of a yes/no field", () => {
    expect(["is_published", "is_active", "is"].map(fieldLabel)).toEqual(["Published", "Active", "Is"]);
  });

  it("names a field called like an object's own members as it is, never as what the lookup object inherits", () => {
    expect(["constructor", "to_string", "__proto__", "has_own_property"].map(fieldLabel)).toEqual(["Constructor", "To string", "Proto", "Has own property"]);
  });
});
