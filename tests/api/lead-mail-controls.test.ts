import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../support/auth-flow";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Visitor text with control characters and bidi overrides, sent through the public forms, as the
 * lead's notification arrives in the runtime's own mail server (MailDev, read through its REST API):
 * neither the Subject nor the body carries any of them, raw or encoded.
 */
let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startRuntime();
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

interface Mail {
  id: string;
  subject: string;
  text: string;
}

/** NUL, an ESC colour sequence, DEL, C1 controls (NEL, CSI), and every bidi override and isolate. */
const HOSTILE = "\u0000\u001B[31m\u007F\u0085\u009B\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const tag = () => Math.random().toString(36).slice(2, 10);

async function mailAbout(marker: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${runtime.mailUrl}/api/email`)).json()) as Mail[];
    const found = mails.find((m) => m.subject.includes(marker));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail about ${marker}: ${JSON.stringify(mails.map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const source = async (id: string) => (await fetch(`${runtime.mailUrl}/api/email/${id}/source`)).text();

/** The Subject as sent, its RFC 2047 encoded words decoded (MailDev's parse would hide nothing, but check the wire). */
function rawSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header.replace(/\r?\n[ \t]/g, " ").replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_h, x: string) => String.fromCharCode(parseInt(x, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

describe("a lead's notification", () => {
  it("carries no control character or bidi override from an enquiry: not in the Subject, not in the body", async () => {
    const marker = tag();
    const res = await new Visitor(runtime.url).call("POST", "/api/contact", {
      body: {
        name: `Ada${HOSTILE} ${marker}`,
        email: "ada@example.com",
        company: `Engines${HOSTILE} & Co`,
        message: `Line one${HOSTILE}\n\tLine two`,
        inquiryType: "automation",
      },
    });
    expect(res.status, res.text).toBe(201);
    const mail = await mailAbout(marker);
    expect(mail.subject).toBe(`New enquiry from Ada[31m ${marker}`);
    const raw = await source(mail.id);
    expect(rawSubject(raw)).toBe(`New enquiry from Ada[31m ${marker}`);
    expect(mail.text).not.toMatch(CONTROLS);
    expect(mail.text).toContain(`Name: Ada[31m ${marker}`);
    expect(mail.text).toContain("Company: Engines[31m & Co");
    expect(mail.text).toContain("Message:\n  Line one[31m\n  \tLine two");
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    expect(raw).not.toMatch(/[\u0000\u001B\u007F]/);
  });

  it("carries none from a course registration either", async () => {
    const marker = tag();
    const res = await new Visitor(runtime.url).call("POST", "/api/course-registrations", {
      body: {
        name: `\u202EGrace${HOSTILE} ${marker}`,
        email: "grace@example.com",
        phone: "+1 555 0100",
        company: `Navy${HOSTILE}`,
        // The course must be one the site offers (a hostile one is a 400): its text is the server's own.
        course_interest: "Computer Vision in Practice",
        experience_level: "Beginner",
        preferred_start_date: "2027-01-11",
        additional_notes: `Evenings${HOSTILE}\r\nWeekends`,
      },
    });
    expect(res.status, res.text).toBe(201);
    const mail = await mailAbout(marker);
    expect(mail.subject).toBe(`New course registration from Grace[31m ${marker}`);
    expect(rawSubject(await source(mail.id))).toBe(`New course registration from Grace[31m ${marker}`);
    expect(mail.text).not.toMatch(CONTROLS);
    for (const line of ["Course: Computer Vision in Practice", "Company: Navy[31m", "Additional notes:\n  Evenings[31m\n  Weekends"]) expect(mail.text).toContain(line);
  });
});
