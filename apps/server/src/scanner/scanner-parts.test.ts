import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { classifyAddress } from "./address-policy";
import { canonicalizeUrl } from "./canonical-url";
import { ConcurrencyLimiter } from "./concurrency-limiter";
import { builtinLeakSites, CatalogFileError, loadLeakSiteCatalog } from "./leak-site-catalog";
import { findPlatform, isOwnProfileUrl, profileUrls } from "./platform-profiles";
import { buildQueries } from "./queries";
import { parseRobotsTxt, robotsCrawlDelayMs, robotsVerdict } from "./robots-txt";
import { parseScannerSettings, scannerSettingsSchema } from "./scanner-settings";

describe("canonicalizeUrl", () => {
  it("lower-cases scheme and host, drops default port, fragment and tracking, sorts parameters", () => {
    expect(canonicalizeUrl("HTTPS://WWW.Example.COM:443/Path/Page?b=2&utm_source=x&a=1&fbclid=abc&gclid=1&ref=tw#frag")).toBe(
      "https://www.example.com/Path/Page?a=1&b=2",
    );
    expect(canonicalizeUrl("http://example.com:80")).toBe("http://example.com/");
    expect(canonicalizeUrl("http://example.com:8080/x?utm_medium=a")).toBe("http://example.com:8080/x");
    expect(canonicalizeUrl("http://user:pw@example.com/x")).toBe("http://example.com/x");
    expect(() => canonicalizeUrl("javascript:alert(1)")).toThrow();
  });

  it("keeps a parameter written without a value as written (vBulletin 4's showthread.php?301-title), and encodes the others as before", () => {
    expect(canonicalizeUrl("https://forum.example/showthread.php?301-M00n-Bunny-pics&utm_source=x")).toBe("https://forum.example/showthread.php?301-M00n-Bunny-pics");
    expect(canonicalizeUrl("https://forum.example/showthread.php?t=3&301-title&a=")).toBe("https://forum.example/showthread.php?301-title&a=&t=3");
    expect(canonicalizeUrl("https://x.example/s?q=a b&z=%C3%A9&&")).toBe("https://x.example/s?q=a+b&z=%C3%A9");
  });
});

describe("platform profiles", () => {
  it("knows every platform of the spec by name, in any case", () => {
    for (const name of ["OnlyFans", "patreon", "LoyalFans", "Fanfix", "FANSLY", "ManyVids", "Mym.fans", "Slushy", "Fanvue", "JustForFans", "4Based", "Sunroom", "Chaturbate", "Cam4", "Instagram", "TikTok", "{host}", "Reddit (u/username)", "Reddit (r/subreddit)", "Snapchat", "Other"]) {
      expect(findPlatform(name), name).toBeDefined();
    }
    expect(findPlatform("myspace")).toBeUndefined();
  });

  it("recognises her own profile URLs whatever the scheme, www, trailing slash or case", () => {
    const stages = [
      { platform: "onlyfans", username: "@Luna_Rivers" },
      { platform: "TikTok", username: "lunar" },
      { platform: "Reddit (u/username)", username: "u/luna_rivers" },
      { platform: "ManyVids", username: "LunaRivers" },
      { platform: "{host}", username: "https://www.lunarivers.com/" },
    ];
    for (const u of [
      "https://onlyfans.com/luna_rivers",
      "http://www.OnlyFans.com/Luna_Rivers/",
      "https://onlyfans.com/luna_rivers/media?x=1",
      "https://www.tiktok.com/@lunar",
      "https://old.reddit.com/user/luna_rivers/submitted",
      "https://www.reddit.com/u/Luna_Rivers",
      "https://www.manyvids.com/Profile/1001234/LunaRivers/Store/Videos",
      "https://lunarivers.com/gallery",
      "https://shop.lunarivers.com/",
    ]) {
      expect(isOwnProfileUrl(u, stages), u).toBe(true);
    }
    for (const u of ["https://onlyfans.com/luna_riverside", "https://onlyfans.com/other/luna_rivers", "https://fansly.com/luna_rivers", "https://lunarivers.com.evil.example/"]) {
      expect(isOwnProfileUrl(u, stages), u).toBe(false);
    }
    expect(profileUrls({ platform: "OnlyFans", username: "luna_rivers" })).toEqual(["https://onlyfans.com/luna_rivers"]);
  });
});

describe("queries", () => {
  it("builds templated queries from names, nicknames and her platforms, deduplicated and bounded", () => {
    const identity = {
      stageNames: [
        { platform: "Fansly", username: "luna_rivers" },
        { platform: "OnlyFans", username: "Luna_Rivers" },
      ],
      nicknames: ["Moon Bunny"],
      allowlist: [],
      specific: "beach set",
    };
    const q = buildQueries(identity, 100).map((x) => x.text);
    expect(q.slice(0, 2)).toEqual(['"luna_rivers" leaked', '"Moon Bunny" leaked']);
    expect(q).toContain('"luna_rivers" fansly leak');
    expect(q).toContain('"luna_rivers" onlyfans');
    expect(q).toContain('"luna_rivers" mega');
    expect(q).toContain('"luna_rivers" beach set');
    expect(new Set(q.map((s) => s.toLowerCase())).size).toBe(q.length);
    expect(buildQueries(identity, 5)).toHaveLength(5);
  });
});

describe("scanner settings", () => {
  it("has safe defaults and coerces env strings", () => {
    const d = parseScannerSettings();
    expect(d.SEARCH_PROVIDER).toBe("duckduckgo");
    expect(d.SCAN_ALLOW_PRIVATE_NETWORKS).toBe(false);
    expect(d.SCAN_CONCURRENCY).toBe(16);
    expect(d.SCAN_PER_HOST_CONCURRENCY).toBe(4);
    expect(d.SCAN_MAX_REDIRECTS).toBe(5);
    expect(d.SCAN_ROBOTS_POLICY).toBe("record");
    expect(d.SCAN_USER_AGENT).toMatch(/Leakwarden.*https?:\/\//);
    const e = parseScannerSettings({ SCAN_ALLOW_PRIVATE_NETWORKS: "true", SCAN_CONCURRENCY: "32", SEARXNG_URL: "", SEARCH_PROVIDER: "SearXNG" });
    expect(e).toMatchObject({ SCAN_ALLOW_PRIVATE_NETWORKS: true, SCAN_CONCURRENCY: 32, SEARXNG_URL: undefined, SEARCH_PROVIDER: "searxng" });
    expect(scannerSettingsSchema.safeParse({ SCAN_ALLOW_PRIVATE_NETWORKS: "perhaps" }).success).toBe(false);
    expect(scannerSettingsSchema.safeParse({ SCAN_PROXY_URL: "socks://x" }).success).toBe(false);
  });
});

describe("robots.txt", () => {
  it("uses the longest match, allow on ties, wildcards and end anchors", () => {
    const f = parseRobotsTxt("User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$\n");
    const ua = "LeakwardenBot/1.0";
    expect(robotsVerdict(f, ua, "/a/x").allowed).toBe(false);
    expect(robotsVerdict(f, ua, "/a/b/c").allowed).toBe(true);
    expect(robotsVerdict(f, ua, "/doc.pdf").allowed).toBe(false);
    expect(robotsVerdict(f, ua, "/doc.pdf?x").allowed).toBe(true);
    expect(robotsVerdict(parseRobotsTxt("User-agent: *\nDisallow:\n"), ua, "/x").allowed).toBe(true);
  });

  it("reads the Crawl-delay of the group that speaks to us (seconds, fractions too); odd values are ignored", () => {
    const ua = "Mozilla/5.0 (compatible; LeakwardenBot/1.0; +https://leakwarden.example/bot)";
    expect(robotsCrawlDelayMs(parseRobotsTxt("User-agent: *\nCrawl-delay: 10\nDisallow: /x\n"), ua)).toBe(10_000);
    expect(robotsCrawlDelayMs(parseRobotsTxt("User-agent: *\nCrawl-delay: 0.5\n"), ua)).toBe(500);
    // A group naming our bot wins over *; another bot's delay is not ours.
    expect(robotsCrawlDelayMs(parseRobotsTxt("User-agent: *\nCrawl-delay: 30\n\nUser-agent: leakwardenbot\nCrawl-delay: 2\n"), ua)).toBe(2_000);
    expect(robotsCrawlDelayMs(parseRobotsTxt("User-agent: otherbot\nCrawl-delay: 30\n"), ua)).toBeNull();
    for (const odd of ["-1", "1e9", "ten", "", "1.2.3", "99999999999"]) expect(robotsCrawlDelayMs(parseRobotsTxt(`User-agent: *\nCrawl-delay: ${odd}\n`), ua)).toBeNull();
  });

  it("matches wildcards and $ as RFC 9309 says, and a hostile file with many wildcards answers at once", () => {
    const ua = "LeakwardenBot/1.0";
    const rule = (pattern: string) => parseRobotsTxt(`User-agent: *\nDisallow: ${pattern}\n`);
    const blocked = (pattern: string, path: string) => !robotsVerdict(rule(pattern), ua, path).allowed;
    expect(blocked("/*/private/*.html$", "/a/private/b.html")).toBe(true);
    expect(blocked("/*/private/*.html$", "/a/private/b.html?x")).toBe(false);
    expect(blocked("/a*b*c", "/a-c-b-c")).toBe(true);
    expect(blocked("/a*b*c", "/a-c-b")).toBe(false);
    expect(blocked("/x*$", "/xyz")).toBe(true);
    expect(blocked("/abc$", "/ab")).toBe(false);
    expect(blocked("/ab*ba$", "/aba")).toBe(false);
    // Compiled to a regular expression, this rule took more than a minute on a 200-character path.
    const hostile = rule(`/${"*a".repeat(2000)}*b$`);
    expect(robotsVerdict(hostile, ua, `/${"a".repeat(2048)}`).allowed).toBe(true);
    expect(robotsVerdict(hostile, ua, `/${"a".repeat(2047)}b`).allowed).toBe(false);
  });
});

describe("address classes", () => {
  it("tells public from private, loopback and metadata", () => {
    expect(classifyAddress("93.184.216.34")).toBe("public");
    expect(classifyAddress("2606:4700::1111")).toBe("public");
    expect(classifyAddress("10.1.2.3")).toBe("private");
    expect(classifyAddress("100.64.1.1")).toBe("private");
    expect(classifyAddress("::ffff:10.0.0.1")).toBe("private");
    expect(classifyAddress("127.0.0.2")).toBe("loopback");
    expect(classifyAddress("169.254.169.254")).toBe("metadata");
    expect(classifyAddress("::ffff:169.254.169.254")).toBe("metadata");
    expect(classifyAddress("fd00:ec2::254")).toBe("metadata");
  });

  it("sees through every IPv6 form that wraps an IPv4 address", () => {
    const cases: Array<[string, string]> = [
      // IPv4-compatible (::a.b.c.d), in hex and dotted notation.
      ["::7f00:1", "loopback"],
      ["::127.0.0.1", "loopback"],
      ["[::7f00:1]", "loopback"],
      ["::a9fe:a9fe", "metadata"],
      ["::169.254.169.254", "metadata"],
      ["::a00:1", "private"],
      ["::c0a8:101", "private"],
      ["::5db8:d822", "public"],
      // Mapped, in both notations, and the translated form.
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:a9fe:a9fe", "metadata"],
      ["::ffff:0:a00:1", "private"],
      // NAT64.
      ["64:ff9b::7f00:1", "loopback"],
      ["64:ff9b::a9fe:a9fe", "metadata"],
      ["64:ff9b::10.0.0.1", "private"],
      ["64:ff9b::5db8:d822", "public"],
      // 6to4 tunnels are never a public page; one wrapping a metadata address says so.
      ["2002:7f00:1::1", "private"],
      ["2002:a9fe:a9fe::", "metadata"],
      ["2002:5db8:d822::1", "private"],
      // The plain IPv6 forms stay what they are.
      ["::", "private"],
      ["::1", "loopback"],
    ];
    for (const [address, expected] of cases) expect(classifyAddress(address), address).toBe(expected);
  });
});

describe("concurrency limiter", () => {
  it("never runs more than its limit, in order, and lets waiters give up", async () => {
    const l = new ConcurrencyLimiter(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        l.run(async () => {
          active++;
          peak = Math.max(peak, active);
          order.push(i);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    const hold = await l.acquire();
    const hold2 = await l.acquire();
    const ac = new AbortController();
    const waiting = l.acquire(ac.signal);
    ac.abort(new Error("gone"));
    await expect(waiting).rejects.toThrow("gone");
    hold();
    hold2();
    expect(l.active).toBe(0);
  });

  it("watches a signal shared by hundreds of waiters with one listener, and fails them all when it aborts", async () => {
    const l = new ConcurrencyLimiter(1);
    const scan = new AbortController();
    const other = new AbortController();
    const hold = await l.acquire(scan.signal);
    const queued = Array.from({ length: 300 }, () => l.acquire(scan.signal));
    const elsewhere = l.acquire(other.signal);
    expect(getEventListeners(scan.signal, "abort")).toHaveLength(1);
    // Granted waiters stop watching.
    hold();
    (await queued[0]!)();
    const running = await queued[1]!;
    scan.abort(new Error("budget used up"));
    const settled = await Promise.allSettled(queued.slice(2));
    expect(settled.every((r) => r.status === "rejected" && (r.reason as Error).message === "budget used up")).toBe(true);
    expect(getEventListeners(scan.signal, "abort")).toHaveLength(0);
    // The waiter on another signal keeps its place.
    expect(l.waiting).toBe(1);
    running();
    (await elsewhere)();
    expect(l.active).toBe(0);
  });
});

describe("leak-site catalog", () => {
  it("validates the built-in list and merges the operator's file", async () => {
    expect(builtinLeakSites().length).toBeGreaterThan(5);
    const dir = mkdtempSync(path.join(tmpdir(), "lw-cat-"));
    const good = path.join(dir, "good.json");
    writeFileSync(good, JSON.stringify([{ id: "extra", name: "Extra", domains: ["extra.example"], searchUrl: "https://extra.example/s?q={query}" }]));
    const catalog = await loadLeakSiteCatalog(good);
    expect(catalog.siteForUrl("https://www.extra.example/x")?.id).toBe("extra");
    expect(catalog.siteForUrl("https://simpcity.su/threads/1")?.id).toBe("simpcity");
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ id: "Bad Id", name: "", domains: [], searchUrl: "https://x.example/" }]));
    await expect(loadLeakSiteCatalog(bad)).rejects.toThrow(CatalogFileError);
    await expect(loadLeakSiteCatalog(path.join(dir, "missing.json"))).rejects.toThrow(/LEAK_SITE_CATALOG_PATH/);
  });
});
