import { Resolver } from "node:dns/promises";
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeDns } from "./fake-dns";
import { startForwardProxy } from "./forward-proxy";
import { html, startVirtualHostServer } from "./virtual-host-server";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function web() {
  const hosts = await startVirtualHostServer({ "site.example": { "/": html("<h1>site</h1>") } }, { fallback: { "*": html("<h1>index</h1>") } });
  closers.push(hosts.close);
  return hosts;
}

/** GET `path` on 127.0.0.1:`port` with a Host header; through a proxy, `path` is the absolute URL. */
function get(port: number, path: string, host = new URL(path).host): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Asks the proxy for a CONNECT tunnel; returns its status line. */
function connect(proxyPort: number, authority: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxyPort, "127.0.0.1", () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`));
    socket.once("data", (chunk) => {
      resolve(chunk.toString("latin1").split("\r\n")[0]!);
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

describe("virtual hosts", () => {
  it("serves each host its own site and an unknown host the fallback", async () => {
    const hosts = await web();
    expect(await get(hosts.port, "/", "site.example")).toEqual({ status: 200, body: "<h1>site</h1>" });
    expect(await get(hosts.port, "/", "other.example")).toEqual({ status: 200, body: "<h1>index</h1>" });
    expect(hosts.served).toEqual(["site.example /", "other.example /"]);
  });
});

describe("forward proxy", () => {
  it("with tunnels (the tests' web) reaches a resolved host over plain http and through CONNECT", async () => {
    const hosts = await web();
    const proxy = await startForwardProxy((host) => (host === "site.example" ? { host: "127.0.0.1", port: hosts.port } : null));
    closers.push(proxy.close);
    expect(await get(proxy.port, "http://site.example/")).toEqual({ status: 200, body: "<h1>site</h1>" });
    expect(await connect(proxy.port, "site.example:443")).toBe("HTTP/1.1 200 Connection Established");
    expect((await get(proxy.port, "http://unknown.example/")).status).toBe(502);
    expect(proxy.records.map((r) => `${r.method} ${r.host}:${r.port}`)).toEqual(["GET site.example:80", "CONNECT site.example:443", "GET unknown.example:80"]);
  });

  it("without tunnels and on port 80 only (the demo's web) refuses https and other ports, even to a known host", async () => {
    const hosts = await web();
    let asked = 0;
    const proxy = await startForwardProxy(
      () => {
        asked += 1;
        return { host: "127.0.0.1", port: hosts.port };
      },
      { tunnels: false, ports: [80], name: "demo proxy" },
    );
    closers.push(proxy.close);
    expect(await connect(proxy.port, "site.example:443")).toBe("HTTP/1.1 502 Bad Gateway");
    expect(await get(proxy.port, "http://site.example:8080/")).toEqual({ status: 502, body: "demo proxy: site.example:8080 is not on this network" });
    expect(asked).toBe(0);
    expect(await get(proxy.port, "http://site.example/")).toEqual({ status: 200, body: "<h1>site</h1>" });
    expect(proxy.records).toEqual([
      { method: "CONNECT", host: "site.example", port: 443, path: "", tunnel: true },
      { method: "GET", host: "site.example", port: 8080, path: "/", tunnel: false },
      { method: "GET", host: "site.example", port: 80, path: "/", tunnel: false },
    ]);
  });
});

describe("fake DNS", () => {
  it("answers the names it has records for and says no such name for the others", async () => {
    const dns = await startFakeDns({ "Known.Example": { a: ["198.51.100.7"], aaaa: ["2001:db8::7"] } });
    closers.push(dns.close);
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([dns.servers]);
    expect(await resolver.resolve4("known.example")).toEqual(["198.51.100.7"]);
    expect(await resolver.resolve6("known.example")).toEqual(["2001:db8::7"]);
    await expect(resolver.resolve4("leakforum.demo")).rejects.toMatchObject({ code: "ENOTFOUND" });
    expect(dns.questions).toEqual(["known.example", "known.example", "leakforum.demo"]);
  });

  it("answers MX questions with the exchangers in order of preference", async () => {
    const dns = await startFakeDns({ "site.example": { mx: ["mail.site.example", "backup-mx.other.example"] } });
    closers.push(dns.close);
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([dns.servers]);
    expect((await resolver.resolveMx("site.example")).map(({ priority, exchange }) => ({ priority, exchange }))).toEqual([
      { priority: 10, exchange: "mail.site.example" },
      { priority: 20, exchange: "backup-mx.other.example" },
    ]);
    await expect(resolver.resolve4("site.example")).rejects.toMatchObject({ code: "ENODATA" });
  });

  it("answers TXT questions, a long record cut in 255-byte strings as DNS carries it", async () => {
    const key = `v=DKIM1; k=rsa; p=${"A".repeat(392)}`;
    const dns = await startFakeDns({ "site.example": { txt: ["v=spf1 ip4:127.0.0.1 -all"] }, "s1._domainkey.site.example": { txt: [key] } });
    closers.push(dns.close);
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([dns.servers]);
    expect(await resolver.resolveTxt("site.example")).toEqual([["v=spf1 ip4:127.0.0.1 -all"]]);
    const [chunks] = await resolver.resolveTxt("s1._domainkey.site.example");
    expect(chunks!.map((c) => c.length)).toEqual([255, key.length - 255]);
    expect(chunks!.join("")).toBe(key);
    await expect(resolver.resolveTxt("_dmarc.site.example")).rejects.toMatchObject({ code: "ENOTFOUND" });
  });
});
