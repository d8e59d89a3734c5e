import { describe, expect, it } from "vitest";
import { counted, formatCount, formatDateTime } from "./format";

describe("counts", () => {
  it("separate thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(2005)).toBe("2,005");
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("take the singular for exactly one and the plural otherwise", () => {
    expect(counted(1, "draft")).toBe("1 draft");
    expect(counted(0, "draft")).toBe("0 drafts");
    expect(counted(2, "draft")).toBe("2 drafts");
    expect(counted(2005, "unread message")).toBe("2,005 unread messages");
    expect(counted(1, "entry", "entries")).toBe("1 entry");
    expect(counted(3, "entry", "entries")).toBe("3 entries");
  });
});

describe("formatDateTime", () => {
  const now = new Date("2026-11-25T12:00:00.000Z");

  it("shows en-US short month, day, hour and minute for a date of this year", () => {
    expect(formatDateTime("2026-11-12T15:05:00.000Z", { timeZone: "UTC", now })).toBe("Nov 12, 3:05 PM");
    expect(formatDateTime("2026-01-02T00:00:00.000Z", { timeZone: "UTC", now })).toBe("Jan 2, 12:00 AM");
  });

  it("adds the year for a date of another year, or when asked", () => {
    expect(formatDateTime("2025-11-12T15:05:00.000Z", { timeZone: "UTC", now })).toBe("Nov 12, 2025, 3:05 PM");
    expect(formatDateTime("2027-01-02T00:00:00.000Z", { timeZone: "UTC", now })).toBe("Jan 2, 2027, 12:00 AM");
    expect(formatDateTime("2026-11-12T15:05:00.000Z", { withYear: true, timeZone: "UTC", now })).toBe("Nov 12, 2026, 3:05 PM");
  });

  it("decides the year in the time zone shown", () => {
    // 1 January 2026, 03:00 UTC is still 2025 in New York.
    expect(formatDateTime("2026-01-01T03:00:00.000Z", { timeZone: "America/New_York", now })).toBe("Dec 31, 2025, 10:00 PM");
  });

  it("uses the given time zone", () => {
    expect(formatDateTime("2026-11-12T01:30:00.000Z", { timeZone: "America/New_York", now })).toBe("Nov 11, 8:30 PM");
  });

  it("is empty for a missing or invalid date", () => {
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});
