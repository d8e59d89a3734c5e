import { describe, expect, it } from "vitest";
import { counted, formatCount, formatDate, formatDateTime } from "./format";

describe("counts", () => {
  it("separate thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(2005)).toBe("2,005");
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("write every number as Intl.NumberFormat en-US does", () => {
    const intl = new Intl.NumberFormat("en-US");
    const numbers = [
      0,
      -0,
      1,
      -1,
      12,
      123,
      1000,
      -1000,
      99_999,
      100_000,
      999_999_999,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      2.5,
      -1234.5678,
      1e21,
      Number.MAX_SAFE_INTEGER + 2,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) numbers.push(n, -n);
    for (const n of numbers) expect(formatCount(n), String(n)).toBe(intl.format(n));
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

describe("formatDate", () => {
  it("writes the UTC day en-US with the month in full", () => {
    expect(formatDate("2026-11-12T23:59:59.000Z")).toBe("November 12, 2026");
    expect(formatDate("2026-01-01T00:00:00.000Z")).toBe("January 1, 2026");
  });

  it("writes every day of four years as Intl.DateTimeFormat en-US long in UTC does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let t = Date.UTC(2023, 0, 1, 13); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(new Date(t)));
    }
  });

  it("is empty for a missing or invalid date", () => {
    expect(formatDate(undefined)).toBe("");
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
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
