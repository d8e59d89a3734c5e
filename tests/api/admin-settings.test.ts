import { beforeAll, describe, expect, it } from "vitest";
import type { Visitor } from "../support/auth-flow";
import { STALE_ITEM_MESSAGE } from "../../packages/core/src/contract/versioned";
import { devAdmin } from "../support/admin";

const BASE = "/api/admin/site-settings";
let admin: Visitor;
beforeAll(async () => {
  admin = await devAdmin();
});
const stored = async () => (await admin.call("GET", BASE)).json as { key: string; value: string; version: number }[];
const values = async () => new Map((await stored()).map((s) => [s.key, s.value]));
/** Batch items at the versions stored now (an unknown key: version 1). */
const at = async (items: { key: string; value: string }[]) => {
  const versions = new Map((await stored()).map((s) => [s.key, s.version]));
  return items.map((i) => ({ ...i, version: versions.get(i.key) ?? 1 }));
};

describe("saving several settings at once", () => {
  it("saves every value and answers the saved settings in the order sent", async () => {
    const res = await admin.call("PUT", BASE, {
      body: {
        settings: await at([
          { key: "company_address", value: "Batch address" },
          { key: "contact_email", value: "hello@example.com" },
          { key: "social_media_twitter", value: "" },
        ]),
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.map((s: { key: string; value: string }) => [s.key, s.value])).toEqual([
      ["company_address", "Batch address"],
      ["contact_email", "hello@example.com"],
      ["social_media_twitter", ""],
    ]);
    expect(res.json[0]).toMatchObject({ type: expect.any(String), description: expect.any(String), updated_at: expect.any(String) });
    const now = await values();
    expect([now.get("company_address"), now.get("contact_email")]).toEqual(["Batch address", "hello@example.com"]);
  });

  it("writes nothing when one value is refused, and names each refused key", async () => {
    const before = await values();
    const res = await admin.call("PUT", BASE, {
      body: {
        settings: await at([
          { key: "company_address", value: "Must not be saved" },
          { key: "contact_email", value: "not an email" },
          { key: "social_media_linkedin", value: "javascript:alert(1)" },
          { key: "no_such_setting", value: "x" },
          { key: "__proto__", value: "x" },
        ]),
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      contact_email: "Please enter a valid email address",
      social_media_linkedin: "Must be a valid http(s) URL",
      no_such_setting: "Unknown setting",
      ["__proto__"]: "Unknown setting",
    });
    expect(await values()).toEqual(before);
  });

  it("refuses a key listed twice, an empty list and a malformed body", async () => {
    const twice = await admin.call("PUT", BASE, {
      body: {
        settings: await at([
          { key: "company_name", value: "A" },
          { key: "company_name", value: "B" },
        ]),
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.json.fields).toEqual({ company_name: "Listed more than once" });
    expect((await admin.call("PUT", BASE, { body: { settings: [] } })).json.fields).toEqual({ settings: "Nothing to save" });
    expect((await admin.call("PUT", BASE, { body: { settings: [{ value: "x" }] } })).status).toBe(400);
    const noVersion = await admin.call("PUT", BASE, { body: { settings: [{ key: "company_name", value: "A" }] } });
    expect(noVersion.status).toBe(400);
    expect(Object.keys(noVersion.json.fields)).toEqual(["settings.0.version"]);
    expect((await admin.call("PUT", BASE, { body: [] })).status).toBe(400);
  });

  it("writes nothing when one version is stale, answering 409 stale naming that key", async () => {
    const items = await at([
      { key: "company_address", value: "Stale batch" },
      { key: "site_title", value: "Stale batch" },
    ]);
    const before = await values();
    const stale = items.map((i) => (i.key === "site_title" ? { ...i, version: i.version - 1 || i.version + 1 } : i));
    const res = await admin.call("PUT", BASE, { body: { settings: stale } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: STALE_ITEM_MESSAGE, code: "stale", fields: { site_title: STALE_ITEM_MESSAGE } });
    expect(Object.keys(res.json.fields)).toEqual(["site_title"]);
    expect(await values()).toEqual(before);
    const saved = await admin.call("PUT", BASE, { body: { settings: items } });
    expect(saved.json.map((s: { version: number }) => s.version)).toEqual(items.map((i) => i.version + 1));
  });

  it("leaves saving one setting by its key as it was, at its version", async () => {
    const { version } = (await at([{ key: "company_address", value: "" }]))[0]!;
    const res = await admin.call("PUT", `${BASE}/company_address`, { body: { value: "One at a time", version } });
    expect(res.json).toMatchObject({ value: "One at a time", version: version + 1 });
  });
});
