import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline, Transform, type Readable } from "node:stream";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { Logger } from "../lib/logger";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /**
   * Runs once the mail server is receiving the message and before it is ended (SMTP's closing
   * "."): a server that never got the end discards what it had, so a sender that records here
   * that the message was handed over knows, after a crash, which messages the server may have.
   * A rejection abandons the message before the server can accept it.
   */
  beforeHandOver?: () => Promise<void>;
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

/** Where a message's hand-over step travels from send() to the transport's stream step (nodemailer copies the options). */
const HAND_OVER = "leakwardenBeforeHandOver";

/**
 * The message's last stage: it passes the message on only as the transport reads it (nothing is
 * buffered past it), and before it ends it runs the hand-over step. So the step runs while the
 * server is taking the message's last bytes, and the closing "." goes only after it resolves.
 */
function handOverLast(input: Readable, step: () => Promise<void>): Readable {
  const last = new Transform({
    readableHighWaterMark: 0,
    transform: (chunk: Buffer, _encoding, done) => done(null, chunk),
    flush: (done) => void step().then(() => done(), (error: unknown) => done(error instanceof Error ? error : new Error(String(error)))),
  });
  return pipeline(input, last, () => {});
}

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in the outbox and
 * its links are logged, so that an account can be confirmed with nothing else installed.
 */
export function createMailer(settings: { smtpUrl?: string | undefined; from: string; replyTo?: string | undefined; outboxDir: string }, logger: Logger): Mailer {
  // SMTP, or a stream transport whose message comes back as a Buffer for the outbox file.
  const smtp = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const handOverStep: Mail.PluginFunction = (mail, done) => {
    const step: unknown = Reflect.get(mail.data, HAND_OVER);
    if (typeof step === "function") mail.message.processFunc((input) => handOverLast(input, () => Promise.resolve(step())));
    done();
  };
  smtp?.use("stream", handOverStep);
  outbox.use("stream", handOverStep);

  return {
    async send(email) {
      const options: Mail.Options & { [HAND_OVER]?: () => Promise<void> } = {
        from: settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.replyTo ?? settings.replyTo ? { replyTo: email.replyTo ?? settings.replyTo } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        ...(email.beforeHandOver ? { [HAND_OVER]: email.beforeHandOver } : {}),
      };
      if (smtp) {
        const messageId = String((await smtp.sendMail(options)).messageId);
        logger.info({ to: email.to, subject: email.subject, messageId }, "email sent");
        return { messageId };
      }
      const info = await outbox.sendMail(options);
      const messageId = String(info.messageId);
      if (!Buffer.isBuffer(info.message)) throw new Error("the outbox transport gave no message to write");
      await fs.mkdir(settings.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(settings.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message);
      logger.info({ to: email.to, subject: email.subject, file, links: email.text.match(linkPattern) ?? [] }, "email written to outbox");
      return { messageId, file };
    },
  };
}
