import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { firstLink, readOutbox, TEST_ORIGIN, TestClient } from "@leakwarden/test-support/test-services";
import { DEMO_HOSTS, DEMO_IDENTITY } from "./demo-web";
import { demoEnvSource, demoInstructions, startDemo, type RunningDemo } from "./run-demo";

// The demo as a newcomer meets it: sign up, the suggested stage name, a real scan of the
// fictional web, ownership through the fictional Reddit bio, takedown notices in the outbox.
describe("npm run demo", () => {
  let demo: RunningDemo;
  let database: Database;
  let dataDir: string;
  let creator: TestClient;
  const email = "newcomer@example.com";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-demo-"));
    database = await openTestDatabase();
    demo = await startDemo({
      source: { NODE_ENV: "test", DEMO_DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent", AUTH_RATE_LIMIT_MAX: "1000" },
      database,
      workers: false,
      listen: false,
    });
    creator = new TestClient({ request: (input, init) => demo.fetch(new Request(input, init)) });
  });

  afterAll(async () => {
    await demo?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps its own data folder and never reaches outside services, whatever the environment says", () => {
    const source = demoEnvSource(
      { DATA_DIR: "data", DATABASE_URL: "postgres://db.example/leakwarden", SMTP_URL: "smtp://mail.example", SEARCH_PROVIDER: "brave", BRAVE_API_KEY: "k", MIXPANEL_TOKEN: "t" },
      demo.web,
    );
    expect(source).toMatchObject({ DATA_DIR: "data-demo", DATABASE_URL: "", SMTP_URL: "", MIXPANEL_TOKEN: "", SEARCH_PROVIDER: "searxng", SCAN_ALLOW_PRIVATE_NETWORKS: "false" });
    expect(source.SCAN_PROXY_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(source.DNS_SERVERS).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(demo.env.dataDir).toBe(dataDir);
  });

  it("tells every page that it is the demo", async () => {
    const config = await (await creator.get("/v1/site/config")).json();
    expect(config.demo).toBe(true);
  });

  it("prints what to do: where to go and the stage name to use", () => {
    const text = demoInstructions(demo);
    expect(text).toContain(TEST_ORIGIN);
    expect(text).toContain(`OnlyFans · ${DEMO_IDENTITY.onlyfans}`);
    expect(text).toContain(demo.web.indexUrl);
  });

  it("signs a newcomer up through the outbox link and gives the account the demo plan", async () => {
    const res = await creator.post("/api/auth/sign-up/email", { email, password: "secret-pass", name: "", ageConfirmed: true });
    expect(res.status).toBe(200);
    await demo.services.queue.runDue(["email.send"]);
    const mail = readOutbox(dataDir).find((m) => m.to.includes(email));
    const link = mail && firstLink(mail.text, "/api/auth/verify-email");
    expect(link).toBeTruthy();
    expect((await creator.get(link!)).status).toBe(302);

    const billing = await (await creator.get("/v1/billing")).json();
    expect(billing).toMatchObject({ tier: "vip", status: "active" });
    expect(billing.entitlements.takedownsPerMonth).toBe("unlimited");
  });

  it("scans the fictional web for the suggested stage name and finds its leaks and none of the traps", async () => {
    const profile = await creator.post("/v1/root/update-profile-all", { platforms: { onlyfans: DEMO_IDENTITY.onlyfans }, nicknames: [], allowlist: [], specific: "" });
    expect(profile.status).toBe(200);
    const started = await creator.post("/v1/scans", {});
    expect(started.status).toBe(202);
    const { id } = await started.json();
    await demo.services.queue.runDue(["scan.run"]);

    const scan = await (await creator.get(`/v1/scans/${id}`)).json();
    expect(scan.status).toBe("completed");
    const leaks = await (await creator.get("/v1/leaks?pageSize=100")).json();
    const items = leaks.items as { url: string; evidence: { linkedFrom?: unknown } }[];
    const found = items.filter((l) => !l.evidence.linkedFrom).map((l) => l.url).sort();
    expect(found).toEqual([...demo.web.expectedLeaks].sort());
    // The forum post's file-host links are leaks of their own.
    expect(items.filter((l) => l.evidence.linkedFrom).map((l) => l.url).sort()).toEqual([...demo.web.expectedFileLeaks].sort());
    expect(scan.stats.leaksFound).toBe(demo.web.expectedLeaks.length + demo.web.expectedFileLeaks.length);
    for (const trap of demo.web.traps) expect(found).not.toContain(trap);
    // A forum, a tube site (one page only its own search lists) and a social post.
    expect(new Set(found.map((u) => new URL(u).hostname))).toEqual(new Set([DEMO_HOSTS.forum, DEMO_HOSTS.tube, DEMO_HOSTS.reddit]));

    // Every page came through the demo's proxy, to its fictional hosts only; her own profile was never asked for.
    const known = new Set<string>(Object.values(DEMO_HOSTS));
    expect(demo.web.proxyRecords.length).toBeGreaterThan(0);
    expect(demo.web.proxyRecords.filter((r) => !known.has(r.host))).toEqual([]);
  });

  it("proves ownership through the fictional Reddit bio and sends takedown notices to the sites' DMCA addresses", async () => {
    const before = await creator.post("/v1/takedowns", { leakIds: [(await (await creator.get("/v1/leaks")).json()).items[0].id] });
    expect(before.status).toBe(403);
    expect((await before.json()).error.details).toEqual({ missing: "ownership" });

    const added = await creator.post("/v1/root/update-profile", { platforms: { "reddit (u/username)": DEMO_IDENTITY.reddit } });
    expect(added.status).toBe(200);
    const { snippet } = await (await creator.get("/v1/identities")).json();
    const saved = await fetch(new URL("/reddit-bio", demo.web.indexUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: DEMO_IDENTITY.reddit, bio: `Photos and sets. ${snippet}` }),
      redirect: "manual",
    });
    expect(saved.status).toBe(303);
    const bio = await (await creator.get("/v1/root/get-bio")).json();
    expect(bio.isverified).toBe(true);

    const auth = await creator.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Jane Demo", signature: "Jane Demo", agree: true } });
    expect(auth.status).toBe(200);
    // The sites' pages (the real file hosts its posts link to are outside the demo web).
    const leaks = ((await (await creator.get("/v1/leaks?pageSize=100")).json()).items as { id: string; evidence: { linkedFrom?: unknown } }[]).filter((l) => !l.evidence.linkedFrom);
    const created = await creator.post("/v1/takedowns", { leakIds: leaks.map((l) => l.id) });
    expect(created.status).toBe(202);
    await demo.services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);

    const notices = readOutbox(dataDir).filter((m) => !m.to.includes(email));
    expect(notices.map((m) => m.to).sort()).toEqual([`copyright@${DEMO_HOSTS.reddit}`, `copyright@${DEMO_HOSTS.tube}`, `dmca@${DEMO_HOSTS.forum}`]);
    const toForum = notices.find((m) => m.to.includes(DEMO_HOSTS.forum))!;
    expect(toForum.text).toContain(`http://${DEMO_HOSTS.forum}/threads/juniper_vale-onlyfans-mega-folder.2231/`);

    // Recipient lookups asked the demo's DNS only, which knows none of the fictional hosts.
    expect(demo.web.dnsQuestions).toContain(DEMO_HOSTS.forum);
    // Outside the demo web, only the https tunnel to her OnlyFans profile was asked for (its
    // ownership check), and the proxy refused it.
    const outside = demo.web.proxyRecords.filter((r) => !Object.values<string>(DEMO_HOSTS).includes(r.host));
    expect(outside).toEqual([{ method: "CONNECT", host: "onlyfans.com", port: 443, path: "", tunnel: true }]);
    const identities = await (await creator.get("/v1/identities")).json();
    expect(identities.stageNames).toEqual(
      expect.arrayContaining([expect.objectContaining({ platform: "OnlyFans", verifiedAt: null }), expect.objectContaining({ platform: "Reddit (u/username)", verifiedAt: expect.any(String) })]),
    );
  });
});
