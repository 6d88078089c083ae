import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searxngSite } from "@leakwarden/test-support/fake-web/fake-search";
import { startLeakFixtureWeb, type LeakFixtureWeb } from "@leakwarden/test-support/fake-web/leak-fixture-web";
import { runScanCommand } from "./scan-command";
import { parseScannerSettings } from "./scanner-settings";

let web: LeakFixtureWeb;
let dir: string;

beforeAll(async () => {
  web = await startLeakFixtureWeb();
  dir = mkdtempSync(path.join(tmpdir(), "lw-scan-cmd-"));
});

afterAll(async () => {
  await web?.close();
});

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } } };
}

function identityFile(name: string, content: unknown): string {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

const identity = () => ({
  stageNames: [
    { platform: "ONLYFANS", username: "luna_rivers" },
    { platform: "Fansly", username: "LunaRivers" },
    { platform: "reddit (u/username)", username: "luna_rivers" },
    { platform: "{host}", username: "lunarivers.example" },
  ],
  nicknames: ["Moon Bunny"],
  allowlist: ["lunapromo.example"],
  specific: "",
  referenceImages: [web.referenceImagePath],
});

describe("npm run scan -- --identity FILE --json", () => {
  it("prints exactly one JSON object with stats and every leak, and exits 0", async () => {
    const file = identityFile("id.json", identity());
    const t = io();
    const code = await runScanCommand(["--identity", file, "--json"], parseScannerSettings(web.settings), t.io);
    expect(code).toBe(0);
    const stdout = t.out.join("");
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const body = JSON.parse(stdout) as { stats: Record<string, number>; leaks: Array<{ url: string; domain: string; category: string; confidence: string; evidence: object }> };
    expect(Object.keys(body)).toEqual(["stats", "leaks"]);
    expect(Object.keys(body.stats).sort()).toEqual(["durationMs", "imagesMatched", "leaksFound", "linksChecked", "sitesAnalyzed"]);
    expect(body.leaks.map((l) => l.url).sort()).toEqual([...web.expectedLeaks, ...web.expectedFileLeaks].sort());
    expect(body.stats.leaksFound).toBe(web.expectedLeaks.length + web.expectedFileLeaks.length);
    expect(body.stats.imagesMatched).toBe(5);
    for (const l of body.leaks) expect(Object.keys(l)).toEqual(["url", "domain", "category", "confidence", "evidence"]);
    expect(t.err.join("")).toMatch(/scan: fetch · queries \d+\/\d+ · pages \d+\/\d+/);
  });

  it("prints a readable table without --json", async () => {
    const file = identityFile("id-table.json", { ...identity(), referenceImages: [] });
    const t = io();
    expect(await runScanCommand([`--identity=${file}`], parseScannerSettings(web.settings), t.io)).toBe(0);
    const out = t.out.join("");
    // The 7 pages and the 2 file-host links in their matched posts.
    expect(out).toMatch(/Leaks found: 9/);
    expect(out).toMatch(/high\s+leak_site\s+https:\/\/gofile\.io\/d\/Xy12Ab/);
    expect(out).toMatch(/confidence\s+category\s+matched\s+url/);
    expect(out).toMatch(/high\s+leak_site\s+luna_rivers\s+http:\/\/leakhub\.example\/luna-rivers-onlyfans-leaked/);
  });
});

describe("bad input exits 2 with a clear message", () => {
  const settings = () => parseScannerSettings(web.settings);
  it.each([
    ["no --identity", () => [], /--identity FILE is required/],
    ["unknown flag", () => ["--identity", "x.json", "--fast"], /unknown argument "--fast"/],
    ["missing file", () => ["--identity", path.join(dir, "nope.json")], /file not found/],
    ["not JSON", () => ["--identity", identityFile("bad.json", "{nope")], /not valid JSON/],
    ["wrong shape", () => ["--identity", identityFile("shape.json", { stageNames: [{ platform: "OnlyFans" }] })], /stageNames\.0\.username/],
    ["unknown platform", () => ["--identity", identityFile("plat.json", { stageNames: [{ platform: "MySpace", username: "x" }] })], /unknown platform "MySpace"/],
    ["no names", () => ["--identity", identityFile("empty.json", { stageNames: [], nicknames: [] })], /at least one stage name or nickname/],
    ["unreadable image", () => ["--identity", identityFile("img.json", { nicknames: ["Moon Bunny"], referenceImages: ["missing.jpg"] })], /cannot read reference image/],
  ])("%s", async (_name, argv, message) => {
    const t = io();
    expect(await runScanCommand(argv(), settings(), t.io)).toBe(2);
    expect(t.err.join("")).toMatch(message);
    expect(t.out.join("")).toBe("");
  });

  it("answers a JSON error object with --json", async () => {
    const t = io();
    expect(await runScanCommand(["--json"], settings(), t.io)).toBe(2);
    expect(JSON.parse(t.out.join(""))).toMatchObject({ error: { code: "VALIDATION" } });
  });
});

describe("every search source failing exits 3", () => {
  const only = { SCAN_REDDIT_SEARCH: "false", SCAN_LEAK_SITE_SEARCH: "false" };
  it("when the search endpoint is unreachable", async () => {
    const t = io();
    const file = identityFile("fail.json", { nicknames: ["Moon Bunny"] });
    const settings = parseScannerSettings({ ...web.settings, ...only, SEARXNG_URL: "http://127.0.0.1:9/" });
    expect(await runScanCommand(["--identity", file, "--json"], settings, t.io)).toBe(3);
    expect(JSON.parse(t.out.join(""))).toMatchObject({ error: { code: "UPSTREAM" } });
    expect(t.err.join("")).toMatch(/every search source failed/);
  });

  it("when SearXNG answers with no results because its engines failed", async () => {
    const t = io();
    const file = identityFile("fail2.json", { nicknames: ["Moon Bunny"] });
    const settings = parseScannerSettings({ ...web.settings, ...only, SEARXNG_URL: `http://127.0.0.1:${web.server.port}/` });
    // The loopback endpoint is served by the virtual host "127.0.0.1".
    web.server.setSite("127.0.0.1", searxngSite(() => [], { enginesFailed: true }));
    expect(await runScanCommand(["--identity", file], settings, t.io)).toBe(3);
    expect(t.err.join("")).toMatch(/engines-unresponsive/);
  });
});
