import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../packages/local/src/mail-catcher";
import { db } from "../../packages/core/src/db/service";
import { startDynalite } from "../../packages/local/src/dynamo";
import { Visitor } from "../support/auth-flow";
import { mailbox, until } from "../support/mailbox";
import { freePort, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Lead notifications end to end: a runtime that sends to a mail server this test controls
 * (the local mail catcher, read through its REST API), so it can be down when a lead arrives and up again later.
 */
let database: Awaited<ReturnType<typeof startDynalite>>;
let runtime: RunningRuntime;
let smtpPort: number;
let webPort: number;
let mailServer: MailCatcher | undefined;
let admin: Visitor;

async function mailUp() {
  mailServer = await startMailCatcher({ smtpPort, webPort, directory: `${runtime.dataDir}/test-mail` });
}
async function mailDown() {
  await mailServer?.close();
  mailServer = undefined;
}

/** The test's own mail server's inbox (its port is chosen in beforeAll). */
const mails = () => mailbox(`http://127.0.0.1:${webPort}`);
const inbox = () => mails().inbox();
const source = (id: string) => mails().source(id);
const mailsFor = (leadId: string) => mails().mailsFor(leadId);

/**
 * Checks `bad` on every poll until `untilMs` (epoch ms) and fails the moment it holds: how a test
 * shows that something does not happen within the time it could have happened in.
 */
async function never<T>(what: string, get: () => Promise<T>, bad: (v: T) => boolean, untilMs: number) {
  for (;;) {
    const v = await get();
    if (bad(v)) throw new Error(`${what}: ${JSON.stringify(v)}`);
    if (Date.now() > untilMs) return;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const tag = () => Math.random().toString(36).slice(2, 10);

/** Short waits between attempts, so a lead's whole schedule (5 attempts) fits in about 2.5 s. */
const RETRY_MS = [600, 600, 600, 600];
/** When a delivery that started at `startedAt` (ISO) can make no further attempt. */
const scheduleOver = (startedAt: string) => Date.parse(startedAt) + RETRY_MS.reduce((a, b) => a + b, 0) + 1_000;

/** The sender's bookkeeping of a message as stored (hidden from the API): attempts, state, times. */
interface Bookkeeping {
  created_at: string;
  mail_status?: string;
  mail_attempts?: number;
  mail_sent_at?: string;
  mail_error?: string;
}
const bookkeeping = async (id: string): Promise<Bookkeeping | undefined> =>
  ((await db().contactSubmission.get({ id }).go({ data: "raw" })).data as unknown as { Item?: Bookkeeping }).Item;

/** The attempts the runtime logged as failed for one message, in order. */
const failedAttempts = (id: string) => [...runtime.output().matchAll(new RegExp(`Lead mail for message ${id}, attempt (\\d+), failed`, "g"))].map((m) => Number(m[1]));

async function sendEnquiry(name: string) {
  const visitor = new Visitor(runtime.url);
  const res = await visitor.call("POST", "/api/contact", {
    body: { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com`, company: "Engines & Co", message: "Line one <b>bold</b>\nLine two", inquiryType: "automation" },
  });
  expect(res.status, res.text).toBe(201);
  const list = await admin.call("GET", `/api/admin/contact-submissions?q=${encodeURIComponent(name)}`);
  return (list.json as { id: string }[])[0]!.id;
}

const messageOf = async (id: string) =>
  ((await admin.call("GET", "/api/admin/contact-submissions?limit=100")).json as { id: string; mail_status?: string }[]).find((m) => m.id === id);

const savedEnv = { DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: process.env.TABLE_NAME };

beforeAll(async () => {
  smtpPort = await freePort();
  webPort = await freePort();
  // The runtime's table lives in a database this test started, so it can read what the sender stored.
  database = await startDynalite();
  const env = { DYNAMODB_ENDPOINT: database.endpoint, TABLE_NAME: "lead-mail-tests" };
  Object.assign(process.env, env);
  // SMTP_HOST: the runtime sends to this test's server instead of starting its own.
  runtime = await startRuntime({ env: { ...env, SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtpPort), LEAD_MAIL_RETRY_MS: RETRY_MS.join(",") } });
  await mailUp();
  admin = new Visitor(runtime.url);
  expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await mailDown();
  await runtime?.stop();
  await database?.close();
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe("lead notifications", () => {
  it("announce a new enquiry in plain text to contact_email, with Reply-To the visitor, every field and a link to it", async () => {
    const name = `Ada ${tag()}`;
    const id = await sendEnquiry(name);
    const [mail] = await until(
      "the enquiry's mail",
      () => mailsFor(id),
      (m) => m.length === 1,
    );
    expect(mail!.subject).toBe(`New enquiry from ${name}`);
    expect(mail!.to.map((t) => t.address)).toEqual(["hello@arcline.ai"]);
    const raw = await source(mail!.id);
    expect(raw).toMatch(/^Reply-To: ada@example\.com$/im);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
    expect(raw).not.toMatch(/text\/html/i);
    expect(mail!.text).toContain(`Name: ${name}`);
    expect(mail!.text).toContain("Company: Engines & Co");
    expect(mail!.text).toContain("Inquiry type: automation");
    // Visitor text stays text: the tag is shown, never rendered.
    expect(mail!.text).toContain("Message:\n  Line one <b>bold</b>\n  Line two");
    expect(mail!.text).toContain(`${runtime.url}/admin/messages?open=${id}`);
    expect((await messageOf(id))?.mail_status).toBe("sent");
  });

  it("announce a course registration to every address of notification_emails", async () => {
    const settings = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; version: number }[];
    const setting = settings.find((s) => s.key === "notification_emails")!;
    const refused = await admin.call("PUT", "/api/admin/site-settings/notification_emails", { body: { value: "sales@example.com, nope", version: setting.version } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ fields: { value: "Not an email address: nope" } });
    const saved = await admin.call("PUT", "/api/admin/site-settings/notification_emails", { body: { value: "sales@example.com, ops@example.com", version: setting.version } });
    expect(saved.status, saved.text).toBe(200);
    try {
      const name = `Grace ${tag()}`;
      const visitor = new Visitor(runtime.url);
      const res = await visitor.call("POST", "/api/course-registrations", {
        body: {
          name,
          email: "grace@example.com",
          phone: "+1 555 0100",
          company: "Navy",
          course_interest: "AI Automation with Python",
          experience_level: "Beginner",
          preferred_start_date: "2027-01-11",
          additional_notes: "Evenings",
        },
      });
      expect(res.status, res.text).toBe(201);
      const mails = await until(
        "the registration's mail",
        async () => (await inbox()).filter((m) => m.subject === `New course registration from ${name}`),
        (m) => m.length === 1,
      );
      expect(mails[0]!.to.map((t) => t.address)).toEqual(["sales@example.com", "ops@example.com"]);
      for (const line of ["Phone: +1 555 0100", "Course: AI Automation with Python", "Experience: Beginner", "Preferred start date: 2027-01-11", "Additional notes: Evenings"]) {
        expect(mails[0]!.text).toContain(line);
      }
      expect(mails[0]!.text).toMatch(new RegExp(`${runtime.url}/admin/registrations\\?open=`));
    } finally {
      await admin.call("PUT", "/api/admin/site-settings/notification_emails", { body: { value: "", version: (saved.json as { version: number }).version } });
    }
  });

  it("are retried while the mail server is down and arrive once it is back, once", async () => {
    await mailDown();
    const id = await sendEnquiry(`Alan ${tag()}`);
    // The visitor was answered at once; the first attempt fails (nobody listens) and is counted.
    const down = await until(
      "the first failed attempt",
      () => bookkeeping(id),
      (b) => (b?.mail_attempts ?? 0) >= 1,
    );
    expect(down?.mail_status).toBe("sending");
    await mailUp();
    await until(
      "the retried mail",
      () => mailsFor(id),
      (m) => m.length >= 1,
    );
    const sent = (await until(
      "the sent state",
      () => bookkeeping(id),
      (b) => b?.mail_status === "sent",
    ))!;
    // A later attempt delivered it: every attempt before it failed (and was logged), and it came
    // at least one wait of the schedule after the first.
    expect(sent.mail_attempts).toBeGreaterThanOrEqual(2);
    expect(sent.mail_attempts).toBeLessThanOrEqual(RETRY_MS.length + 1);
    expect(failedAttempts(id)).toEqual(Array.from({ length: sent.mail_attempts! - 1 }, (_, i) => i + 1));
    expect(Date.parse(sent.mail_sent_at!) - Date.parse(sent.created_at)).toBeGreaterThanOrEqual(RETRY_MS[0]!);
    expect((await messageOf(id))?.mail_status).toBe("sent");
    // Once: no second mail for as long as the schedule could still have sent one.
    await never(
      "a second mail (mails for the lead)",
      async () => (await mailsFor(id)).length,
      (n) => n > 1,
      scheduleOver(sent.created_at),
    );
    expect(await mailsFor(id)).toHaveLength(1);
  });

  it("that fail for good show as failed, and Resend sends them once", async () => {
    await mailDown();
    const id = await sendEnquiry(`Edsger ${tag()}`);
    const failed = await until(
      "the failed state",
      () => messageOf(id),
      (m) => m?.mail_status === "failed",
    );
    expect(failed).toMatchObject({ mail_status: "failed" });
    // Every attempt of the schedule was made, and failed.
    const gaveUp = (await bookkeeping(id))!;
    expect(gaveUp).toMatchObject({ mail_status: "failed", mail_attempts: RETRY_MS.length + 1, mail_error: expect.stringMatching(/\S/) });
    expect(failedAttempts(id)).toEqual([1, 2, 3, 4, 5]);
    await mailUp();
    // Only a signed-in admin may resend, and only a failed notification.
    expect((await new Visitor(runtime.url).call("POST", `/api/admin/contact-submissions/${id}/resend-notification`, { body: {} })).status).toBe(401);
    const [first, second] = await Promise.all([
      admin.call("POST", `/api/admin/contact-submissions/${id}/resend-notification`, { body: {} }),
      admin.call("POST", `/api/admin/contact-submissions/${id}/resend-notification`, { body: {} }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const resentAt = new Date().toISOString();
    await until(
      "the resent mail",
      () => mailsFor(id),
      (m) => m.length >= 1,
    );
    await until(
      "the sent state",
      () => messageOf(id),
      (m) => m?.mail_status === "sent",
    );
    // The resend is a delivery of its own: its first attempt went through.
    expect(await bookkeeping(id)).toMatchObject({ mail_status: "sent", mail_attempts: 1 });
    expect((await admin.call("POST", `/api/admin/contact-submissions/${id}/resend-notification`, { body: {} })).status).toBe(409);
    expect((await admin.call("POST", "/api/admin/contact-submissions/no-such-id/resend-notification", { body: {} })).status).toBe(404);
    await never(
      "a second mail (mails for the lead)",
      async () => (await mailsFor(id)).length,
      (n) => n > 1,
      scheduleOver(resentAt),
    );
    expect(await mailsFor(id)).toHaveLength(1);
  });
});
