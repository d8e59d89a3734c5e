import nodemailer from "nodemailer";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { config } from "../config";

/** One mail announcing a lead, as composed by lead-mail.ts: plain text only. */
export interface LeadMail {
  to: string[];
  /** Absent: replies go to the sender. */
  replyTo?: string;
  subject: string;
  text: string;
  /** The same for every attempt of one lead: the mail server (and a reader) can tell repeats apart. */
  messageId: string;
  /** Further headers (a newsletter mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: LeadMail): Promise<void>;
}

/** MAIL_FROM, else notifications@ the site's host (in AWS it must be an SES-verified identity). */
export const mailFrom = () => process.env.MAIL_FROM?.trim() || `Arcline AI <notifications@${new URL(config.publicUrl).hostname || "localhost"}>`;

/**
 * nodemailer over SMTP when SMTP_HOST or SMTP_PORT is set (the local runtime's mail catcher, or any
 * server), else SES v2 with the function's own role. Plain text only: visitor text is never HTML.
 */
export function mailTransport(): MailTransport {
  const smtpPort = process.env.SMTP_PORT;
  const smtpHost = process.env.SMTP_HOST;
  const transporter =
    smtpPort || smtpHost
      ? nodemailer.createTransport({
          host: smtpHost || "127.0.0.1",
          port: Number(smtpPort || 25),
          secure: false,
          ignoreTLS: !process.env.SMTP_USER,
          ...(process.env.SMTP_USER ? { auth: { user: process.env.SMTP_USER, pass: process.env.SMTP_PASS ?? "" } } : {}),
          connectionTimeout: 5_000,
          greetingTimeout: 5_000,
          socketTimeout: 10_000,
        })
      : nodemailer.createTransport({ SES: { sesClient: new SESv2Client({ region: config.region }), SendEmailCommand } });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mailFrom(),
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}
