import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "../../testing/fake-web/local-search-web";
import { createTestServices, firstLink, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "../../testing/test-services";

/** The one leak page the local search lists. */
const leakPage = `<!doctype html><html><head><title>luna_rivers OnlyFans leaked — full pack</title></head><body>
<h1>luna_rivers onlyfans leaked</h1><p>Download the full luna_rivers leaked pack, 2.3 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/abc123#key">mega.nz folder</a></p></body></html>`;

describe("alerts", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let ava: TestClient;
  let bea: TestClient;
  const mailsTo = (email: string) => readOutbox(services.dataDir).filter((m) => m.to.includes(email));

  beforeAll(async () => {
    web = await startLocalSearchWeb({ pages: { "/leak": leakPage } });
    services = await createTestServices(localScanSettings(web, { SCAN_MAX_QUERIES: "1" }));
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
    web?.server.close();
  });

  it("starts with every alert off, and keeps each creator's rules to herself", async () => {
    const rules = await (await ava.get("/v1/alerts")).json();
    expect(rules).toMatchObject({ newLeak: false, digest: "off", takedownSucceeded: false, email: "ava@example.com", nextDigestAt: null });
    const put = await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "off", takedownSucceeded: true } });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ newLeak: true, takedownSucceeded: true });
    expect(await (await bea.get("/v1/alerts")).json()).toMatchObject({ newLeak: false, email: "bea@example.com" });
  });

  it("refuses bad rules and strangers", async () => {
    expect((await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "hourly", takedownSucceeded: false } })).status).toBe(400);
    expect((await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true } })).status).toBe(400);
    expect((await new TestClient(services.app).get("/v1/alerts")).status).toBe(401);
  });

  it("emails the new leaks of a completed scan, with a working unsubscribe link", async () => {
    expect((await ava.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    const mail = mailsTo("ava@example.com").find((m) => /new leak/.test(m.subject));
    expect(mail?.subject).toBe("1 new leak found");
    expect(mail?.text).toContain(`${web.origin}/leak`);
    expect(mail?.text).toContain("/dashboard/leaks");
    const unsubscribe = firstLink(mail!.text, "/v1/alerts/unsubscribe");
    expect(unsubscribe).toBeDefined();
    // Bea asked for nothing and got nothing.
    expect(mailsTo("bea@example.com").filter((m) => /new leak/i.test(m.subject))).toHaveLength(0);

    // Opening the link only asks; the button turns everything off.
    const page = await new TestClient(services.app).get(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop alert emails");
    expect((await (await ava.get("/v1/alerts")).json()).newLeak).toBe(true);

    const token = new URL(unsubscribe!).searchParams.get("token")!;
    const done = await new TestClient(services.app).request("/v1/alerts/unsubscribe", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(done.status).toBe(200);
    expect(await (await ava.get("/v1/alerts")).json()).toMatchObject({ newLeak: false, digest: "off", takedownSucceeded: false });
  });

  it("refuses a forged unsubscribe token", async () => {
    await bea.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "weekly", takedownSucceeded: false } });
    const beaId = (await (await bea.get("/v1/root/get-user")).json()).id as string;
    const forged = `${Buffer.from(beaId).toString("base64url")}.${Buffer.alloc(32).toString("base64url")}`;
    const res = await new TestClient(services.app).request(`/v1/alerts/unsubscribe?token=${forged}`, { method: "POST" });
    expect(res.status).toBe(400);
    expect((await (await bea.get("/v1/alerts")).json()).newLeak).toBe(true);
  });

  it("sends the digest when it is due, then schedules the next one; a stale run does nothing", async () => {
    const set = await (await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: false, digest: "daily", takedownSucceeded: false } })).json();
    const due = Date.parse(set.nextDigestAt);
    expect(due - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const avaId = (await (await ava.get("/v1/root/get-user")).json()).id as string;
    const before = mailsTo("ava@example.com").length;

    // The queued run is a day away: drive time by running it now, as the job would.
    await services.alerts.runDigest(avaId, new Date(due - 1000).toISOString()); // not the run the rules hold
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("ava@example.com")).toHaveLength(before);

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

  it("emails a succeeded takedown only when asked", async () => {
    const avaId = (await (await ava.get("/v1/root/get-user")).json()).id as string;
    const before = mailsTo("ava@example.com").length;
    await services.alerts.takedownSucceeded(avaId, { url: "https://leaks.example/luna" });
    await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: false, digest: "off", takedownSucceeded: true } });
    await services.alerts.takedownSucceeded(avaId, { url: "https://leaks.example/luna" });
    await services.queue.runDue(["email.send"]);
    const mails = mailsTo("ava@example.com").slice(before);
    expect(mails.map((m) => m.subject)).toEqual(["A takedown succeeded"]);
    expect(mails[0]!.text).toContain("https://leaks.example/luna");
  });
});
