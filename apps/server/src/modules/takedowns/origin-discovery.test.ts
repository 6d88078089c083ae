import { describe, expect, it } from "vitest";
import type { RdapContact } from "./network-lookup";
import { findOrigin, originCandidates, pageHosts, type OriginDeps } from "./origin-discovery";

/** DNS and RDAP of a made-up network: names to addresses, MX per domain, Cloudflare's ranges as 104.16.x, networks by address. */
function network(net: { names?: Record<string, string[]>; mx?: Record<string, string[]>; networks?: Record<string, { email: string | null; name: string }>; page?: string }) {
  const asked = { names: [] as string[], rdap: [] as string[] };
  const deps: OriginDeps = {
    lookup: {
      addresses: async (name: string) => {
        asked.names.push(name);
        return net.names?.[name] ?? [];
      },
      mailHosts: async (domain: string) => net.mx?.[domain] ?? [],
      cdnOf: async (address: string) => (address.startsWith("104.16.") ? "Cloudflare" : null),
      ipAbuse: async (address: string): Promise<RdapContact | null> => {
        asked.rdap.push(address);
        const n = net.networks?.[address];
        return n ? { email: n.email, refused: null, name: n.name, url: `http://rdap.test/ip/${address}` } : null;
      },
    },
    page: async () => (net.page === undefined ? null : { html: net.page, url: new URL("https://www.leaks.example/v/1") }),
  };
  return { deps, asked };
}

const cloudflare: RdapContact = { email: "abuse@cloudflare.test", refused: null, name: "Cloudflare, Inc.", url: "http://rdap.test/ip/104.16.0.1" };
const hosting = { email: "abuse@hostingco.test", name: "HostingCo B.V." };

describe("the likely origin of a site behind a CDN", () => {
  it("finds the site's own mail server outside the CDN, and the network that hosts it", async () => {
    const { deps } = network({ mx: { "leaks.example": ["mail.leaks.example"] }, names: { "mail.leaks.example": ["5.39.10.25"] }, networks: { "5.39.10.25": hosting } });
    expect(await findOrigin(deps, "www.leaks.example", "Cloudflare", cloudflare)).toEqual({
      origin: { name: "mail.leaks.example", via: "mx", behind: "Cloudflare" },
      address: "5.39.10.25",
      rdap: { ...hosting, refused: null, url: "http://rdap.test/ip/5.39.10.25" },
    });
  });

  it("finds no origin when every name of the domain is on the CDN", async () => {
    const onCdn = ["104.16.3.1"];
    const { deps, asked } = network({
      mx: { "leaks.example": ["mail.leaks.example"] },
      names: { "leaks.example": onCdn, "mail.leaks.example": onCdn, "direct.leaks.example": onCdn, "ftp.leaks.example": onCdn },
      networks: { "104.16.3.1": { email: "abuse@cloudflare.test", name: "Cloudflare, Inc." } },
    });
    expect(await findOrigin(deps, "www.leaks.example", "Cloudflare", cloudflare)).toBeNull();
    expect(asked.rdap).toEqual([]);
  });

  it("does not take a mail provider's server, a private address or the CDN's own network elsewhere for the origin", async () => {
    const { deps, asked } = network({
      mx: { "leaks.example": ["aspmx.l.mailprovider.test", "mail.leaks.example"] },
      names: {
        "aspmx.l.mailprovider.test": ["64.233.184.26"],
        "origin.leaks.example": ["10.0.0.5"],
        "direct.leaks.example": ["127.0.0.1", "::1"],
        "leaks.example": ["1.1.1.1"],
        "mail.leaks.example": ["5.39.10.25"],
      },
      networks: { "1.1.1.1": { email: "abuse@cloudflare.test", name: "APNIC and Cloudflare DNS Resolver project" }, "5.39.10.25": hosting },
    });
    const found = await findOrigin(deps, "www.leaks.example", "Cloudflare", cloudflare);
    expect(found).toMatchObject({ origin: { name: "mail.leaks.example", via: "mx" }, address: "5.39.10.25" });
    expect(asked.names).not.toContain("aspmx.l.mailprovider.test");
    expect(asked.rdap).toEqual(["1.1.1.1", "5.39.10.25"]);
  });

  it("reads the hosts of the same domain the leak page loads its media from, not other sites'", async () => {
    const page = `<img src="https://media.leaks.example/t/1.jpg"><img src="//cdn.other.test/x.png"><a href="https://www.leaks.example/next">next</a><video poster="https://vid.leaks.example/p.jpg"></video>`;
    const { deps } = network({ page, names: { "media.leaks.example": ["104.16.9.9"], "vid.leaks.example": ["5.39.10.30"] }, networks: { "5.39.10.30": hosting } });
    expect(await findOrigin(deps, "www.leaks.example", "Cloudflare", cloudflare)).toMatchObject({ origin: { name: "vid.leaks.example", via: "page" }, address: "5.39.10.30" });
  });

  it("asks RDAP about three addresses at most", async () => {
    const names = Object.fromEntries(["origin", "direct", "mail", "webmail", "cpanel", "ftp"].map((l, i) => [`${l}.leaks.example`, [`5.39.10.${i + 1}`]]));
    const { deps, asked } = network({ names });
    expect(await findOrigin(deps, "www.leaks.example", "Cloudflare", cloudflare)).toBeNull();
    expect(asked.rdap).toHaveLength(3);
  });

  it("tries the strongest hints first, and leaves out the site's own name", () => {
    const order = originCandidates("www.leaks.example", "leaks.example", ["mx1.leaks.example", "mx.mailprovider.test"], ["img.leaks.example", "mail.leaks.example"]);
    expect(order.map((c) => `${c.via}:${c.name}`)).toEqual([
      "origin-name:origin.leaks.example",
      "origin-name:direct.leaks.example",
      "origin-name:direct-connect.leaks.example",
      "apex:leaks.example",
      "mx:mx1.leaks.example",
      "service:mail.leaks.example",
      "service:webmail.leaks.example",
      "service:cpanel.leaks.example",
      "service:ftp.leaks.example",
      "page:img.leaks.example",
    ]);
  });

  it("reads a bounded number of hosts from a page of ten thousand links", () => {
    const html = Array.from({ length: 10_000 }, (_, i) => `<a href="https://h${i}.leaks.example/">${i}</a>`).join("");
    const started = performance.now();
    const hosts = pageHosts(html, new URL("https://www.leaks.example/v/1"), "leaks.example");
    expect(hosts).toEqual(Array.from({ length: 8 }, (_, i) => `h${i}.leaks.example`));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
