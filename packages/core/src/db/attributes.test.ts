import { afterEach, describe, expect, it, vi } from "vitest";
import { allBuckets, bucketOf } from "./attributes";

afterEach(() => vi.unstubAllEnvs());

describe("year partitions", () => {
  it("reads this year back to 2026, when the product began, and not next year's partition, which no record can be in yet", () => {
    vi.stubEnv("RECORDS_SINCE", "");
    expect(allBuckets(new Date("2026-06-15T12:00:00Z"))).toEqual(["2026"]);
    expect(allBuckets(new Date("2026-12-30T23:59:59Z"))).toEqual(["2026"]);
    expect(allBuckets(new Date("2029-03-01T00:00:00Z"))).toEqual(["2029", "2028", "2027", "2026"]);
  });

  it("reads next year's partition too in the last day of December, for a writer whose clock runs ahead", () => {
    vi.stubEnv("RECORDS_SINCE", "");
    expect(allBuckets(new Date("2026-12-31T00:00:01Z"))).toEqual(["2027", "2026"]);
    expect(allBuckets(new Date("2027-01-01T00:00:00Z"))).toEqual(["2027", "2026"]);
  });

  it("reads back to RECORDS_SINCE when a site holds records from before, and ignores a value that is not a year", () => {
    vi.stubEnv("RECORDS_SINCE", "2024");
    expect(allBuckets(new Date("2026-06-15T12:00:00Z"))).toEqual(["2026", "2025", "2024"]);
    for (const bad of ["24", "twenty", "2024.5", "3024"]) {
      vi.stubEnv("RECORDS_SINCE", bad);
      expect(allBuckets(new Date("2026-06-15T12:00:00Z")), bad).toEqual(["2026"]);
    }
  });

  it("puts a record in the partition of the year it was stamped in", () => {
    expect(bucketOf("2026-12-31T23:59:59.999Z")).toBe("2026");
    expect(bucketOf("2027-01-01T00:00:00.000Z")).toBe("2027");
  });
});
