import { describe, expect, it } from "vitest";
import { activityOf, initialsOf } from "./activity";

const now = Date.parse("2026-11-23T12:00:00Z");
const daysAgo = (d: number) => new Date(now - d * 86_400_000 - 60_000).toISOString();

describe("user activity label (SPEC §4)", () => {
  it("says never, today, yesterday and N days ago with SPEC's colours", () => {
    expect(activityOf(null, now)).toEqual({ label: "Never logged in", tone: "slate" });
    expect(activityOf("not a date", now)).toEqual({ label: "Never logged in", tone: "slate" });
    expect(activityOf(daysAgo(0), now)).toEqual({ label: "Active today", tone: "green" });
    expect(activityOf(daysAgo(1), now)).toEqual({ label: "Active yesterday", tone: "green" });
    expect(activityOf(daysAgo(7), now)).toEqual({ label: "Active 7 days ago", tone: "green" });
    expect(activityOf(daysAgo(8), now)).toEqual({ label: "Inactive 8 days", tone: "amber" });
    expect(activityOf(daysAgo(30), now)).toEqual({ label: "Inactive 30 days", tone: "amber" });
    expect(activityOf(daysAgo(31), now)).toEqual({ label: "Inactive 31 days", tone: "red" });
  });
});

describe("initials for the local avatar", () => {
  it("takes the first and last word of a name, else the email's local part", () => {
    expect(initialsOf("Ada King Lovelace", "ada@example.com")).toBe("AL");
    expect(initialsOf("", "grace.hopper@example.com")).toBe("GH");
    expect(initialsOf(undefined, "x@example.com")).toBe("X");
  });
});
