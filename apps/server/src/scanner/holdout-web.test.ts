import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHoldoutFixtureWeb, type HoldoutFixtureWeb } from "@leakwarden/test-support/fake-web/holdout-fixture-web";
import { runScanCommand } from "./scan-command";
import { parseScannerSettings } from "./scanner-settings";

/**
 * The engine on a web it was not tuned on, through the operator's command
 * exactly as an operator runs it: another creator, other page shapes, every
 * kind of trap, all behind a recording forward proxy.
 */

type Leak = {
  url: string;
  domain: string;
  category: string;
  confidence: string;
  evidence: { matchedNames: string[]; signals: string[]; imageMatches: Array<{ imageUrl: string; variant: string; distance: number }>; httpStatus: number; sha256: string; title: string; linkedFrom?: { pageUrl: string } };
};
type Output = { stats: { sitesAnalyzed: number; linksChecked: number; leaksFound: number; imagesMatched: number; durationMs: number }; leaks: Leak[] };

let web: HoldoutFixtureWeb;
let code: number;
let stdout: string;
let stderr: string;
let out: Output;

beforeAll(async () => {
  web = await startHoldoutFixtureWeb();
  const o: string[] = [];
  const e: string[] = [];
  code = await runScanCommand(["--identity", web.identityPath, "--json"], parseScannerSettings(web.settings), {
    stdout: { write: (s: string) => o.push(s) },
    stderr: { write: (s: string) => e.push(s) },
  });
  stdout = o.join("");
  stderr = e.join("");
  out = JSON.parse(stdout) as Output;
}, 120_000);

afterAll(async () => {
  await web?.close();
});

const describeLeak = (l: Leak) => `${l.url} [${l.confidence}] ${l.evidence.signals.join("; ")} ${l.evidence.imageMatches.map((m) => `${m.imageUrl}@${m.distance}`).join(" ")}`;

describe("a scan of a web the engine was not tuned on", () => {
  it("completes and prints exactly one JSON object", () => {
    expect(code, stderr).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(Object.keys(out)).toEqual(["stats", "leaks"]);
  });

  it("finds every leak (recall 100%)", () => {
    const found = new Set(out.leaks.map((l) => l.url));
    expect(web.expectedLeaks.filter((u) => !found.has(u))).toEqual([]);
  });

  it("reports nothing else (precision 100%)", () => {
    const expected = [...web.expectedLeaks, ...web.expectedFileLeaks];
    const extra = out.leaks.filter((l) => !expected.includes(l.url));
    expect(extra.map(describeLeak)).toEqual([]);
    expect(out.stats.leaksFound).toBe(expected.length);
    // Each file-host link is found in the post of hers that shares it, and says so.
    const files = out.leaks.filter((l) => l.evidence.linkedFrom);
    expect(files.map((l) => l.url).sort()).toEqual([...web.expectedFileLeaks].sort());
    for (const l of files) expect(web.expectedLeaks).toContain(l.evidence.linkedFrom!.pageUrl);
  });

  it("never asks for a private, loopback or metadata address, literal or by redirect", () => {
    const asked = new Set(web.proxy.records.map((r) => r.host));
    for (const host of web.forbiddenHosts) expect(asked.has(host), host).toBe(false);
    expect([...asked].filter((h) => /^[\d.]+$|:/.test(h))).toEqual([]);
    expect(web.server.served.filter((s) => /meta-data|computeMetadata/.test(s))).toEqual([]);
  });

  it("never fetches her own profiles or her allow-listed affiliate", () => {
    const asked = new Set(web.proxy.records.map((r) => r.host));
    for (const host of web.neverFetchedHosts) expect(asked.has(host), host).toBe(false);
  });

  it("uses the results SearXNG returns beside unresponsive engines, and reports the queries whose engines all failed", () => {
    expect(web.searchQueries.some((q) => /download/i.test(q))).toBe(true);
    expect(stderr).toMatch(/engines-unresponsive/);
  });

  it("finds the image-only copies: WebP, cropped, watermarked, mirrored, rotated, a thumbnail, a bare image URL", () => {
    const byUrl = new Map(out.leaks.map((l) => [l.url, l]));
    for (const u of ["q1", "q2", "q3", "q4", "q5"].map((p) => `http://picstash.example/v/${p}`).concat("http://picstash.example/album/Lk2", "http://picstash.example/f/full-direct.jpg")) {
      const l = byUrl.get(u);
      expect(l, u).toBeDefined();
      expect(l!.confidence).toBe("high");
      expect(l!.evidence.imageMatches.length).toBeGreaterThan(0);
      expect(l!.evidence.imageMatches[0]!.distance).toBeLessThanOrEqual(31);
    }
    expect(byUrl.get("http://picstash.example/v/q4")!.evidence.imageMatches[0]!.variant).toMatch(/flip/i);
    expect(byUrl.get("http://picstash.example/v/q5")!.evidence.imageMatches[0]!.variant).toMatch(/rotate/i);
    expect(out.stats.imagesMatched).toBeGreaterThanOrEqual(7);
  });

  it("classifies social posts, leak sites and the rest", () => {
    const byUrl = new Map(out.leaks.map((l) => [l.url, l]));
    expect(byUrl.get("http://t.me/s/ivymarloweleaks")!.category).toBe("social_media");
    expect(byUrl.get("http://x.com/vaultdrops/status/1890000000000000001")!.category).toBe("social_media");
    for (const l of out.leaks.filter((x) => x.domain === "reddit.com")) expect(l.category).toBe("social_media");
    expect(byUrl.get("http://chatboard.example/threads/ivy-marlowe.20417/page-3")!.category).toBe("leak_site");
    expect(byUrl.get("http://vaultforum.example/threads/ivy-marlowe-patreon-collection.8812/")!.category).toBe("leak_site");
    expect(byUrl.get("http://hotfreebies.example/2025/poppy-lux-nudes-leaked/")!.evidence.matchedNames).toEqual(["Poppy Lux"]);
    // The pages read (a file-host link's own page is not read: its evidence is the linking page's).
    for (const l of out.leaks.filter((x) => !x.evidence.linkedFrom)) {
      expect(l.evidence.httpStatus).toBe(200);
      expect(l.evidence.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("looked at every trap it may fetch (the traps were really put to it)", () => {
    const asked = new Set(web.proxy.records.map((r) => r.host));
    const fetchable = web.traps
      .map((u) => new URL(u).hostname.replace(/^\[|\]$/g, ""))
      .filter((h) => !web.neverFetchedHosts.includes(h) && !web.forbiddenHosts.includes(h) && !/^[\d.]+$|:/.test(h));
    expect([...new Set(fetchable)].filter((h) => !asked.has(h))).toEqual([]);
  });

  it("counts what it looked at", () => {
    expect(out.stats.linksChecked).toBeGreaterThan(50);
    expect(out.stats.sitesAnalyzed).toBeGreaterThan(20);
    expect(out.stats.linksChecked).toBeGreaterThanOrEqual(out.stats.sitesAnalyzed);
  });
});
