/**
 * Impersonation checks: what one creator's check costs.
 *
 * - candidates: µs to generate and rank her look-alike handles for every platform;
 * - a whole check against the fake platforms behind the forward proxy (every platform
 *   with public profiles, IMPERSONATION_HANDLES_PER_PLATFORM handles each, no pause):
 *   requests, wall time, requests/s, and what the default politeness pause makes of it
 *   (one platform's handles one after another, the platforms side by side).
 *
 *   npx tsx bench/impersonation-bench.ts
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import { createGuardedFetcher } from "../apps/server/src/scanner/guarded-fetch";
import { hashReferenceImageWithCrops, prepareReferences } from "../apps/server/src/scanner/image-match";
import { generateCandidates } from "../apps/server/src/scanner/impersonation/candidates";
import { checkImpersonators } from "../apps/server/src/scanner/impersonation/check";
import { checkablePlatforms } from "../apps/server/src/scanner/impersonation/profile-adapters";
import { loadLeakSiteCatalog } from "../apps/server/src/scanner/leak-site-catalog";
import { parseScannerSettings } from "../apps/server/src/scanner/scanner-settings";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { startFakeProfilesWeb } from "@leakwarden/test-support/fake-web/fake-profiles";

const HANDLES = 40;
const PAUSE_MS = 2_000;
const names = ["lunarivers", "Luna Rivers", "Moonie"];
const platforms = checkablePlatforms();

const runs = 200;
const t0 = performance.now();
let handles = 0;
for (let i = 0; i < runs; i++) {
  for (const p of platforms) handles += generateCandidates(names, { limit: HANDLES, maxLength: p.maxLength, accept: (h) => p.usernamePattern.test(h) }).length;
}
const perCreatorUs = ((performance.now() - t0) / runs) * 1000;
console.log(`candidates: ${handles / runs} handles over ${platforms.length} platforms in ${perCreatorUs.toFixed(0)} µs per creator`);

const herPhoto = await readFile(fixturePath("reference-photo.jpg"));
const fake = await startFakeProfilesWeb([
  { platform: "reddit", handle: "lunarivers_official", displayName: "Luna Rivers", bio: "free: simpcity.su/threads/luna.1" },
  { platform: "instagram", handle: "lunarivers_vip", displayName: "Mia", bio: "", avatar: herPhoto },
  { platform: "tiktok", handle: "luna.rivers", displayName: "Luna Rivers", bio: "hiking", avatar: await readFile(fixturePath("other-photo.jpg")) },
]);
const fetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: fake.proxy.url, SCAN_MAX_RETRIES: "0" }));
try {
  const references = prepareReferences(await hashReferenceImageWithCrops(fixturePath("reference-photo.jpg"), "ref"));
  const catalog = await loadLeakSiteCatalog();
  const started = performance.now();
  const result = await checkImpersonators({
    stageNames: [{ platform: "OnlyFans", username: "lunarivers" }],
    nicknames: ["Luna Rivers", "Moonie"],
    allowlist: [],
    references,
    catalog,
    now: new Date(),
    adapter: { fetchPage: (url) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 2 * 1024 * 1024 }), redditUrl: "http://www.reddit.com", scheme: "http" },
    fetchImage: (url) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 5 * 1024 * 1024, truncate: false }),
    handlesPerPlatform: HANDLES,
    platforms,
  });
  const ms = performance.now() - started;
  const likely = result.checked.filter((c) => c.verdict.likely).length;
  console.log(`check: ${result.requests} profile requests on ${platforms.length} platforms in ${(ms / 1000).toFixed(2)} s (${((result.requests / ms) * 1000).toFixed(0)} requests/s), ${likely} likely impersonators`);
  console.log(`with the default ${PAUSE_MS} ms pause per platform: about ${((HANDLES * PAUSE_MS) / 60_000).toFixed(1)} min per check (platforms side by side), ${(PAUSE_MS / 1000).toFixed(0)} s between two requests to one platform`);
  console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
} finally {
  await fetcher.close();
  await fake.close();
}
