import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLeakFixtureWeb, type LeakFixtureWeb } from "@leakwarden/test-support/fake-web/leak-fixture-web";
import { hashReferenceImageWithCrops } from "./image-match";
import { runScan, type ScanProgress, type ScanResult } from "./run-scan";
import { parseScannerSettings } from "./scanner-settings";
import type { Finding, ReferenceHash } from "./scan-types";

let web: LeakFixtureWeb;
let refs: ReferenceHash[];
let result: ScanResult;
const progress: ScanProgress[] = [];
const streamed: Finding[] = [];

beforeAll(async () => {
  web = await startLeakFixtureWeb();
  refs = await hashReferenceImageWithCrops(web.referenceImagePath, "reference-photo.jpg");
  result = await runScan(
    { identity: web.identity, referenceHashes: refs },
    {
      settings: parseScannerSettings(web.settings),
      onProgress: (p) => progress.push(p),
      onFinding: (f) => {
        streamed.push(f);
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await web?.close();
});

describe("runScan on the fixture web", () => {
  it("finds every leak (recall 100%)", () => {
    const found = result.leaks.map((l) => l.url).sort();
    expect(found).toEqual(expect.arrayContaining(web.expectedLeaks));
  });

  it("reports nothing else (precision 100%)", () => {
    const expected = [...web.expectedLeaks, ...web.expectedFileLeaks];
    const unexpected = result.leaks.filter((l) => !expected.includes(l.url));
    expect(unexpected.map((l) => `${l.url} ${l.evidence.signals.join("; ")}`)).toEqual([]);
    expect(result.leaks).toHaveLength(expected.length);
    // The file-host links of her posts are leaks of their own, saying which page linked them.
    expect(result.leaks.filter((l) => l.evidence.linkedFrom).map((l) => l.url).sort()).toEqual([...web.expectedFileLeaks].sort());
  });

  it("completes despite dead, endless, looping and refused hosts", () => {
    expect(result.outcome).toBe("completed");
    expect(result.unreachable).toBeGreaterThanOrEqual(5);
  });

  it("never asks for a private, loopback or metadata address", () => {
    const asked = new Set(web.proxy.records.map((r) => r.host));
    for (const host of web.forbiddenHosts) expect(asked.has(host), host).toBe(false);
    // Nothing the proxy was asked for is an address literal at all.
    expect([...asked].filter((h) => /^[\d.]+$|:/.test(h))).toEqual([]);
  });

  it("never fetches her own profiles or allow-listed sites", () => {
    const asked = web.proxy.records.map((r) => r.host);
    for (const host of ["onlyfans.com", "www.onlyfans.com", "fansly.com", "lunarivers.example", "lunapromo.example", "deals.lunapromo.example"]) {
      expect(asked).not.toContain(host);
    }
    expect(result.excluded).toBeGreaterThanOrEqual(6);
  });

  it("finds image-only copies (resized, cropped, WebP, watermarked, mirrored) with their evidence", () => {
    const images = result.leaks.filter((l) => l.domain === "pixvault.example");
    expect(images).toHaveLength(5);
    for (const l of images) {
      expect(l.confidence).toBe("high");
      expect(l.evidence.matchedNames).toEqual([]);
      expect(l.evidence.imageMatches[0]!.distance).toBeLessThanOrEqual(31);
      expect(l.evidence.imageMatches[0]!.referenceId).toBe("reference-photo.jpg");
    }
    const mirrored = images.find((l) => l.url.endsWith("/p/1005"))!;
    expect(mirrored.evidence.imageMatches[0]!.variant).toMatch(/flipY/);
    expect(result.stats.imagesMatched).toBe(5);
  });

  it("classifies findings and keeps evidence", () => {
    const byUrl = new Map(result.leaks.map((l) => [l.url, l]));
    const hub = byUrl.get("http://leakhub.example/luna-rivers-onlyfans-leaked")!;
    expect(hub.category).toBe("leak_site");
    expect(hub.confidence).toBe("high");
    expect(hub.evidence.matchedNames).toContain("luna_rivers");
    expect(hub.evidence.title).toBe("Luna Rivers OnlyFans Leaked (58 photos) – LeakHub");
    expect(hub.evidence.snippet).toMatch(/Luna Rivers/);
    expect(hub.evidence.httpStatus).toBe(200);
    expect(hub.evidence.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(hub.evidence.fetchedAt)).not.toBeNaN();
    expect(hub.evidence.signals.some((s) => s.startsWith("file-host-link: mega.nz"))).toBe(true);
    expect(hub.evidence.sources).toEqual(expect.arrayContaining(["searxng", "reddit"]));

    const nickname = byUrl.get("http://fans-forum.example/threads/moon-bunny-onlyfans.5120/")!;
    expect(nickname.evidence.matchedNames).toEqual(["Moon Bunny"]);

    const social = result.leaks.filter((l) => l.domain === "reddit.example");
    expect(social.length).toBe(2);
    for (const l of social) expect(l.category).toBe("social_media");

    const blog = byUrl.get("http://gossipblog.example/2025/07/luna-rivers-leaked-content/")!;
    expect(blog.category).toBe("search_result");

    // Found only through the leak site's own search; robots.txt disallows it and that is recorded.
    const model = byUrl.get("http://leakhub.example/models/luna-rivers-2")!;
    expect(model.evidence.sources).toEqual(["site:leakhub"]);
    expect(model.evidence.robots).toMatchObject({ policy: "record", status: "disallowed", rule: "Disallow: /models/" });
  });

  it("reports real progress and streams findings as they are ready", () => {
    const last = progress.at(-1)!;
    expect(last.phase).toBe("done");
    expect(last.pagesDone).toBe(last.pagesPlanned);
    expect(last.pagesPlanned).toBeGreaterThan(20);
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(["queries", "search", "fetch", "done"]));
    const done = progress.map((p) => p.pagesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(streamed.map((f) => f.url).sort()).toEqual(result.leaks.map((f) => f.url).sort());
  });

  it("counts what it looked at", () => {
    expect(result.stats.leaksFound).toBe(result.leaks.length);
    expect(result.stats.linksChecked).toBeGreaterThanOrEqual(result.stats.sitesAnalyzed);
    expect(result.stats.sitesAnalyzed).toBeGreaterThanOrEqual(10);
    expect(result.stats.durationMs).toBeGreaterThan(0);
  });

  it("can resume: URLs already analysed are skipped", async () => {
    const again = await runScan(
      { identity: web.identity, referenceHashes: [] },
      { settings: parseScannerSettings({ ...web.settings, SCAN_REDDIT_SEARCH: "false", SCAN_LEAK_SITE_SEARCH: "false" }), skipUrls: new Set(result.analysedUrls) },
    );
    expect(again.outcome).toBe("completed");
    expect(again.stats.linksChecked).toBe(0);
    expect(again.leaks).toEqual([]);
  });
});
