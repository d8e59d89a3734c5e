import { describe, expect, it } from "vitest";
import { formatDateTime } from "./date-time";

describe("formatDateTime", () => {
  it("shows en-US short month, day, hour and minute", () => {
    expect(formatDateTime("2026-11-12T15:05:00.000Z", { timeZone: "UTC" })).toBe("Nov 12, 3:05 PM");
    expect(formatDateTime("2026-01-02T00:00:00.000Z", { timeZone: "UTC" })).toBe("Jan 2, 12:00 AM");
  });

  it("adds the year when asked", () => {
    expect(formatDateTime("2026-11-12T15:05:00.000Z", { withYear: true, timeZone: "UTC" })).toBe("Nov 12, 2026, 3:05 PM");
  });

  it("uses the given time zone", () => {
    expect(formatDateTime("2026-11-12T01:30:00.000Z", { timeZone: "America/New_York" })).toBe("Nov 11, 8:30 PM");
  });

  it("is empty for a missing or invalid date", () => {
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});
