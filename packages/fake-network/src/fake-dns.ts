import dgram from "node:dgram";
import { bindOnLoopback } from "./loopback";

/**
 * A DNS server on 127.0.0.1 (UDP) that answers A, AAAA, MX and TXT questions from `records`; a name it
 * does not know is 'no such name' (RFC 1035 RCODE 3). With no records it knows no name at all,
 * so no lookup made through it leaves the machine.
 */

/**
 * A name's addresses, its mail exchangers in order of preference (MX 10, 20, …) and its TXT
 * records (SPF, DKIM keys, DMARC policies: each one record, cut in 255-byte strings as DNS does).
 */
export type DnsRecord = { a?: string[]; aaaa?: string[]; mx?: string[]; txt?: string[] };
export type DnsRecords = Record<string, DnsRecord>;

export type FakeDns = {
  /** "127.0.0.1:port", as DNS_SERVERS takes it. */
  servers: string;
  port: number;
  records: Map<string, DnsRecord>;
  /** Every name asked, in order. */
  questions: string[];
  close(): Promise<void>;
};

function ipv6Bytes(address: string): Buffer {
  const [head = "", tail = ""] = address.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t] : h;
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2));
  return out;
}

/** A name as DNS writes it: length-prefixed labels, then a zero (no compression). */
function nameBytes(name: string): Buffer {
  const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, "latin1")])), Buffer.from([0])]);
}

/** A TXT record's data: its text as length-prefixed strings of at most 255 bytes (RFC 1035 §3.3.14). */
function txtBytes(text: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

/** The question's name and where its type starts; null for a message too short or compressed. */
function readQuestion(msg: Buffer): { name: string; next: number } | null {
  const labels: string[] = [];
  let offset = 12;
  while (offset < msg.length && msg[offset]! > 0 && msg[offset]! < 64) {
    labels.push(msg.subarray(offset + 1, offset + 1 + msg[offset]!).toString("latin1"));
    offset += 1 + msg[offset]!;
  }
  if (offset >= msg.length || msg[offset] !== 0 || offset + 5 > msg.length) return null;
  return { name: labels.join(".").toLowerCase(), next: offset + 1 };
}

export async function startFakeDns(records: DnsRecords = {}): Promise<FakeDns> {
  const table = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]));
  const questions: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, from) => {
    if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return;
    const question = readQuestion(msg);
    if (!question) return;
    const { name, next } = question;
    questions.push(name);
    const qtype = msg.readUInt16BE(next);
    const entry = table.get(name);
    const answers: Buffer[] = [];
    const values = qtype === 1 ? (entry?.a ?? []) : qtype === 28 ? (entry?.aaaa ?? []) : qtype === 15 ? (entry?.mx ?? []) : qtype === 16 ? (entry?.txt ?? []) : [];
    for (const [i, value] of values.entries()) {
      const rdata =
        qtype === 1
          ? Buffer.from(value.split(".").map(Number))
          : qtype === 28
            ? ipv6Bytes(value)
            : qtype === 16
              ? txtBytes(value)
              : Buffer.concat([Buffer.from([0, Math.min(255, (i + 1) * 10)]), nameBytes(value)]); // MX: preference, exchange
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
      rr.writeUInt16BE(qtype, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(rdata.length, 10);
      answers.push(rr, rdata);
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    const opcode = (msg[2]! >> 3) & 0x0f;
    const recursionDesired = msg[2]! & 0x01;
    // QR, the query's opcode, authoritative, RD as asked, RA; NXDOMAIN for a name it does not know.
    header.writeUInt16BE(0x8000 | (opcode << 11) | 0x0400 | (recursionDesired << 8) | 0x0080 | (entry ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length / 2, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, next + 4), ...answers]), from.port, from.address);
  });
  const port = await bindOnLoopback(socket);
  return {
    servers: `127.0.0.1:${port}`,
    port,
    records: table,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
