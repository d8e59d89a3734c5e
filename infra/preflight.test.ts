import { describe, expect, it } from "vitest";
import { settingProblems } from "./preflight";

describe("the deploy's plain settings", () => {
  const thisYear = new Date().getUTCFullYear();

  it("take RECORDS_SINCE as a year from 1900 to this one, or not at all", () => {
    for (const value of [undefined, "", "  ", "1900", "2024", ` ${thisYear} `]) expect(settingProblems({ RECORDS_SINCE: value }), String(value)).toEqual([]);
  });

  it("refuse a RECORDS_SINCE that is not such a year, naming it and the rule", () => {
    for (const value of ["24", "1899", String(thisYear + 1), "2024-01-01", "twenty", "02024"]) {
      expect(settingProblems({ RECORDS_SINCE: value }), value).toEqual([
        `RECORDS_SINCE: "${value}" is not a year from 1900 to ${thisYear} (the first year a record of the table carries, e.g. 2024). Fix it in .env.<stage> or the environment.`,
      ]);
    }
  });
});
