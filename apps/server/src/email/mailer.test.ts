import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "@leakwarden/test-support/takedown-test-network";
import { createLogger } from "../lib/logger";
import { createMailer } from "./mailer";

describe("mailer hand-over step", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    // A slow envelope: the message is ready long before the server asks for it.
    smtp = await startFakeSmtp(0, [], { acceptRecipientAfter: () => new Promise((resolve) => setTimeout(resolve, 300)) });
  });
  afterAll(() => smtp?.close());

  const mailer = () => createMailer({ smtpUrl: smtp.url, from: "Agent <agent@leakwarden.test>", outboxDir: path.join(os.tmpdir(), "unused-outbox") }, createLogger("silent"));
  const text = "A notice line that repeats.\n".repeat(40);

  it("runs while the server is taking the message, before the server has all of it", async () => {
    const seen: { receiving: number; received: number }[] = [];
    const sent = await mailer().send({
      to: "dmca@host.example",
      subject: "Notice",
      text,
      headers: { "Message-ID": "<notice-1@leakwarden.test>" },
      beforeHandOver: async () => {
        seen.push({ receiving: smtp.receiving(), received: smtp.received.length });
      },
    });
    expect(seen).toEqual([{ receiving: 1, received: 0 }]);
    expect(sent.messageId).toBe("<notice-1@leakwarden.test>");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.text).toBe(text);
  });

  it("abandons the message when the step fails: the server never accepts it", async () => {
    const before = smtp.received.length;
    await expect(
      mailer().send({ to: "dmca@host.example", subject: "Notice", text, beforeHandOver: () => Promise.reject(new Error("the database is gone")) }),
    ).rejects.toThrow(/the database is gone/);
    expect(smtp.received.length).toBe(before);
  });
});
