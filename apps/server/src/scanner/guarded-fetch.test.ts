import { createHash } from "node:crypto";
import dns from "node:dns/promises";
import type http from "node:http";
import os from "node:os";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startForwardProxy, type ForwardProxy } from "@leakwarden/test-support/fake-web/forward-proxy";
import { endlessBody, html, neverAnswers, redirect, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { classifyAddress } from "./address-policy";
import { FetchError, GuardedFetcher, type GuardedFetcherOptions } from "./guarded-fetch";

let server: VirtualHostServer;
let proxy: ForwardProxy;
let base: string;
let inFlight = 0;
let maxInFlight = 0;
let flaky = 0;
let robotsHits = 0;
/** Headers of each request /echo received, on any origin. */
const echoed: http.IncomingHttpHeaders[] = [];

const options = (over: Partial<GuardedFetcherOptions> = {}): GuardedFetcherOptions => ({
  userAgent: "Mozilla/5.0 (compatible; LeakwardenBot/1.0; +https://leakwarden.com/bot)",
  allowPrivateNetworks: true,
  concurrency: 8,
  perHostConcurrency: 4,
  timeoutMs: 800,
  connectTimeoutMs: 500,
  maxBytes: 64 * 1024,
  maxRedirects: 3,
  maxRetries: 2,
  robotsPolicy: "record",
  retryBaseDelayMs: 10,
  ...over,
});

async function failure(p: Promise<unknown>): Promise<FetchError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(FetchError);
  return e as FetchError;
}

beforeAll(async () => {
  const gz = zlib.gzipSync(Buffer.from("<p>compressed page</p>"));
  server = await startVirtualHostServer();
  const local = {
    "/ok": html("<title>ok</title><p>hello</p>"),
    "/gzip": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(gz);
    },
    "/endless": endlessBody,
    "/big": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(200 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
    },
    "/hang": neverAnswers,
    "/r1": redirect("/r2"),
    "/r2": redirect("/r3"),
    "/r3": redirect("/r4"),
    "/r4": redirect("/r5"),
    "/r5": redirect("/ok"),
    "/two": redirect("/r4"),
    "/loop-a": redirect("/loop-b"),
    "/loop-b": redirect("/loop-a"),
    "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
    "/to-file": redirect("file:///etc/passwd"),
    "/flaky": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      flaky++;
      if (flaky % 2 === 1) {
        res.writeHead(503, { "retry-after": "0" });
        res.end("busy");
      } else html("<p>recovered</p>")(_req, res, new URL("http://x/"));
    },
    "/throttled": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(429, { "retry-after": "3600" });
      res.end("slow down");
    },
    "/slow": async (_req: http.IncomingMessage, res: http.ServerResponse) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 40));
      inFlight--;
      res.end("done");
    },
    "/robots.txt": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      robotsHits++;
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("User-agent: *\nDisallow: /private\n\nUser-agent: LeakwardenBot\nDisallow: /no-bots\nAllow: /no-bots/ok\n");
    },
    "/echo": (req: http.IncomingMessage, res: http.ServerResponse) => {
      echoed.push(req.headers);
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("echo");
    },
    "/to-echo": redirect("/echo"),
    "/to-other-origin": (_req: http.IncomingMessage, res: http.ServerResponse) => redirect(`http://localhost:${server.port}/echo`)(_req, res, new URL("http://x/")),
    "/no-bots/page": html("<p>hidden</p>"),
    "/no-bots/ok/page": html("<p>allowed</p>"),
  };
  server.setSite("127.0.0.1", local);
  server.setSite("site.example", local);
  server.setSite("localhost", local);
  base = server.origin;
  proxy = await startForwardProxy((host) => (host === "site.example" ? { host: "127.0.0.1", port: server.port } : null));
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe("guardedFetch: what it returns", () => {
  it("returns status, headers, body, hash and time", async () => {
    const f = new GuardedFetcher(options());
    const r = await f.fetch(`${base}/ok`);
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/text\/html/);
    expect(r.body.toString()).toContain("hello");
    expect(r.sha256).toBe(createHash("sha256").update(r.body).digest("hex"));
    expect(r.truncated).toBe(false);
    expect(Date.parse(r.fetchedAt)).not.toBeNaN();
    expect(r.robots).toMatchObject({ policy: "record", status: "allowed" });
    await f.close();
  });

  it("decodes gzip bodies", async () => {
    const f = new GuardedFetcher(options());
    expect((await f.fetch(`${base}/gzip`)).body.toString()).toBe("<p>compressed page</p>");
    await f.close();
  });

  it("stops reading at the byte limit: an endless or 200 MB body costs at most the limit", async () => {
    const f = new GuardedFetcher(options());
    const endless = await f.fetch(`${base}/endless`);
    expect(endless.truncated).toBe(true);
    expect(endless.body.length).toBe(64 * 1024);
    const big = await failure(f.fetch(`${base}/big`, { truncate: false }));
    expect(big.reason).toBe("too-large");
    await f.close();
  });
});

describe("guardedFetch: refusals", () => {
  it("fetches only http and https", async () => {
    const f = new GuardedFetcher(options());
    expect((await failure(f.fetch("ftp://example.com/x"))).reason).toBe("bad-scheme");
    expect((await failure(f.fetch("file:///etc/passwd"))).reason).toBe("bad-scheme");
    expect((await failure(f.fetch("not a url"))).reason).toBe("bad-url");
    expect((await failure(f.fetch(`${base}/to-file`))).reason).toBe("bad-scheme");
    await f.close();
  });

  it("refuses private, loopback, link-local, CGNAT, unique-local, multicast and unspecified literals", async () => {
    const f = new GuardedFetcher(options({ allowPrivateNetworks: false }));
    for (const u of [
      base,
      "http://10.0.0.1/",
      "http://192.168.1.1/",
      "http://172.16.0.5/",
      "http://169.254.10.10/",
      "http://100.64.0.1/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://224.0.0.1/",
      "http://0.0.0.0/",
      "http://[::]/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://2130706433/", // 127.0.0.1 as one number
      "http://0x7f.1/",
      "http://localhost/",
      "http://app.localhost/",
    ]) {
      expect((await failure(f.fetch(u))).reason, u).toBe("blocked-address");
    }
    await f.close();
  });

  it("refuses cloud metadata addresses even when private networks are allowed", async () => {
    const f = new GuardedFetcher(options({ allowPrivateNetworks: true }));
    for (const u of ["http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/", "http://100.100.100.200/", "http://metadata.google.internal/", `${base}/to-metadata`]) {
      expect((await failure(f.fetch(u))).reason, u).toBe("blocked-address");
    }
    await f.close();
  });

  it("checks every address a name resolves to", async (ctx) => {
    const name = os.hostname();
    const addrs = await dns.lookup(name, { all: true }).catch(() => []);
    if (addrs.length === 0 || addrs.some((a) => classifyAddress(a.address) === "public")) ctx.skip();
    const f = new GuardedFetcher(options({ allowPrivateNetworks: false }));
    const e = await failure(f.fetch(`http://${name}:${server.port}/ok`));
    expect(e.reason).toBe("blocked-address");
    expect(e.message).toMatch(/resolves to/);
    await f.close();
  });

  it("bounds redirects and detects loops, re-checking each hop", async () => {
    const f = new GuardedFetcher(options({ maxRedirects: 3 }));
    const ok = await f.fetch(`${base}/two`);
    expect(ok.status).toBe(200);
    expect(ok.redirects).toEqual([`${base}/r4`, `${base}/r5`, `${base}/ok`]);
    expect((await failure(f.fetch(`${base}/r1`))).reason).toBe("too-many-redirects");
    expect((await failure(f.fetch(`${base}/loop-a`))).reason).toBe("too-many-redirects");
    await f.close();
  });
});

describe("guardedFetch: a redirect to another origin", () => {
  it("carries the caller's own headers (an API key) to their origin only", async () => {
    const f = new GuardedFetcher(options());
    const key = { "x-subscription-token": "provider-key-123", authorization: "Bearer provider-key-123", cookie: "session=provider" };
    echoed.length = 0;
    expect((await f.fetch(`${base}/to-echo`, { robots: false, operatorEndpoint: true, headers: key })).status).toBe(200);
    expect(echoed[0]).toMatchObject({ "x-subscription-token": "provider-key-123", authorization: "Bearer provider-key-123", cookie: "session=provider" });

    // The API answers with a redirect to someone else's site: the key is not handed to it.
    echoed.length = 0;
    const r = await f.fetch(`${base}/to-other-origin`, { robots: false, operatorEndpoint: true, headers: key });
    expect(r.finalUrl).toBe(`http://localhost:${server.port}/echo`);
    expect(echoed).toHaveLength(1);
    expect(echoed[0]!["x-subscription-token"]).toBeUndefined();
    expect(echoed[0]!.authorization).toBeUndefined();
    expect(echoed[0]!.cookie).toBeUndefined();
    // It is still fetched as a page: our own User-Agent.
    expect(echoed[0]!["user-agent"]).toContain("LeakwardenBot");
    await f.close();
  });
});

describe("guardedFetch: time", () => {
  it("gives up on a host that never answers", async () => {
    const f = new GuardedFetcher(options({ timeoutMs: 300 }));
    const t = Date.now();
    expect((await failure(f.fetch(`${base}/hang`))).reason).toBe("timeout");
    expect(Date.now() - t).toBeLessThan(2_000);
    await f.close();
  });

  it("stops at once when the scan is aborted", async () => {
    const scan = new AbortController();
    const f = new GuardedFetcher(options({ timeoutMs: 10_000, signal: scan.signal }));
    setTimeout(() => scan.abort(), 100);
    const t = Date.now();
    expect((await failure(f.fetch(`${base}/hang`))).reason).toBe("aborted");
    expect(Date.now() - t).toBeLessThan(2_000);
    await f.close();
  });

  it("retries 5xx with backoff, and does not wait for a Retry-After beyond its limit", async () => {
    const f = new GuardedFetcher(options({ maxRetryWaitMs: 1_000 }));
    const r = await f.fetch(`${base}/flaky`);
    expect(r.status).toBe(200);
    expect(flaky).toBe(2);
    const t = Date.now();
    expect((await f.fetch(`${base}/throttled`)).status).toBe(429);
    expect(Date.now() - t).toBeLessThan(1_000);
    await f.close();
  });
});

describe("guardedFetch: politeness", () => {
  it("keeps to the per-host and global concurrency limits", async () => {
    maxInFlight = 0;
    const f = new GuardedFetcher(options({ perHostConcurrency: 3, concurrency: 8 }));
    await Promise.all(Array.from({ length: 12 }, () => f.fetch(`${base}/slow`, { robots: false })));
    expect(maxInFlight).toBe(3);
    maxInFlight = 0;
    const g = new GuardedFetcher(options({ perHostConcurrency: 8, concurrency: 2 }));
    await Promise.all(Array.from({ length: 8 }, () => g.fetch(`${base}/slow`, { robots: false })));
    expect(maxInFlight).toBe(2);
    await f.close();
    await g.close();
  });

  it("reads robots.txt once per host and applies the group for its product token", async () => {
    robotsHits = 0;
    const respect = new GuardedFetcher(options({ robotsPolicy: "respect" }));
    const e = await failure(respect.fetch(`${base}/no-bots/page`));
    expect(e.reason).toBe("robots-disallowed");
    expect((await respect.fetch(`${base}/no-bots/ok/page`)).status).toBe(200);
    // The LeakwardenBot group replaces "*": /private is not disallowed for us.
    expect((await respect.fetch(`${base}/private`)).status).toBe(404);
    expect(robotsHits).toBe(1);

    const record = new GuardedFetcher(options({ robotsPolicy: "record" }));
    const r = await record.fetch(`${base}/no-bots/page`);
    expect(r.status).toBe(200);
    expect(r.robots).toEqual({ policy: "record", status: "disallowed", rule: "Disallow: /no-bots" });
    await respect.close();
    await record.close();
  });

  it("sends a real User-Agent", async () => {
    let seen = "";
    server.setSite("ua.example", {
      "/": (req, res) => {
        seen = req.headers["user-agent"] ?? "";
        res.end("ok");
      },
    });
    const p2 = await startForwardProxy(() => ({ host: "127.0.0.1", port: server.port }));
    const g = new GuardedFetcher(options({ proxyUrl: p2.url }));
    await g.fetch("http://ua.example/", { robots: false });
    expect(seen).toMatch(/LeakwardenBot\/1\.0; \+https:\/\//);
    await g.close();
    await p2.close();
  });
});

describe("guardedFetch through a forward proxy", () => {
  it("lets the proxy resolve names, and still refuses literal private addresses in URLs and redirects", async () => {
    const f = new GuardedFetcher(options({ proxyUrl: proxy.url, allowPrivateNetworks: true }));
    const r = await f.fetch("http://site.example/ok");
    expect(r.body.toString()).toContain("hello");
    for (const u of ["http://10.0.0.1/", "http://192.168.0.1/", "http://127.0.0.1/", "http://localhost/", "http://169.254.169.254/"]) {
      expect((await failure(f.fetch(u))).reason, u).toBe("blocked-address");
    }
    expect((await failure(f.fetch("http://site.example/to-metadata"))).reason).toBe("blocked-address");
    const asked = proxy.records.map((x) => x.host);
    expect(asked).toContain("site.example");
    expect(asked.filter((h) => h !== "site.example")).toEqual([]);
    await f.close();
  });

  it("reaches operator-configured endpoints on loopback directly, for their own calls only", async () => {
    const f = new GuardedFetcher(options({ proxyUrl: proxy.url, allowPrivateNetworks: false }));
    const before = proxy.records.length;
    expect((await f.fetch(`${base}/ok`, { robots: false, operatorEndpoint: true })).status).toBe(200);
    expect(proxy.records.length).toBe(before);
    // A redirect away from the trusted origin is judged like any URL.
    expect((await failure(f.fetch(`${base}/to-metadata`, { robots: false, operatorEndpoint: true }))).reason).toBe("blocked-address");
    // The same origin, fetched as a page (a search result pointing there), is refused.
    expect((await failure(f.fetch(`${base}/ok`))).reason).toBe("blocked-address");
    expect((await failure(f.fetch(`${base}/ok`, { robots: false }))).reason).toBe("blocked-address");
    await f.close();
  });
});
