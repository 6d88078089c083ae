import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth";
import { insertIndexLeak } from "../image-index/image-index.repository";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { createTestServices, firstLink, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

/** The one leak page the local search lists. */
const leakPage = `<!doctype html><html><head><title>luna_rivers OnlyFans leaked — full pack</title></head><body>
<h1>luna_rivers onlyfans leaked</h1><p>Download the full luna_rivers leaked pack, 2.3 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/abc123#key">mega.nz folder</a></p></body></html>`;

describe("alerts", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let ava: TestClient;
  let bea: TestClient;
  // The service's clock: tests drive time instead of waiting for it.
  let clock = Date.parse("2026-03-02T09:00:00Z");
  // Milliseconds the clock moves on each reading (0: it stands still).
  let tick = 0;
  const mailsTo = (email: string) => readOutbox(services.dataDir).filter((m) => m.to.includes(email));
  const idOf = async (client: TestClient) => (await (await client.get("/v1/root/get-user")).json()).id as string;

  async function creatorWithScan(email: string) {
    const client = await signUpAndConfirm(services, email);
    await client.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
    expect((await client.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);
    return client;
  }

  beforeAll(async () => {
    web = await startLocalSearchWeb({ pages: { "/leak": leakPage } });
    services = await createTestServices(localScanSettings(web, { SCAN_MAX_QUERIES: "1" }), { now: () => new Date((clock += tick)) });
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
    web?.server.close();
  });

  it("starts a new account with alerts on (new leaks, takedowns that succeed, a weekly summary), and keeps each creator's rules to herself", async () => {
    const rules = await (await ava.get("/v1/alerts")).json();
    expect(rules).toMatchObject({ newLeak: true, digest: "weekly", takedownSucceeded: true, email: "ava@example.com" });
    expect(Date.parse(rules.nextDigestAt) - clock).toBe(7 * 24 * 3600_000);
    const put = await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "off", takedownSucceeded: false } });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ newLeak: true, digest: "off", takedownSucceeded: false, nextDigestAt: null });
    expect(await (await bea.get("/v1/alerts")).json()).toMatchObject({ newLeak: true, digest: "weekly", takedownSucceeded: true, email: "bea@example.com" });
  });

  it("has the re-upload and new-impersonator alerts on for a new account; a save that leaves them out keeps them; unsubscribing turns them off", async () => {
    const dana = await signUpAndConfirm(services, "dana@example.com");
    expect(await (await dana.get("/v1/alerts")).json()).toMatchObject({ reupload: true, newImpersonator: true });
    const kept = await dana.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "weekly", takedownSucceeded: true } });
    expect(await kept.json()).toMatchObject({ reupload: true, newImpersonator: true });
    const off = await dana.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "weekly", takedownSucceeded: true, reupload: false, newImpersonator: true } });
    expect(await off.json()).toMatchObject({ reupload: false, newImpersonator: true });
    expect((await dana.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "weekly", takedownSucceeded: true, reupload: "yes" } })).status).toBe(400);
    expect(await (await ava.get("/v1/alerts")).json()).toMatchObject({ reupload: true, newImpersonator: true });
    await services.alerts.unsubscribe(services.alerts.unsubscribeToken(await idOf(dana)));
    expect(await (await dana.get("/v1/alerts")).json()).toMatchObject({ newLeak: false, digest: "off", takedownSucceeded: false, reupload: false, newImpersonator: false });
  });

  it("refuses bad rules and strangers", async () => {
    expect((await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "hourly", takedownSucceeded: false } })).status).toBe(400);
    expect((await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true } })).status).toBe(400);
    expect((await new TestClient(services.app).get("/v1/alerts")).status).toBe(401);
  });

  it("emails a creator who never touched her alerts the new leaks of her scan, in the branded layout with a plain-text part and a working unsubscribe link", async () => {
    const cara = await creatorWithScan("cara@example.com");
    clock += 60_000;
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    const mail = mailsTo("cara@example.com").find((m) => /new leak/.test(m.subject));
    expect(mail?.subject).toBe("1 new leak found");
    expect(mail?.text).toContain("Content-Type: text/plain");
    expect(mail?.text).toContain("Content-Type: text/html");
    expect(mail?.text).toContain("Your latest scan found a new link to your content:");
    expect(mail?.text).toContain(`${web.origin}/leak`);
    expect(mail?.text).toContain("Review them and send takedowns: http");
    expect(mail?.text).toContain("/dashboard/leaks");
    expect(mail?.text).toMatch(/List-Unsubscribe:\s+<http[^>]+\/v1\/alerts\/unsubscribe\?token=/);
    const unsubscribe = firstLink(mail!.text, "/v1/alerts/unsubscribe");
    expect(unsubscribe).toBeDefined();
    // Bea found nothing and got nothing.
    expect(mailsTo("bea@example.com").filter((m) => /new leak/i.test(m.subject))).toHaveLength(0);

    // Opening the link only asks; the button turns everything off.
    const page = await new TestClient(services.app).get(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop alert emails");
    expect((await (await cara.get("/v1/alerts")).json()).newLeak).toBe(true);

    const token = new URL(unsubscribe!).searchParams.get("token")!;
    const done = await new TestClient(services.app).request("/v1/alerts/unsubscribe", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(done.status).toBe(200);
    expect(await (await cara.get("/v1/alerts")).json()).toMatchObject({ newLeak: false, digest: "off", takedownSucceeded: false });
  });

  it("sends at most one new-leaks email an hour; the next covers every leak found since", async () => {
    await creatorWithScan("dora@example.com");
    const doraId = (await services.database.db.select({ id: user.id }).from(user).where(eq(user.email, "dora@example.com")))[0]!.id;
    clock += 60_000;
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    expect(mailsTo("dora@example.com").filter((m) => /new leak/.test(m.subject))).toHaveLength(1);

    // Ten minutes later the image index finds two more, and a crawl one: no email yet.
    clock += 10 * 60_000;
    const since = new Date(clock);
    for (const n of [1, 2]) {
      await insertIndexLeak(services.database.db, { userId: doraId, canonicalUrl: `https://img.example/dora/${n}`, domain: "img.example", category: "leak_site", evidence: {}, seenAt: since });
    }
    // A long crawl reports late a leak it saw before the first email: it was not told yet, so it comes too.
    await insertIndexLeak(services.database.db, { userId: doraId, canonicalUrl: "https://late.example/dora", domain: "late.example", category: "leak_site", evidence: {}, seenAt: new Date(clock - 3600_000) });
    await services.alerts.onLeaksFound({ userId: doraId, since, newLeaks: 3 });
    await services.queue.runDue(["alerts.new-leaks", "email.send"]); // queued for the hour's end: not due
    await services.alerts.sendNewLeaksAlert(doraId, { since }); // a run inside the hour does nothing
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("dora@example.com").filter((m) => /new leak/.test(m.subject))).toHaveLength(1);

    // The hour is over: the run sends one email with both, and not the first email's leak.
    clock += 50 * 60_000;
    await services.alerts.sendNewLeaksAlert(doraId, { since });
    await services.alerts.sendNewLeaksAlert(doraId, { since }); // a retry: nothing more
    await services.queue.runDue(["email.send"]);
    const mails = mailsTo("dora@example.com").filter((m) => /new leak/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual(["1 new leak found", "3 new leaks found"]);
    expect(mails[1]!.text).toContain("Since our last email we found 3 new links to your content:");
    expect(mails[1]!.text).toContain("https://late.example/dora");
    expect(mails[1]!.text).toContain("https://img.example/dora/1");
    expect(mails[1]!.text).toContain("https://img.example/dora/2");
    expect(mails[1]!.text).not.toContain(`${web.origin}/leak`);
  });

  it("sends a creator who never touched her alerts the weekly summary when it is due: found, sent, removed, still up, with links into the dashboard", async () => {
    const eve = await creatorWithScan("eve@example.com");
    const eveId = await idOf(eve);
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    const rules = await services.alerts.get(eveId);
    expect(rules.digest).toBe("weekly");
    const before = mailsTo("eve@example.com").length;

    // A week later, as the queued job would.
    clock = Date.parse(rules.nextDigestAt!);
    await services.alerts.runDigest(eveId, rules.nextDigestAt!);
    await services.queue.runDue(["email.send"]);
    const summary = mailsTo("eve@example.com").slice(before);
    expect(summary.map((m) => m.subject)).toEqual(["Weekly summary: 1 new leak"]);
    const text = summary[0]!.text;
    expect(text).toContain("Your weekly summary");
    expect(text).toMatch(/Since \d{1,2} [A-Z][a-z]+ \d{4} \(UTC\): 1 link to your content found, 0 takedowns sent, 0 links removed; 1 link is still up\./);
    expect(text).toMatch(/Found: 1 \(http[^)]+\/dashboard\/leaks\)/);
    expect(text).toMatch(/Takedowns sent: 0 \(http[^)]+\/dashboard\/takedowns\)/);
    expect(text).toMatch(/Removed: 0 \(http[^)]+\/dashboard\/takedowns\)/);
    expect(text).toMatch(/Still up: 1 \(http[^)]+\/dashboard\/leaks\)/);
    expect(text).toContain("/v1/alerts/unsubscribe?token=");
    const after = await services.alerts.get(eveId);
    expect(Date.parse(after.nextDigestAt!)).toBe(clock + 7 * 24 * 3600_000);
  });

  it("sends the digest when it is due, then schedules the next one; a stale run does nothing", async () => {
    const set = await (await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: false, digest: "daily", takedownSucceeded: false } })).json();
    const due = Date.parse(set.nextDigestAt);
    expect(due - clock).toBe(24 * 3600_000);
    const avaId = await idOf(ava);
    const before = mailsTo("ava@example.com").length;

    // The queued run is a day away: drive time by running it now, as the job would.
    await services.alerts.runDigest(avaId, new Date(due - 1000).toISOString()); // not the run the rules hold
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("ava@example.com")).toHaveLength(before);

    clock = due;
    await services.alerts.runDigest(avaId, set.nextDigestAt);
    await services.queue.runDue(["email.send"]);
    const digest = mailsTo("ava@example.com").at(-1)!;
    expect(digest.subject).toMatch(/^Daily summary: (no new leaks|1 new leak)$/);
    expect(digest.text).toContain("/v1/alerts/unsubscribe?token=");
    const after = await (await ava.get("/v1/alerts")).json();
    expect(Date.parse(after.nextDigestAt)).toBeGreaterThan(due);
    expect(after.lastDigestAt).not.toBeNull();

    // The same run again (a retry) sends nothing more.
    await services.alerts.runDigest(avaId, set.nextDigestAt);
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("ava@example.com")).toHaveLength(before + 1);
  });

  it("emails a succeeded takedown by default, and not once she turned it off", async () => {
    const beaId = await idOf(bea);
    const before = mailsTo("bea@example.com").length;
    await services.alerts.takedownSucceeded(beaId, { url: "https://leaks.example/luna" });
    await bea.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "weekly", takedownSucceeded: false } });
    await services.alerts.takedownSucceeded(beaId, { url: "https://leaks.example/other" });
    await services.queue.runDue(["email.send"]);
    const mails = mailsTo("bea@example.com").slice(before);
    expect(mails.map((m) => m.subject)).toEqual(["A takedown succeeded"]);
    expect(mails[0]!.text).toContain("https://leaks.example/luna");
    expect(mails[0]!.text).toContain("/dashboard/takedowns");
  });

  it("refuses a forged unsubscribe token", async () => {
    const beaId = await idOf(bea);
    const forged = `${Buffer.from(beaId).toString("base64url")}.${Buffer.alloc(32).toString("base64url")}`;
    const res = await new TestClient(services.app).request(`/v1/alerts/unsubscribe?token=${forged}`, { method: "POST" });
    expect(res.status).toBe(400);
    expect((await (await bea.get("/v1/alerts")).json()).newLeak).toBe(true);
  });

  it("counts in her first summary the leaks her first scan found before the summary chain began", async () => {
    // A clock that moves while the scan runs, as a real one does: her leaks are seen before the
    // alerts service first meets her (when the scan completes).
    clock = Date.now();
    const fay = await signUpAndConfirm(services, "fay@example.com");
    await fay.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
    expect((await fay.post("/v1/scans", {})).status).toBe(202);
    tick = 1000;
    try {
      await services.queue.runDue(["scan.run"]);
    } finally {
      tick = 0;
    }
    const fayId = await idOf(fay);
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    const rules = await services.alerts.get(fayId);
    const before = mailsTo("fay@example.com").length;
    clock = Date.parse(rules.nextDigestAt!);
    await services.alerts.runDigest(fayId, rules.nextDigestAt!);
    await services.queue.runDue(["email.send"]);
    const summary = mailsTo("fay@example.com").slice(before);
    expect(summary.map((m) => m.subject)).toEqual(["Weekly summary: 1 new leak"]);
    expect(summary[0]!.text).toMatch(/: 1 link to your content found, 0 takedowns sent, 0 links removed; 1 link is still up\./);
  });
});
