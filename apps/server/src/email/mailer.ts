import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../lib/logger";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface SentEmail {
  messageId: string;
  /** The .eml file when written to the outbox. */
  file?: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<SentEmail>;
}

const linkPattern = /https?:\/\/[^\s<>"')]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in the outbox and
 * its links are logged, so that an account can be confirmed with nothing else installed.
 */
export function createMailer(settings: { smtpUrl?: string | undefined; from: string; replyTo?: string | undefined; outboxDir: string }, logger: Logger): Mailer {
  const transport: Transporter = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(email) {
      const info = await transport.sendMail({
        from: settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.replyTo ?? settings.replyTo ? { replyTo: email.replyTo ?? settings.replyTo } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
      });
      const messageId = String(info.messageId);
      if (settings.smtpUrl) {
        logger.info({ to: email.to, subject: email.subject, messageId }, "email sent");
        return { messageId };
      }
      await fs.mkdir(settings.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(settings.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      logger.info({ to: email.to, subject: email.subject, file, links: email.text.match(linkPattern) ?? [] }, "email written to outbox");
      return { messageId, file };
    },
  };
}
