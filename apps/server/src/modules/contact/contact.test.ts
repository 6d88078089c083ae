import { contactFormTokenSchema, contactResponseSchema } from "@leakwarden/contracts/contact";
import { errorBodySchema } from "@leakwarden/contracts/errors";
import { afterEach, describe, expect, it } from "vitest";
import { createTestServices, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { contactRefusals } from "./contact.service";

const SUPPORT = "help@leakwarden.example";
const DAY_AND_A_BIT = 25 * 3_600_000;

/** The server on a clock the test moves: the form's minimum time to submit is passed by moving it, never by waiting. */
async function start(settings: Record<string, string> = {}) {
  let offset = 0;
  const services = await createTestServices({ SUPPORT_EMAIL: SUPPORT, CONTACT_MIN_SUBMIT_SECONDS: "3", ...settings }, { now: () => new Date(Date.now() + offset) });
  return { services, advance: (ms: number) => (offset += ms) };
}

async function formToken(client: TestClient): Promise<string> {
  const res = await client.get("/v1/contact/form");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return contactFormTokenSchema.parse(await res.json()).token;
}

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  return errorBodySchema.parse(await res.json()).error;
}

const mailsTo = (services: TestServices, to: string) => readOutbox(services.dataDir).filter((m) => m.to.includes(to));

describe("the contact form (POST /v1/contact)", { timeout: 60_000 }, () => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.close();
    services = undefined;
  });

  it("emails the support inbox with a ticket reference and her address to answer, and sends her a copy", async () => {
    const t = await start();
    services = t.services;
    const client = new TestClient(services.app);
    const token = await formToken(client);
    t.advance(4_000);
    const res = await client.post("/v1/contact", {
      topic: "takedown",
      message: "A notice I sent last week still shows 'waiting'.\n\nCan you check it?",
      email: "mira@example.com",
      formToken: token,
      website: "",
    });
    expect(res.status).toBe(201);
    const { ticket, email } = contactResponseSchema.parse(await res.json());
    expect(ticket).toMatch(/^LW-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(email).toBe("mira@example.com");

    await services.queue.runDue(["email.send"]);
    const [inbox] = mailsTo(services, SUPPORT);
    expect(inbox).toBeDefined();
    expect(inbox!.subject).toBe(`[${ticket}] Takedown notices`);
    expect(inbox!.text).toMatch(/^Reply-To: mira@example\.com$/m);
    expect(inbox!.text).toContain(`Ticket: ${ticket}`);
    expect(inbox!.text).toContain("From: mira@example.com (not signed in");
    expect(inbox!.text).toContain("A notice I sent last week still shows 'waiting'.");
    const [copy] = mailsTo(services, "mira@example.com");
    expect(copy).toBeDefined();
    expect(copy!.subject).toBe(`We received your message [${ticket}]`);
    expect(copy!.text).toContain(`Your ticket reference is ${ticket}`);
    // The copy quotes nothing the form's sender wrote: the address may be a stranger's.
    expect(copy!.text).not.toContain("Can you check it?");
    expect(copy!.text).not.toContain("still shows");
  });

  it("sends a stranger whose address was typed only our fixed acknowledgement, never the sender's words or links", async () => {
    const t = await start();
    services = t.services;
    const client = new TestClient(services.app);
    const token = await formToken(client);
    t.advance(4_000);
    const words = "URGENT: your account is locked. Verify it now at https://evil-login.example/verify or call +1 555 0100.";
    const res = await client.post("/v1/contact", { topic: "billing", message: words, email: "victim@example.com", formToken: token });
    expect(res.status).toBe(201);
    const { ticket } = contactResponseSchema.parse(await res.json());
    await services.queue.runDue(["email.send"]);
    const [copy] = mailsTo(services, "victim@example.com");
    expect(copy!.subject).toBe(`We received your message [${ticket}]`);
    for (const part of ["URGENT", "locked", "evil-login.example", "555 0100", "Billing"]) expect(copy!.text).not.toContain(part);
    expect(copy!.text).toContain("If it was not you, you can ignore it");
    // Support still has the whole message.
    expect(mailsTo(services, SUPPORT)[0]!.text).toContain(words);
  });

  it("takes a form once: the same token posted again is refused and nothing more is sent", async () => {
    const t = await start({ CONTACT_RATE_LIMIT_MAX: "10" });
    services = t.services;
    const client = new TestClient(services.app);
    const token = await formToken(client);
    t.advance(4_000);
    const body = { topic: "other", message: "One message, posted once.", email: "mira@example.com", formToken: token };
    expect((await client.post("/v1/contact", body)).status).toBe(201);
    for (let i = 0; i < 4; i++) {
      const again = await refusal(await client.post("/v1/contact", { ...body, email: `mira${i}@example.com` }), 400);
      expect(again.message).toBe(contactRefusals.usedToken);
      expect(again.fields).toEqual({ formToken: contactRefusals.usedToken });
    }
    await services.queue.runDue(["email.send"]);
    expect(mailsTo(services, SUPPORT)).toHaveLength(1);
    expect(readOutbox(services.dataDir)).toHaveLength(2);
    // A new form works.
    const fresh = await formToken(client);
    t.advance(4_000);
    expect((await client.post("/v1/contact", { ...body, formToken: fresh })).status).toBe(201);
  });

  it("answers a signed-in creator at her account's address, whatever the body says", async () => {
    const t = await start();
    services = t.services;
    const ava = await signUpAndConfirm(services, "contact-ava@example.com");
    const token = await formToken(ava);
    t.advance(4_000);
    const res = await ava.post("/v1/contact", { topic: "billing", message: "Please tell me when my plan renews.", email: "someone-else@example.com", formToken: token });
    expect(res.status).toBe(201);
    const { ticket, email } = contactResponseSchema.parse(await res.json());
    expect(email).toBe("contact-ava@example.com");
    await services.queue.runDue(["email.send"]);
    expect(mailsTo(services, "someone-else@example.com")).toEqual([]);
    expect(mailsTo(services, "contact-ava@example.com").some((m) => m.subject === `We received your message [${ticket}]`)).toBe(true);
    const inbox = mailsTo(services, SUPPORT).find((m) => m.subject.includes(ticket));
    expect(inbox?.text).toMatch(/^Reply-To: contact-ava@example\.com$/m);
    expect(inbox?.text).toContain("(signed in, account ");
  });

  it("refuses the honeypot, a form sent too soon, a forged or stale token, and a missing address, sending nothing", async () => {
    const t = await start();
    services = t.services;
    const client = new TestClient(services.app);
    const base = { topic: "other", message: "Hello, I have a question about scans.", email: "bot@example.com" };

    const early = await formToken(client);
    t.advance(1_000);
    expect((await refusal(await client.post("/v1/contact", { ...base, formToken: early }), 400)).message).toBe(contactRefusals.tooFast);

    t.advance(5_000);
    expect((await refusal(await client.post("/v1/contact", { ...base, formToken: early, website: "https://cheap-pills.example" }), 400)).message).toBe(contactRefusals.honeypot);

    // A token re-dated by hand no longer matches its signature.
    const [, nonce, signature] = early.split(".");
    const backdated = `${Date.now() - 60_000}.${nonce}.${signature}`;
    expect((await refusal(await client.post("/v1/contact", { ...base, formToken: backdated }), 400)).fields).toEqual({ formToken: contactRefusals.badToken });
    expect((await refusal(await client.post("/v1/contact", { ...base, formToken: "" }), 400)).message).toBe(contactRefusals.badToken);

    // A day later the form has expired.
    t.advance(25 * 60 * 60 * 1000);
    expect((await refusal(await client.post("/v1/contact", { ...base, formToken: early }), 400)).message).toBe(contactRefusals.badToken);

    const fresh = await formToken(client);
    t.advance(4_000);
    const noAddress = await refusal(await client.post("/v1/contact", { topic: "other", message: "No address given here.", formToken: fresh }), 400);
    expect(noAddress.fields).toEqual({ email: contactRefusals.emailRequired });

    await services.queue.runDue(["email.send"]);
    expect(readOutbox(services.dataDir)).toEqual([]);
  });

  it("refuses bad fields in the error shape: no topic, a short or 60 KB message, a list of addresses, a NUL", async () => {
    const t = await start();
    services = t.services;
    const client = new TestClient(services.app);
    const formTokenValue = await formToken(client);
    t.advance(4_000);
    const send = (body: Record<string, unknown>) => client.post("/v1/contact", { topic: "other", message: "A message long enough.", email: "mira@example.com", formToken: formTokenValue, ...body });
    expect(Object.keys((await refusal(await send({ topic: "spam" }), 400)).fields ?? {})).toEqual(["topic"]);
    expect((await refusal(await send({ message: "hi" }), 400)).fields).toEqual({ message: "Write at least 10 characters so that we can help." });
    expect((await refusal(await send({ message: "x".repeat(60_000) }), 400)).fields).toEqual({ message: "At most 5000 characters." });
    expect(Object.keys((await refusal(await send({ email: "a@example.com, b@example.com" }), 400)).fields ?? {})).toEqual(["email"]);
    expect(Object.keys((await refusal(await send({ email: "mira@example.com\r\nBcc: x@example.com" }), 400)).fields ?? {})).toEqual(["email"]);
    expect(Object.keys((await refusal(await send({ message: "nul \u0000 inside the message" }), 400)).fields ?? {})).toEqual(["message"]);
    await services.queue.runDue(["email.send"]);
    expect(readOutbox(services.dataDir)).toEqual([]);
  });

  it("refuses a post from another site or with no Origin", async () => {
    const t = await start();
    services = t.services;
    const client = new TestClient(services.app);
    const token = await formToken(client);
    t.advance(4_000);
    const body = JSON.stringify({ topic: "other", message: "From somewhere else entirely.", email: "mira@example.com", formToken: token });
    const foreign = await services.app.request("http://localhost:3000/v1/contact", { method: "POST", body, headers: { "content-type": "application/json", origin: "https://evil.example" } });
    expect((await refusal(foreign, 403)).code).toBe("FORBIDDEN");
    const none = await services.app.request("http://localhost:3000/v1/contact", { method: "POST", body, headers: { "content-type": "application/json" } });
    expect((await refusal(none, 403)).code).toBe("FORBIDDEN");
  });

  it("limits messages per client address (a forwarded address counts only from a trusted proxy) and copies per recipient", async () => {
    const t = await start({ CONTACT_RATE_LIMIT_MAX: "4", TRUSTED_PROXIES: "10.0.0.1" });
    services = t.services;
    const client = new TestClient(services.app);
    // Each message on a form of its own (a form is sent once).
    const send = async (email: string, headers: Record<string, string> = {}) => {
      const token = await formToken(client);
      t.advance(4_000);
      return client.post("/v1/contact", { topic: "scan", message: "Please look at my latest scan.", email, formToken: token }, { headers });
    };

    // In-process requests come from 127.0.0.1, which is not a trusted proxy: its X-Forwarded-For is not believed.
    for (let i = 0; i < 4; i++) expect((await send("same@example.com", { "x-forwarded-for": `203.0.113.${i}` })).status).toBe(201);
    const limited = await refusal(await send("other@example.com", { "x-forwarded-for": "198.51.100.7" }), 429);
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.message).toBe(contactRefusals.rateLimited);

    await services.queue.runDue(["email.send"]);
    // Four messages reached support; the same address got three copies a day, not four.
    expect(mailsTo(services, SUPPORT)).toHaveLength(4);
    expect(mailsTo(services, "same@example.com")).toHaveLength(3);
    expect(mailsTo(services, "other@example.com")).toHaveLength(0);

    // An hour later the address may write again.
    t.advance(3_601_000);
    const again = await formToken(client);
    t.advance(4_000);
    expect((await client.post("/v1/contact", { topic: "scan", message: "Writing again after an hour.", email: "other@example.com", formToken: again })).status).toBe(201);
  });

  it("keys the limit on the client's own address when a trusted proxy forwards it", async () => {
    const t = await start({ CONTACT_RATE_LIMIT_MAX: "2", TRUSTED_PROXIES: "127.0.0.1" });
    services = t.services;
    const client = new TestClient(services.app);
    const send = async (from: string, n: number) => {
      const token = await formToken(client);
      t.advance(4_000);
      return client.post("/v1/contact", { topic: "scan", message: "Please look at my latest scan.", email: `writer${n}@example.com`, formToken: token }, { headers: { "x-forwarded-for": from } });
    };
    expect((await send("203.0.113.1", 1)).status).toBe(201);
    expect((await send("203.0.113.1", 2)).status).toBe(201);
    expect((await refusal(await send("203.0.113.1", 3), 429)).code).toBe("RATE_LIMITED");
    expect((await send("203.0.113.2", 4)).status).toBe(201);
  });

  it("keeps no address in its counters, and deletes them once their day is over", async () => {
    const t = await start({ TRUSTED_PROXIES: "127.0.0.1" });
    services = t.services;
    const client = new TestClient(services.app);
    const send = async (email: string, from: string) => {
      const token = await formToken(client);
      t.advance(4_000);
      return client.post("/v1/contact", { topic: "scan", message: "Please look at my latest scan.", email, formToken: token }, { headers: { "x-forwarded-for": from } });
    };
    const counters = async () =>
      ((await services!.database.executeSql(`select key from rate_limit where key like 'contact|%' order by key`)).rows as { key: string }[]).map((r) => r.key);

    expect((await send("Mira@Example.com", "203.0.113.77")).status).toBe(201);
    // Per client address, per recipient, and the form's token taken: digests all three.
    const first = await counters();
    expect(first).toHaveLength(3);
    expect(first.join(" ")).not.toMatch(/203\.0\.113\.77|mira@example\.com/i);

    // A day and a bit later, another writer's message takes the old counters away.
    t.advance(DAY_AND_A_BIT);
    expect((await send("lena@example.com", "198.51.100.8")).status).toBe(201);
    const second = await counters();
    expect(second).toHaveLength(3);
    expect(second.some((k) => first.includes(k))).toBe(false);
  });
});
