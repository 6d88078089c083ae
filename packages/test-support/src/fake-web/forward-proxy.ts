import http from "node:http";
import net from "node:net";
import type { Socket } from "node:net";
import { listenOnLoopback } from "../loopback";

/**
 * A forward HTTP proxy on 127.0.0.1 for tests: absolute-form requests
 * (`GET http://host/path`) and CONNECT tunnels. Host names are mapped to
 * local servers by `resolve`; nothing else is ever connected to. Every
 * request is recorded, so a test can assert which hosts and addresses the
 * scanner asked for (e.g. never 10.0.0.1 or 169.254.169.254).
 */

export type ProxyTarget = { host: string; port: number };
export type ProxyRecord = { method: string; host: string; port: number; path: string; tunnel: boolean };

export type ForwardProxy = {
  url: string;
  port: number;
  records: ProxyRecord[];
  close(): Promise<void>;
};

export async function startForwardProxy(resolve: (host: string, port: number) => ProxyTarget | null): Promise<ForwardProxy> {
  const records: ProxyRecord[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
      if (target.protocol !== "http:") throw new Error("not http");
    } catch {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("this is a forward proxy: send absolute-form requests");
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const port = Number(target.port || 80);
    records.push({ method: req.method ?? "GET", host, port, path: target.pathname + target.search, tunnel: false });
    const to = resolve(host, port);
    if (!to) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: unknown host ${host}`);
      return;
    }
    const headers = { ...req.headers };
    delete headers["proxy-connection"];
    delete headers["proxy-authorization"];
    const upstream = http.request(
      { host: to.host, port: to.port, method: req.method, path: target.pathname + target.search, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", (e) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${e.message}`);
    });
    // A client that gives up must not leave the upstream request running.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });

  server.on("connect", (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const [rawHost = "", rawPort = "443"] = (req.url ?? "").split(/:(?=\d+$)/);
    const host = rawHost.replace(/^\[|\]$/g, "").toLowerCase();
    const port = Number(rawPort);
    records.push({ method: "CONNECT", host, port, path: "", tunnel: true });
    const to = resolve(host, port);
    if (!to) {
      client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
      return;
    }
    const upstream = net.connect(to.port, to.host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });

  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const { port } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    records,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
