import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  braveSite,
  duckDuckGoSite,
  readFixture,
  redditListingBody,
  searxngBody,
  searxngSite,
  type FakeResult,
} from "@leakwarden/test-support/fake-web/fake-search";
import { json, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { BraveProvider } from "./brave-provider";
import { DuckDuckGoProvider, parseDuckDuckGoHtml, unwrapResultLink } from "./duckduckgo-provider";
import { GuardedFetcher } from "./guarded-fetch";
import { RedditProvider } from "./reddit-provider";
import { runScan } from "./run-scan";
import { parseScannerSettings } from "./scanner-settings";
import { SearchSourceError } from "./search-provider";
import { SearxngProvider } from "./searxng-provider";

/**
 * Providers against local fakes on 127.0.0.1 that replay the real captured
 * responses (@leakwarden/test-support, src/fake-web/fixtures). The fetcher refuses private
 * networks: the fake is reachable only because it is the configured endpoint.
 */

let server: VirtualHostServer;
let fetcher: GuardedFetcher;
const results: FakeResult[] = Array.from({ length: 25 }, (_, i) => ({
  url: `https://site${i}.example/page-${i}`,
  title: `Result ${i}`,
  snippet: `snippet <b>${i}</b>`,
}));

beforeAll(async () => {
  server = await startVirtualHostServer({
    "127.0.0.1": {
      "/searxng/raw": json(readFixture("searxng-1.json")),
      "/brave/raw": json(readFixture("brave-web-1.json"), 200, { "x-ratelimit-limit": "1, 15000", "x-ratelimit-remaining": "1, 14000", "x-ratelimit-reset": "1, 1000" }),
      "/brave/quota": json(
        { type: "ErrorResponse", errors: [{ id: "x", code: "QUOTA_LIMITED", detail: "Request quota limit exceeded for plan.", status: 429 }], time: 1 },
        429,
      ),
    },
  });
  fetcher = new GuardedFetcher({
    userAgent: "Mozilla/5.0 (compatible; LeakwardenBot/1.0; +https://leakwarden.com/bot)",
    allowPrivateNetworks: false,
    concurrency: 4,
    perHostConcurrency: 4,
    timeoutMs: 2_000,
    connectTimeoutMs: 1_000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    maxRetries: 0,
    robotsPolicy: "record",
  });
});

afterAll(async () => {
  await fetcher?.close();
  await server?.close();
});

const at = (path: string) => `${server.origin}${path}`;

async function sourceError(p: Promise<unknown>): Promise<SearchSourceError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SearchSourceError);
  return e as SearchSourceError;
}

describe("SearXNG", () => {
  it("reads the captured response (results present, some engines down)", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), "/search": json(readFixture("searxng-1.json")) });
    const p = new SearxngProvider({ baseUrl: at("/"), fetcher });
    const page = await p.search("severance", 1);
    expect(page.hits).toHaveLength(6);
    expect(page.hits[0]!.url).toBe("https://www.reddit.com/r/SeveranceAppleTVPlus/comments/1idlrtq/what_other_shows_do_you_rate_as_highly_as_or/");
    expect(page.hits[0]!.snippet).toMatch(/^30 Jan 2025/);
  });

  it("pages with pageno and asks for JSON", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), ...searxngSite(() => results, { pageSize: 10 }) });
    const p = new SearxngProvider({ baseUrl: server.origin, fetcher });
    const one = await p.search("q", 1);
    const three = await p.search("q", 3);
    expect(one.hits.map((h) => h.url)).toEqual(results.slice(0, 10).map((r) => r.url));
    expect(three.hits).toHaveLength(5);
    expect(one.hits[0]!.snippet).toBe("snippet 0");
  });

  it("treats an empty answer with unresponsive engines as an error, not as no leaks", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), "/search": json(searxngBody("q", [], { enginesFailed: true })) });
    const e = await sourceError(new SearxngProvider({ baseUrl: server.origin, fetcher }).search("q", 1));
    expect(e.code).toBe("engines-unresponsive");
    expect(e.message).toMatch(/duckduckgo \(CAPTCHA\)/);
  });

  it("is trusted for its own API calls only: a result on another path of its origin is never fetched", async () => {
    const leak = `<title>luna_rivers OnlyFans leaked</title><h1>luna_rivers leaks</h1><a href="https://mega.nz/folder/x">mega</a>`;
    const inside = [`${server.origin}/private/admin`, `http://localhost:${server.port}/private/admin`];
    server.setSite("127.0.0.1", {
      ...server_sites(),
      ...searxngSite(() => inside.map((url) => ({ url, title: "luna_rivers", snippet: "" }))),
      "/private/admin": (_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(leak),
    });
    const result = await runScan(
      { identity: { stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: [], allowlist: [], specific: "" }, referenceHashes: [] },
      { settings: parseScannerSettings({ SCAN_MAX_QUERIES: "1", SCAN_REDDIT_SEARCH: "false" }), fetcher, providers: [new SearxngProvider({ baseUrl: server.origin, fetcher })] },
    );
    expect(server.served.some((s) => s.includes("/search?"))).toBe(true);
    expect(server.served.filter((s) => s.includes("/private/"))).toEqual([]);
    expect(result.leaks).toEqual([]);
    expect(result.unreachable).toBe(2);
  });

  it("explains a 403 (JSON format disabled)", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), "/search": json("<h1>403</h1>", 403) });
    expect((await sourceError(new SearxngProvider({ baseUrl: server.origin, fetcher }).search("q", 1))).message).toMatch(/formats/);
  });
});

describe("Brave Search API", () => {
  it("reads the captured response", async () => {
    const p = new BraveProvider({ apiUrl: at("/brave/raw"), apiKey: "k", fetcher });
    const page = await p.search("Laravel", 1);
    expect(page.hits.length).toBeGreaterThan(5);
    expect(page.hits.every((h) => /^https?:\/\//.test(h.url))).toBe(true);
    expect(page.hits.some((h) => h.snippet.includes("<strong>"))).toBe(false);
  });

  it("sends the subscription token, pages by offset and follows more_results_available", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), ...braveSite(() => results, { apiKey: "secret", pageSize: 20 }) });
    const p = new BraveProvider({ apiUrl: at("/res/v1/web/search"), apiKey: "secret", fetcher });
    const one = await p.search("q", 1);
    const two = await p.search("q", 2);
    expect(one.hits).toHaveLength(20);
    expect(one.hasMore).toBe(true);
    expect(two.hits).toHaveLength(5);
    expect(two.hasMore).toBe(false);
  });

  it("reports a refused token from the documented `errors` envelope", async () => {
    const p = new BraveProvider({ apiUrl: at("/res/v1/web/search"), apiKey: "wrong", fetcher });
    const e = await sourceError(p.search("q", 1));
    expect(e.code).toBe("auth");
    expect(e.message).toMatch(/SUBSCRIPTION_TOKEN_INVALID/);
  });

  it("waits out a per-second rate limit (the live `error` envelope) and retries once", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), ...braveSite(() => results, { apiKey: "secret", rateLimitFirst: true }) });
    const p = new BraveProvider({ apiUrl: at("/res/v1/web/search"), apiKey: "secret", fetcher });
    const t = Date.now();
    const page = await p.search("q", 1);
    expect(page.hits.length).toBeGreaterThan(0);
    expect(Date.now() - t).toBeGreaterThanOrEqual(900);
  });

  it("stops on a used-up quota", async () => {
    const p = new BraveProvider({ apiUrl: at("/brave/quota"), apiKey: "k", fetcher });
    expect((await sourceError(p.search("q", 1))).code).toBe("quota");
    expect((await sourceError(p.search("q", 1))).code).toBe("quota");
  });
});

describe("DuckDuckGo HTML", () => {
  it("parses the captured html page (direct links) and its Next form", () => {
    const parsed = parseDuckDuckGoHtml(readFixture("duckduckgo-html-1.html"), "https://html.duckduckgo.com/html/");
    expect(parsed.hits).toHaveLength(10);
    expect(parsed.hits[0]).toMatchObject({ url: "https://github.com/cloudwego/eino" });
    expect(parsed.hits[0]!.title).toMatch(/^GitHub - cloudwego\/eino/);
    expect(parsed.next?.get("q")).toBe("eino");
    expect(parsed.next?.get("s")).toBe("10");
    expect(parsed.next?.get("vqd")).toMatch(/^4-/);
  });

  it("treats the no-more-results page as the end, without a bogus row", () => {
    const parsed = parseDuckDuckGoHtml(readFixture("duckduckgo-html-2-no-more-results.html"), "https://html.duckduckgo.com/html/");
    expect(parsed.hits).toEqual([]);
    expect(parsed.next).toBeNull();
    expect(parsed.recognised).toBe(true);
  });

  it("unwraps uddg redirect links of the lite page, decoding once", () => {
    const parsed = parseDuckDuckGoHtml(readFixture("duckduckgo-lite-1.html"), "https://lite.duckduckgo.com/lite/");
    expect(parsed.hits).toHaveLength(10);
    expect(parsed.hits.every((h) => !h.url.includes("duckduckgo.com"))).toBe(true);
    const encoded = parsed.hits.find((h) => h.url.includes("San%20Francisco"));
    expect(encoded).toBeDefined();
    expect(parsed.hits.some((h) => h.url.includes("%2520"))).toBe(false);
    expect(unwrapResultLink("//duckduckgo.com/y.js?ad_domain=x.com&u3=abc", "https://html.duckduckgo.com/html/")).toBeNull();
  });

  it("posts the query, then the Next form for page 2", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), ...duckDuckGoSite(() => results, { pageSize: 10, redirectLinks: true }) });
    const p = new DuckDuckGoProvider({ url: at("/html/"), fetcher });
    const one = await p.search("luna", 1);
    const two = await p.search("luna", 2);
    const three = await p.search("luna", 3);
    expect(one.hits.map((h) => h.url)).toEqual(results.slice(0, 10).map((r) => r.url));
    expect(two.hits.map((h) => h.url)).toEqual(results.slice(10, 20).map((r) => r.url));
    expect(three.hits.map((h) => h.url)).toEqual(results.slice(20).map((r) => r.url));
    expect(three.hasMore).toBe(false);
  });

  it("reports a bot challenge as rate limiting", async () => {
    server.setSite("127.0.0.1", { ...server_sites(), ...duckDuckGoSite(() => results, { challenge: true }) });
    expect((await sourceError(new DuckDuckGoProvider({ url: at("/html/"), fetcher }).search("q", 1))).code).toBe("rate-limited");
  });
});

describe("Reddit search", () => {
  it("reads the captured t3 listing: post URLs with their text, and shared links", async () => {
    const p = new RedditProvider({ baseUrl: server.origin, fetcher });
    server.setSite("127.0.0.1", { ...server_sites(), "/search.json": json(readFixture("reddit-search-1.json")) });
    const page = await p.search("praw", 1);
    const posts = page.hits.filter((h) => h.categoryHint === "social_media" && h.listing);
    expect(posts).toHaveLength(31);
    expect(posts[0]!.url).toBe(`${server.origin}/r/learnpython/comments/6ganxe/how_to_check_if_a_username_is_available_on_reddit/`);
    expect(posts[0]!.listing!.doc.title).toBe("How to check if a username is available on Reddit?");
    expect(page.hasMore).toBe(false);
  });

  it("asks for NSFW results and pages with `after`", async () => {
    let seen: URLSearchParams | null = null;
    server.setSite("127.0.0.1", {
      ...server_sites(),
      "/search.json": (_req, res, url) => {
        seen = url.searchParams;
        res.writeHead(200, { "content-type": "application/json" });
        const after = url.searchParams.get("after") ? null : "t3_next";
        res.end(redditListingBody([{ id: "a1", subreddit: "x", title: "luna", url: "https://gofile.io/d/abc" }], after));
      },
    });
    const p = new RedditProvider({ baseUrl: server.origin, fetcher });
    const one = await p.search('"luna"', 1);
    expect(seen!.get("include_over_18")).toBe("on");
    expect(seen!.get("raw_json")).toBe("1");
    expect(one.hasMore).toBe(true);
    expect(one.hits.map((h) => h.url)).toContain("https://gofile.io/d/abc");
    await p.search('"luna"', 2);
    expect(seen!.get("after")).toBe("t3_next");
  });
});

function server_sites() {
  return {
    "/searxng/raw": json(readFixture("searxng-1.json")),
    "/brave/raw": json(readFixture("brave-web-1.json")),
    "/brave/quota": json({ type: "ErrorResponse", errors: [{ id: "x", code: "QUOTA_LIMITED", detail: "Request quota limit exceeded for plan.", status: 429 }], time: 1 }, 429),
  };
}
