import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "./mail-catcher";
import { freePort } from "./net";

let catcher: MailCatcher | undefined;
afterEach(async () => {
  await catcher?.close();
  catcher = undefined;
});

async function start(directory: string) {
  catcher = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort(), directory });
  return catcher;
}
const send = (c: MailCatcher, subject: string, text: string) =>
  nodemailer.createTransport({ host: "127.0.0.1", port: c.smtpPort, secure: false, ignoreTLS: true }).sendMail({
    from: "Site <notifications@localhost>",
    to: "owner@example.com, ops@example.com",
    replyTo: "ada@example.com",
    subject,
    text,
    messageId: "<lead-1@localhost>",
  });
const api = (c: MailCatcher, path = "") => `http://127.0.0.1:${c.webPort}/api/email${path}`;

describe("the local mail catcher", () => {
  it("keeps each mail it is sent and answers it through the REST API, with its source", async () => {
    const c = await start(mkdtempSync(join(tmpdir(), "mail-")));
    await send(c, "New enquiry from Ada", "Name: Ada\nMessage: hi");
    const mails = (await (await fetch(api(c))).json()) as CaughtMail[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: "New enquiry from Ada",
      to: [{ address: "owner@example.com" }, { address: "ops@example.com" }],
      replyTo: [{ address: "ada@example.com" }],
      headers: { "message-id": "<lead-1@localhost>" },
    });
    expect(mails[0]!.text).toContain("Message: hi");
    expect(await (await fetch(api(c, `/${mails[0]!.id}`))).json()).toEqual(mails[0]);
    expect(await (await fetch(api(c, `/${mails[0]!.id}/source`))).text()).toMatch(/^Subject: New enquiry from Ada$/m);
    expect((await fetch(api(c, "/nope"))).status).toBe(404);
  });

  it("keeps mails across a restart, and deletes one or all", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mail-"));
    let c = await start(dir);
    await send(c, "first", "one");
    await send(c, "second", "two");
    await c.close();
    c = await start(dir);
    const mails = (await (await fetch(api(c))).json()) as CaughtMail[];
    expect(mails.map((m) => m.subject)).toEqual(["first", "second"]);
    expect((await fetch(api(c, `/${mails[0]!.id}`), { method: "DELETE" })).status).toBe(200);
    await c.close();
    c = await start(dir);
    expect(((await (await fetch(api(c))).json()) as CaughtMail[]).map((m) => m.subject)).toEqual(["second"]);
    expect((await fetch(api(c, "/all"), { method: "DELETE" })).status).toBe(200);
    expect(await (await fetch(api(c))).json()).toEqual([]);
  });

  it("shows visitor text in its web inbox as text, never as markup", async () => {
    const c = await start(mkdtempSync(join(tmpdir(), "mail-")));
    await send(c, "<img src=x onerror=alert(1)>", "<script>alert(2)</script>");
    const res = await fetch(`http://127.0.0.1:${c.webPort}/`);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain("1 mail caught");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&#60;script&#62;alert(2)&#60;/script&#62;");
  });
});
