import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Logger } from "../../lib/logger";

/**
 * Replies to notices arrive here: an SMTP listener the operator's MX forwards the agent's reply
 * address to (decision 012). It takes mail for the configured addresses only, bounds each
 * message's size, parses it with mailparser and hands the parts a takedown needs to `onReply`.
 */

export interface InboundReply {
  messageId: string;
  from: string;
  subject: string;
  text: string;
  inReplyTo: string;
  references: string;
  autoSubmitted: string;
  xAutoreply: string;
  precedence: string;
}

export interface ReplyListenerOptions {
  host: string;
  port: number;
  /** The addresses replies come to (the agent's Reply-To); others are refused at RCPT. */
  recipients: string[];
  maxBytes: number;
  logger: Logger;
  onReply(reply: InboundReply): Promise<void>;
}

export interface ReplyListener {
  port: number;
  close(): Promise<void>;
}

const headerText = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === "string").join(" ");
  if (value && typeof value === "object" && "text" in value && typeof (value as { text: unknown }).text === "string") return (value as { text: string }).text;
  return "";
};

export async function startReplyListener(options: ReplyListenerOptions): Promise<ReplyListener> {
  const accepted = new Set(options.recipients.map((r) => r.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    size: options.maxBytes,
    banner: "Leakwarden replies",
    onRcptTo(address, _session, callback) {
      if (accepted.has(address.address.toLowerCase())) callback();
      else callback(Object.assign(new Error("5.1.1 no such mailbox here"), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream, { skipHtmlToText: false, skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: options.maxBytes })
        .then(async (mail) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error("5.3.4 message too big"), { responseCode: 552 }));
            return;
          }
          const headers = mail.headers;
          await options.onReply({
            messageId: mail.messageId ?? "",
            from: mail.from?.value[0]?.address ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            inReplyTo: mail.inReplyTo ?? "",
            references: Array.isArray(mail.references) ? mail.references.join(" ") : (mail.references ?? ""),
            autoSubmitted: headerText(headers.get("auto-submitted")),
            xAutoreply: headerText(headers.get("x-autoreply")) || headerText(headers.get("x-autorespond")),
            precedence: headerText(headers.get("precedence")),
          });
          callback();
        })
        .catch((error: unknown) => {
          options.logger.warn({ err: error }, "a reply could not be read");
          // Tell the sender to try again later: our side failed, the message may be fine.
          callback(Object.assign(new Error("4.3.0 could not take the message now"), { responseCode: 451 }));
        });
    },
  });
  server.on("error", (error) => options.logger.warn({ err: error }, "reply listener error"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
