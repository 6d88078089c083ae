import { Resolver } from "node:dns/promises";
import { readFileSync } from "node:fs";
import ipaddr from "ipaddr.js";
import { getDomain } from "tldts";
import type { Logger } from "../../lib/logger";
import { FetchError, type GuardedFetcher } from "../../scanner/guarded-fetch";
import { networkAbuse, registrarAbuse, type RdapAnswer } from "./rdap-contacts";

/**
 * Who answers for an address or a domain: DNS (through the configured resolvers), RDAP
 * (RFC 9083, found through the IANA bootstrap registries of RFC 9224) and the CDN ranges.
 * The bootstrap files and Cloudflare's ranges ship as data; settings can refresh them.
 */

type BootstrapKind = "dns" | "ipv4" | "ipv6";
type BootstrapFile = { services: [string[], string[]][] };

export type RdapContact = {
  email: string | null;
  /** An address the answer gave that is not one plain mailbox, with why. */
  refused: { address: string; reason: string } | null;
  /** The organisation's name (never a role handle). */
  name: string | null;
  url: string;
};

export interface NetworkLookupOptions {
  fetcher: GuardedFetcher;
  logger: Logger;
  /** host:port list; empty = the system's resolvers. */
  dnsServers: string[];
  /** Where fresh dns.json / ipv4.json / ipv6.json are served (e.g. https://data.iana.org/rdap/); unset = shipped copies. */
  bootstrapUrl?: string | undefined;
  /** Where Cloudflare serves ips-v4 / ips-v6 (https://www.cloudflare.com/); unset = shipped copies. */
  cloudflareUrl?: string | undefined;
  refreshMs: number;
  timeoutMs: number;
}

const dataFile = (name: string) => new URL(`./data/${name}`, import.meta.url);

function shippedBootstrap(kind: BootstrapKind): BootstrapFile {
  return JSON.parse(readFileSync(dataFile(`rdap-bootstrap/${kind}.json`), "utf8")) as BootstrapFile;
}

function parseRanges(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return text
    .split(/\s+/)
    .map((l) => l.trim())
    .filter((l) => ipaddr.isValidCIDR(l))
    .map((l) => ipaddr.parseCIDR(l));
}

function isBootstrap(value: unknown): value is BootstrapFile {
  return !!value && Array.isArray((value as BootstrapFile).services);
}

function preferHttps(urls: string[]): string | undefined {
  return urls.find((u) => u.startsWith("https://")) ?? urls.find((u) => u.startsWith("http://"));
}

function withSlash(base: string): string {
  return base.endsWith("/") ? base : `${base}/`;
}

type RdapObject = RdapAnswer;

/** A DNS resolver that asks the configured servers (DNS_SERVERS, host:port), else the system's. */
export function configuredResolver(dnsServers: string[], timeoutMs: number): Resolver {
  const resolver = new Resolver({ timeout: Math.min(timeoutMs, 5_000), tries: 2 });
  if (dnsServers.length > 0) resolver.setServers(dnsServers);
  return resolver;
}

export class NetworkLookup {
  readonly #options: NetworkLookupOptions;
  readonly #resolver: Resolver;
  readonly #bootstrap = new Map<BootstrapKind, { at: number; file: Promise<BootstrapFile> }>();
  #cloudflare: { at: number; ranges: Promise<[ipaddr.IPv4 | ipaddr.IPv6, number][]> } | undefined;

  constructor(options: NetworkLookupOptions) {
    this.#options = options;
    this.#resolver = configuredResolver(options.dnsServers, options.timeoutMs);
  }

  /** The addresses a host name resolves to (IPv4 first). */
  async addresses(hostname: string): Promise<string[]> {
    const host = hostname.replace(/^\[|\]$/g, "");
    if (ipaddr.isValid(host)) return [host];
    const [v4, v6] = await Promise.all([this.#resolver.resolve4(host).catch(() => []), this.#resolver.resolve6(host).catch(() => [])]);
    return [...v4, ...v6];
  }

  /** The mail exchangers a domain names (MX), most preferred first; at most 5. */
  async mailHosts(domain: string): Promise<string[]> {
    const name = domain.toLowerCase().replace(/\.$/, "");
    if (ipaddr.isValid(name)) return [];
    const records = await this.#resolver.resolveMx(name).catch(() => []);
    return records
      .filter((r) => typeof r.exchange === "string" && r.exchange.length > 0 && r.exchange.length <= 253)
      .sort((a, b) => a.priority - b.priority)
      .map((r) => r.exchange.toLowerCase().replace(/\.$/, ""))
      .slice(0, 5);
  }

  /** "Cloudflare" when the address is in Cloudflare's published ranges. */
  async cdnOf(address: string): Promise<string | null> {
    const ip = ipaddr.process(address);
    const ranges = await this.#cloudflareRanges();
    return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits)) ? "Cloudflare" : null;
  }

  /** The abuse contact of the network an address belongs to (RDAP ip query). */
  async ipAbuse(address: string): Promise<RdapContact | null> {
    const ip = ipaddr.process(address);
    const file = await this.#bootstrapFile(ip.kind() === "ipv4" ? "ipv4" : "ipv6");
    let best: { bits: number; base: string } | null = null;
    for (const [ranges, urls] of file.services) {
      const base = preferHttps(urls);
      if (!base) continue;
      for (const r of ranges) {
        if (!ipaddr.isValidCIDR(r)) continue;
        const [range, bits] = ipaddr.parseCIDR(r);
        if (range.kind() === ip.kind() && ip.match(range, bits) && (!best || bits > best.bits)) best = { bits, base };
      }
    }
    if (!best) return null;
    const url = `${withSlash(best.base)}ip/${ip.toString()}`;
    const body = await this.#rdap(url);
    if (!body) return null;
    const abuse = networkAbuse(body);
    return { email: abuse.email, refused: abuse.refused, name: abuse.name, url };
  }

  /** The registrar's abuse contact of the domain a host belongs to (RDAP domain query). */
  async registrarAbuse(hostname: string): Promise<(RdapContact & { registrar: string | null }) | null> {
    const labels = hostname.toLowerCase().replace(/\.$/, "").split(".");
    if (labels.length < 2 || ipaddr.isValid(hostname)) return null;
    const file = await this.#bootstrapFile("dns");
    let base: string | undefined;
    let tldLabels = 0;
    for (const [tlds, urls] of file.services) {
      for (const tld of tlds) {
        const n = tld.split(".").length;
        if (n > tldLabels && hostname.toLowerCase().endsWith(`.${tld.toLowerCase()}`)) {
          const u = preferHttps(urls);
          if (u) {
            base = u;
            tldLabels = n;
          }
        }
      }
    }
    if (!base) return null;
    // The registered name by the public suffix list (example.co.uk, not co.uk); when the registry
    // does not know it, one label above the TLD, then one more.
    const guesses = [tldLabels + 1, tldLabels + 2].filter((take) => take <= labels.length).map((take) => labels.slice(-take).join("."));
    const registered = getDomain(hostname, { allowPrivateDomains: false });
    for (const domain of new Set([...(registered ? [registered] : []), ...guesses])) {
      const url = `${withSlash(base)}domain/${domain}`;
      const body = await this.#rdap(url);
      if (!body) continue;
      const abuse = registrarAbuse(body);
      return { email: abuse.email, refused: abuse.refused, name: abuse.name, registrar: abuse.registrar, url };
    }
    return null;
  }

  async #rdap(url: string): Promise<RdapObject | null> {
    // RDAP servers come from the IANA registry (operator data), like the search APIs.
    try {
      const res = await this.#options.fetcher.fetch(url, {
        operatorEndpoint: true,
        robots: false,
        retries: 1,
        timeoutMs: this.#options.timeoutMs,
        maxBytes: 1024 * 1024,
        headers: { accept: "application/rdap+json, application/json" },
      });
      if (res.status !== 200) return null;
      const parsed: unknown = JSON.parse(res.body.toString("utf8"));
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as RdapObject) : null;
    } catch (error) {
      if (error instanceof FetchError || error instanceof SyntaxError) {
        this.#options.logger.info({ url, err: error.message }, "rdap lookup failed");
        return null;
      }
      throw error;
    }
  }

  #bootstrapFile(kind: BootstrapKind): Promise<BootstrapFile> {
    const cached = this.#bootstrap.get(kind);
    if (cached && Date.now() - cached.at < this.#options.refreshMs) return cached.file;
    const file = this.#loadBootstrap(kind);
    this.#bootstrap.set(kind, { at: Date.now(), file });
    return file;
  }

  async #loadBootstrap(kind: BootstrapKind): Promise<BootstrapFile> {
    const base = this.#options.bootstrapUrl;
    if (base) {
      const fresh = await this.#fetchText(`${withSlash(base)}${kind}.json`);
      try {
        const parsed: unknown = fresh ? JSON.parse(fresh) : null;
        if (isBootstrap(parsed)) return parsed;
      } catch {
        // The shipped copy below.
      }
      this.#options.logger.warn({ kind, base }, "RDAP bootstrap refresh failed; using the shipped copy");
    }
    return shippedBootstrap(kind);
  }

  #cloudflareRanges() {
    if (this.#cloudflare && Date.now() - this.#cloudflare.at < this.#options.refreshMs) return this.#cloudflare.ranges;
    const ranges = (async () => {
      const shipped = () => parseRanges(readFileSync(dataFile("cloudflare-ips-v4.txt"), "utf8") + "\n" + readFileSync(dataFile("cloudflare-ips-v6.txt"), "utf8"));
      const base = this.#options.cloudflareUrl;
      if (!base) return shipped();
      const [v4, v6] = await Promise.all([this.#fetchText(`${withSlash(base)}ips-v4`), this.#fetchText(`${withSlash(base)}ips-v6`)]);
      const fresh = parseRanges(`${v4 ?? ""}\n${v6 ?? ""}`);
      return fresh.length > 0 ? fresh : shipped();
    })();
    this.#cloudflare = { at: Date.now(), ranges };
    return ranges;
  }

  async #fetchText(url: string): Promise<string | null> {
    try {
      const res = await this.#options.fetcher.fetch(url, { operatorEndpoint: true, robots: false, retries: 1, timeoutMs: this.#options.timeoutMs, maxBytes: 4 * 1024 * 1024 });
      return res.status === 200 ? res.body.toString("utf8") : null;
    } catch (error) {
      if (error instanceof FetchError) return null;
      throw error;
    }
  }
}
