import { describe, expect, it } from "vitest";
import { auditEntities } from "@agency/core/contract/audit";
import { itemLink } from "./item-link";

describe("an Activity row's link to its item", () => {
  it("opens a message or registration itself, an item with revisions in its editor with History, escaped, and the screen of every other item", () => {
    expect(itemLink({ entity: "contact-submission", entity_id: "a/b?c" })).toBe("/admin/messages?open=a%2Fb%3Fc");
    expect(itemLink({ entity: "course-registration", entity_id: "r1" })).toBe("/admin/registrations?open=r1");
    expect(itemLink({ entity: "contact-submission", entity_id: "" })).toBe("/admin/messages");
    expect(itemLink({ entity: "industry", entity_id: "i1" })).toBe("/admin/content?tab=industries&history=i1");
    expect(itemLink({ entity: "blog-post", entity_id: "p/1" })).toBe("/admin/blog?history=p%2F1");
    expect(itemLink({ entity: "page-section", entity_id: "s1" })).toBe("/admin/content?history=s1");
    expect(itemLink({ entity: "site-setting", entity_id: "" })).toBe("/admin/settings");
  });

  it("has a screen under /admin for every item type but sign-ins and sessions", () => {
    for (const entity of auditEntities) {
      const href = itemLink({ entity, entity_id: "x" });
      if (entity === "admin-account" || entity === "session") expect(href, entity).toBeUndefined();
      else expect(href, entity).toMatch(/^\/admin\/[a-z-]+/);
    }
  });
});
