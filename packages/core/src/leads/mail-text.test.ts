import { describe, expect, it } from "vitest";
import type { Message } from "../messages/messages";
import type { Registration } from "../registrations/registrations";
import { composeLeadMail } from "./lead-mail";
import { bodyText, headerText } from "./mail-text";

/** One character of every class a lead's mail must not carry, named for the failure message. */
const hostile: [string, string][] = [
  ["NUL", "\u0000"],
  ["BEL", "\u0007"],
  ["backspace", "\u0008"],
  ["vertical tab", "\u000B"],
  ["form feed", "\u000C"],
  ["ESC (a terminal colour sequence)", "\u001B[31m"],
  ["unit separator", "\u001F"],
  ["DEL", "\u007F"],
  ["C1: PAD", "\u0080"],
  ["C1: NEL", "\u0085"],
  ["C1: CSI", "\u009B"],
  ["C1: APC", "\u009F"],
  ["LRE", "\u202A"],
  ["RLE", "\u202B"],
  ["PDF", "\u202C"],
  ["LRO", "\u202D"],
  ["RLO", "\u202E"],
  ["LRI", "\u2066"],
  ["RLI", "\u2067"],
  ["FSI", "\u2068"],
  ["PDI", "\u2069"],
];
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const controls = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

describe("header text", () => {
  it.each(hostile)("removes %s", (_, c) => {
    expect(headerText(`Ada${c}Lovelace`)).toBe(`Ada${c === "\u001B[31m" ? "[31m" : ""}Lovelace`);
  });

  it("turns every line break and tab into one space, and keeps it to one line of 120 characters", () => {
    expect(headerText("Ada\r\nBcc: x@example.com\n\tLovelace\u2028Eve\u2029Zed")).toBe("Ada Bcc: x@example.com Lovelace Eve Zed");
    expect(headerText(` ${"a".repeat(200)} `)).toBe("a".repeat(120));
  });

  it("leaves letters of every script, and their marks, as typed", () => {
    expect(headerText("Zoë O'Brien-Łukasz 李 عائشة")).toBe("Zoë O'Brien-Łukasz 李 عائشة");
  });
});

describe("body text", () => {
  it.each(hostile)("removes %s", (_, c) => {
    expect(bodyText(`one${c}two`)).not.toMatch(controls);
  });

  it("keeps lines and tabs: CR LF, CR and the Unicode separators become LF", () => {
    expect(bodyText("a\r\nb\rc\u2028d\u2029e\tf")).toBe("a\nb\nc\nd\ne\tf");
  });
});

describe("a lead's mail", () => {
  const all = hostile.map(([, c]) => c).join("");
  const message = {
    id: "m1",
    name: `Ada${all} Lovelace`,
    email: "ada@example.com",
    company: `Engines${all} & Co`,
    message: `Line one${all}\n\tLine two`,
    form_type: "automation",
    created_at: "2026-11-25T10:00:00.000Z",
  } as unknown as Message;
  const registration = {
    id: "r1",
    name: `\u202EGrace${all}`,
    email: "grace@example.com",
    phone: `+1${all} 555`,
    company: `Navy${all}`,
    course_interest: `AI${all}`,
    experience_level: `Beginner${all}`,
    preferred_start_date: `2027-01-11${all}`,
    additional_notes: `Evenings${all}\r\nWeekends`,
    created_at: "2026-11-25T10:00:00.000Z",
  } as unknown as Registration;

  it("has no control character or bidi override in its subject or any line of an enquiry", () => {
    const mail = composeLeadMail("message", message, ["to@example.com"]);
    expect(mail.subject).toBe("New enquiry from Ada[31m Lovelace");
    expect(mail.text).not.toMatch(controls);
    expect(mail.text).toContain("Company: Engines[31m & Co");
    expect(mail.text).toContain("Message:\n  Line one[31m\n  \tLine two");
    expect(mail.text).toContain("Reply to this mail to answer Ada[31m Lovelace directly.");
  });

  it("has none in a registration's either", () => {
    const mail = composeLeadMail("registration", registration, ["to@example.com"]);
    expect(mail.subject).toBe("New course registration from Grace[31m");
    expect(mail.text).not.toMatch(controls);
    for (const line of [
      "Phone: +1[31m 555",
      "Company: Navy[31m",
      "Course: AI[31m",
      "Experience: Beginner[31m",
      "Preferred start date: 2027-01-11[31m",
      "Additional notes:\n  Evenings[31m\n  Weekends",
    ]) {
      expect(mail.text).toContain(line);
    }
  });
});
