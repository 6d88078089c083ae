import http from "node:http";
import net from "node:net";
import { closeWithSockets, listenOnLoopback } from "./loopback";

/**
 * A forward HTTP proxy on 127.0.0.1: absolute-form requests (`GET http://host/path`) and, when
 * allowed, CONNECT tunnels. Host names are mapped to local servers by `resolve`; nothing else is
 * ever connected to. Every request is recorded, so a caller can tell which hosts and addresses
 * were asked for (e.g. never 10.0.0.1 or 169.254.169.254).
 */

export type ProxyTarget = { host: string; port: number };
export type ProxyRecord = { method: string; host: string; port: number; path: string; tunnel: boolean };

export type ForwardProxy = {
  url: string;
  port: number;
  records: ProxyRecord[];
  close(): Promise<void>;
};

export type ForwardProxyOptions = {
  /** Open CONNECT tunnels to the targets `resolve` names (default true); false refuses every tunnel. */
  tunnels?: boolean;
  /** The only ports a request may name (default: any); another is refused before `resolve` is asked. */
  ports?: readonly number[];
  /** Names the proxy in its refusals (default "proxy"). */
  name?: string;
};

const bareHost = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

export async function startForwardProxy(resolve: (host: string, port: number) => ProxyTarget | null, options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const { tunnels = true, ports, name = "proxy" } = options;
  const records: ProxyRecord[] = [];
  const target = (host: string, port: number) => (ports && !ports.includes(port) ? null : resolve(host, port));

  const server = http.createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "");
      if (url.protocol !== "http:") throw new Error("not http");
    } catch {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("this is a forward proxy: send absolute-form http requests");
      return;
    }
    const host = bareHost(url.hostname);
    const port = Number(url.port || 80);
    records.push({ method: req.method ?? "GET", host, port, path: url.pathname + url.search, tunnel: false });
    const to = target(host, port);
    if (!to) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`${name}: ${host}:${port} is not on this network`);
      return;
    }
    // The request line names the host; a Host header that says otherwise is not believed (RFC 9112 §3.2.2).
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: url.host };
    delete headers["proxy-connection"];
    delete headers["proxy-authorization"];
    const upstream = http.request({ host: to.host, port: to.port, method: req.method, path: url.pathname + url.search, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`${name}: ${error.message}`);
    });
    // A client that gives up must not leave the upstream request running.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });

  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [rawHost = "", rawPort = "443"] = (req.url ?? "").split(/:(?=\d+$)/);
    const host = bareHost(rawHost);
    const port = Number(rawPort);
    records.push({ method: "CONNECT", host, port, path: "", tunnel: true });
    client.on("error", () => undefined);
    const to = tunnels ? target(host, port) : null;
    if (!to) {
      client.end("HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n");
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

  const close = closeWithSockets(server);
  const { port, origin } = await listenOnLoopback(server);
  return { url: origin, port, records, close };
}
