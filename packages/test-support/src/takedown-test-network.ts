import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { startFakeDns, type DnsRecords, type FakeDns } from "@leakwarden/fake-network/fake-dns";
import { startForwardProxy, type ForwardProxy } from "./fake-web/forward-proxy";
import { decodeMail } from "./mail-parts";
import { createTestServices, type TestServices, type TestServicesOptions } from "./test-services";

/**
 * Local stand-ins for the parties a takedown talks to, all on 127.0.0.1: a DNS server
 * (A/AAAA over UDP), an RDAP server (RFC 9083 JSON, with its RFC 9224 bootstrap files) and
 * an SMTP server that keeps what it receives. Used by the takedown tests only.
 */

// ---- DNS ----

// The DNS server is the fake network's, shared with the demo (which gives it no records).
export { startFakeDns, type FakeDns };

// ---- RDAP ----

export type FakeRdap = { url: string; bootstrapUrl: string; requests: string[]; close(): Promise<void> };

const vcard = (fields: { fn: string; email?: string; tel?: string }) => [
  "vcard",
  [
    ["version", {}, "text", "4.0"],
    ["fn", {}, "text", fields.fn],
    ...(fields.email ? [["email", {}, "text", fields.email]] : []),
    ...(fields.tel ? [["tel", { type: "voice" }, "uri", `tel:${fields.tel}`]] : []),
  ],
];

/** An IP network answer: the organisation, with its abuse contact nested under it (as ARIN and RIPE do). */
export function rdapNetwork(name: string, abuseEmail: string | null) {
  return {
    rdapConformance: ["rdap_level_0"],
    objectClassName: "ip network",
    handle: `NET-${name}`,
    name,
    ipVersion: "v4",
    entities: [
      {
        objectClassName: "entity",
        handle: `${name}-ORG`,
        roles: ["registrant"],
        vcardArray: vcard({ fn: `${name} Ltd` }),
        entities: abuseEmail ? [{ objectClassName: "entity", handle: `${name}-ABUSE`, roles: ["abuse"], vcardArray: vcard({ fn: `${name} Abuse`, email: abuseEmail }) }] : [],
      },
    ],
  };
}

/** A domain answer: the registrar entity with its abuse contact nested (RDAP Response Profile). */
export function rdapDomain(domain: string, registrar: string, abuseEmail: string) {
  return {
    rdapConformance: ["rdap_level_0", "icann_rdap_response_profile_0"],
    objectClassName: "domain",
    ldhName: domain.toUpperCase(),
    entities: [
      {
        objectClassName: "entity",
        handle: "9999",
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: "9999" }],
        vcardArray: vcard({ fn: registrar }),
        entities: [{ objectClassName: "entity", roles: ["abuse"], vcardArray: vcard({ fn: "Abuse Contact", email: abuseEmail, tel: "+1.5555550100" }) }],
      },
    ],
  };
}

export async function startFakeRdap(answers: { ips: Record<string, unknown>; domains: Record<string, unknown> }): Promise<FakeRdap> {
  const requests: string[] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push(path);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/rdap+json" });
      res.end(JSON.stringify(body));
    };
    const rdapBase = `${base}/rdap/`;
    if (path === "/bootstrap/dns.json") return send(200, { version: "1.0", publication: "2025-01-01T00:00:00Z", services: [[["example"], [rdapBase]]] });
    if (path === "/bootstrap/ipv4.json") return send(200, { version: "1.0", publication: "2025-01-01T00:00:00Z", services: [[["0.0.0.0/0"], [rdapBase]]] });
    if (path === "/bootstrap/ipv6.json") return send(200, { version: "1.0", publication: "2025-01-01T00:00:00Z", services: [[["::/0"], [rdapBase]]] });
    const ip = /^\/rdap\/ip\/(.+)$/.exec(path)?.[1];
    if (ip && answers.ips[ip]) return send(200, answers.ips[ip]);
    const domain = /^\/rdap\/domain\/(.+)$/.exec(path)?.[1]?.toLowerCase();
    if (domain && answers.domains[domain]) return send(200, answers.domains[domain]);
    send(404, { errorCode: 404, title: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, bootstrapUrl: `${base}/bootstrap/`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---- SMTP ----

/** A received message: its envelope, raw source, headers, and its text/plain and text/html parts decoded. */
export type ReceivedMail = { from: string; to: string[]; raw: string; headers: Record<string, string>; text: string; html: string };
export type FakeSmtp = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** How many messages are coming in right now (DATA started, the closing "." not yet read). */
  receiving(): number;
  close(): Promise<void>;
};

export interface FakeSmtpOptions {
  /**
   * Holds the server's answer to a whole message (kept in `received` already) until it resolves:
   * a client that dies meanwhile has handed the message over without learning it.
   */
  answerAfter?: (mail: ReceivedMail) => Promise<void>;
  /** Holds the answer to each RCPT TO until it resolves (a slow envelope). */
  acceptRecipientAfter?: (address: string) => Promise<void>;
}

/** A real SMTP server (no TLS, no auth) that keeps every message and refuses refuse@…; `port` lets a test restart it on the same address. */
export async function startFakeSmtp(port = 0, received: ReceivedMail[] = [], options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  // Sessions whose message is coming in (a session that closes meanwhile is no longer).
  const receiving = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A mailbox that refuses for good, as a real server answers with 550.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refuse@")) callback(Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 }));
      else if (options.acceptRecipientAfter) options.acceptRecipientAfter(address.address).then(() => callback(), callback);
      else callback();
    },
    onClose(session) {
      receiving.delete(session.id);
    },
    onData(stream, session, callback) {
      receiving.add(session.id);
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        receiving.delete(session.id);
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...decodeMail(raw),
        };
        received.push(mail);
        if (!options.answerAfter) return callback();
        options.answerAfter(mail).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return { port: actual, url: `smtp://127.0.0.1:${actual}`, received, receiving: () => receiving.size, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---- The whole of it, and the server on it ----

/** A suite may put a new SMTP server in `smtp` (one restarted on its port). */
export type TakedownNetwork = { proxy: ForwardProxy; dns: FakeDns; rdap: FakeRdap; smtp: FakeSmtp };

/**
 * The network a takedown suite's server talks to: a forward proxy that sends the hosts `routed`
 * (by default *.example) to the fake web on `webPort`, and DNS, RDAP and SMTP servers.
 */
export async function startTakedownNetwork(
  webPort: number,
  options: { routed?: (host: string) => boolean; dns?: DnsRecords; rdap?: Parameters<typeof startFakeRdap>[0]; smtp?: FakeSmtpOptions } = {},
): Promise<TakedownNetwork> {
  const routed = options.routed ?? ((host: string) => host.endsWith(".example"));
  const proxy = await startForwardProxy((host) => (routed(host) ? { host: "127.0.0.1", port: webPort } : null));
  const dns = await startFakeDns(options.dns ?? {});
  const rdap = await startFakeRdap(options.rdap ?? { ips: {}, domains: {} });
  const smtp = await startFakeSmtp(0, [], options.smtp);
  return { proxy, dns, rdap, smtp };
}

/** Stops what of `network` was started (a suite's set-up may have failed half-way). */
export async function stopTakedownNetwork(network: TakedownNetwork | undefined): Promise<void> {
  await Promise.all([network?.proxy.close(), network?.dns.close(), network?.rdap.close(), network?.smtp.close()]);
}

/** The copyright agent the takedown suites' notices are signed by. */
export const TAKEDOWN_AGENT_SETTINGS = {
  NOTICE_FROM: "Leakwarden Copyright Agent <dmca@leakwarden.test>",
  NOTICE_REPLY_TO: "agent-replies@leakwarden.test",
  AGENT_NAME: "Leakwarden Copyright Agent",
  AGENT_ADDRESS: "1 Agent Street, Wilmington, DE 19801, USA",
  AGENT_EMAIL: "dmca@leakwarden.test",
  AGENT_PHONE: "+1 555 0100",
};

/**
 * The server's settings for takedowns on `network`: notices by its SMTP server, signed by the
 * agent, sites looked up through its DNS and RDAP and read through its proxy. `settings` adds to
 * them or replaces them; a setting given as undefined is left out.
 */
export function takedownSettings(network: TakedownNetwork, settings: Record<string, string | undefined> = {}): Record<string, string> {
  const all: Record<string, string | undefined> = {
    SMTP_URL: network.smtp.url,
    ...TAKEDOWN_AGENT_SETTINGS,
    DNS_SERVERS: network.dns.servers,
    RDAP_BOOTSTRAP_URL: network.rdap.bootstrapUrl,
    SCAN_PROXY_URL: network.proxy.url,
    SCAN_FETCH_TIMEOUT_MS: "3000",
    ...settings,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The whole server on a fresh test database, set for takedowns on `network`; account emails go to the outbox. */
export function createTakedownServices(network: TakedownNetwork, settings: Record<string, string | undefined> = {}, options: TestServicesOptions = {}): Promise<TestServices> {
  return createTestServices(takedownSettings(network, settings), { outbox: true, ...options });
}
