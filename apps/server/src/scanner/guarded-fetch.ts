import { createHash } from "node:crypto";
import dns from "node:dns";
import type { LookupAddress } from "node:dns";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { Agent, ProxyAgent, request, type Dispatcher } from "undici";
import {
  classifyAddress,
  isAddressAllowed,
  isHostnameRefused,
  isIpLiteral,
  isMetadataHostname,
  unbracket,
  type AddressPolicy,
} from "./address-policy";
import { ConcurrencyLimiter, KeyedLimiter } from "./concurrency-limiter";
import { onAbort } from "./on-abort";
import { parseRobotsTxt, robotsVerdict, type RobotsFile } from "./robots-txt";
import type { ScannerSettings } from "./scanner-settings";

/**
 * The one outbound fetcher for pages found on the web (and for profile pages
 * checked for ownership). Everything a hostile page could use against us is
 * bounded here: schemes, addresses (literal, resolved, after each redirect),
 * time, bytes, redirects, concurrency.
 */

export type FetchErrorReason =
  | "bad-url"
  | "bad-scheme"
  | "blocked-address"
  | "dns"
  | "connect"
  | "timeout"
  | "too-large"
  | "too-many-redirects"
  | "robots-disallowed"
  | "protocol"
  | "aborted";

export class FetchError extends Error {
  override readonly name = "FetchError";
  constructor(
    readonly reason: FetchErrorReason,
    message: string,
    readonly url: string,
  ) {
    super(message);
  }
}

export type RobotsDecision = {
  policy: "respect" | "record";
  /** What robots.txt says about the URL; "unreachable" when it could not be read (RFC 9309: treat as disallowed). */
  status: "allowed" | "disallowed" | "no-robots" | "unreachable";
  rule: string | null;
};

export type FetchResult = {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  /** True when reading stopped at the byte limit. */
  truncated: boolean;
  fetchedAt: string;
  /** SHA-256 (hex) of the body bytes we kept. */
  sha256: string;
  /** Each hop after the first, in order. */
  redirects: string[];
  robots: RobotsDecision | null;
};

export type FetchOptions = {
  method?: "GET" | "POST" | "HEAD";
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  /** false: a body over the limit is an error (for images, where half a file is useless). */
  truncate?: boolean;
  /** false for API calls to the configured search endpoints. */
  robots?: boolean;
  retries?: number;
  /**
   * An API call to an endpoint the operator configured (a search API, an RDAP
   * server): this call may reach its own origin on a private network (a
   * self-hosted SearXNG usually lives there); metadata addresses stay refused.
   * The trust is this call's alone: a redirect to another origin is judged like
   * any URL, and a page a scan fetches is never trusted, even on that origin.
   */
  operatorEndpoint?: boolean;
  /** Called before each redirect hop is requested, with where it goes (a crawler waits there for that host's turn). */
  beforeRedirect?: (next: URL) => Promise<void>;
};

export type GuardedFetcherOptions = {
  userAgent: string;
  allowPrivateNetworks: boolean;
  proxyUrl?: string | undefined;
  concurrency: number;
  perHostConcurrency: number;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  maxRetries: number;
  robotsPolicy: "respect" | "record";
  /** Aborts every fetch of the scan (its budget). */
  signal?: AbortSignal | undefined;
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the response is returned as is. */
  maxRetryWaitMs?: number;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_TIMEOUT_MS = 5_000;

type Route = { dispatcher: Dispatcher; trusted: boolean };

export class GuardedFetcher {
  readonly options: GuardedFetcherOptions;
  readonly #global: ConcurrencyLimiter;
  readonly #perHost: KeyedLimiter;
  readonly #robots = new Map<string, Promise<RobotsFile | "no-robots" | "unreachable">>();
  #directGuarded: Agent | undefined;
  #directTrusted: Agent | undefined;
  #proxy: ProxyAgent | undefined;

  constructor(options: GuardedFetcherOptions) {
    this.options = options;
    this.#global = new ConcurrencyLimiter(options.concurrency);
    this.#perHost = new KeyedLimiter(options.perHostConcurrency);
  }

  async fetch(url: string, opts: FetchOptions = {}): Promise<FetchResult> {
    const start = parseHttpUrl(url);
    const useRobots = opts.robots !== false && !opts.operatorEndpoint;
    if (!useRobots) return this.#fetchChain(start, opts, null);

    const robotsPromise = this.#robotsDecision(start, opts.signal);
    if (this.options.robotsPolicy === "respect") {
      const decision = await robotsPromise;
      if (decision.status === "disallowed" || decision.status === "unreachable") {
        throw new FetchError("robots-disallowed", `robots.txt: ${decision.rule ?? decision.status}`, url);
      }
      return this.#fetchChain(start, opts, decision);
    }
    // "record": read robots.txt alongside the page so it costs no latency.
    robotsPromise.catch(() => undefined);
    const result = await this.#fetchChain(start, opts, null);
    result.robots = await robotsPromise.catch(() => null);
    return result;
  }

  async close(): Promise<void> {
    await Promise.all([this.#directGuarded?.close(), this.#directTrusted?.close(), this.#proxy?.close()]);
  }

  async #fetchChain(start: URL, opts: FetchOptions, robots: RobotsDecision | null): Promise<FetchResult> {
    const redirects: string[] = [];
    const seen = new Set<string>();
    let current = start;
    let method = opts.method ?? "GET";
    let body = opts.body;
    // The caller's own headers (an API key, a cookie) are meant for the origin it asked: a redirect
    // to another origin is followed as a page fetch, with ours only.
    let headers = opts.headers;
    for (;;) {
      const key = `${method} ${current.href}`;
      if (seen.has(key)) throw new FetchError("too-many-redirects", `redirect loop at ${current.href}`, start.href);
      seen.add(key);
      const trusted = opts.operatorEndpoint === true && current.origin === start.origin;
      if (redirects.length > 0) await opts.beforeRedirect?.(current);
      const hop = await this.#fetchWithRetries(current, { ...opts, method, body, headers }, trusted);
      if (REDIRECT_STATUSES.has(hop.status) && hop.location) {
        if (redirects.length >= this.options.maxRedirects) {
          throw new FetchError("too-many-redirects", `more than ${this.options.maxRedirects} redirects`, start.href);
        }
        let next: URL;
        try {
          next = new URL(hop.location, current);
        } catch {
          throw new FetchError("bad-url", `bad redirect location ${JSON.stringify(hop.location)}`, current.href);
        }
        if (next.protocol !== "http:" && next.protocol !== "https:") {
          throw new FetchError("bad-scheme", `redirect to ${next.protocol} refused`, current.href);
        }
        redirects.push(next.href);
        if (next.origin !== start.origin) headers = undefined;
        if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        current = next;
        continue;
      }
      const sha256 = createHash("sha256").update(hop.body).digest("hex");
      return {
        url: start.href,
        finalUrl: current.href,
        status: hop.status,
        headers: hop.headers,
        contentType: (hop.headers["content-type"] ?? "").toLowerCase(),
        body: hop.body,
        truncated: hop.truncated,
        fetchedAt: hop.fetchedAt,
        sha256,
        redirects,
        robots,
      };
    }
  }

  async #fetchWithRetries(url: URL, opts: FetchOptions, trusted: boolean): Promise<Hop> {
    const retries = opts.retries ?? this.options.maxRetries;
    for (let attempt = 0; ; attempt++) {
      const hop = await this.#fetchOnce(url, opts, trusted);
      if (!RETRY_STATUSES.has(hop.status) || attempt >= retries) return hop;
      const wait = retryDelay(hop.headers["retry-after"], attempt, this.options.retryBaseDelayMs ?? 500);
      if (wait > (this.options.maxRetryWaitMs ?? 30_000)) return hop;
      // Slots are not held while waiting: a throttling host must not stall the others.
      await sleep(wait, anySignal([this.options.signal, opts.signal]));
    }
  }

  async #fetchOnce(url: URL, opts: FetchOptions, trusted: boolean): Promise<Hop> {
    const route = this.#route(url, trusted);
    const outer = anySignal([this.options.signal, opts.signal]);
    const releaseHost = await this.#perHost.acquire(url.host, outer).catch((e) => {
      throw toFetchError(e, url.href, outer, false);
    });
    let releaseGlobal: (() => void) | undefined;
    try {
      releaseGlobal = await this.#global.acquire(outer).catch((e) => {
        throw toFetchError(e, url.href, outer, false);
      });
      // The time limit starts once a slot is ours: queueing is not the server's fault.
      // One controller with a timer (not AbortSignal.any/timeout per request: they are
      // costly at hundreds of requests a second on Node 20).
      const ctl = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        ctl.abort(new Error("timeout"));
      }, opts.timeoutMs ?? this.options.timeoutMs);
      let stopWatching: (() => void) | undefined;
      if (outer?.aborted) ctl.abort(outer.reason);
      else if (outer) stopWatching = onAbort(outer, () => ctl.abort(outer.reason));
      try {
        return await this.#send(url, route, opts, ctl.signal);
      } catch (e) {
        throw toFetchError(e, url.href, outer, timedOut);
      } finally {
        clearTimeout(timer);
        stopWatching?.();
      }
    } finally {
      releaseGlobal?.();
      releaseHost();
    }
  }

  async #send(url: URL, route: Route, opts: FetchOptions, signal: AbortSignal): Promise<Hop> {
    const headers: Record<string, string> = {
      "user-agent": this.options.userAgent,
      accept: "text/html,application/xhtml+xml,application/json;q=0.9,image/*;q=0.8,*/*;q=0.5",
      "accept-language": "en-US,en;q=0.8",
      "accept-encoding": "gzip, deflate, br",
      ...lowerKeys(opts.headers ?? {}),
    };
    const res = await request(url, {
      dispatcher: route.dispatcher,
      method: opts.method ?? "GET",
      headers,
      body: opts.body,
      signal,
    });
    const fetchedAt = new Date().toISOString();
    const flat = flattenHeaders(res.headers);
    if (REDIRECT_STATUSES.has(res.statusCode) && flat.location) {
      discard(res.body);
      return { status: res.statusCode, headers: flat, body: Buffer.alloc(0), truncated: false, fetchedAt, location: flat.location };
    }
    const maxBytes = opts.maxBytes ?? this.options.maxBytes;
    const declared = Number(flat["content-length"]);
    if (opts.truncate === false && Number.isFinite(declared) && declared > maxBytes) {
      discard(res.body);
      throw new FetchError("too-large", `content-length ${declared} over the limit of ${maxBytes} bytes`, url.href);
    }
    if (opts.method === "HEAD") {
      discard(res.body);
      return { status: res.statusCode, headers: flat, body: Buffer.alloc(0), truncated: false, fetchedAt };
    }
    const { body, truncated } = await readLimited(res.body, flat["content-encoding"], maxBytes);
    if (truncated && opts.truncate === false) {
      throw new FetchError("too-large", `body over the limit of ${maxBytes} bytes`, url.href);
    }
    return { status: res.statusCode, headers: flat, body, truncated, fetchedAt };
  }

  #route(url: URL, trusted: boolean): Route {
    const host = unbracket(url.hostname).toLowerCase();
    if (isMetadataHostname(host)) {
      throw new FetchError("blocked-address", `refused metadata address ${host}`, url.href);
    }
    const literal = isIpLiteral(host) || host === "localhost";
    if (trusted && literal) return { dispatcher: this.#trustedAgent(), trusted: true };

    const policy: AddressPolicy = { allowPrivateNetworks: this.options.allowPrivateNetworks };
    if (this.options.proxyUrl) {
      // The proxy resolves names, so we can only judge what the URL itself says.
      // The proxy is the route to the web: a literal non-public address is never a
      // page we should ask it for, whatever allowPrivateNetworks says.
      if (!trusted && (isHostnameRefused(host, { allowPrivateNetworks: false }) || (isIpLiteral(host) && classifyAddress(host) !== "public"))) {
        throw new FetchError("blocked-address", `refused non-public address ${host}`, url.href);
      }
      return { dispatcher: this.#proxyAgent(), trusted };
    }
    if (trusted) return { dispatcher: this.#trustedAgent(), trusted: true };
    if (isHostnameRefused(host, policy)) {
      throw new FetchError("blocked-address", `refused host ${host}`, url.href);
    }
    if (isIpLiteral(host) && !isAddressAllowed(host, policy)) {
      throw new FetchError("blocked-address", `refused ${classifyAddress(host)} address ${host}`, url.href);
    }
    return { dispatcher: this.#guardedAgent(), trusted: false };
  }

  #guardedAgent(): Agent {
    this.#directGuarded ??= new Agent({
      connect: { timeout: this.options.connectTimeoutMs, lookup: checkedLookup({ allowPrivateNetworks: this.options.allowPrivateNetworks }) },
      keepAliveTimeout: 4_000,
    });
    return this.#directGuarded;
  }

  #trustedAgent(): Agent {
    // Operator endpoints may be private, never metadata.
    this.#directTrusted ??= new Agent({
      connect: { timeout: this.options.connectTimeoutMs, lookup: checkedLookup({ allowPrivateNetworks: true }) },
      keepAliveTimeout: 4_000,
    });
    return this.#directTrusted;
  }

  #proxyAgent(): ProxyAgent {
    // Plain http goes as absolute-form requests (what every forward proxy speaks);
    // https is tunnelled with CONNECT.
    this.#proxy ??= new ProxyAgent({
      uri: this.options.proxyUrl!,
      proxyTunnel: false,
      proxyTls: { timeout: this.options.connectTimeoutMs },
      keepAliveTimeout: 4_000,
    } as ProxyAgent.Options);
    return this.#proxy;
  }

  #robotsDecision(url: URL, signal: AbortSignal | undefined): Promise<RobotsDecision> {
    let file = this.#robots.get(url.origin);
    if (!file) {
      file = this.#fetchChain(new URL("/robots.txt", url.origin), {
        maxBytes: ROBOTS_MAX_BYTES,
        timeoutMs: Math.min(ROBOTS_TIMEOUT_MS, this.options.timeoutMs),
        retries: 0,
        signal,
      }, null).then(
        (r) => {
          if (r.status >= 200 && r.status < 300) return parseRobotsTxt(r.body.toString("utf8"));
          if (r.status >= 400 && r.status < 500) return "no-robots" as const;
          return "unreachable" as const;
        },
        () => "unreachable" as const,
      );
      this.#robots.set(url.origin, file);
    }
    const policy = this.options.robotsPolicy;
    return file.then((f) => {
      if (f === "no-robots" || f === "unreachable") return { policy, status: f, rule: null };
      const verdict = robotsVerdict(f, this.options.userAgent, url.pathname + url.search);
      return { policy, status: verdict.allowed ? "allowed" : "disallowed", rule: verdict.rule };
    });
  }
}

type Hop = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  fetchedAt: string;
  location?: string;
};

export function createGuardedFetcher(
  settings: ScannerSettings,
  extra: Partial<Pick<GuardedFetcherOptions, "signal" | "retryBaseDelayMs" | "maxRetryWaitMs">> = {},
): GuardedFetcher {
  return new GuardedFetcher({
    userAgent: settings.SCAN_USER_AGENT,
    allowPrivateNetworks: settings.SCAN_ALLOW_PRIVATE_NETWORKS,
    proxyUrl: settings.SCAN_PROXY_URL,
    concurrency: settings.SCAN_CONCURRENCY,
    perHostConcurrency: settings.SCAN_PER_HOST_CONCURRENCY,
    timeoutMs: settings.SCAN_FETCH_TIMEOUT_MS,
    connectTimeoutMs: settings.SCAN_CONNECT_TIMEOUT_MS,
    maxBytes: settings.SCAN_MAX_BYTES,
    maxRedirects: settings.SCAN_MAX_REDIRECTS,
    maxRetries: settings.SCAN_MAX_RETRIES,
    robotsPolicy: settings.SCAN_ROBOTS_POLICY,
    ...extra,
  });
}

/** One fetch with its own short-lived fetcher (e.g. one profile page for an ownership check). */
export async function guardedFetch(
  url: string,
  settings: ScannerSettings,
  opts: FetchOptions = {},
): Promise<FetchResult> {
  const fetcher = createGuardedFetcher(settings);
  try {
    return await fetcher.fetch(url, opts);
  } finally {
    await fetcher.close();
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError("bad-url", `not a URL: ${JSON.stringify(raw.slice(0, 200))}`, raw);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError("bad-scheme", `only http and https are fetched, not ${url.protocol}`, raw);
  }
  if (url.username || url.password) url.username = url.password = "";
  url.hash = "";
  return url;
}


type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A dns.lookup replacement for the socket: every address a name resolves to
 * is checked, and the socket connects to exactly those checked addresses, so
 * a second (rebinding) answer is never consulted.
 */
function checkedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (err, addresses) => {
      if (err) return callback(err, "");
      if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
      for (const a of addresses) {
        if (!isAddressAllowed(a.address, policy)) {
          const e = Object.assign(new Error(`${hostname} resolves to ${classifyAddress(a.address)} address ${a.address}`), {
            code: "LW_BLOCKED_ADDRESS",
          });
          return callback(e, "");
        }
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

async function readLimited(
  raw: Readable,
  encoding: string | undefined,
  maxBytes: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  let stream: Readable = raw;
  const enc = (encoding ?? "").trim().toLowerCase();
  // Decoded bytes are what we limit, so a small compressed bomb stops at the limit too.
  if (enc === "gzip" || enc === "x-gzip") stream = raw.pipe(zlib.createGunzip());
  else if (enc === "deflate") stream = raw.pipe(zlib.createInflate());
  else if (enc === "br") stream = raw.pipe(zlib.createBrotliDecompress());
  if (stream !== raw) raw.on("error", (e) => stream.destroy(e));
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      if (total + buf.length > maxBytes) {
        chunks.push(buf.subarray(0, maxBytes - total));
        total = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buf);
      total += buf.length;
    }
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith("Z_")) {
      throw new FetchError("protocol", `bad ${enc} body: ${(e as Error).message}`, "");
    }
    throw e;
  } finally {
    if (truncated || !raw.readableEnded) discard(raw);
    if (stream !== raw) discard(stream);
  }
  return { body: Buffer.concat(chunks, total), truncated };
}

/** Drops a body we will not read; a destroyed undici body emits an error nobody needs. */
function discard(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

function toFetchError(e: unknown, url: string, outer: AbortSignal | undefined, timedOut: boolean): FetchError {
  if (e instanceof FetchError) return e.url ? e : new FetchError(e.reason, e.message, url);
  if (outer?.aborted) return new FetchError("aborted", "scan stopped", url);
  if (timedOut) return new FetchError("timeout", "no complete answer in time", url);
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code ?? "";
  const message = err.message ?? String(e);
  if (code === "LW_BLOCKED_ADDRESS" || err.cause?.code === "LW_BLOCKED_ADDRESS") return new FetchError("blocked-address", message, url);
  if (["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME"].includes(code)) return new FetchError("dns", message, url);
  if (["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"].includes(code)) {
    return new FetchError("timeout", message, url);
  }
  if (code === "HPE_INVALID_CONSTANT" || code.startsWith("HPE_") || code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH") {
    return new FetchError("protocol", message, url);
  }
  return new FetchError("connect", message, url);
}

function retryDelay(retryAfter: string | undefined, attempt: number, base: number): number {
  if (retryAfter) {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return base * 2 ** attempt * (0.75 + Math.random() * 0.5);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FetchError("aborted", "scan stopped", ""));
    const t = setTimeout(() => {
      stopWatching?.();
      resolve();
    }, ms);
    const stopWatching = signal
      ? onAbort(signal, () => {
          clearTimeout(t);
          reject(new FetchError("aborted", "scan stopped", ""));
        })
      : undefined;
  });
}

export function anySignal(signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const present = [...new Set(signals.filter((s): s is AbortSignal => !!s))];
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return AbortSignal.any(present);
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}
