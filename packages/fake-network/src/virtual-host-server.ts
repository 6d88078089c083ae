import http from "node:http";
import { closeWithSockets, listenOnLoopback } from "./loopback";

/**
 * One HTTP server on 127.0.0.1 serving many named sites, chosen by the Host header (as a web of
 * hosts is reached through the forward proxy).
 */

export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void | Promise<void>;
/** Paths of one host; "*" answers every other path. */
export type Site = Record<string, SiteHandler> & { "*"?: SiteHandler };

export type VirtualHostServer = {
  port: number;
  origin: string;
  /** Every request served: "host path". */
  served: string[];
  setSite(host: string, site: Site): void;
  close(): Promise<void>;
};

export type VirtualHostOptions = {
  /** Answers a host no site is set for (default: 404 for every path). */
  fallback?: Site;
  /** The port of 127.0.0.1 to listen on (default: a free one). */
  port?: number;
};

export async function startVirtualHostServer(sites: Record<string, Site> | ReadonlyMap<string, Site> = {}, options: VirtualHostOptions = {}): Promise<VirtualHostServer> {
  const entries = sites instanceof Map ? [...sites] : Object.entries(sites);
  const table = new Map<string, Site>(entries.map(([h, s]) => [h.toLowerCase(), s]));
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");
    const url = new URL(req.url ?? "/", `http://${host || "localhost"}`);
    served.push(`${host} ${url.pathname}${url.search}`);
    const site = table.get(host) ?? options.fallback;
    const handler = site?.[url.pathname] ?? site?.["*"];
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
  const close = closeWithSockets(server);
  const { port, origin } = await listenOnLoopback(server, options.port ?? 0);
  return { port, origin, served, setSite: (host, site) => table.set(host.toLowerCase(), site), close };
}

// Response helpers for site handlers.

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

/** Reads a request body (for POST forms); more than `limit` bytes is an error. */
export async function readBody(req: http.IncomingMessage, limit = Infinity): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads an urlencoded form of at most `limit` bytes. */
export async function readForm(req: http.IncomingMessage, limit = 16 * 1024): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req, limit));
}
