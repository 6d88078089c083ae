import http from "node:http";
import type { Socket } from "node:net";
import { listenOnLoopback } from "../loopback";

/**
 * One HTTP server on 127.0.0.1 serving many named sites, chosen by the Host
 * header (as a real web of hosts would be reached through a proxy).
 */

export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void | Promise<void>;
export type Site = Record<string, SiteHandler> & { "*"?: SiteHandler };

export type VirtualHostServer = {
  port: number;
  origin: string;
  /** Every request served: "host path". */
  served: string[];
  setSite(host: string, site: Site): void;
  close(): Promise<void>;
};

export async function startVirtualHostServer(sites: Record<string, Site> = {}): Promise<VirtualHostServer> {
  const table = new Map<string, Site>(Object.entries(sites).map(([h, s]) => [h.toLowerCase(), s]));
  const served: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");
    const url = new URL(req.url ?? "/", `http://${host || "localhost"}`);
    served.push(`${host} ${url.pathname}${url.search}`);
    const site = table.get(host);
    const handler = site?.[url.pathname] ?? site?.["*"];
    if (!handler) {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
      return;
    }
    Promise.resolve(handler(req, res, url)).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const { port } = await listenOnLoopback(server);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    served,
    setSite: (host, site) => table.set(host.toLowerCase(), site),
    close: async () => {
      // Sites that never answer keep sockets open: close them ourselves.
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Small response helpers for site handlers.

export function html(body: string, status = 200, headers: Record<string, string> = {}): SiteHandler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
    res.end(body);
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): SiteHandler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

export function bytes(body: Buffer, contentType: string): SiteHandler {
  return (_req, res) => {
    res.writeHead(200, { "content-type": contentType, "content-length": String(body.length) });
    res.end(body);
  };
}

export function redirect(location: string, status = 302): SiteHandler {
  return (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };
}

/** Accepts the request and never answers (a dead upstream behind a live socket). */
export const neverAnswers: SiteHandler = () => new Promise<void>(() => undefined);

/** Streams HTML forever (until the client goes away). */
export const endlessBody: SiteHandler = (req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const chunk = Buffer.from("<p>more and more filler text, never ending</p>\n".repeat(1000));
  let open = true;
  req.on("close", () => (open = false));
  res.on("close", () => (open = false));
  const pump = () => {
    while (open && res.write(chunk)) {
      /* fill the socket buffer */
    }
    if (open) res.once("drain", pump);
  };
  pump();
};

/** Reads a request body (for POST forms). */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
