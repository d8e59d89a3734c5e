import { describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { checkItemSize, itemBytes, MAX_ITEM_BYTES } from "./item-size";

describe("item size", () => {
  it("counts attribute names and UTF-8 values, rounding numbers and containers up", () => {
    expect(itemBytes("héllo")).toBe(6);
    expect(itemBytes("😀")).toBe(4);
    expect(itemBytes(12)).toBe(21);
    expect(itemBytes({ ab: "xyz", ok: true })).toBe(3 + (1 + 2 + 3) + (1 + 2 + 1));
    expect(itemBytes(["a", ["b"]])).toBe(3 + (1 + 1) + (1 + 3 + 1 + 1));
  });

  it("lets an item under 400 KB through and refuses a larger one with a 413 naming the field", () => {
    expect(() => checkItemSize({ content: "x".repeat(300 * 1024) }, "content")).not.toThrow();
    let error: unknown;
    try {
      checkItemSize({ title: "t", content: "&amp;".repeat(MAX_ITEM_BYTES / 5) }, "content");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).message).toMatch(/content field is too large/);
    expect(Object.keys((error as HttpError).extra.fields as object)).toEqual(["content"]);
  });

  it("counts multi-byte characters at their UTF-8 size", () => {
    expect(() => checkItemSize({ content: "€".repeat(140 * 1024) }, "content")).toThrow(HttpError);
  });
});
