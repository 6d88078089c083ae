import { describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { FetchError, type FetchResult } from "../../scanner/guarded-fetch";
import { LeakSiteCatalog } from "../../scanner/leak-site-catalog";
import { contactLinks, createRecipientFinder, mailtoAddresses, pageContacts, type RecipientFinderDeps } from "./recipient-finder";

type Network = {
  pages?: Record<string, string>;
  down?: boolean;
  addresses?: string[];
  cdn?: string | null;
  ipAbuse?: { email: string | null; name: string | null; refused?: { address: string; reason: string } | null } | null;
  registrar?: { email: string | null; registrar: string } | null;
  /** Every name and its addresses (in place of `addresses`, which every name resolves to). */
  names?: Record<string, string[]>;
  mx?: Record<string, string[]>;
  /** RDAP answers by address, besides `ipAbuse` for the site's own. */
  networks?: Record<string, { email: string | null; name: string | null }>;
};

/** The finder over a made-up network: pages by URL, DNS, CDN ranges and RDAP answers. */
function finderFor(net: Network, sites: ConstructorParameters<typeof LeakSiteCatalog>[0] = []) {
  const fetched: string[] = [];
  const fetcher: RecipientFinderDeps["fetcher"] = {
    async fetch(url: string): Promise<FetchResult> {
      fetched.push(url);
      if (net.down) throw new FetchError("connect", "connection refused", url);
      const body = net.pages?.[url];
      return { url, finalUrl: url, status: body === undefined ? 404 : 200, headers: {}, contentType: "text/html", body: Buffer.from(body ?? ""), truncated: false, fetchedAt: "", sha256: "", redirects: [], robots: null };
    },
  };
  const lookup: RecipientFinderDeps["lookup"] = {
    addresses: async (name: string) => (net.names ? (net.names[name] ?? []) : (net.addresses ?? ["198.51.100.7"])),
    mailHosts: async (domain: string) => net.mx?.[domain] ?? [],
    cdnOf: async (address: string) => (net.networks?.[address] ? null : (net.cdn ?? null)),
    ipAbuse: async (address: string) => {
      const other = net.networks?.[address];
      if (other) return { refused: null, ...other, url: `http://rdap.test/ip/${address}` };
      return net.ipAbuse === undefined || net.ipAbuse === null ? null : { refused: null, ...net.ipAbuse, url: `http://rdap.test/ip/${address}` };
    },
    registrarAbuse: async (host: string) => (net.registrar ? { ...net.registrar, name: "Abuse", refused: null, url: `http://rdap.test/domain/${host}` } : null),
  };
  const finder = createRecipientFinder({ fetcher, lookup, catalog: async () => new LeakSiteCatalog(sites), logger: createLogger("silent"), timeoutMs: 1000, now: () => resolvedAt });
  return { finder, fetched };
}

const resolvedAt = new Date("2026-05-20T10:00:00Z");
const host = { email: "abuse@hostnet.test", name: "HOSTNET Ltd" };
const registrar = { email: "abuse@registrar.test", registrar: "Registrar, Inc." };

describe("finding who can remove a link", () => {
  it("reads mailto: links, DMCA and copyright mailboxes first", () => {
    const html = `<a href="mailto:info@site.test">us</a> <a href="MAILTO:Copyright@Site.test?subject=DMCA">agent</a> <a href="mailto:not-an-address">x</a> <a href="/dmca">dmca</a>`;
    expect(mailtoAddresses(html)).toEqual(["Copyright@site.test", "info@site.test"]);
  });

  it("takes the leak-site catalog's DMCA address first, then the host and the registrar, each with how it was found", async () => {
    const { finder, fetched } = finderFor({ ipAbuse: host, registrar }, [{ id: "leakhub", name: "LeakHub", domains: ["leakhub.test"], category: "leak_site", resultSelector: "a[href]", dmcaEmail: "dmca@leakhub.test" }]);
    expect(await finder.find("https://www.leakhub.test/v/1")).toEqual([
      { kind: "site", email: "dmca@leakhub.test", webForm: null, foundBy: "catalog", source: "leak-site catalog: LeakHub", note: null, name: "LeakHub" },
      {
        kind: "host",
        email: "abuse@hostnet.test",
        webForm: null,
        foundBy: "rdap-ip",
        source: "http://rdap.test/ip/198.51.100.7",
        note: "network of 198.51.100.7",
        name: "HOSTNET Ltd",
        refused: null,
        address: "198.51.100.7",
        resolvedAt: "2026-05-20T10:00:00.000Z",
      },
      { kind: "registrar", email: "abuse@registrar.test", webForm: null, foundBy: "rdap-domain", source: "http://rdap.test/domain/www.leakhub.test", note: null, name: "Registrar, Inc.", refused: null },
    ]);
    expect(fetched).toEqual([]);
  });

  it("looks for mailto: links on /dmca, /contact, /abuse, /legal and /terms in turn", async () => {
    const contact = finderFor({ pages: { "https://site.test/contact": `<a href="mailto:info@site.test">write</a> <a href="mailto:copyright@site.test">copyright</a>` } });
    expect((await contact.finder.find("https://site.test/x"))[0]).toMatchObject({ kind: "site", email: "copyright@site.test", foundBy: "site-page", source: "https://site.test/contact" });
    expect(contact.fetched).toEqual(["https://site.test/dmca", "https://site.test/contact"]);

    const terms = finderFor({ pages: { "https://site.test/terms": `<a href="mailto:legal@site.test">legal</a>` } });
    expect((await terms.finder.find("https://site.test/x"))[0]).toMatchObject({ email: "legal@site.test", source: "https://site.test/terms" });
    expect(terms.fetched).toEqual(["https://site.test/dmca", "https://site.test/contact", "https://site.test/abuse", "https://site.test/legal", "https://site.test/terms"]);
  });

  it("gives up on a site that does not answer at its first page, and goes on to its host", async () => {
    const { finder, fetched } = finderFor({ down: true, ipAbuse: host });
    expect(await finder.find("https://gone.test/x")).toMatchObject([{ kind: "host", email: "abuse@hostnet.test" }]);
    expect(fetched).toEqual(["https://gone.test/dmca"]);
  });

  it("names Cloudflare for a site behind it by its form, never its RDAP mailbox (it does not act on email)", async () => {
    const { finder } = finderFor({ pages: { "https://cdn.test/contact": `<form action="/send"><textarea></textarea></form>` }, cdn: "Cloudflare", ipAbuse: { email: "abuse@cloudflare.test", name: "Cloudflare Abuse" }, registrar });
    const found = await finder.find("https://cdn.test/x");
    expect(found.map((r) => `${r.kind}:${r.foundBy}:${r.email ?? r.webForm}`)).toEqual([
      "site:site-page:https://cdn.test/contact",
      "cdn:cdn-ranges:https://abuse.cloudflare.com/",
      "registrar:rdap-domain:abuse@registrar.test",
    ]);
    expect(found[1]).toMatchObject({ name: "Cloudflare", webForm: "https://abuse.cloudflare.com/", note: expect.stringContaining("behind Cloudflare") });
  });

  it("still names the CDN by its published ranges when RDAP gives no address, with its web form", async () => {
    const { finder } = finderFor({ cdn: "Cloudflare", ipAbuse: { email: null, name: null }, addresses: ["104.16.0.10"] });
    expect(await finder.find("https://cdn.test/x")).toEqual([
      {
        kind: "cdn",
        email: null,
        webForm: "https://abuse.cloudflare.com/",
        foundBy: "cdn-ranges",
        source: "Cloudflare's published address ranges (104.16.0.10)",
        note: expect.stringContaining("Cloudflare"),
        name: "Cloudflare",
        refused: null,
        address: "104.16.0.10",
        resolvedAt: "2026-05-20T10:00:00.000Z",
      },
    ]);
  });

  it("names the host of the site's likely origin behind Cloudflare, after Cloudflare, with the name, the address and when it resolved", async () => {
    const { finder, fetched } = finderFor({
      cdn: "Cloudflare",
      ipAbuse: { email: "abuse@cloudflare.test", name: "Cloudflare, Inc." },
      names: { "www.cdn.test": ["104.16.0.10"], "cdn.test": ["104.16.0.10"], "mail.cdn.test": ["5.39.10.25"] },
      mx: { "cdn.test": ["mail.cdn.test"] },
      networks: { "5.39.10.25": { email: "abuse@hostingco.test", name: "HostingCo B.V." } },
      registrar,
    });
    const found = await finder.find("https://www.cdn.test/v/1");
    expect(found.map((r) => `${r.kind}:${r.foundBy}:${r.email ?? r.webForm}`)).toEqual(["cdn:cdn-ranges:https://abuse.cloudflare.com/", "host:rdap-origin:abuse@hostingco.test", "registrar:rdap-domain:abuse@registrar.test"]);
    expect(found[1]).toEqual({
      kind: "host",
      email: "abuse@hostingco.test",
      webForm: null,
      foundBy: "rdap-origin",
      source: "http://rdap.test/ip/5.39.10.25",
      note: "The site's likely origin behind Cloudflare: mail.cdn.test (the domain's own mail server, by its MX record) resolved to 5.39.10.25 on 20 May 2026, 10:00 UTC, outside Cloudflare's published ranges; network of 5.39.10.25.",
      name: "HostingCo B.V.",
      refused: null,
      address: "5.39.10.25",
      resolvedAt: "2026-05-20T10:00:00.000Z",
      origin: { name: "mail.cdn.test", via: "mx", behind: "Cloudflare" },
    });
    // The leak page was read for the hosts it loads from.
    expect(fetched).toContain("https://www.cdn.test/v/1");
  });

  it("names no origin when every name of the domain is on Cloudflare: the registrar only", async () => {
    const { finder } = finderFor({ cdn: "Cloudflare", ipAbuse: { email: "abuse@cloudflare.test", name: "Cloudflare, Inc." }, addresses: ["104.16.0.10"], mx: { "cdn.test": ["mail.cdn.test"] }, registrar });
    expect((await finder.find("https://www.cdn.test/v/1")).map((r) => r.kind)).toEqual(["cdn", "registrar"]);
  });

  it("writes to an address once even when the host and the registrar share it", async () => {
    const { finder } = finderFor({ ipAbuse: { email: "Abuse@Same.test", name: null }, registrar: { email: "abuse@same.test", registrar: "Same" } });
    expect((await finder.find("https://site.test/x")).map((r) => r.kind)).toEqual(["host"]);
  });

  it("finds nobody when there is no contact anywhere", async () => {
    const { finder } = finderFor({ ipAbuse: { email: null, name: "QUIET" } });
    expect(await finder.find("https://quiet.test/x")).toEqual([]);
  });

  it("follows the links the home page gives to its contact pages when the usual paths have none", async () => {
    const { finder, fetched } = finderFor({
      pages: {
        "https://site.test/": `<nav><a href="/p/about">About</a> <a href="/pages/contact-us.html">Contact us</a> <a href="https://other.test/dmca">partner DMCA</a> <a href="/info">Copyright &amp; DMCA</a></nav>`,
        "https://site.test/info": `<p>Send notices to <b>takedowns [at] site [dot] test</b>.</p>`,
      },
    });
    expect((await finder.find("https://site.test/v/1"))[0]).toMatchObject({ email: "takedowns@site.test", source: "https://site.test/info", foundBy: "site-page" });
    expect(fetched.slice(5)).toEqual(["https://site.test/", "https://site.test/pages/contact-us.html", "https://site.test/info"]);
  });

  it("records a complaint form as the site's contact when the site gives no address", async () => {
    const { finder } = finderFor({
      pages: {
        "https://site.test/dmca": `<form role="search" action="/search"><input name="q"></form>`,
        "https://site.test/contact": `<form method="post" action="/contact/send"><input type="email" name="from"><textarea name="message"></textarea></form>`,
      },
      registrar,
    });
    expect((await finder.find("https://site.test/x"))[0]).toMatchObject({ kind: "site", email: null, webForm: "https://site.test/contact", foundBy: "site-page", note: expect.stringContaining("form") });
  });

  it("refuses a hostile mailto (a NUL) with its reason, and goes on to the host", async () => {
    const { finder } = finderFor({ pages: { "https://site.test/dmca": `<a href="mailto:dmca@site.test%00">Email us</a>` }, ipAbuse: host });
    const found = await finder.find("https://site.test/x");
    expect(found[0]).toMatchObject({ kind: "site", email: null, webForm: null, refused: { address: "dmca@site.test\\u0000", reason: "it contains a NUL character" } });
    expect(found[1]).toMatchObject({ kind: "host", email: "abuse@hostnet.test" });
  });
});

describe("addresses as sites write them", () => {
  it.each([
    ["plain text", `<p>DMCA: dmca@site.test</p>`, ["dmca@site.test"]],
    ["[at] and [dot]", `<p>dmca [at] site [dot] test</p>`, ["dmca@site.test"]],
    ["(at)", `<p>Write to dmca(at)site.test.</p>`, ["dmca@site.test"]],
    ["{at} {dot}", `<p>abuse {at} site {dot} test</p>`, ["abuse@site.test"]],
    ["HTML entities", `<p>copyright&#64;site&#46;test</p>`, ["copyright@site.test"]],
    ["across elements", `<p>Contact</p><p>info@site.test</p><p>Copyright</p><p>copyright@site.test</p>`, ["copyright@site.test", "info@site.test"]],
    ["not in scripts", `<script>var x = "dmca@tracker.test";</script><p>nothing</p>`, []],
    ["at and dot spelled out", `<p>Send notices to dmca at site dot test.</p>`, ["dmca@site.test"]],
    ["AT and DOT in capitals, several labels", `<p>abuse AT mail DOT site DOT co DOT uk</p>`, ["abuse@mail.site.co.uk"]],
    ["no address made of prose", `<p>Look at site.test, or look at the dot matrix printer.</p>`, []],
    ["a percent-encoded at sign", `<p>dmca%40site.test</p>`, ["dmca@site.test"]],
    ["&#x40; and entities encoded twice", `<p>dmca&#x40;site.test</p><p>legal&amp;#64;site&amp;#46;test</p>`, ["dmca@site.test", "legal@site.test"]],
  ])("%s", (_what, html, emails) => {
    expect(pageContacts(html).emails).toEqual(emails);
  });

  it("ranks several addresses: DMCA mailboxes first, then the site's own domain among equals", () => {
    const html = `<p>info@mailhost.test, dmca@other.test, dmca [at] site [dot] test, info at site dot test</p>`;
    expect(pageContacts(html, "site.test").emails).toEqual(["dmca@site.test", "dmca@other.test", "info@site.test", "info@mailhost.test"]);
  });

  it("bounds the work on a page of ten thousand addresses, and still finds its DMCA mailbox", () => {
    const html = `<ul>${Array.from({ length: 10_000 }, (_, i) => `<li>fan${i}@spam${i % 97}.test</li>`).join("")}</ul><a href="mailto:dmca@site.test">DMCA</a>`;
    const started = performance.now();
    const found = pageContacts(html, "site.test");
    expect(found.emails[0]).toBe("dmca@site.test");
    expect(found.emails.length).toBeLessThanOrEqual(20);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("refuses an address that is not one mailbox among good ones, and keeps the good ones", () => {
    const found = pageContacts(`<a href="mailto:dmca@site.test%0ABcc:x@else.test">x</a> <p>copyright at site dot test</p>`);
    expect(found.emails).toEqual(["copyright@site.test"]);
    expect(found.refused).toMatchObject([{ reason: "it contains a line break" }]);
  });

  it.each([
    ["a comma list", `<a href="mailto:dmca@site.test,victim@else.test">x</a>`, "it holds 2 addresses, not one"],
    ["a header injection", `<a href="mailto:dmca@site.test%0D%0ABcc:victim@else.test">x</a>`, "it contains a line break"],
    ["a display-name trick", `<a href="mailto:dmca@site.test%20%3Cattacker@else.test%3E">x</a>`, "it carries a display name or a comment besides the address"],
  ])("refuses %s in a mailto, with the reason", (_what, html, reason) => {
    const found = pageContacts(html);
    expect(found.emails).toEqual([]);
    expect(found.refused).toMatchObject([{ reason }]);
  });

  it("keeps only same-site links that lead to contact pages", () => {
    const links = contactLinks(`<a href="/dmca#x">DMCA</a><a href="mailto:a@b.test">contact</a><a href="https://evil.test/contact">contact</a><a href="/legal/terms">Terms</a><a href="/videos">Videos</a>`, new URL("https://site.test/"));
    expect(links).toEqual(["https://site.test/dmca", "https://site.test/legal/terms"]);
  });
});

// A page can name anyone's mailbox: only one on the site's registered domain, or one RDAP documents
// for its host, CDN or registrar, is written to on the page's word; any other waits for her confirmation.
describe("a mailbox the site's page names", () => {
  it("on the site's registered domain (from a subdomain too) is the site's, with nothing to confirm", async () => {
    const { finder } = finderFor({ pages: { "https://cdn.site.test/dmca": `<a href="mailto:dmca@site.test">dmca</a>` }, ipAbuse: host });
    const [site] = await finder.find("https://cdn.site.test/x");
    expect(site).toMatchObject({ kind: "site", email: "dmca@site.test", foundBy: "site-page" });
    expect(site!.confirmation ?? null).toBeNull();
  });

  it.each([
    ["a free-mail box", "takedowns.site@gmail.com"],
    ["a third party's domain", "legal@victim-law.example"],
    ["a look-alike of the site's domain", "dmca@site.test.evil.example"],
  ])("outside it (%s) awaits her confirmation, with where it was read and why", async (_, address) => {
    const { finder } = finderFor({ pages: { "https://site.test/dmca": `<p>DMCA: <a href="mailto:${address}">write</a></p>` }, ipAbuse: host, registrar });
    const found = await finder.find("https://site.test/x");
    expect(found.map((r) => [r.kind, r.email])).toEqual([
      ["site", address],
      ["host", "abuse@hostnet.test"],
      ["registrar", "abuse@registrar.test"],
    ]);
    expect(found[0]!.confirmation).toEqual({ reason: expect.stringContaining(`names ${address}, which is not on the site's domain (site.test)`), confirmedAt: null });
    expect(found[0]!.confirmation!.reason).toContain("https://site.test/dmca");
  });

  it("one tenant of a shared host cannot name another tenant's mailbox (private suffixes count)", async () => {
    const { finder } = finderFor({ pages: { "https://attacker.github.io/dmca": `<a href="mailto:owner@victim.github.io">dmca</a>` } });
    const [site] = await finder.find("https://attacker.github.io/x");
    expect(site!.confirmation?.confirmedAt).toBeNull();
  });

  it("prefers the site's own mailbox on a later page to another domain's on the first", async () => {
    const { finder } = finderFor({
      pages: { "https://site.test/dmca": `<a href="mailto:dmca@gmail.com">dmca</a>`, "https://site.test/contact": `<a href="mailto:contact@site.test">us</a>` },
    });
    expect((await finder.find("https://site.test/x"))[0]).toMatchObject({ email: "contact@site.test", source: "https://site.test/contact" });
  });

  it("documented by RDAP as its host's, its CDN's or its registrar's abuse mailbox is written to", async () => {
    const hosted = finderFor({ pages: { "https://site.test/dmca": `<a href="mailto:abuse@hostnet.test">dmca</a>` }, ipAbuse: host, registrar });
    expect((await hosted.finder.find("https://site.test/x")).map((r) => [r.kind, r.email, r.confirmation ?? null])).toEqual([
      ["site", "abuse@hostnet.test", null],
      ["registrar", "abuse@registrar.test", null],
    ]);
    const registered = finderFor({ pages: { "https://site.test/dmca": `<a href="mailto:abuse@registrar.test">dmca</a>` }, ipAbuse: host, registrar });
    const [viaRegistrar] = await registered.finder.find("https://site.test/x");
    expect([viaRegistrar!.email, viaRegistrar!.confirmation ?? null]).toEqual(["abuse@registrar.test", null]);
    const fronted = finderFor({ pages: { "https://site.test/dmca": `<a href="mailto:abuse@cloudflare.test">dmca</a>` }, cdn: "Cloudflare", ipAbuse: { email: "abuse@cloudflare.test", name: "Cloudflare" } });
    const [viaCdn] = await fronted.finder.find("https://site.test/x");
    expect([viaCdn!.email, viaCdn!.confirmation ?? null]).toEqual(["abuse@cloudflare.test", null]);
  });
});
