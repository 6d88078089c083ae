import { createHash, generateKeyPairSync } from "node:crypto";
import type { EntitlementTier } from "@leakwarden/contracts/plans";
import { dkimSign } from "mailauth";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks, type SeededLeak } from "@leakwarden/test-support/leak-records";
import type { TestClient} from "@leakwarden/test-support/test-services";
import { readOutbox, signUpAndConfirm, TEST_ORIGIN, type TestServices, testClock } from "@leakwarden/test-support/test-services";
import { readyForTakedowns } from "@leakwarden/test-support/takedown-creator";
import { mailDnsResolver } from "./reply-authentication";
import { startReplyListener, type ReplyListener } from "./reply-listener";
import { createTakedownServices, rdapDomain, rdapNetwork, startTakedownNetwork, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";

const HOUR = 3_600_000;

const leakPage = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>luna_rivers private pics, leaked.</p></body></html>`;

const DAY = 24 * HOUR;

/** A DKIM key pair: the private key to sign with, the TXT record that publishes the public one. */
function dkimKey() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "der" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  return { privateKey, record: `v=DKIM1; k=rsa; p=${publicKey.toString("base64")}` };
}
/** The site's mail system signs its mail; an uploader's own domain signs its own. */
const siteKey = dkimKey();
const uploaderKey = dkimKey();

describe("TAKE IT DOWN Act requests, and replies to notices", () => {
  let replies: ReplyListener;
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  const clock = testClock();
  const tiers = new Map<string, EntitlementTier>();
  let ava: TestClient;
  let bea: TestClient;
  const leakIds: Record<string, string> = {};
  const pages: Record<string, string> = {
    "http://tubeleaks.example/v/1": leakPage("luna_rivers nude leak 1"),
    "http://tubeleaks.example/v/2": leakPage("luna_rivers nude leak 2"),
    "http://fakes.example/luna": leakPage("luna_rivers AI nudes"),
    "http://tubeleaks.example/v/3": leakPage("luna_rivers nude leak 3"),
  };

  function leakAt(url: string): SeededLeak {
    return {
      url,
      seenAt: new Date(),
      title: "luna_rivers leak",
      confidence: "high",
      evidence: {
        matchedNames: ["luna_rivers"],
        snippet: "luna_rivers private pics, leaked.",
        title: "luna_rivers leak",
        signals: [],
        imageMatches: [{ imageUrl: `${url}.jpg` }],
        httpStatus: 200,
        fetchedAt: "2026-06-01T10:00:00.000Z",
        sha256: createHash("sha256").update(pages[url] ?? "").digest("hex"),
        finalUrl: url,
      },
    };
  }

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "tubeleaks.example": {
        "/dmca": html(`<!doctype html><p>Removal requests: <a href="mailto:removals@tubeleaks.example">removals@tubeleaks.example</a></p>`),
        "/v/1": html(pages["http://tubeleaks.example/v/1"]!),
        "/v/2": html(pages["http://tubeleaks.example/v/2"]!),
        "/v/3": html(pages["http://tubeleaks.example/v/3"]!),
      },
      "fakes.example": {
        "/contact": html(`<!doctype html><p>Write to safety [at] fakes [dot] example</p>`),
        "/luna": html(pages["http://fakes.example/luna"]!),
      },
    });
    net = await startTakedownNetwork(web.port, {
      dns: {
        // The site's mail leaves from its own server only (not from this machine), is DKIM-signed, and DMARC asks to reject the rest.
        "tubeleaks.example": { a: ["198.51.100.40"], txt: ["v=spf1 ip4:198.51.100.40 -all"] },
        "sel1._domainkey.tubeleaks.example": { txt: [siteKey.record] },
        "_dmarc.tubeleaks.example": { txt: ["v=DMARC1; p=reject"] },
        "fakes.example": { a: ["198.51.100.41"] },
        // The host's abuse desk sends unsigned mail from this machine, which its SPF names.
        "tubenet.example": { txt: ["v=spf1 ip4:127.0.0.1 -all"] },
        "sel1._domainkey.uploader.example": { txt: [uploaderKey.record] },
      },
      rdap: {
        ips: { "198.51.100.40": rdapNetwork("TUBENET", "abuse@tubenet.example"), "198.51.100.41": rdapNetwork("FAKENET", "abuse@fakenet.example") },
        domains: {
          "tubeleaks.example": rdapDomain("tubeleaks.example", "Example Registrar, Inc.", "abuse@registrar.example"),
          "fakes.example": rdapDomain("fakes.example", "Example Registrar, Inc.", "abuse@registrar.example"),
        },
      },
    });
    services = await createTakedownServices(net, {}, { now: clock.now, serviceOptions: { tierFor: async (userId) => tiers.get(userId) ?? "free" } });

    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    const avaId = (await (await ava.get("/api/auth/get-session")).json()).user.id as string;
    tiers.set(avaId, "premium");
    tiers.set((await (await bea.get("/api/auth/get-session")).json()).user.id as string, "premium");
    await readyForTakedowns(services, ava);
    const urls = Object.keys(pages);
    const ids = await seedLeaks(services.database.db, avaId, urls.map(leakAt));
    ["tube1", "tube2", "fake", "tube3"].forEach((key, i) => (leakIds[key] = ids[i]!));
    replies = await startReplyListener({
      host: "127.0.0.1",
      port: 0,
      recipients: ["agent-replies@leakwarden.test"],
      maxBytes: 200_000,
      // The fake network's DNS, as DNS_SERVERS gives it to the server: nothing is looked up elsewhere.
      resolver: mailDnsResolver([net.dns.servers], 3000),
      logger: services.logger,
      onReply: async (reply) => void (await services.takedowns.recordReply(reply)),
    });
  });

  afterAll(async () => {
    await replies?.close();
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net)]);
  });

  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; fields?: Record<string, string> } }).error;
  const mailsTo = (address: string) => net.smtp.received.filter((m) => m.to.includes(address));
  const takedownOf = async (leakId: string | undefined) => {
    const items = (await (await ava.get("/v1/takedowns?pageSize=50")).json()).items as { id: string; leakId: string }[];
    return (await ava.get(`/v1/takedowns/${items.find((t) => t.leakId === leakId)!.id}`)).json();
  };

  it("refuses a TAKE IT DOWN request without her attestation, and a forgery on a copyright basis", async () => {
    const text = await (await ava.get("/v1/takedowns/attestation")).json();
    expect(text).toMatchObject({ deadlineHours: 48, version: expect.any(String) });
    expect(text.forgery).toContain("forgery of me");

    for (const body of [
      { leakIds: [leakIds.tube1], basis: "takeitdown" },
      { leakIds: [leakIds.tube1], basis: "both", attest: false },
    ]) {
      const res = await ava.post("/v1/takedowns", body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("attest");
    }
    for (const basis of ["dmca", "both"]) {
      const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.fake], basis, forgery: true, attest: true });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("basis");
    }
    expect((await ava.post("/v1/takedowns", { leakIds: [leakIds.tube1], basis: "gdpr", attest: true })).status).toBe(400);

    // She marks the leak itself "a forgery / AI image of me": stored on the leak, hers alone to mark, and then only the Act is offered for it.
    expect((await bea.request(`/v1/leaks/${leakIds.fake}/forgery`, { method: "PUT", json: { forgery: true } })).status).toBe(404);
    expect((await ava.request(`/v1/leaks/${leakIds.fake}/forgery`, { method: "PUT", json: { forgery: "yes" } })).status).toBe(400);
    const marked = await ava.request(`/v1/leaks/${leakIds.fake}/forgery`, { method: "PUT", json: { forgery: true } });
    expect(marked.status).toBe(200);
    expect((await marked.json()).forgeryMarkedAt).toEqual(expect.any(String));
    const listed = (await (await ava.get("/v1/leaks?pageSize=50")).json()).items as { id: string; forgeryMarkedAt: string | null }[];
    expect(listed.find((l) => l.id === leakIds.fake)!.forgeryMarkedAt).toEqual(expect.any(String));
    expect(listed.find((l) => l.id === leakIds.tube1)!.forgeryMarkedAt).toBeNull();
    for (const basis of ["dmca", "both"]) {
      const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.fake], basis, attest: true });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ fields: { basis: expect.stringContaining("only a TAKE IT DOWN request") } });
    }
    // Taken back and given again: the mark follows what she says last.
    expect((await (await ava.request(`/v1/leaks/${leakIds.tube2}/forgery`, { method: "PUT", json: { forgery: true } })).json()).forgeryMarkedAt).not.toBeNull();
    expect((await (await ava.request(`/v1/leaks/${leakIds.tube2}/forgery`, { method: "PUT", json: { forgery: false } })).json()).forgeryMarkedAt).toBeNull();
    expect((await (await ava.get("/v1/takedowns")).json()).total).toBe(0);
    expect(net.smtp.received).toHaveLength(0);
  });

  it("sends a request carrying each element the Act requires, beside the DMCA notice, and shows the 48-hour deadline", async () => {
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.tube1, leakIds.tube2], basis: "both", attest: true });
    expect(res.status).toBe(202);
    // The leak is marked a forgery: the request is worded for one without her saying so again.
    const forged = await ava.post("/v1/takedowns", { leakIds: [leakIds.fake], basis: "takeitdown", attest: true });
    expect(forged.status).toBe(202);
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);

    const site = mailsTo("removals@tubeleaks.example");
    expect(site).toHaveLength(2);
    const dmca = site.find((m) => m.headers.subject?.startsWith("DMCA"))!;
    const request = site.find((m) => m.headers.subject?.startsWith("TAKE IT DOWN"))!;
    expect(dmca.text).toContain("17 U.S.C. § 512(c)(3)");
    expect(request.headers.subject).toMatch(/^TAKE IT DOWN Act removal request: 2 URLs on tubeleaks\.example \[ref [0-9a-f]{8}\]$/);
    // (i) a signature of her authorized agent, (ii) the depiction and where it is, (iii) the good-faith statement, (iv) contact information.
    expect(request.text).toContain("Electronic signature: /s/ Leakwarden Copyright Agent, authorized agent for luna_rivers");
    expect(request.text).toContain("1) http://tubeleaks.example/v/1");
    expect(request.text).toContain("2) http://tubeleaks.example/v/2");
    expect(request.text).toContain("http://tubeleaks.example/v/1.jpg");
    expect(request.text).toContain("I have a good-faith belief that the intimate visual depiction of luna_rivers at the locations listed above was published without her consent.");
    expect(request.text).toContain("https://onlyfans.com/luna_rivers");
    expect(request.text).toMatch(/She confirmed this statement on \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC\./);
    expect(request.text).toContain("Email: dmca@leakwarden.test");
    expect(request.text).toContain("Postal address: 1 Agent Street, Wilmington, DE 19801, USA");
    expect(request.text).toContain("within 48 hours");
    expect(request.text).toContain("identical copies");
    expect(request.html).toContain("Electronic signature");
    expect(`${request.text}${dmca.text}`).not.toMatch(/Ava|Marie|Stone/);

    // The forgery: only the Act's request, in its own words, to the address the contact page spells out.
    const fakes = mailsTo("safety@fakes.example");
    expect(fakes).toHaveLength(1);
    expect(fakes[0]!.headers.subject).toMatch(/^TAKE IT DOWN Act/);
    expect(fakes[0]!.text).toContain("a digital forgery of luna_rivers");

    const detail = await takedownOf(leakIds.tube1);
    expect(detail.basis).toBe("both");
    expect(detail.notices.map((n: { kind: string; status: string }) => `${n.kind}:${n.status}`).sort()).toEqual(["dmca:sent", "takeitdown:sent"]);
    const sentAt = Date.parse(detail.notices.find((n: { kind: string }) => n.kind === "takeitdown").sentAt);
    expect(Date.parse(detail.removalDeadline.dueAt) - sentAt).toBe(48 * HOUR);
    expect(detail.removalDeadline.missedAt).toBeNull();
    expect(detail.attestation).toMatchObject({ forgery: false, attestedAt: expect.any(String) });
    expect(detail.attestation.text).toContain("published at these links without my consent");
    expect(detail.history.map((e: { message: string }) => e.message).join("\n")).toContain("Under the Act the platform has until");
    // Not missed yet: no record to complain with.
    expect((await ava.get(`/v1/takedowns/${detail.id}/deadline-record`)).status).toBe(409);
  });

  it("past 48 hours, says the platform missed its deadline, escalates to the host and registrar, and offers the record for the FTC", async () => {
    const before = net.smtp.received.length;
    await clock.advance(services, 48 * HOUR + 60_000);
    await services.queue.runDue(["takedowns.recheck", "takedowns.send-notice"]);
    const sent = net.smtp.received.slice(before);
    const host = sent.filter((m) => m.to.includes("abuse@tubenet.example"));
    const registrar = sent.filter((m) => m.to.includes("abuse@registrar.example"));
    expect(host).toHaveLength(2); // one per link: each missed its own deadline
    expect(registrar.length).toBeGreaterThanOrEqual(2);
    expect(host[0]!.headers.subject).toMatch(/^TAKE IT DOWN Act/);
    expect(host[0]!.text).toMatch(/A removal request for this depiction was sent to .* <removals@tubeleaks\.example> on .* UTC\. Its 48-hour deadline passed on .* UTC and the depiction is still available\./);

    const detail = await takedownOf(leakIds.tube1);
    expect(detail.status).toBe("escalated");
    expect(detail.removalDeadline.missedAt).not.toBeNull();
    const missed = detail.history.find((e: { type: string }) => e.type === "deadline_missed");
    expect(missed.message).toContain("The platform missed its legal deadline");
    expect(missed.message).toContain("record of the request and the missed deadline");

    const json = await ava.get(`/v1/takedowns/${detail.id}/deadline-record`);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toContain("attachment");
    const record = await json.json();
    expect(record).toMatchObject({
      depiction: { url: "http://tubeleaks.example/v/1", forgery: false },
      request: { to: "removals@tubeleaks.example", messageId: expect.stringMatching(/^<notice-/) },
      deadline: { dueAt: detail.removalDeadline.dueAt, missedAt: detail.removalDeadline.missedAt },
      attestation: { confirmedAt: detail.attestation.attestedAt },
    });
    expect(record.request.text).toContain("Electronic signature");
    expect(record.escalations.map((e: { to: string }) => e.to).sort()).toEqual(["abuse@registrar.example", "abuse@tubenet.example"]);
    const text = await (await ava.get(`/v1/takedowns/${detail.id}/deadline-record?format=text`)).text();
    expect(text).toContain(`Deadline: ${detail.removalDeadline.dueAt}`);

    // She is told, in the branded layout: what it means, who we escalated to, the FTC record.
    await services.queue.runDue(["email.send"]);
    const told = readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && /missed its legal deadline/.test(m.subject));
    // One per link that missed its deadline.
    expect(told.filter((m) => m.text.includes("http://tubeleaks.example/v/1"))).toHaveLength(1);
    expect(told.filter((m) => m.text.includes("http://tubeleaks.example/v/2"))).toHaveLength(1);
    const email = told.find((m) => m.text.includes("http://tubeleaks.example/v/1"))!;
    expect(email.text).toContain("Under the TAKE IT DOWN Act");
    expect(email.text).toMatch(/we sent the request, naming the missed deadline, to .*abuse@tubenet\.example.* and .*abuse@registrar\.example/);
    expect(email.text).toContain("a record of the request and the missed deadline, ready to attach to a complaint to the FTC");
    expect(email.text).toContain(`${TEST_ORIGIN}/dashboard/takedowns`);
    expect(email.text).toMatch(/<!doctype html>/i);
    expect(readOutbox(services.dataDir).filter((m) => m.to.includes("bea@example.com") && /deadline/.test(m.subject))).toHaveLength(0);
    expect(text).toContain("The request as sent:");

    // Another creator's takedown is not hers to read.
    expect((await bea.get(`/v1/takedowns/${detail.id}/deadline-record`)).status).toBe(404);
  });

  describe("replies", () => {
    type Reply = { subject: string; text: string; inReplyTo?: string; references?: string | string[]; headers?: Record<string, string>; messageId?: string; to?: string };
    /**
     * Sends a reply over SMTP to the listener, From `from` (envelope and header), DKIM-signed with
     * mailauth's signer when `sign` says by which domain and key; `tamper` edits the signed message.
     */
    const reply = async (
      message: Reply,
      options: { from?: string; sign?: { domain: string; key: { privateKey: string } }; tamper?: (raw: string) => string } = {},
    ) => {
      const from = options.from ?? "abuse@tubenet.example";
      const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }).sendMail({ from: `Abuse Desk <${from}>`, to: message.to ?? "agent-replies@leakwarden.test", ...message });
      let raw = (built.message as Buffer).toString("utf8");
      if (options.sign) {
        // mailauth's signer takes one entry per signature in signatureData (its typings call the fields required on the options too).
        const signature = { signingDomain: options.sign.domain, selector: "sel1", privateKey: options.sign.key.privateKey };
        const signed = await dkimSign(raw, { ...signature, canonicalization: "relaxed/relaxed", algorithm: "rsa-sha256", signatureData: [signature] });
        expect(signed.errors).toEqual([]);
        raw = signed.signatures + raw;
      }
      if (options.tamper) raw = options.tamper(raw);
      return nodemailer
        .createTransport({ host: "127.0.0.1", port: replies.port, secure: false, ignoreTLS: true })
        .sendMail({ envelope: { from, to: [message.to ?? "agent-replies@leakwarden.test"] }, raw });
    };
    /** The site's own desk, its mail signed by the site's domain. */
    const fromSite = { from: "abuse@tubeleaks.example", sign: { domain: "tubeleaks.example", key: siteKey } };
    const noticeOf = (d: { notices: { kind: string; recipient: { kind: string }; messageId: string | null; id: string }[] }, kind: string, recipientKind: string) =>
      d.notices.find((n) => n.kind === kind && n.recipient.kind === recipientKind)!;

    it("threads each kind of reply to its notice by In-Reply-To or References, classifies it and shows it on the timeline", async () => {
      const tube1 = await takedownOf(leakIds.tube1);
      const tube2 = await takedownOf(leakIds.tube2);
      const fake = await takedownOf(leakIds.fake);
      const siteDmca = noticeOf(tube1, "dmca", "site");
      const siteRequest = noticeOf(tube1, "takeitdown", "site");
      const hostRequest = noticeOf(tube2, "takeitdown", "host");
      expect(siteDmca.messageId).toBe(`<notice-${siteDmca.id}@leakwarden.test>`);

      await reply(
        {
          subject: "Automatic reply: DMCA notice",
          text: "I am out of the office until Monday. Your message has been removed from my queue.",
          inReplyTo: siteDmca.messageId!,
          headers: { "Auto-Submitted": "auto-replied" },
        },
        fromSite,
      );
      await reply({ subject: "Re: TAKE IT DOWN", text: "Please provide the original URLs of the work and an ID.\n\n> TAKE IT DOWN Act removal request", inReplyTo: hostRequest.messageId! });
      await reply(
        {
          subject: "Re: TAKE IT DOWN Act removal request",
          text: "We decline to act on this request.\n\nOn Tue, Jun 2, 2026 Leakwarden wrote:\n> Please remove the depiction, it has been removed elsewhere",
          references: ["<thread-start@tubeleaks.example>", siteRequest.messageId!],
        },
        fromSite,
      );
      const fakeRequest = noticeOf(fake, "takeitdown", "site");
      await reply({ subject: "Re: your request", text: "The content has been removed. Thank you.", references: fakeRequest.messageId!, messageId: "<done-1@fakes.example>" });
      // Delivered twice, recorded once.
      await reply({ subject: "Re: your request", text: "The content has been removed. Thank you.", references: fakeRequest.messageId!, messageId: "<done-1@fakes.example>" });
      // Names none of our notices: dropped.
      await reply({ subject: "hello", text: "The content has been removed.", inReplyTo: "<something@else.example>" });
      // Only the reply address takes mail.
      await expect(reply({ subject: "x", text: "y", to: "someone@leakwarden.test" })).rejects.toThrow(/550/);

      const t1 = await takedownOf(leakIds.tube1);
      expect(t1.replies.map((r: { kind: string; noticeId: string }) => [r.kind, r.noticeId])).toEqual([
        ["auto_reply", siteDmca.id],
        ["refused", siteRequest.id],
      ]);
      expect(t1.history.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(["reply_auto_reply", "reply_refused"]));
      expect(t1.history.find((e: { type: string }) => e.type === "reply_refused").message).toBe('A reply from abuse@tubeleaks.example refuses to remove it: "We decline to act on this request."');
      expect(t1.replies.map((r: { verified: boolean }) => r.verified)).toEqual([true, true]);
      expect(t1.replies[1].trust).toBe("Verified: it is from abuse@tubeleaks.example, at tubeleaks.example, where the notice went, and a DKIM signature of tubeleaks.example verified.");
      // The host's desk signs nothing, but its SPF names the server the reply came from.
      const hostReply = (await takedownOf(leakIds.tube2)).replies.find((r: { noticeId: string }) => r.noticeId === hostRequest.id);
      expect(hostReply).toMatchObject({ kind: "more_info", verified: true, trust: expect.stringContaining("SPF says tubenet.example sends mail from the server it came from") });
      const t2 = await takedownOf(leakIds.tube2);
      // The site's notices carried both links: their replies show on both; the host's request was tube2's alone.
      expect(t2.replies.map((r: { kind: string }) => r.kind)).toEqual(["auto_reply", "more_info", "refused"]);
      const f = await takedownOf(leakIds.fake);
      expect(f.replies.map((r: { kind: string }) => r.kind)).toEqual(["removed"]);
      expect(f.history.filter((e: { type: string }) => e.type === "reply_removed")).toHaveLength(1);
      // Unsigned, from a host that is not the site: shown, marked unverified, and nothing is brought forward.
      expect(f.replies[0]).toMatchObject({ verified: false, trust: "Unverified: it is from abuse@tubenet.example, not from safety@fakes.example or another address at fakes.example. It changes nothing, and re-checks go on." });
      expect(f.history.find((e: { type: string }) => e.type === "reply_removed").message).toMatch(/^An unverified reply claiming to be from abuse@tubenet\.example says the material was removed: .* Unverified: /);
      expect(f.nextCheckAt).toBe(fake.nextCheckAt);
    });

    it("stops re-sends and escalation for a link answered by a counter-notice, and tells her what §512(g) means", async () => {
      const created = await ava.post("/v1/takedowns", { leakIds: [leakIds.tube3] });
      expect(created.status).toBe(202);
      await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
      const before = await takedownOf(leakIds.tube3);
      const notice = noticeOf(before, "dmca", "site");
      expect(notice.messageId).toBeTruthy();

      // A counter-notice with each element § 512(g)(3) requires, as the uploader's host forwards it.
      const counterNotice = [
        "Counter-notification under 17 U.S.C. 512(g)(3), from the uploader, forwarded by our abuse desk:",
        "The material removed was the video at http://tubeleaks.example/v/3, where it appeared before it was removed.",
        "I swear, under penalty of perjury, that I have a good faith belief that the material was removed or disabled as a result of mistake or misidentification of the material to be removed or disabled.",
        "Name: Jordan Upload",
        "Address: 12 Elm Street, Springfield, IL 62701, USA",
        "Telephone: +1 (217) 555-0142",
        "I consent to the jurisdiction of the Federal District Court for the judicial district in which my address is located, and I will accept service of process from the person who provided the notification.",
        "Signature: /s/ Jordan Upload",
      ].join("\n");
      const unchanged = async (why: string) => {
        const now = await takedownOf(leakIds.tube3);
        expect(now.counterNotice, why).toBeNull();
        expect(now.nextCheckAt, why).toBe(before.nextCheckAt);
        expect(now.history.map((e: { type: string }) => e.type), why).not.toContain("counter_notice");
        await services.queue.runDue(["email.send"]);
        expect(readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && /counter-notice/.test(m.subject)), why).toHaveLength(0);
        return now;
      };

      // Forged: the site's address in From, no signature, sent from a server the site's SPF does not name.
      await reply({ subject: "Counter-notification", text: counterNotice, inReplyTo: notice.messageId! }, { from: "removals@tubeleaks.example" });
      await unchanged("a forged counter-notice");
      // A third party's: validly signed, by its own domain.
      await reply({ subject: "Counter-notification", text: counterNotice, inReplyTo: notice.messageId! }, { from: "jordan@uploader.example", sign: { domain: "uploader.example", key: uploaderKey } });
      await unchanged("a counter-notice from a third party");
      // Signed by the third party's domain, From the site: the signature verifies, but not for the From domain.
      await reply({ subject: "Counter-notification", text: counterNotice, inReplyTo: notice.messageId! }, { from: "removals@tubeleaks.example", sign: { domain: "uploader.example", key: uploaderKey } });
      await unchanged("a signature not aligned with From");
      // Signed by the site, then altered on the way: the signature no longer verifies.
      await reply(
        { subject: "Counter-notification", text: counterNotice, inReplyTo: notice.messageId! },
        { ...fromSite, tamper: (raw) => raw.replace("Jordan Upload", "Jordan Uplaod") },
      );
      await unchanged("a counter-notice altered after signing");
      // The site's own abuse desk, signed, but an automatic reply whose boilerplate mentions counter-notification.
      await reply(
        {
          subject: "Re: DMCA notice [ticket 4411]",
          text: "Thank you, your report was received. If the uploader sends a counter-notification under 17 U.S.C. 512(g), we will forward it to you.",
          inReplyTo: notice.messageId!,
          headers: { "Auto-Submitted": "auto-replied", "X-Autoreply": "yes" },
        },
        fromSite,
      );
      await unchanged("an auto-reply mentioning counter-notification");
      // The site, signed, saying "counter notice" without what the statute requires: a dispute, not a counter-notice.
      await reply({ subject: "Counter notice", text: "This is a counter notice. The uploader says the video is theirs.", inReplyTo: notice.messageId! }, fromSite);
      const disputed = await unchanged("an incomplete counter-notice");
      expect(disputed.replies.map((r: { kind: string; verified: boolean }) => `${r.kind}:${r.verified}`)).toEqual([
        "counter_notice:false",
        "counter_notice:false",
        "counter_notice:false",
        "counter_notice:false",
        "auto_reply:true",
        "disputed:true",
      ]);
      expect(disputed.replies[0].trust).toBe(
        "Unverified: nothing in the message proves that tubeleaks.example sent it (no DKIM signature of that domain verified, and no SPF pass for it). It changes nothing, and re-checks go on.",
      );
      expect(disputed.replies[1].trust).toContain("it is from jordan@uploader.example, not from removals@tubeleaks.example or another address at tubeleaks.example.");
      expect(disputed.history.find((e: { type: string }) => e.type === "reply_counter_notice").message).toMatch(/^An unverified reply claiming to be from removals@tubeleaks\.example is a counter-notice/);
      expect(disputed.history.find((e: { type: string }) => e.type === "reply_disputed").message).toContain("disputes the notice, but is not a complete counter-notice");
      // The keys were read from the test network's DNS, as the server's DNS setting says.
      expect(net.dns.questions).toEqual(expect.arrayContaining(["sel1._domainkey.tubeleaks.example", "sel1._domainkey.uploader.example", "_dmarc.tubeleaks.example"]));

      // The site, its signature aligned with From, with every element: a counter-notice.
      await reply({ subject: "Counter-notification", text: counterNotice, inReplyTo: notice.messageId! }, { ...fromSite, from: "removals@tubeleaks.example" });
      const answered = await takedownOf(leakIds.tube3);
      expect(answered.counterNotice).toMatchObject({ from: "removals@tubeleaks.example" });
      expect(answered.replies.at(-1)).toMatchObject({ kind: "counter_notice", verified: true });
      expect(answered.counterNotice.explanation).toContain("10 to 14 business days");
      expect(answered.counterNotice.explanation).toContain("unless you tell the site in that time that you have filed a lawsuit");
      expect(answered.nextCheckAt).toBeNull();
      expect(answered.history.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(["reply_counter_notice", "counter_notice"]));

      // She is told in plain words, whatever her alert settings: §512(g), the 10 to 14 business days, what we do, the link.
      await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: false, digest: "off", takedownSucceeded: false, reupload: false, newImpersonator: false } });
      await services.queue.runDue(["email.send"]);
      const told = readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && /counter-notice/.test(m.subject));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain("http://tubeleaks.example/v/3");
      expect(told[0]!.text).toMatch(/17 U\.S\.C\. \S+ 512\(g\)/);
      expect(told[0]!.text).toContain("10 to 14 business days after it received the counter-notice, unless in that time you tell the site that you have filed a lawsuit");
      expect(told[0]!.text).toContain("we have stopped sending notices for this link");
      expect(told[0]!.text).toContain("removals@tubeleaks.example");
      // Another counter-notice for the same link tells her nothing more.
      await reply({ subject: "Counter-notification", text: counterNotice, inReplyTo: notice.messageId! }, { ...fromSite, from: "removals@tubeleaks.example" });
      await services.queue.runDue(["email.send"]);
      expect(readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && /counter-notice/.test(m.subject))).toHaveLength(1);

      // A week on, the link is still up: nothing more goes out for it.
      const sentBefore = net.smtp.received.length;
      await clock.advance(services, 8 * DAY);
      await services.queue.runDue(["takedowns.recheck", "takedowns.send-notice"]);
      await clock.advance(services, 10 * 60_000);
      await services.queue.runDue(["takedowns.send-notice"]);
      expect(net.smtp.received.slice(sentBefore).filter((m) => m.text.includes("http://tubeleaks.example/v/3"))).toHaveLength(0);
      const after = await takedownOf(leakIds.tube3);
      expect(after.notices).toHaveLength(1);
      expect(after.history.map((e: { type: string }) => e.type)).not.toContain("escalated");
    });
  });
});
