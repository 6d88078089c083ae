import { utcDay } from "../../lib/dates";
import { readFileSync } from "node:fs";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import type { ReuploadView } from "@leakwarden/contracts/scans";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing } from "../../scanner/image-match";
import { fixturePath, searxngSite } from "@leakwarden/test-support/fake-web/fake-search";
import { startForwardProxy, type ForwardProxy } from "@leakwarden/test-support/fake-web/forward-proxy";
import { bytes, html, startVirtualHostServer, type Site, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { createTestServices, readOutbox, signUpAndConfirm, testClock, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { recordStageNameCheck } from "../identities/identities.repository";
import { startFakeDns, startFakeRdap, type FakeDns, type FakeRdap } from "@leakwarden/test-support/takedown-test-network";

/**
 * Re-uploads end to end: her leak on leakhub.example is taken down (the re-check finds it gone);
 * later the same photo, resized and re-encoded, is posted at a new URL on the same site and on
 * another site, and the removed page's path re-appears on a mirror host. A scan finds the new links
 * as re-uploads linked to the earlier leak and its takedown; their notices cite the removal and
 * the repeat-infringer policy of §512(i). A new leak of other content on the same site (with the
 * site's logo on every page) is not a re-upload, and another creator sees none of it.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const beach = readFileSync(fixturePath("reference-photo.jpg"));
const otherPhoto = readFileSync(fixturePath("other-photo.jpg"));

async function hashLikeTheBrowser(bytes: Buffer) {
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(bytes, 1024));
  return { hashes, quality, crops: pdqCropHashes(await decodeForHashing(bytes, 512)) };
}

const file = (contentType: string, body: Buffer) => bytes(body, contentType);
const jpeg = (body: Buffer) => file("image/jpeg", body);
const post = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><header><img src="/static/logo.png" alt="LeakHub"></header><h1>${title}</h1>${body}</body></html>`;

type Leak = { id: string; number: number; url: string; status: string; reuploadOf?: ReuploadView | null };

describe("re-uploads of removed leaks", () => {
  let web: VirtualHostServer;
  let proxy: ForwardProxy;
  let dns: FakeDns;
  let rdap: FakeRdap;
  let services: TestServices;
  let luna: TestClient;
  let ivy: TestClient;
  const clock = testClock();
  const listed: string[] = [];
  const leakhub: Site = {};
  const picsdump: Site = {};
  const mirror: Site = {};
  let original: Leak;
  let takedownId: string;
  let firstNoticeDay: string;

  const leaks = async (client: TestClient): Promise<Leak[]> => (await (await client.get("/v1/leaks?pageSize=100")).json()).items as Leak[];
  const leakAt = async (url: string) => (await leaks(luna)).find((l) => l.url === url);
  // The plain-text part of an outbox file, on one line (its quoted-printable undone byte by byte: "§" reads as two characters, so compared without it).
  const plainText = (raw: string) => raw.split("Content-Type: text/html")[0]!.replace(/\s+/g, " ");

  beforeAll(async () => {
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    Object.assign(leakhub, {
      "/dmca": html(`<!doctype html><h1>DMCA</h1><p>Send notices to <a href="mailto:copyright@leakhub.example">our agent</a>.</p>`),
      "/static/logo.png": file("image/png", logo),
      "/img/a1.jpg": jpeg(beach),
      "/v/100": html(post("luna_rivers leaked set 100", `<p>luna_rivers onlyfans leaked, full pack</p><img src="/img/a1.jpg" alt="">`)),
    });
    Object.assign(picsdump, { "/dmca": html(`<!doctype html><p>DMCA: <a href="mailto:dmca@picsdump.example">dmca@picsdump.example</a></p>`) });
    Object.assign(mirror, { "/dmca": html(`<!doctype html><p>Copyright: <a href="mailto:abuse@mirrorleaks.example">abuse@mirrorleaks.example</a></p>`) });
    web = await startVirtualHostServer({
      "leakhub.example": leakhub,
      "picsdump.example": picsdump,
      "mirrorleaks.example": mirror,
      "search.example": searxngSite(() => listed.map((url) => ({ url, title: "result", snippet: "" }))),
    });
    proxy = await startForwardProxy((host) => (host.endsWith(".example") ? { host: "127.0.0.1", port: web.port } : null));
    dns = await startFakeDns({});
    rdap = await startFakeRdap({ ips: {}, domains: {} });
    services = await createTestServices(
      {
        SCAN_PROXY_URL: proxy.url,
        SEARCH_PROVIDER: "searxng",
        SEARXNG_URL: "http://search.example/",
        SCAN_REDDIT_SEARCH: "false",
        SCAN_LEAK_SITE_SEARCH: "false",
        SCAN_MAX_QUERIES: "1",
        SCAN_FETCH_TIMEOUT_MS: "4000",
        DNS_SERVERS: dns.servers,
        RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
        AGENT_NAME: "Leakwarden Copyright Agent",
        AGENT_EMAIL: "dmca@leakwarden.test",
        CRAWL_ENABLED: "false",
      },
      { now: clock.now, serviceOptions: { tierFor: async () => "premium" } },
    );
    luna = await signUpAndConfirm(services, "luna.reuploads@example.com");
    ivy = await signUpAndConfirm(services, "ivy.reuploads@example.com");
    await luna.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
    await ivy.post("/v1/root/update-profile-all", { platforms: { onlyfans: "ivy_lane" }, nicknames: [], allowlist: [], specific: "" });
    const identities = await (await luna.get("/v1/identities")).json();
    const at = clock.now();
    await recordStageNameCheck(services.database.db, [identities.stageNames[0].id], { lastCheckAt: at, lastCheckStatus: "verified", lastCheckReason: "", verifiedAt: at });
    expect((await luna.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Luna Rivers", signature: "Luna Rivers", agree: true } })).status).toBe(200);
    expect((await luna.post("/v1/reference-images", { label: "beach", ...(await hashLikeTheBrowser(beach)) })).status).toBe(201);
    await services.queue.runDue(["image-index.match-reference"]);
  }, 120_000);

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), proxy?.close(), dns?.close(), rdap?.close()]);
  });

  it("takes the first leak down: the re-check finds the page gone", async () => {
    listed.push("http://leakhub.example/v/100");
    expect((await luna.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);
    original = (await leakAt("http://leakhub.example/v/100"))!;
    expect(original).toMatchObject({ status: "new", reuploadOf: null });

    const res = await luna.post("/v1/takedowns", { leakIds: [original.id] });
    expect(res.status).toBe(202);
    takedownId = (await res.json()).items[0].id;
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const first = readOutbox(services.dataDir).filter((m) => m.to.includes("copyright@leakhub.example"));
    expect(first).toHaveLength(1);
    expect(first[0]!.text).not.toContain("512(i)");
    firstNoticeDay = clock.now().toISOString().slice(0, 10);

    leakhub["/v/100"] = (_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<!doctype html><title>Not found</title><p>This post was removed.</p>");
    };
    await clock.advance(services, HOUR + 60_000);
    await services.queue.runDue(["takedowns.recheck"]);
    expect((await (await luna.get(`/v1/takedowns/${takedownId}`)).json()).status).toBe("removed");
    expect((await leakAt("http://leakhub.example/v/100"))!.status).toBe("removed");
  }, 120_000);

  it("finds her photo re-posted, resized and re-encoded, on the same site and on another, as re-uploads of the removed leak", async () => {
    const resized = await sharp(beach).resize({ width: 360 }).jpeg({ quality: 70 }).toBuffer();
    const webp = await sharp(beach).resize({ width: 500 }).webp({ quality: 45 }).toBuffer();
    leakhub["/img/b7.jpg"] = jpeg(resized);
    leakhub["/v/205"] = html(post("new pics", `<p>enjoy</p><img src="/img/b7.jpg" alt="">`));
    // Other content of hers on the same site, with the site's logo as on every page: a leak, not a re-upload.
    leakhub["/img/c3.jpg"] = jpeg(otherPhoto);
    leakhub["/v/300"] = html(post("luna_rivers leaked set 300", `<p>luna_rivers onlyfans leaked, 300 photos, download free</p><img src="/img/c3.jpg" alt="">`));
    picsdump["/up/9.webp"] = file("image/webp", webp);
    picsdump["/p/9"] = html(`<!doctype html><html><head><title>hot</title></head><body><img src="/up/9.webp" alt=""></body></html>`);
    // The removed page's path on a mirror of the site.
    mirror["/v/100"] = html(post("luna_rivers leaked set 100", `<p>luna_rivers onlyfans leaked, full pack, download free 200 photos</p>`));
    // The removed post again under a new path, with the same title.
    leakhub["/v/100-full-pack"] = html(post("luna_rivers leaked set 100", `<p>luna_rivers onlyfans leaked, full pack, download free 200 photos</p>`));
    listed.push("http://leakhub.example/v/100-full-pack", "http://leakhub.example/v/205", "http://leakhub.example/v/300", "http://picsdump.example/p/9", "http://mirrorleaks.example/v/100");

    await clock.advance(services, 2 * DAY);
    expect((await luna.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);

    const sameSite = await leakAt("http://leakhub.example/v/205");
    const otherSite = await leakAt("http://picsdump.example/p/9");
    const onMirror = await leakAt("http://mirrorleaks.example/v/100");
    const renamed = await leakAt("http://leakhub.example/v/100-full-pack");
    const unrelated = await leakAt("http://leakhub.example/v/300");
    expect(sameSite?.status).toBe("new");
    const earlier = { leakId: original.id, number: original.number, url: original.url, domain: "leakhub.example", takedownId, removedAt: expect.any(String), noticeSentAt: expect.any(String) };
    expect(sameSite!.reuploadOf).toMatchObject({ ...earlier, sameSite: true });
    expect(sameSite!.reuploadOf!.signals).toContain("image");
    expect(otherSite!.reuploadOf).toMatchObject({ ...earlier, sameSite: false });
    expect(otherSite!.reuploadOf!.signals).toContain("image");
    expect(onMirror!.reuploadOf).toMatchObject({ ...earlier, sameSite: false });
    expect(onMirror!.reuploadOf!.signals).toEqual(["path"]);
    expect(renamed!.reuploadOf).toMatchObject({ ...earlier, sameSite: true, signals: ["title"] });
    expect(unrelated).toBeDefined();
    expect(unrelated!.reuploadOf).toBeNull();
    expect(sameSite!.reuploadOf!.noticeSentAt!.slice(0, 10)).toBe(firstNoticeDay);

    // No one else sees them.
    expect((await leaks(ivy)).map((l) => l.url)).toEqual([]);

    // The re-upload alert (on by default): one email for the four.
    await services.queue.runDue(["alerts.batched", "email.send"]);
    const alerts = readOutbox(services.dataDir).filter((m) => /removed leaks? (is|are) back/.test(m.subject));
    expect(alerts.map((m) => [m.to, m.subject])).toEqual([["luna.reuploads@example.com", "4 removed leaks are back"]]);
    const text = alerts[0]!.text.replace(/=\r?\n/g, "");
    expect(text).toContain(`http://picsdump.example/p/9: re-upload of #${original.number} (http://leakhub.example/v/100), removed on`);
    expect(text).toContain(`http://leakhub.example/v/205: re-upload of #${original.number} (http://leakhub.example/v/100), removed on`);
    expect(text).toContain("/dashboard/leaks");
  }, 180_000);

  it("sends notices that cite the earlier removal and the repeat-infringer policy (§512(i))", async () => {
    const all = await leaks(luna);
    const ids = ["http://leakhub.example/v/205", "http://picsdump.example/p/9", "http://leakhub.example/v/300"].map((u) => all.find((l) => l.url === u)!.id);
    const res = await luna.post("/v1/takedowns", { leakIds: ids });
    expect(res.status).toBe(202);
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const outbox = readOutbox(services.dataDir);
    const toLeakhub = outbox.filter((m) => m.to.includes("copyright@leakhub.example"));
    expect(toLeakhub).toHaveLength(2);
    const same = plainText(toLeakhub[1]!.text);
    expect(same).toContain("Repeat infringement: the material at item");
    expect(same).toContain(`removed from your service (http://leakhub.example/v/100)`);
    expect(same).toContain(`after our notice of ${utcDay(new Date(firstNoticeDay))} (UTC)`);
    expect(same).toContain("512(i)(1)(A)");
    expect(same).toContain("repeat infringers");
    // The unrelated link in the same notice is listed without a re-upload line.
    expect(same.match(/Re-upload of material removed from/g)).toHaveLength(1);

    const toPicsdump = outbox.filter((m) => m.to.includes("dmca@picsdump.example"));
    expect(toPicsdump).toHaveLength(1);
    const other = plainText(toPicsdump[0]!.text);
    expect(other).toContain("Re-upload: the material at item 1 was removed from http://leakhub.example/v/100");
    expect(other).toContain(`after our notice of ${utcDay(new Date(firstNoticeDay))} (UTC)`);
    expect(other).toContain("512(i)(1)(A)");
    expect(other).not.toContain("Repeat infringement");
  }, 120_000);
});
