import dgram from "node:dgram";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * The plumbing of the demo web, all on 127.0.0.1: one HTTP server that serves many named
 * hosts (chosen by the Host header), a forward proxy that maps those names to it, and a DNS
 * server that knows none of them. The app reaches the fictional hosts only through the proxy,
 * so nothing it does in the demo leaves the machine.
 */

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void | Promise<void>;
/** Paths of one host; "*" answers every other path. */
export type Site = Record<string, Handler>;

export interface Listening {
  port: number;
  close(): Promise<void>;
}

function track(server: http.Server): () => void {
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  // Keep-alive sockets would hold the port open after close().
  return () => sockets.forEach((s) => s.destroy());
}

async function listen(server: http.Server | dgram.Socket, port: number): Promise<number> {
  if (server instanceof dgram.Socket) {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.bind(port, "127.0.0.1", () => resolve());
    });
    return server.address().port;
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** One server, many host names. A request for a host it does not know gets the `fallback` site. */
export async function startVirtualHosts(sites: ReadonlyMap<string, Site>, fallback: Site, port = 0): Promise<Listening> {
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");
    const url = new URL(req.url ?? "/", `http://${host || "localhost"}`);
    const site = sites.get(host) ?? fallback;
    const handler = site[url.pathname] ?? site["*"];
    if (!handler) {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
      return;
    }
    Promise.resolve(handler(req, res, url)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  const destroySockets = track(server);
  const bound = await listen(server, port);
  return {
    port: bound,
    close: async () => {
      destroySockets();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ProxyRecord = { method: string; host: string; path: string };

/**
 * A forward proxy for plain http (absolute-form requests) to the hosts `knows` accepts, all
 * served by the server on `upstreamPort`. Everything else is refused, https tunnels included:
 * the demo web has no https hosts, and the proxy must never reach the real web.
 */
export async function startForwardProxy(knows: (host: string) => boolean, upstreamPort: number): Promise<Listening & { url: string; records: ProxyRecord[] }> {
  const records: ProxyRecord[] = [];
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
      if (target.protocol !== "http:") throw new Error("not http");
    } catch {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("this is a forward proxy: send absolute-form http requests");
      return;
    }
    const host = target.hostname.toLowerCase();
    records.push({ method: req.method ?? "GET", host, path: target.pathname + target.search });
    if (!knows(host) || (target.port && target.port !== "80")) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`demo proxy: ${host} is not part of the demo web`);
      return;
    }
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host };
    delete headers["proxy-connection"];
    delete headers["proxy-authorization"];
    const upstream = http.request({ host: "127.0.0.1", port: upstreamPort, method: req.method, path: target.pathname + target.search, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`demo proxy: ${error.message}`);
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, client: Socket) => {
    const host = (req.url ?? "").replace(/:\d+$/, "").toLowerCase();
    records.push({ method: "CONNECT", host, path: "" });
    client.on("error", () => undefined);
    client.end("HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n");
  });
  const destroySockets = track(server);
  const port = await listen(server, 0);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    records,
    close: async () => {
      destroySockets();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A DNS server that answers every question with 'no such name' (RFC 1035 RCODE 3). Recipient
 * lookups of a takedown ask DNS for a site's address; in the demo they ask this server, so no
 * query leaves the machine and the fictional sites' own contact pages are what is found.
 */
export async function startNoSuchNameDns(): Promise<Listening & { server: string; questions: string[] }> {
  const socket = dgram.createSocket("udp4");
  const questions: string[] = [];
  socket.on("message", (msg, from) => {
    if (msg.length < 12) return;
    // The question section: labels up to a zero byte, then type and class.
    let offset = 12;
    const labels: string[] = [];
    while (offset < msg.length && msg[offset]! > 0 && msg[offset]! < 64) {
      labels.push(msg.subarray(offset + 1, offset + 1 + msg[offset]!).toString("latin1"));
      offset += 1 + msg[offset]!;
    }
    const end = offset + 5;
    if (msg.readUInt16BE(4) !== 1 || end > msg.length) return;
    questions.push(labels.join("."));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    const opcode = (msg[2]! >> 3) & 0x0f;
    const recursionDesired = msg[2]! & 0x01;
    // QR, the query's opcode, authoritative, RD as asked, RA, NXDOMAIN.
    header.writeUInt16BE(0x8000 | (opcode << 11) | 0x0400 | (recursionDesired << 8) | 0x0080 | 3, 2);
    header.writeUInt16BE(1, 4);
    socket.send(Buffer.concat([header, msg.subarray(12, end)]), from.port, from.address);
  });
  const port = await listen(socket, 0);
  return {
    port,
    server: `127.0.0.1:${port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

// Response helpers for site handlers.

export function html(body: string, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };
}

export function json(body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  };
}

export async function readForm(req: http.IncomingMessage, limit = 16 * 1024): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
