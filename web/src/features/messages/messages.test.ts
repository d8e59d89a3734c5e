import { describe, expect, it, vi } from "vitest";
import type { AdminMessage } from "@agency/core/contract/admin";
import { toCsv } from "../export/csv";
import { markAllInBatches } from "./admin-api";
import { inquiryType, knownInquiryTypes } from "./inquiry-types";
import { messageCsvColumns } from "./messages-csv";

describe("inquiryType", () => {
  it("knows the five types SPEC names, each with its label", () => {
    expect(knownInquiryTypes).toEqual(["automation", "education", "partnership", "general", "contact"]);
    expect(inquiryType("automation").label).toBe("AI Automation");
    expect(inquiryType("general")).toMatchObject({ label: "General Inquiry", tone: "amber" });
  });

  it("shows an unknown type grey, labelled with its raw value, even one named like an object property", () => {
    for (const raw of ["webinar", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(inquiryType(raw)).toMatchObject({ label: raw, tone: "slate" });
    }
  });
});

describe("messageCsvColumns", () => {
  const message = (over: Partial<AdminMessage>): AdminMessage => ({
    id: "m1",
    name: "Ada",
    email: "ada@example.com",
    company: "",
    form_type: "education",
    message: "Hi",
    is_read: false,
    created_at: "2026-11-12T15:05:00.000Z",
    ...over,
  });

  it("writes SPEC's columns: the type's label, Read or Unread, the date in ISO 8601 UTC", () => {
    const csv = toCsv(messageCsvColumns, [message({}), message({ form_type: "webinar", is_read: true, company: "@home" })]);
    const [header, first, second] = csv.split("\r\n");
    expect(header).toBe('"Name","Email","Company","Form Type","Message","Status","Date"');
    expect(first).toBe('"Ada","ada@example.com","","Tech School","Hi","Unread","2026-11-12T15:05:00.000Z"');
    expect(second).toMatch(/^"Ada","ada@example.com","'@home","webinar","Hi","Read",/);
  });
});

describe("markAllInBatches", () => {
  it("calls again while messages remain, reporting the running count", async () => {
    const batches = [
      { success: true as const, updated: 100, remaining: 150 },
      { success: true as const, updated: 100, remaining: 50 },
      { success: true as const, updated: 50, remaining: 0 },
    ];
    const call = vi.fn(async () => batches.shift());
    const progress: number[] = [];
    expect(await markAllInBatches(call, (n) => progress.push(n))).toBe(250);
    expect(call).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([100, 200, 250]);
  });

  it("treats an answer without `remaining` as done", async () => {
    const call = vi.fn(async () => ({ success: true as const, updated: 7 }));
    expect(await markAllInBatches(call, () => {})).toBe(7);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("stops when a batch changes nothing, instead of spinning", async () => {
    const call = vi.fn(async () => ({ success: true as const, updated: 0, remaining: 3 }));
    expect(await markAllInBatches(call, () => {})).toBe(0);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
