// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkNodeRange, checkRuntimes, checkSstPin, readTable } from "../../scripts/doctor";

const table = readTable();
const day = (d: string) => new Date(`${d}T00:00:00Z`);
const levels = (findings: { level: string }[]) => findings.map((f) => f.level);

describe("the doctor's runtime check", () => {
  const users = (runtime: string) => new Map([[runtime, ["test-agency-Api/Fn", "test-agency-Web/CustomResourceHandler"]]]);

  it("fails a runtime past its deprecation date: nodejs20.x on 27 November 2026", () => {
    const [f] = checkRuntimes(users("nodejs20.x"), table, day("2026-11-27"));
    expect(f).toEqual({ level: "fail", message: expect.stringMatching(/^Lambda runtime nodejs20\.x was deprecated on 2026-04-30, used by 2 functions \(test-agency-Api\/Fn, /) });
  });

  it("passes nodejs22.x on 27 November 2026, warns from 90 days before 30 April 2027, and fails on that day", () => {
    expect(levels(checkRuntimes(users("nodejs22.x"), table, day("2026-11-27")))).toEqual(["ok"]);
    expect(levels(checkRuntimes(users("nodejs22.x"), table, day("2027-01-29")))).toEqual(["ok"]);
    expect(checkRuntimes(users("nodejs22.x"), table, day("2027-01-30"))[0]!.message).toMatch(/deprecated on 2027-04-30 \(in 90 days\)/);
    expect(levels(checkRuntimes(users("nodejs22.x"), table, day("2027-04-29")))).toEqual(["warn"]);
    expect(levels(checkRuntimes(users("nodejs22.x"), table, day("2027-04-30")))).toEqual(["fail"]);
  });

  it("fails a runtime the table does not date", () => {
    expect(checkRuntimes(users("nodejs26.x"), table, day("2026-11-27"))[0]!.message).toMatch(/nodejs26\.x, used by .* has no date in infra\/runtime-deprecations\.json/);
  });

  it("dates the runtimes AWS published, as the brief checked them", () => {
    expect(table.lambda["nodejs18.x"]!.deprecated).toBe("2025-09-01");
    expect(table.lambda["nodejs20.x"]!.deprecated).toBe("2026-04-30");
    expect(table.lambda["nodejs22.x"]!.deprecated).toBe("2027-04-30");
    expect(table.lambda["nodejs24.x"]!.deprecated).toBe("2028-04-30");
  });
});

describe("the doctor's SST pin", () => {
  const installed = { sst: "2.49.8", sstCdk: "2.224.0", cdk: "2.224.0" };

  it("passes sst pinned exactly to the installed 2.x, with the aws-cdk-lib it depends on", () => {
    expect(levels(checkSstPin({ sst: "2.49.8", "aws-cdk-lib": "2.224.0" }, installed))).toEqual(["ok", "ok"]);
  });

  it("fails a range, another major, a different install, or another aws-cdk-lib", () => {
    expect(checkSstPin({ sst: "^2.49.8", "aws-cdk-lib": "2.224.0" }, installed)[0]!.message).toMatch(/pin one exact version/);
    expect(checkSstPin({ sst: "3.0.0", "aws-cdk-lib": "2.224.0" }, installed)[0]!.message).toMatch(/not SST v2/);
    expect(checkSstPin({ sst: "2.49.7", "aws-cdk-lib": "2.224.0" }, installed)[0]!.message).toMatch(/2\.49\.8 is installed but package\.json pins 2\.49\.7/);
    expect(levels(checkSstPin({ sst: "2.49.8", "aws-cdk-lib": "^2.224.0" }, installed))).toEqual(["ok", "fail"]);
  });
});

describe("the doctor's Node range", () => {
  const engines = "^20.19.0 || >=22.12.0";

  it("passes .nvmrc and the functions' Node inside engines, and warns that Node 20 is past its end of life", () => {
    const findings = checkNodeRange(engines, "20\n", "nodejs22.x", table, day("2026-11-27"));
    expect(levels(findings)).toEqual(["ok", "ok", "warn"]);
    expect(findings[2]!.message).toMatch(/Node 20 \(\.nvmrc\) reached its end of life on 2026-04-30/);
    expect(levels(checkNodeRange(engines, "22", "nodejs22.x", table, day("2026-11-27")))).toEqual(["ok", "ok"]);
  });

  it("fails an .nvmrc or a function runtime outside engines", () => {
    expect(levels(checkNodeRange(engines, "18", "nodejs22.x", table, day("2026-11-27")))).toContain("fail");
    expect(checkNodeRange(">=22.12.0", "22", "nodejs20.x", table, day("2026-11-27"))[1]!.message).toMatch(/nodejs20\.x is outside engines\.node/);
  });
});
