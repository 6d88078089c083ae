import type { EntitlementTier } from "@leakwarden/contracts/plans";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leak } from "../../db/schema/scans";
import { takedown } from "../../db/schema/takedowns";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { readOutbox, signUpAndConfirm, TEST_ORIGIN, TestClient, testClock, type TestServices } from "@leakwarden/test-support/test-services";
import { readyForTakedowns } from "@leakwarden/test-support/takedown-creator";
import { insertScan, upsertLeak } from "../scans/scans.repository";
import { autopilotCategoryOf } from "./autopilot.service";
import { PREVIEW_REFERENCE } from "./takedowns.service";
import { createTakedownServices, startTakedownNetwork, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const leakPage = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>Download the full leaked pack for free.</p><a href="https://mega.nz/folder/abc">mega</a></body></html>`;

describe("autopilot and the notice preview", () => {
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  const clock = testClock();
  const tiers = new Map<string, EntitlementTier>();
  let ava: TestClient;
  let bea: TestClient;
  let avaId: string;
  let beaId: string;
  let cia: TestClient;
  let ciaId = "";
  let n = 0;

  const userIdOf = async (client: TestClient) => (await (await client.get("/api/auth/get-session")).json()).user.id as string;
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } }).error;
  const noticesTo = (address: string) => net.smtp.received.filter((m) => m.to.includes(address));
  const jobs = ["takedowns.autopilot-sweep", "takedowns.prepare", "takedowns.send-notice"];

  /** A new finding of `userId` on the fake web, as a scan records it (one scan a creator). */
  const scanOf = new Map<string, string>();
  async function found(userId: string, fields: Partial<Pick<Parameters<typeof upsertLeak>[1], "confidence" | "category" | "evidence">> & { host?: string; url?: string } = {}) {
    const { host = "leakhub.example", url = `http://${host}/v/${++n}`, ...rest } = fields;
    // The page names the creator's own stage name: a notice goes only for what she proved.
    const name = userId === beaId ? "bea_rose" : userId === ciaId ? "cia_moon" : "luna_rivers";
    if (!scanOf.has(userId)) scanOf.set(userId, (await insertScan(services.database.db, userId, "manual")).id);
    await upsertLeak(services.database.db, {
      userId,
      scanId: scanOf.get(userId)!,
      canonicalUrl: url,
      url,
      domain: new URL(url).hostname,
      title: `${name} leaked`,
      category: "leak_site",
      confidence: "high",
      evidence: { matchedNames: [name], title: `${name} leaked`, snippet: `${name} leaked pack` },
      seenAt: clock.now(),
      ...rest,
    });
    const [row] = await services.database.db.select({ id: leak.id }).from(leak).where(and(eq(leak.userId, userId), eq(leak.url, url)));
    return { id: row!.id, url };
  }

  async function leakStatus(id: string) {
    return (await services.database.db.select({ status: leak.status }).from(leak).where(eq(leak.id, id)))[0]!.status;
  }

  async function ready(client: TestClient, userId: string, username: string) {
    await readyForTakedowns(services, client, { username });
    tiers.set(userId, "premium");
  }

  const put = (client: TestClient, body: unknown) => client.request("/v1/takedowns/autopilot", { method: "PUT", json: body });

  beforeAll(async () => {
    const pages: Record<string, ReturnType<typeof html>> = { "/dmca": html(`<!doctype html><p>Notices: <a href="mailto:copyright@leakhub.example">copyright@leakhub.example</a></p>`) };
    for (let i = 1; i <= 200; i++) pages[`/v/${i}`] = html(leakPage(`luna_rivers leaked set ${i}`));
    web = await startVirtualHostServer({
      "leakhub.example": pages,
      "social.example": { ...pages, "/dmca": html(`<!doctype html><p>DMCA: <a href="mailto:dmca@social.example">dmca@social.example</a></p>`) },
      "mega.nz": { ...pages, "/dmca": html(`<!doctype html><p>DMCA: <a href="mailto:copyright@mega.nz">copyright@mega.nz</a></p>`) },
    });
    net = await startTakedownNetwork(web.port, { routed: (host) => host.endsWith(".example") || host === "mega.nz" });
    services = await createTakedownServices(
      net,
      { NOTICE_REPLY_TO: undefined, AUTOPILOT_DIGEST_DELAY_SECONDS: "600", AUTOPILOT_MAX_NOTICES_PER_DAY: "55", METRICS_TOKEN: "metrics-token-for-the-autopilot-tests" },
      { now: clock.now, serviceOptions: { tierFor: async (userId) => tiers.get(userId) ?? "free" } },
    );
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = await userIdOf(ava);
    beaId = await userIdOf(bea);
  }, 60_000);

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net)]);
  });

  it("is off by default: a new high-confidence finding waits for her", async () => {
    const view = await (await ava.get("/v1/takedowns/autopilot")).json();
    expect(view).toMatchObject({ leakSites: false, socialMedia: false, fileHosts: false, sent: 0, ready: { takedownsIncluded: false, ownershipVerified: false, authorized: false } });
    const finding = await found(avaId);
    await services.autopilot.onLeaksFound(avaId);
    expect(await services.autopilot.sweep(avaId)).toEqual({ sent: 0, held: 0, needsAction: 0 });
    await services.queue.runDue(jobs);
    expect(await leakStatus(finding.id)).toBe("new");
    expect((await (await ava.get("/v1/takedowns")).json()).total).toBe(0);
  });

  it("cannot be turned on before her plan, ownership and authorization allow notices in her name; bad input answers 400", async () => {
    const free = await put(ava, { leakSites: true, socialMedia: false, fileHosts: false });
    expect(free.status).toBe(403);
    expect(await errorOf(free)).toMatchObject({ code: "QUOTA_EXCEEDED", details: { resource: "takedownsPerMonth", limit: 0, plan: "free", upgradeTo: "starter" } });
    tiers.set(avaId, "premium");
    const unproven = await put(ava, { leakSites: true, socialMedia: false, fileHosts: false });
    expect(unproven.status).toBe(403);
    expect((await errorOf(unproven)).details).toEqual({ missing: "ownership" });

    await readyForTakedowns(services, ava, { authorize: false });
    const unsigned = await put(ava, { leakSites: true, socialMedia: false, fileHosts: false });
    expect(unsigned.status).toBe(403);
    expect((await errorOf(unsigned)).details).toEqual({ missing: "authorization" });

    for (const body of [{}, { leakSites: "yes", socialMedia: false, fileHosts: false }, { leakSites: true, socialMedia: false, fileHosts: false, impersonators: true }]) {
      const res = await put(ava, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("VALIDATION");
    }
    // A cookie request from another site is refused.
    const foreign = await new TestClient(services.app, "https://evil.example").request("/v1/takedowns/autopilot", {
      method: "PUT",
      json: { leakSites: false, socialMedia: false, fileHosts: false },
      headers: { cookie: [...ava.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(foreign.status).toBe(403);
    expect((await (await ava.get("/v1/takedowns/autopilot")).json()).updatedAt).toBeNull();
  });

  it("on: a new high-confidence leak-site finding is sent without a click; medium ones, other categories and older findings wait", async () => {
    await ready(ava, avaId, "luna_rivers");
    const before = await found(avaId);
    const on = await put(ava, { leakSites: true, socialMedia: false, fileHosts: false });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ leakSites: true, socialMedia: false, fileHosts: false, ready: { takedownsIncluded: true, ownershipVerified: true, authorized: true } });

    const high = await found(avaId);
    const medium = await found(avaId, { confidence: "medium" });
    const social = await found(avaId, { host: "social.example", category: "social_media" });
    await services.autopilot.onLeaksFound(avaId);
    await clock.advance(services, 5_000);
    await services.queue.runDue(jobs);

    const sent = noticesTo("copyright@leakhub.example");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(high.url);
    for (const other of [before, medium, social]) expect(net.smtp.received.some((m) => m.text.includes(other.url))).toBe(false);
    expect(await leakStatus(high.id)).toBe("takedown_sent");
    expect(await leakStatus(medium.id)).toBe("new");
    expect(await leakStatus(social.id)).toBe("new");
    expect(await leakStatus(before.id)).toBe("new");
    const detail = (await (await ava.get("/v1/takedowns")).json()).items.find((t: { leakId: string }) => t.leakId === high.id);
    const history = (await (await ava.get(`/v1/takedowns/${detail.id}`)).json()).history as { message: string }[];
    expect(history[0]!.message).toMatch(/^Sent by autopilot/);
  });

  it("lists each automatic takedown in one digest email, after the notices went out", async () => {
    const second = await found(avaId);
    await services.autopilot.onLeaksFound(avaId);
    await clock.advance(services, 5_000);
    await services.queue.runDue(jobs);
    expect(readOutbox(services.dataDir).filter((m) => m.subject.startsWith("Autopilot"))).toHaveLength(0);

    await clock.advance(services, 11 * MINUTE);
    await services.queue.runDue(["takedowns.autopilot-digest", "email.send"]);
    const digests = readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && m.subject.startsWith("Autopilot"));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe("Autopilot sent 2 takedowns");
    expect(digests[0]!.text).toContain(`${second.url} (leak site): notice sent to copyright@leakhub.example`);
    expect(digests[0]!.text).toContain(`${TEST_ORIGIN}/dashboard/takedowns`);
    expect(digests[0]!.text).toMatch(/<!doctype html>/i);
    expect((await (await ava.get("/v1/takedowns/autopilot")).json()).sent).toBe(2);

    // Nothing new: no second email.
    await clock.advance(services, 2 * HOUR);
    await services.queue.runDue(["takedowns.autopilot-digest", "email.send"]);
    expect(readOutbox(services.dataDir).filter((m) => m.subject.startsWith("Autopilot"))).toHaveLength(1);
  });

  it("counts in its digest and on the panel what the rows show: sent, needing her action, not sent", async () => {
    const [sentOne, needsHer, refused] = [await found(avaId), await found(avaId), await found(avaId)];
    await services.autopilot.onLeaksFound(avaId);
    await clock.advance(services, 5_000);
    await services.queue.runDue(jobs);
    // Two of the three did not go out: one is her step (no address takes complaints), one could not be sent.
    const rowOf = async (leakId: string) => (await services.database.db.select().from(takedown).where(eq(takedown.leakId, leakId)))[0]!;
    const reason = "No email address or web form was found for the site, its host or its registrar.";
    await services.database.db.update(takedown).set({ status: "needs_manual_action", firstSentAt: null, lastSentAt: null, reason }).where(eq(takedown.id, (await rowOf(needsHer.id)).id));
    await services.database.db.update(takedown).set({ status: "failed", firstSentAt: null, lastSentAt: null, reason: "The notice to x@leakhub.example could not be sent: 550 refused" }).where(eq(takedown.id, (await rowOf(refused.id)).id));
    expect((await rowOf(sentOne.id)).firstSentAt).not.toBeNull();

    await clock.advance(services, 2 * HOUR);
    await services.queue.runDue(["takedowns.autopilot-digest", "email.send"]);
    const digest = readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && m.subject.startsWith("Autopilot")).at(-1)!;
    expect(digest.subject).toBe("Autopilot: 1 takedown sent, 1 needs your action, 1 could not be sent");
    expect(digest.subject).not.toMatch(/sent 3/);
    expect(digest.text).toContain("Your autopilot started takedowns for 3 new high-confidence leaks as they were found.");
    expect(digest.text).toContain("Of 3 links: 1 sent, 1 needs your action, 1 could not be sent.");
    expect(digest.text).toContain(`${sentOne.url} (leak site): notice sent to copyright@leakhub.example`);
    expect(digest.text).toContain(`${needsHer.url} (leak site): needs your action: ${reason}`);
    expect(digest.text).toContain(`${refused.url} (leak site): the notice could not be sent:`);

    // The panel counts every automatic takedown of hers the same way (the two of the earlier digest were sent).
    const view = await (await ava.get("/v1/takedowns/autopilot")).json();
    expect(view.sent).toBe(5);
    expect(view.outcomes).toEqual({ sent: 3, needsAction: 1, failed: 1, underWay: 0, cancelled: 0 });
  });

  it("never sends a leak twice: found again, reopened after removal, or swept twice", async () => {
    const sentBefore = net.smtp.received.length;
    const takedownsBefore = (await (await ava.get("/v1/takedowns")).json()).total;
    const url = noticesTo("copyright@leakhub.example")[0]!.text.match(/http:\/\/leakhub\.example\/v\/\d+/)![0];
    // The same page found again by a later scan: the same leak row.
    await found(avaId, { url });
    // A page she had taken down comes back (the leak reopens as new).
    const [reopened] = await services.database.db.select({ id: leak.id }).from(leak).where(eq(leak.url, url));
    await services.database.db.update(leak).set({ status: "new" }).where(eq(leak.id, reopened!.id));
    await services.autopilot.onLeaksFound(avaId);
    expect(await services.autopilot.sweep(avaId)).toEqual({ sent: 0, held: 0, needsAction: 0 });
    expect(await services.autopilot.sweep(avaId)).toEqual({ sent: 0, held: 0, needsAction: 0 });
    await clock.advance(services, 5_000);
    await services.queue.runDue(jobs);
    expect(net.smtp.received.length).toBe(sentBefore);
    expect((await (await ava.get("/v1/takedowns")).json()).total).toBe(takedownsBefore);
  });

  it("stays within her plan's quota: findings beyond it wait for her", async () => {
    await ready(bea, beaId, "bea_rose");
    tiers.set(beaId, "starter");
    expect((await put(bea, { leakSites: true, socialMedia: false, fileHosts: false })).status).toBe(200);
    const findings = [];
    for (let i = 0; i < 52; i++) findings.push(await found(beaId));
    const result = await services.autopilot.sweep(beaId);
    expect(result).toEqual({ sent: 50, held: 2, needsAction: 0 });
    const quota = (await (await bea.get("/v1/takedowns/autopilot")).json()).quota;
    expect(quota).toMatchObject({ limit: 50, used: 50 });
    expect(await leakStatus(findings[51]!.id)).toBe("new");
    expect((await (await bea.get("/v1/takedowns?pageSize=100")).json()).total).toBe(50);
    // Asked again, still nothing beyond the plan.
    expect(await services.autopilot.sweep(beaId)).toEqual({ sent: 0, held: 2, needsAction: 0 });
  });

  it("one creator's setting leaves another's untouched", async () => {
    expect((await put(bea, { leakSites: false, socialMedia: true, fileHosts: true })).status).toBe(200);
    expect(await (await ava.get("/v1/takedowns/autopilot")).json()).toMatchObject({ leakSites: true, socialMedia: false, fileHosts: false });
    expect(await (await bea.get("/v1/takedowns/autopilot")).json()).toMatchObject({ leakSites: false, socialMedia: true, fileHosts: true, sent: 50 });
    // Her leak-site finding is not sent by another creator's switch.
    tiers.set(beaId, "premium");
    const hers = await found(beaId);
    expect(await services.autopilot.sweep(beaId)).toEqual({ sent: 0, held: 0, needsAction: 0 });
    expect(await leakStatus(hers.id)).toBe("new");
    // A file-host link is hers to send automatically now.
    const fileHost = await found(beaId, { host: "mega.nz" });
    expect(await services.autopilot.sweep(beaId)).toEqual({ sent: 1, held: 0, needsAction: 0 });
    expect((await (await bea.get("/v1/takedowns/latest?leakIds=" + fileHost.id)).json()).items).toHaveLength(1);
  });

  it("stops at her daily cap: the findings beyond wait, she is told on the panel and in the digest, the operator in the log and the status", async () => {
    cia = await signUpAndConfirm(services, "cia@example.com");
    ciaId = await userIdOf(cia);
    await ready(cia, ciaId, "cia_moon");
    expect((await put(cia, { leakSites: true, socialMedia: false, fileHosts: false })).status).toBe(200);
    const findings = [];
    for (let i = 0; i < 57; i++) findings.push(await found(ciaId));
    const warn = vi.spyOn(services.logger, "warn");
    // Her plan has no monthly limit: the daily cap (55 here) is what stops the autopilot.
    expect(await services.autopilot.sweep(ciaId)).toEqual({ sent: 55, held: 0, needsAction: 2 });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ userId: ciaId, waiting: 2, cap: 55 }), expect.stringContaining("daily cap"));
    warn.mockRestore();
    expect(await leakStatus(findings[56]!.id)).toBe("new");
    // Swept again within the day: nothing more goes.
    expect(await services.autopilot.sweep(ciaId)).toEqual({ sent: 0, held: 0, needsAction: 2 });
    expect((await (await cia.get("/v1/takedowns?pageSize=100")).json()).total).toBe(55);

    const panel = await (await cia.get("/v1/takedowns/autopilot")).json();
    expect(panel.dailyCap).toMatchObject({ limit: 55, used: 55, waiting: 2 });
    expect(new Date(panel.dailyCap.resumesAt).getTime()).toBeGreaterThan(clock.now().getTime() + 23 * HOUR);
    // Another creator's autopilot has its own day.
    expect((await (await bea.get("/v1/takedowns/autopilot")).json()).dailyCap).toMatchObject({ limit: 55, waiting: 0, resumesAt: null });

    const status = await services.operations.status();
    expect(status.autopilotCap).toBe(55);
    expect(status.autopilotAtCap).toEqual([{ userId: ciaId, sent: 55, resumesAt: expect.any(String) }]);
    const metrics = await services.app.request("/metrics", { headers: { authorization: "Bearer metrics-token-for-the-autopilot-tests" } });
    expect(await metrics.text()).toMatch(/^leakwarden_autopilot_creators_at_cap 1$/m);

    await clock.advance(services, 11 * MINUTE);
    await services.queue.runDue(["takedowns.autopilot-digest", "email.send"]);
    const digest = readOutbox(services.dataDir).filter((m) => m.to.includes("cia@example.com") && m.subject.startsWith("Autopilot")).at(-1)!;
    expect(digest.text).toMatch(/Your autopilot reached its daily cap of 55 automatic takedowns, so 2 findings wait: they go out from \d{4}-\d\d-\d\d \d\d:\d\d UTC, or you can send them yourself from your leaks list now\./);

    // A day later the window has room again: the sweep queued for then sends the two.
    await clock.advance(services, 24 * HOUR);
    await services.queue.runDue(jobs);
    expect(await leakStatus(findings[56]!.id)).toBe("takedown_sent");
    expect((await (await cia.get("/v1/takedowns?pageSize=100")).json()).total).toBe(57);
    expect((await (await cia.get("/v1/takedowns/autopilot")).json()).dailyCap).toMatchObject({ used: 2, waiting: 0 });
  }, 60_000);

  it("tells her in its email how many findings wait for her proof, and what to prove, once", async () => {
    expect((await ava.post("/v1/identities/stage-names", { platform: "onlyfans", username: "luna_secret" })).status).toBe(201);
    expect((await ava.post("/v1/identities/nicknames", { value: "Lulu" })).status).toBe(201);
    const profile = await found(avaId, { evidence: { matchedNames: ["luna_secret"], title: "luna_secret leaked", snippet: "luna_secret pack" } });
    const nickname = await found(avaId, { evidence: { matchedNames: ["Lulu"], title: "Lulu leaked", snippet: "Lulu pack" } });
    const sentBefore = net.smtp.received.length;
    const digestsTo = () => readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && m.subject.startsWith("Autopilot"));
    const before = digestsTo().length;
    expect(await services.autopilot.sweep(avaId)).toEqual({ sent: 0, held: 0, needsAction: 2 });

    await clock.advance(services, 11 * MINUTE);
    await services.queue.runDue(["takedowns.autopilot-digest", "email.send"]);
    expect(digestsTo()).toHaveLength(before + 1);
    const digest = digestsTo().at(-1)!;
    expect(digest.subject).toBe("Autopilot: 2 findings wait for your proof");
    expect(digest.text).toContain("2 findings wait for your proof: the autopilot sends a notice only for what is proven yours.");
    expect(digest.text).toContain("Prove that you own luna_secret on OnlyFans.");
    expect(digest.text).toContain("Confirm that the nickname Lulu is yours.");
    expect(digest.text).toContain(`${TEST_ORIGIN}/dashboard/leaks`);
    expect(net.smtp.received.length).toBe(sentBefore);
    expect(await leakStatus(profile.id)).toBe("new");
    expect(await leakStatus(nickname.id)).toBe("new");

    // Swept again with nothing new: she is not told twice.
    expect(await services.autopilot.sweep(avaId)).toEqual({ sent: 0, held: 0, needsAction: 2 });
    await clock.advance(services, 2 * HOUR);
    await services.queue.runDue(["takedowns.autopilot-digest", "email.send"]);
    expect(digestsTo()).toHaveLength(before + 1);

    // A takedown's digest still names them while they wait.
    await found(avaId);
    await services.autopilot.sweep(avaId);
    await clock.advance(services, 11 * MINUTE);
    await services.queue.runDue([...jobs, "takedowns.autopilot-digest", "email.send"]);
    const next = digestsTo().at(-1)!;
    expect(digestsTo()).toHaveLength(before + 2);
    expect(next.subject).toBe("Autopilot sent 1 takedown");
    expect(next.text).toContain("2 findings wait for your proof");
  });

  it("tells which switch covers a finding", () => {
    expect(autopilotCategoryOf({ domain: "mega.nz", category: "leak_site" })).toBe("fileHosts");
    expect(autopilotCategoryOf({ domain: "www.reddit.com", category: "social_media" })).toBe("socialMedia");
    expect(autopilotCategoryOf({ domain: "leakhub.example", category: "search_result" })).toBe("leakSites");
    expect(autopilotCategoryOf({ domain: "x.example", category: "impersonator" })).toBeNull();
  });

  it("previews the notices a request sends, rendered as the job renders them, storing nothing", async () => {
    const one = await found(avaId);
    const two = await found(avaId);
    const third = await found(avaId, { host: "social.example", category: "social_media" });
    const leakIds = [one.id, two.id, third.id];
    const total = (await (await ava.get("/v1/takedowns")).json()).total;
    const res = await ava.post("/v1/takedowns/preview", { leakIds });
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect((await (await ava.get("/v1/takedowns")).json()).total).toBe(total);
    expect(preview.quota).toMatchObject({ counted: 3 });
    expect(preview.manual).toEqual([]);
    // Grouped per recipient as the sending does.
    const byRecipient = Object.fromEntries(preview.notices.map((p: { recipient: { email: string }; urls: string[] }) => [p.recipient.email, p.urls.sort()]));
    expect(byRecipient).toEqual({ "copyright@leakhub.example": [one.url, two.url].sort(), "dmca@social.example": [third.url] });

    // Bad input, another creator's leak, an uncertain finding: the same answers as sending.
    expect((await ava.post("/v1/takedowns/preview", { leakIds: [] })).status).toBe(400);
    const hers = await found(beaId);
    expect((await ava.post("/v1/takedowns/preview", { leakIds: [hers.id] })).status).toBe(404);
    const medium = await found(avaId, { confidence: "medium" });
    expect((await errorOf(await ava.post("/v1/takedowns/preview", { leakIds: [medium.id] }))).details).toMatchObject({ reason: "needs_confirmation" });

    const sent = await ava.post("/v1/takedowns", { leakIds });
    expect(sent.status).toBe(202);
    await services.queue.runDue(jobs);
    for (const notice of preview.notices as { recipient: { email: string }; text: string; subject: string; urls: string[] }[]) {
      const out = net.smtp.received.filter((m) => m.to.includes(notice.recipient.email) && m.text.includes(notice.urls[0]!)).at(-1)!;
      const reference = /\[ref ([0-9a-f]{8})\]/.exec(out.headers.subject ?? "")?.[1] ?? /Reference: ([0-9a-f]{8})/.exec(out.text)![1]!;
      expect(out.text.replaceAll(reference, PREVIEW_REFERENCE).trim()).toBe(notice.text.trim());
    }
  });
});
