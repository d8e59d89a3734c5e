import { join } from "node:path";
import { deliverLeadMail } from "@agency/core/leads/lead-mail";
import { onLeadStored } from "@agency/core/leads/outbox";
import { deliverNewsletterMail } from "@agency/core/newsletter/mail";
import { onNewsletterMailDue } from "@agency/core/newsletter/outbox";
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
 * kept under the data directory, and the lead notifications the stream drives in AWS driven here
 * by the same domain code (leads/lead-mail.ts) as each lead is stored. SMTP_PORT and MAIL_UI_PORT
 * choose the ports (defaults 1025 and 1080; free ones when the runtime itself takes a free port).
 * SMTP_HOST sends to another server instead, and LOCAL_MAIL=0 turns the local server off.
 */
export async function startLocalMail({ dataDir, ephemeralPorts }: { dataDir: string; ephemeralPorts: boolean }): Promise<LocalMail | undefined> {
  onLeadStored((kind, id) => {
    // The visitor's request never waits for the mail (nor fails with it).
    void deliverLeadMail(kind, id).catch((err: unknown) => console.error(`Lead mail for ${kind} ${id} could not be handled:`, err));
  });
  onNewsletterMailDue((id) => {
    void deliverNewsletterMail(id).catch((err: unknown) => console.error(`Newsletter mail for ${id} could not be handled:`, err));
  });
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
