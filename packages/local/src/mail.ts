import { join } from "node:path";
import { deliverLeadMail } from "@agency/core/leads/lead-mail";
import { onMailDue, type MailDue } from "@agency/core/leads/outbox";
import { deliverNewsletterMail } from "@agency/core/newsletter/mail";
import { localTimers } from "./later";
import { freePort } from "./net";
import { startMailCatcher } from "./mail-catcher";

export interface LocalMail {
  smtpPort: number;
  /** The mail catcher's web inbox (and its REST API under /api). */
  inboxUrl: string;
  close(): Promise<void>;
}

/**
 * The local mail: the mail catcher (an SMTP server with a web inbox and a REST API) on loopback, its mails
 * kept under the data directory (the sender is startLocalMailSender). SMTP_PORT and MAIL_UI_PORT
 * choose the ports (defaults 1025 and 1080; free ones when the runtime itself takes a free port).
 * SMTP_HOST sends to another server instead, and LOCAL_MAIL=0 turns the local server off.
 */
export async function startLocalMail({ dataDir, ephemeralPorts }: { dataDir: string; ephemeralPorts: boolean }): Promise<LocalMail | undefined> {
  if (process.env.SMTP_HOST || process.env.LOCAL_MAIL === "0") return undefined;

  const port = async (name: string, fallback: number) => {
    const v = process.env[name];
    if (v && Number(v) > 0) return Number(v);
    return ephemeralPorts || v === "0" ? freePort() : fallback;
  };
  const smtpPort = await port("SMTP_PORT", 1025);
  const webPort = await port("MAIL_UI_PORT", 1080);
  const catcher = await startMailCatcher({ smtpPort, webPort, directory: join(dataDir, "mail") });
  process.env.SMTP_PORT = String(smtpPort);
  return {
    smtpPort,
    inboxUrl: `http://localhost:${webPort}`,
    close: () => catcher.close(),
  };
}

/**
 * The lead and newsletter mails: what the table's stream and the lead-mail queue drive in AWS
 * (packages/functions/src/lead-mail), driven here by timers running the same domain code
 * (leads/lead-mail.ts, newsletter/mail.ts): a mail due now as its record is stored, each retry
 * after its wait.
 */
export function startLocalMailSender() {
  const timers = localTimers(
    (due: MailDue) => (due.kind === "newsletter" ? deliverNewsletterMail(due.id) : deliverLeadMail(due.kind, due.id)),
    (due) => (due.kind === "newsletter" ? `Newsletter mail for ${due.id}` : `Lead mail for ${due.kind} ${due.id}`),
  );
  onMailDue(timers.schedule);
  return {
    close() {
      onMailDue(undefined);
      timers.close();
    },
  };
}
