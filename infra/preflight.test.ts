import { describe, expect, it } from "vitest";
import { originVerifyTokens, secretProblems, settingProblems } from "./preflight";

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

describe("the stage's origin token (ORIGIN_VERIFY_TOKEN)", () => {
  const token = "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=";
  const other = "bmV3LW5ldy1uZXctbmV3LW5ldy1uZXctbmV3LW5ldy0=";
  const stored = (value: string) => ({
    ADMIN_PASSWORD: { value: "a long passphrase" },
    DEVICE_COOKIE_SECRET: { value: token },
    PREVIEW_LINK_SECRET: { value: token },
    ORIGIN_VERIFY_TOKEN: { value },
  });

  it("is one token, or two while rotating, CloudFront sending the first", () => {
    expect(originVerifyTokens(token)).toEqual([token]);
    expect(originVerifyTokens(`${token}, ${other}`)).toEqual([token, other]);
    expect(secretProblems("prod", stored(token), {})).toEqual([]);
  });

  it("refuses a short, empty, oddly spelt or three-part value, naming the command that sets it", () => {
    for (const value of ["short", `${token},`, `${token},${other},${token}`, `${token} ${other}`, "x".repeat(31)]) {
      expect(originVerifyTokens(value), value).toBeUndefined();
      expect(secretProblems("prod", stored(value), {}), value).toEqual([
        `ORIGIN_VERIFY_TOKEN must be one token of at least 32 letters, digits, +, /, = or - (or two, comma-separated, while rotating). Set it with: npx sst secrets set ORIGIN_VERIFY_TOKEN "$(openssl rand -base64 32)" --stage prod`,
      ]);
    }
  });

  it("is a secret a deploy requires", () => {
    const { ORIGIN_VERIFY_TOKEN: _, ...rest } = stored(token);
    expect(secretProblems("prod", rest, {})).toEqual([
      `ORIGIN_VERIFY_TOKEN is not set (proves to the API that a request came through the site's CloudFront). Set it with: npx sst secrets set ORIGIN_VERIFY_TOKEN "$(openssl rand -base64 32)" --stage prod`,
    ]);
  });
});
