import fs from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "./zod";
import { authMessages, loginErrorText } from "./auth-texts";
import { blogPostUpdate, publishInput } from "./blog";
import { excerptOf, htmlText, readTime, slugify } from "./blog-values";
import { courseInput, courseUpdate, industryInput, serviceDetailUpdate, serviceInput, serviceUpdate } from "./catalog";
import { colorSchemes, industryIcons, serviceIcons, splitBarList } from "./catalog-values";
import { inPageOrder, pageLayouts, pageSectionUpdate, pageSlugs } from "./page-sections";
import { isFixedCourseChoice, learningPaths } from "./academy";
import { settingValue, checkSettingValue, settingLabel } from "./settings";
import { fieldErrors } from "./common";
import { contactInput } from "./contact";
import { registrationInput } from "./registrations";

describe("blog helpers", () => {
  it("slugify lowercases, strips symbols, hyphenates spaces and collapses hyphens", () => {
    expect(slugify("Hello, World!  AI -- Agents 2026")).toBe("hello-world-ai-agents-2026");
  });
  it("excerpt falls back to 150 characters of text without tags, then 'No preview available...'", () => {
    const content = `<p>${"word ".repeat(60)}</p>`;
    expect(excerptOf({ excerpt: "", content })).toBe(`${"word ".repeat(60).trim().slice(0, 150)}...`);
    expect(excerptOf({ excerpt: "Given", content })).toBe("Given");
    expect(excerptOf({ excerpt: "", content: "" })).toBe("No preview available...");
  });
  it("excerpt and text of stored HTML decode character references, so '&amp;' reads as '&'", () => {
    expect(htmlText("<p>Tom &amp; Jerry &lt;3 &#39;n&#x27; &nbsp;friends&hellip;</p>")).toBe("Tom & Jerry <3 'n' friends&hellip;");
    expect(excerptOf({ excerpt: "", content: "<p>R&amp;D</p>" })).toBe("R&D...");
    expect(htmlText("&#0; &#xD800; &#x110000;")).toBe("");
  });
  it("read time is 200 words a minute rounded up, 3 min without content", () => {
    expect(readTime("<p>" + "w ".repeat(201) + "</p>")).toBe("2 min read");
    expect(readTime("<p>" + "w ".repeat(200) + "</p>")).toBe("1 min read");
    expect(readTime("")).toBe("3 min read");
  });
});

describe("contact and registration schemas", () => {
  it("default the inquiry type to general and prefer form_type", () => {
    expect(contactInput.parse({ name: "a", email: "a@b.co", message: "m" }).form_type).toBe("general");
    expect(contactInput.parse({ name: "a", email: "a@b.co", message: "m", inquiryType: "education" }).form_type).toBe("education");
  });
  it("name every missing required field", () => {
    const r = registrationInput.safeParse({});
    expect(r.success).toBe(false);
    expect(Object.keys(fieldErrors(r.error!)).sort()).toEqual(["email", "name"]);
  });
  it("accept a preferred start date only when it is a real calendar day, naming the field otherwise", () => {
    const withDate = (preferred_start_date: string) => registrationInput.safeParse({ name: "a", email: "a@b.co", preferred_start_date });
    for (const ok of ["", "2027-02-28", "2028-02-29", "2000-02-29", "2026-12-31", "2027-04-30"]) expect(withDate(ok).success, ok).toBe(true);
    for (const bad of ["2027-02-30", "2027-02-29", "1900-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2027-01-00", "2027-1-5", "27-01-05", "2027-01-05T00:00", "tomorrow"]) {
      const r = withDate(bad);
      expect(r.success, bad).toBe(false);
      expect(Object.keys(fieldErrors(r.error!))).toEqual(["preferred_start_date"]);
    }
  });
  it("reject an unknown experience level", () => {
    expect(registrationInput.safeParse({ name: "a", email: "a@b.co", experience_level: "Guru" }).success).toBe(false);
  });
});

describe("course schema", () => {
  it("requires an external URL for register buttons", () => {
    const r = courseInput.safeParse({ title: "x", button_type: "register" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toHaveProperty("external_url");
  });
  it("keeps progress within 0 to 100", () => {
    expect(courseInput.safeParse({ progress_percentage: 101 }).success).toBe(false);
    expect(courseInput.parse({}).progress_percentage).toBe(75);
  });
  it("refuses javascript: URLs", () => {
    expect(courseInput.safeParse({ image_url: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("update schemas (PUT)", () => {
  it("keep absent fields absent: no defaults, so a field left out keeps its stored value", () => {
    expect(serviceUpdate.parse({ version: 3 })).toEqual({ version: 3 });
    expect(serviceUpdate.parse({ is_active: false, version: 1 })).toEqual({ is_active: false, version: 1 });
    expect(courseUpdate.parse({ title: "T", version: 1 })).toEqual({ title: "T", version: 1 });
    expect(blogPostUpdate.parse({ title: "T", version: 2 })).toEqual({ title: "T", version: 2 });
    expect(pageSectionUpdate.parse({ id: "x", section_key: "k", title: "Hi", version: 1 })).toEqual({ title: "Hi", version: 1 });
    expect(serviceDetailUpdate.parse({ version: 1 })).toEqual({ version: 1 });
  });
  it("check and shape a sent field as the create does", () => {
    expect(serviceUpdate.parse({ icon_name: "", version: 1 }).icon_name).toBe("Bot");
    expect(serviceUpdate.parse({ order_index: "7", version: 1 }).order_index).toBe(7);
    expect(Object.keys(fieldErrors(serviceUpdate.safeParse({ icon_name: "Rocket", version: 1 }).error!))).toEqual(["icon_name"]);
    expect(Object.keys(fieldErrors(blogPostUpdate.safeParse({ title: "", version: 1 }).error!))).toEqual(["title"]);
  });
  it("require a whole-number version from 1, naming version", () => {
    for (const bad of [{}, { version: 0 }, { version: 1.5 }, { version: "2" }, { version: null }]) {
      for (const schema of [serviceUpdate, courseUpdate, blogPostUpdate, pageSectionUpdate, settingValue]) {
        const r = schema.safeParse({ ...bad, value: "" });
        expect(r.success, JSON.stringify(bad)).toBe(false);
        expect(Object.keys(fieldErrors(r.error!))).toEqual(["version"]);
      }
    }
    expect(publishInput.parse({ is_published: true })).toEqual({ is_published: true });
    expect(publishInput.safeParse({ is_published: true, version: 0 }).success).toBe(false);
  });
});

describe("course colours", () => {
  it("accept the eight gradients, default to purple to blue, and refuse anything else naming color_scheme", () => {
    for (const color_scheme of colorSchemes) expect(courseInput.parse({ color_scheme }).color_scheme).toBe(color_scheme);
    expect(courseInput.parse({}).color_scheme).toBe("from-purple-500 to-blue-500");
    for (const color_scheme of ["red", "from-red-500 to-blue-500", "constructor", 7]) {
      for (const schema of [courseInput, courseUpdate]) {
        const r = schema.safeParse({ color_scheme, version: 1 });
        expect(r.success, String(color_scheme)).toBe(false);
        expect(Object.keys(fieldErrors(r.error!))).toEqual(["color_scheme"]);
      }
    }
  });
});

describe("icon names", () => {
  const prototypeNames = ["constructor", "__proto__", "toString", "hasOwnProperty"];
  it("accept exactly SPEC's lists, defaulting an empty name to Bot or Factory", () => {
    for (const icon_name of serviceIcons) expect(serviceInput.parse({ icon_name }).icon_name).toBe(icon_name);
    for (const icon_name of industryIcons) expect(industryInput.parse({ icon_name }).icon_name).toBe(icon_name);
    expect(serviceInput.parse({ icon_name: "" }).icon_name).toBe("Bot");
    expect(industryInput.parse({}).icon_name).toBe("Factory");
  });
  it("refuse prototype names, other lucide names and the other kind's names, naming icon_name", () => {
    for (const icon_name of [...prototypeNames, "Rocket", "Zap"]) {
      const r = serviceInput.safeParse({ icon_name });
      expect(r.success, icon_name).toBe(false);
      expect(Object.keys(fieldErrors(r.error!))).toEqual(["icon_name"]);
    }
    for (const icon_name of [...prototypeNames, "Bot"]) expect(industryInput.safeParse({ icon_name }).success, icon_name).toBe(false);
  });
});

describe("field errors", () => {
  it("record a field named like an Object.prototype member", () => {
    const error = new z.$ZodError([{ code: "custom", path: ["constructor"], message: "Bad", input: 1 }]);
    expect(fieldErrors(error)).toEqual({ constructor: "Bad" });
  });
});

describe("login error texts", () => {
  it("name known codes and give nothing for unknown or prototype-named ones", () => {
    expect(loginErrorText("not_authorised")).toBe(authMessages.notAuthorised);
    expect(loginErrorText("login_failed")).toBe(authMessages.loginFailed);
    for (const code of [null, "", "nope", "__proto__", "constructor", "toString"]) expect(loginErrorText(code)).toBe("");
  });
});

describe("settings helpers", () => {
  it("label keys as spaced capitalised words", () => {
    expect(settingLabel("social_media_twitter")).toBe("Social Media Twitter");
    expect(settingLabel("support_url")).toBe("Support URL");
  });
  it("check values by type and allow empty values", () => {
    expect(checkSettingValue("url", "")).toBeUndefined();
    expect(checkSettingValue("url", "ftp://x")).toBeDefined();
    expect(checkSettingValue("email", "nope")).toBeDefined();
    expect(checkSettingValue("email", "a@b.co")).toBeUndefined();
  });
  it("split bar-separated lists", () => {
    expect(splitBarList("a | b||c ")).toEqual(["a", "b", "c"]);
  });
});

describe("page layouts", () => {
  const stored = (keys: string[]) => keys.map((section_key, i) => ({ id: `s${i}`, section_key }));

  it("offers a page's sections in the page's order, not the stored (alphabetical) one", () => {
    const sections = stored(["what_we_do_title", "hero_title", "video_title", "hero_badge"]);
    expect(inPageOrder("home", sections).map((s) => [s.layout.label, s.section.section_key])).toEqual([
      ["Hero · Badge", "hero_badge"],
      ["Hero · Title", "hero_title"],
      ["Intro video · Title", "video_title"],
      ["What we do · Title", "what_we_do_title"],
    ]);
  });

  it("leaves out a stored section the page no longer reads: the footer's contact details are settings now", () => {
    const sections = stored(["footer_contact_email", "footer_description", "footer_contact_phone", "newsletter_title"]);
    expect(inPageOrder("global", sections).map((s) => s.section.section_key)).toEqual(["newsletter_title", "footer_description"]);
  });

  it("gives every section a label and at least one field, each key once per page", () => {
    for (const page of pageSlugs) {
      const keys = pageLayouts[page].map((l) => l.key);
      expect(new Set(keys).size, page).toBe(keys.length);
      for (const layout of pageLayouts[page]) {
        expect(layout.label, layout.key).toMatch(/\S · \S/);
        expect(layout.fields.length, layout.key).toBeGreaterThan(0);
      }
    }
  });
});

describe("registration course choices", () => {
  it("always offers nothing, Not sure and the learning paths; a course's title depends on Course Management", () => {
    for (const fixed of ["", "Not sure", ...learningPaths.map((p) => p.title)]) expect(isFixedCourseChoice(fixed)).toBe(true);
    expect(isFixedCourseChoice("Machine Learning Fundamentals")).toBe(false);
    expect(isFixedCourseChoice("not sure")).toBe(false);
  });
});

describe("the contract's schemas", () => {
  it("builds every exported composite schema on its first use (z.lazy), not when its module loads", async () => {
    const files = fs.readdirSync(new URL(".", import.meta.url)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "zod.ts");
    const composite = new Set(["object", "union", "intersection", "tuple", "record", "map", "set"]);
    const eager: string[] = [];
    let lazy = 0;
    for (const file of files) {
      for (const [name, value] of Object.entries((await import(`./${file}`)) as Record<string, unknown>)) {
        if (!(value instanceof z.ZodMiniType)) continue;
        const type = value._zod.def.type;
        if (type === "lazy") lazy++;
        else if (composite.has(type)) eager.push(`${file}: ${name} (${type})`);
      }
    }
    expect(eager).toEqual([]);
    expect(lazy).toBeGreaterThan(50);
  });

  it("a lazily built schema parses, defaults and reports its fields as it did", () => {
    expect(serviceInput.parse({ title: "Bots" })).toMatchObject({ title: "Bots", is_active: true });
    const failed = serviceUpdate.safeParse({ title: "x".repeat(5000) });
    expect(failed.success).toBe(false);
    expect(fieldErrors(failed.error!)).toHaveProperty("version");
  });
});
