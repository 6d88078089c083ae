import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Logger } from "../../lib/logger";
import { authenticateReply, type MailDnsResolver, type ReplyAuthentication } from "./reply-authentication";

/**
 * Replies to notices arrive here: an SMTP listener the operator's MX forwards the agent's reply
 * address to (decision 012). It takes mail for the configured addresses only, bounds each
 * message's size, parses it with mailparser, checks who sent it (DKIM, SPF, DMARC with mailauth)
 * and hands the parts a takedown needs to `onReply`.
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
  /** What the message's DKIM, SPF and DMARC prove about its From address. */
  authentication: ReplyAuthentication;
}

export interface ReplyListenerOptions {
  host: string;
  port: number;
  /** The addresses replies come to (the agent's Reply-To); others are refused at RCPT. */
  recipients: string[];
  maxBytes: number;
  /** DNS for the DKIM keys, SPF and DMARC records: the service's DNS setting. */
  resolver: MailDnsResolver;
  /** Our host name, as Authentication-Results names the receiving server. */
  mta?: string;
  logger: Logger;
  onReply(reply: InboundReply): Promise<void>;
}

export interface ReplyListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The longest physical header line taken. RFC 5322 allows 998 characters; folded headers (long
 * DKIM signatures, long recipient lists) are many short lines, so a line past this is no real mail.
 */
const MAX_HEADER_LINE = 64 * 1024;

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
    onData(stream, session, callback) {
      // The whole message is kept (bounded): DKIM is checked over its bytes, mailparser reads the same bytes.
      const chunks: Buffer[] = [];
      let size = 0;
      // Bytes since the last line break while still in the header, and whether the header is over.
      let lineLength = 0;
      let inHeader = true;
      let lastByte = -1;
      let refused = false;
      /**
       * Answers at once and hangs up: the library only replies once the message has ended, and a
       * sender streaming megabytes (or one endless line) would otherwise wait for the socket timeout.
       */
      const refuse = (code: number, message: string) => {
        refused = true;
        chunks.length = 0;
        stream.removeAllListeners("data");
        stream.resume();
        const connection = [...server.connections].find((c) => c.id === session.id);
        options.logger.info({ code, bytes: size }, "a reply was refused while it arrived");
        if (connection) {
          connection.send(code, message);
          connection.close();
        } else {
          callback(Object.assign(new Error(message), { responseCode: code }));
        }
      };
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          refuse(552, "5.3.4 The message is larger than this server takes.");
          return;
        }
        if (inHeader) {
          // Only line lengths are tracked, byte by byte over the chunk: nothing is searched twice.
          for (let i = 0; i < chunk.length; i++) {
            const byte = chunk[i]!;
            if (byte === 0x0a) {
              // An empty line (CRLF or LF alone) ends the header.
              if (lineLength === 0 || (lineLength === 1 && lastByte === 0x0d)) {
                inHeader = false;
                break;
              }
              lineLength = 0;
            } else {
              lineLength++;
            }
            lastByte = byte;
          }
          if (inHeader && lineLength > MAX_HEADER_LINE) {
            refuse(554, "5.6.0 A header line of the message is longer than this server takes.");
            return;
          }
        }
        chunks.push(chunk);
      });
      stream.on("error", () => undefined);
      stream.on("end", () => {
        if (refused) return;
        if (stream.sizeExceeded || size > options.maxBytes) {
          callback(Object.assign(new Error("5.3.4 message too big"), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelope = { ip: session.remoteAddress, helo: session.hostNameAppearsAs || session.remoteAddress, mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "" };
        Promise.all([
          simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: options.maxBytes }),
          authenticateReply(raw, envelope, { resolver: options.resolver, mta: options.mta ?? "leakwarden-replies" }),
        ])
          .then(async ([mail, authentication]) => {
            if (authentication.temporary) {
              // A DNS failure left the sender unproven: asked again later, it may be proven.
              callback(Object.assign(new Error("4.7.0 the sender could not be checked now"), { responseCode: 451 }));
              return;
            }
            const headers = mail.headers;
            await options.onReply({
              messageId: mail.messageId ?? "",
              from: authentication.from ?? mail.from?.value[0]?.address ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              inReplyTo: mail.inReplyTo ?? "",
              references: Array.isArray(mail.references) ? mail.references.join(" ") : (mail.references ?? ""),
              autoSubmitted: headerText(headers.get("auto-submitted")),
              xAutoreply: [headers.get("x-autoreply"), headers.get("x-autorespond"), headers.get("x-autoresponder"), headers.get("x-autogenerated")].map(headerText).join(" ").trim(),
              precedence: headerText(headers.get("precedence")),
              authentication,
            });
            callback();
          })
          .catch((error: unknown) => {
            options.logger.warn({ err: error }, "a reply could not be read");
            // Tell the sender to try again later: our side failed, the message may be fine.
            callback(Object.assign(new Error("4.3.0 could not take the message now"), { responseCode: 451 }));
          });
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
