import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCrawlFixtureWeb, type CrawlFixtureWeb } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { createTestServices, readOutbox, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { runCrawlCommand } from "./crawl-command";

const io = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } } };
};

describe("crawls as jobs, in the creators' leak lists, and for operators", () => {
  let web: CrawlFixtureWeb;
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;

  beforeAll(async () => {
    web = await startCrawlFixtureWeb();
    services = await createTestServices({ ...web.settings, CRAWL_INTERVAL_MINUTES: "60" });
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: ["Moon Bunny"], allowlist: ["lunapromo.example"], specific: "" });
    await bea.post("/v1/root/update-profile-all", { platforms: { onlyfans: "ivy_vale" }, nicknames: [], allowlist: [], specific: "" });
    // Ava wants an email for each new leak; Bea turned it off.
    await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "off", takedownSucceeded: false } });
    await bea.request("/v1/alerts", { method: "PUT", json: { newLeak: false, digest: "off", takedownSucceeded: false } });
  });
  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("the tick queues each due site once; the site jobs read them; findings land in each creator's own leaks list", async () => {
    // A new site's first crawl is placed within its first ten minutes (spread by its id): a later tick finds it due.
    const t0 = Date.now();
    await services.crawls.queueDue(new Date(t0));
    const due = await services.crawls.queueDue(new Date(t0 + 11 * 60_000));
    expect(due.sort()).toEqual([...web.siteIds].sort());
    // Taken by this tick: another tick (another worker) queues nothing until the next period.
    expect(await services.crawls.queueDue(new Date(t0 + 12 * 60_000))).toEqual([]);
    await services.queue.runDue(["crawl.site"]);

    const avaLeaks = (await (await ava.get("/v1/leaks?limit=50")).json()) as { items: { url: string; confidence: string; status: string }[] };
    // Her posts' pages, and the file-host links in them (leaks of their own).
    expect(avaLeaks.items.map((l) => l.url).sort()).toEqual([...web.leaks, ...web.lunaFileLeaks].sort());
    expect(avaLeaks.items.every((l) => l.status === "new")).toBe(true);
    const beaLeaks = (await (await bea.get("/v1/leaks?limit=50")).json()) as { items: { url: string }[] };
    expect(beaLeaks.items.map((l) => l.url).sort()).toEqual([...web.ivyLeaks].sort());

    // Her alert rule fires for leaks found by crawling, as for a scan's.
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    const mails = readOutbox(services.dataDir).filter((m) => /new leak/.test(m.subject));
    // New-leak emails are batched (at most one an hour): one email covers the three site crawls; none for Bea, who turned them off.
    expect(mails.map((m) => m.to)).toEqual(["ava@example.com"]);
    const all = mails.map((m) => m.text).join("\n");
    expect(all).toMatch(/Reading leak sites, we found/);
    for (const url of web.leaks) expect(all).toContain(url);
  });

  it("npm run crawl -- status shows each site's health; --site ID --once crawls it now", async () => {
    const s = io();
    expect(await runCrawlCommand(["status"], services.crawls, s.io)).toBe(0);
    const table = s.out.join("");
    expect(table).toMatch(/^site\s+family\s+every\s+last success/);
    expect(table).toMatch(/leakfans\s+xenforo\s+1h\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+\S+ \S+\s+completed\s+7\s+0\s+0\s+0\s+4/);

    const added = web.addThread("luna-rivers-april", "luna_rivers april set leaked", "<p>luna_rivers leaked april set, 30 pics https://mega.nz/folder/Apr1#k</p>");
    const once = io();
    expect(await runCrawlCommand(["--site", "leakfans", "--once", "--json"], services.crawls, once.io)).toBe(0);
    expect(JSON.parse(once.out.join(""))).toMatchObject({ site: "leakfans", outcome: "completed", itemsFound: 1, itemsRead: 1, leaks: 1, newLeaks: 1 });
    const avaLeaks = (await (await ava.get("/v1/leaks?limit=50")).json()) as { items: { url: string }[] };
    expect(avaLeaks.items.map((l) => l.url)).toContain(added);

    const json = io();
    await runCrawlCommand(["status", "--json"], services.crawls, json.io);
    const leakfans = (JSON.parse(json.out.join("")) as { siteId: string; itemsRead: number; leaksFound: number }[]).find((r) => r.siteId === "leakfans");
    expect(leakfans).toMatchObject({ itemsRead: 8, leaksFound: 5 });

    const bad = io();
    expect(await runCrawlCommand(["--site", "nope", "--once"], services.crawls, bad.io)).toBe(2);
    expect(bad.err.join("")).toMatch(/no site "nope"/);
    const usage = io();
    expect(await runCrawlCommand(["--site", "leakfans"], services.crawls, usage.io)).toBe(2);
    expect(usage.err.join("")).toMatch(/add --once/);
  });
});
