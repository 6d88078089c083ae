import net from "node:net";
import fc from "fast-check";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { startReplyListener, type InboundReply, type ReplyListener } from "./reply-listener";

/**
 * The listener over a real SMTP connection: a sender of an over-long header line or an
 * over-size message is answered with a permanent error at once and hung up on, without the
 * end of its message (so an answer only at the end, or at the socket timeout, fails the test).
 */

const notFound = async (): Promise<never> => {
  throw Object.assign(new Error("no such record"), { code: "ENOTFOUND" });
};

/** A raw SMTP client: each reply line as it comes, and whether the server hung up. */
function rawClient(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let buffered = "";
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const wake = () => waiters.splice(0).forEach((w) => w());
  socket.on("data", (data: Buffer) => {
    buffered += data.toString("latin1");
    let at = buffered.indexOf("\r\n");
    while (at >= 0) {
      lines.push(buffered.slice(0, at));
      buffered = buffered.slice(at + 2);
      at = buffered.indexOf("\r\n");
    }
    wake();
  });
  // The server may hang up while this side still writes: that is the point.
  socket.on("error", () => undefined);
  socket.on("close", () => {
    ended = true;
    wake();
  });
  /** The next reply (its final line) after `seen` lines. */
  const reply = async (seen: number): Promise<string | null> => {
    for (;;) {
      const final = lines.slice(seen).find((l) => /^\d{3} /.test(l));
      if (final) return final;
      if (ended) return null;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const command = async (line: string) => {
    const seen = lines.length;
    socket.write(`${line}\r\n`);
    return reply(seen);
  };
  const closed = async () => {
    while (!ended) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { socket, lines, reply, command, closed };
}

describe("the reply listener under hostile senders", { timeout: 20_000 }, () => {
  let listener: ReplyListener;
  const received: InboundReply[] = [];
  const maxBytes = 2_000_000;

  beforeAll(async () => {
    listener = await startReplyListener({
      host: "127.0.0.1",
      port: 0,
      recipients: ["agent-replies@leakwarden.test"],
      maxBytes,
      resolver: notFound,
      logger: createLogger("silent"),
      onReply: async (reply) => void received.push(reply),
    });
  });
  afterAll(async () => {
    await listener?.close();
  });

  /** Opens a transaction up to the 354 that invites the message. */
  const openTransaction = async () => {
    const client = rawClient(listener.port);
    expect(await client.reply(0)).toMatch(/^220 /);
    expect(await client.command("EHLO sender.example")).toMatch(/^250 /);
    expect(await client.command("MAIL FROM:<abuse@tubenet.example>")).toMatch(/^250 /);
    expect(await client.command("RCPT TO:<agent-replies@leakwarden.test>")).toMatch(/^250 /);
    expect(await client.command("DATA")).toMatch(/^354 /);
    return client;
  };

  const sendsNormalReply = async () => {
    const before = received.length;
    await nodemailer
      .createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true })
      .sendMail({ from: "Abuse Desk <abuse@tubenet.example>", to: "agent-replies@leakwarden.test", subject: "Re: your notice", text: "The page has been removed." });
    expect(received.slice(before).map((r) => [r.subject, r.text.trim()])).toEqual([["Re: your notice", "The page has been removed."]]);
  };

  it("refuses a header line of over 2 MB with a permanent error and hangs up, before the line ends", async () => {
    const client = await openTransaction();
    const seen = client.lines.length;
    client.socket.write("From: abuse@tubenet.example\r\nSubject: ");
    // 2.5 MB of one line, never ended: only an answer given while it arrives reaches this side.
    const piece = "x".repeat(64 * 1024);
    for (let i = 0; i < 40 && !client.socket.destroyed; i++) client.socket.write(piece);
    const answer = await client.reply(seen);
    expect(answer).toMatch(/^5\d\d /);
    await client.closed();
    await sendsNormalReply();
  });

  it("refuses a long header line under the size limit at once too", async () => {
    const client = await openTransaction();
    const seen = client.lines.length;
    client.socket.write(`From: abuse@tubenet.example\r\nX-Padding: ${"y".repeat(300 * 1024)}`);
    expect(await client.reply(seen)).toMatch(/^554 /);
    await client.closed();
    await sendsNormalReply();
  });

  it("refuses a message over the size limit at once, while its body still arrives", async () => {
    const client = await openTransaction();
    const seen = client.lines.length;
    client.socket.write("From: abuse@tubenet.example\r\nSubject: big\r\n\r\n");
    const line = `${"z".repeat(998)}\r\n`.repeat(64);
    for (let i = 0; i < 40 && !client.socket.destroyed; i++) client.socket.write(line);
    expect(await client.reply(seen)).toMatch(/^552 /);
    await client.closed();
    await sendsNormalReply();
  });

  it("answers every generated over-long header line, cut into any chunks, with a permanent error before it ends", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("Subject", "From", "References", "In-Reply-To", "DKIM-Signature", "X-Anything"),
        fc.integer({ min: 65 * 1024, max: 3 * 1024 * 1024 }),
        fc.integer({ min: 1024, max: 256 * 1024 }),
        fc.boolean(),
        async (name, length, chunk, headerFirst) => {
          const client = await openTransaction();
          const seen = client.lines.length;
          if (headerFirst) client.socket.write("From: abuse@tubenet.example\r\n");
          client.socket.write(`${name}: `);
          for (let sent = 0; sent < length && !client.socket.destroyed; sent += chunk) client.socket.write("a".repeat(Math.min(chunk, length - sent)));
          expect(await client.reply(seen)).toMatch(/^5\d\d /);
          await client.closed();
        },
      ),
      { numRuns: 6 },
    );
    await sendsNormalReply();
  });

  it("takes a message with long folded header lines, each line short", async () => {
    const before = received.length;
    const folded = Array.from({ length: 200 }, (_, i) => `word${i}`.padEnd(900, "w")).join("\r\n ");
    await nodemailer
      .createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: "abuse@tubenet.example", to: ["agent-replies@leakwarden.test"] }, raw: `From: abuse@tubenet.example\r\nTo: agent-replies@leakwarden.test\r\nSubject: Re: folded\r\nX-Long: ${folded}\r\n\r\nRemoved.\r\n` });
    expect(received.slice(before).map((r) => r.subject)).toEqual(["Re: folded"]);
  });
});
