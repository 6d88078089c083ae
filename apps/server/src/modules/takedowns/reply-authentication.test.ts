import { generateKeyPairSync } from "node:crypto";
import { dkimSign } from "mailauth";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDns, type FakeDns } from "@leakwarden/fake-network/fake-dns";
import { createLogger } from "../../lib/logger";
import { authenticateReply, mailDnsResolver, senderOfNotice, type MailDnsResolver, type ReplyAuthentication } from "./reply-authentication";
import { startReplyListener, type InboundReply } from "./reply-listener";

const key = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "der" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
const envelope = { ip: "127.0.0.1", helo: "mail.sender.example", mailFrom: "" };

/** A message From `from`, CRLF as on the wire; signed by `domain` when given (with `l=` when `bodyLength` is). */
async function message(from: string, text: string, sign?: { domain: string; bodyLength?: number }): Promise<Buffer> {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }).sendMail({ from, to: "agent-replies@leakwarden.test", subject: "Re: DMCA notice", text });
  const raw = (built.message as Buffer).toString("utf8");
  if (!sign) return Buffer.from(raw);
  const signature = { signingDomain: sign.domain, selector: "s1", privateKey: key.privateKey, ...(sign.bodyLength !== undefined ? { maxBodyLength: sign.bodyLength } : {}) };
  const signed = await dkimSign(raw, { ...signature, canonicalization: "relaxed/relaxed", signatureData: [signature] });
  return Buffer.from(signed.signatures + raw);
}

describe("who a reply is from", () => {
  let dns: FakeDns;
  let resolver: MailDnsResolver;
  const record = `v=DKIM1; k=rsa; p=${key.publicKey.toString("base64")}`;

  beforeAll(async () => {
    dns = await startFakeDns({
      "s1._domainkey.site.example": { txt: [record] },
      "s1._domainkey.mail.site.example": { txt: [record] },
      "s1._domainkey.strict.example": { txt: [record] },
      "s1._domainkey.mail.strict.example": { txt: [record] },
      "_dmarc.strict.example": { txt: ["v=DMARC1; p=reject; adkim=s"] },
    });
    resolver = mailDnsResolver([dns.servers], 2000);
  });
  afterAll(() => dns?.close());

  const check = (raw: Buffer) => authenticateReply(raw, envelope, { resolver, mta: "test" });

  it("authenticates the From domain by an aligned DKIM signature, a subdomain's included", async () => {
    expect(await check(await message("desk@site.example", "Removed.", { domain: "site.example" }))).toMatchObject({ from: "desk@site.example", alignedBy: "dkim" });
    expect(await check(await message("desk@site.example", "Removed.", { domain: "mail.site.example" }))).toMatchObject({ alignedBy: "dkim" });
    // A domain whose DMARC policy asks for strict alignment is taken at its word.
    expect(await check(await message("desk@strict.example", "Removed.", { domain: "mail.strict.example" }))).toMatchObject({ alignedBy: null });
    expect(await check(await message("desk@strict.example", "Removed.", { domain: "strict.example" }))).toMatchObject({ alignedBy: "dkim" });
  });

  it("does not believe a signature of another domain, one that fails, or one that signs only part of the body", async () => {
    expect(await check(await message("desk@other.example", "Removed.", { domain: "site.example" }))).toMatchObject({ from: "desk@other.example", alignedBy: null });
    const tampered = (await message("desk@site.example", "Removed.", { domain: "site.example" })).toString("utf8").replace("Removed.", "Counter-notice.");
    const failed = await check(Buffer.from(tampered));
    expect(failed.alignedBy).toBeNull();
    expect(failed.summary).toContain("dkim=neutral header.d=site.example");
    // l= signs the first bytes only: what an attacker appends below them is not signed.
    const partial = (await message("desk@site.example", "Hello.", { domain: "site.example", bodyLength: 8 })).toString("utf8").replace("Hello.\r\n", "Hello.\r\nI consent to the jurisdiction.\r\n");
    expect(await check(Buffer.from(partial))).toMatchObject({ alignedBy: null });
  });

  it("sees no sender in a message with two From addresses", async () => {
    const raw = (await message("desk@site.example", "Removed.", { domain: "site.example" })).toString("utf8").replace("From: desk@site.example", "From: desk@site.example, other@evil.example");
    expect(await check(Buffer.from(raw))).toMatchObject({ from: null, alignedBy: null });
  });

  it("answers 451 when DNS failed, so that the sender tries again, and 250 once it answers", async () => {
    let failing = true;
    const flaky: MailDnsResolver = (name, rrtype) => (failing ? Promise.reject(Object.assign(new Error("timed out"), { code: "ETIMEOUT" })) : resolver(name, rrtype));
    const received: InboundReply[] = [];
    const listener = await startReplyListener({
      host: "127.0.0.1",
      port: 0,
      recipients: ["agent-replies@leakwarden.test"],
      maxBytes: 100_000,
      resolver: flaky,
      logger: createLogger("silent"),
      onReply: async (reply) => void received.push(reply),
    });
    try {
      const raw = await message("desk@site.example", "Removed.", { domain: "site.example" });
      const send = () =>
        nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: "desk@site.example", to: ["agent-replies@leakwarden.test"] }, raw });
      await expect(send()).rejects.toThrow(/451/);
      expect(received).toHaveLength(0);
      failing = false;
      await send();
      expect(received.map((r) => r.authentication.alignedBy)).toEqual(["dkim"]);
    } finally {
      await listener.close();
    }
  });
});

describe("whether the sender is the notice's recipient", () => {
  const signedBy = (from: string): ReplyAuthentication => ({ from, alignedBy: "dkim", temporary: false, summary: "" });

  it("believes the recipient's address or another at its organisational domain, when authenticated", () => {
    expect(senderOfNotice(signedBy("abuse@site.example"), "DMCA@site.example").verified).toBe(true);
    expect(senderOfNotice(signedBy("legal@eu.site.example"), "dmca@site.example")).toMatchObject({ verified: true, trust: expect.stringContaining("at site.example, where the notice went") });
    expect(senderOfNotice({ ...signedBy("abuse@site.example"), alignedBy: null }, "abuse@site.example")).toMatchObject({ verified: false, trust: expect.stringMatching(/^Unverified: nothing in the message proves/) });
    expect(senderOfNotice(signedBy("abuse@site.example"), null).verified).toBe(false);
  });

  it("at a shared mailbox provider, believes the very address only", () => {
    expect(senderOfNotice(signedBy("sitedmca@gmail.com"), "sitedmca@gmail.com").verified).toBe(true);
    expect(senderOfNotice(signedBy("uploader@gmail.com"), "sitedmca@gmail.com")).toEqual({
      verified: false,
      trust: "Unverified: it is from uploader@gmail.com, not from sitedmca@gmail.com, the address the notice went to. It changes nothing, and re-checks go on.",
    });
  });

  it("keeps apart names under a public suffix and a private one", () => {
    expect(senderOfNotice(signedBy("abuse@other.co.uk"), "abuse@site.co.uk").verified).toBe(false);
    expect(senderOfNotice(signedBy("me@attacker.github.io"), "dmca@site.github.io").verified).toBe(false);
  });
});
