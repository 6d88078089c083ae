import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCloudflare, type FakeCloudflare } from "@leakwarden/test-support/fake-web/fake-cloudflare";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks, type SeededLeak } from "@leakwarden/test-support/leak-records";
import { signUpAndConfirm, type TestClient, type TestServices, testClock } from "@leakwarden/test-support/test-services";
import { verifyStageName } from "@leakwarden/test-support/takedown-creator";
import { createTakedownServices, rdapDomain, rdapNetwork, startTakedownNetwork, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";
import { stageName } from "../../db/schema/identities";
import { leak } from "../../db/schema/scans";
import { upsertLeak } from "../scans/scans.repository";
import { takedown } from "../../db/schema/takedowns";

/**
 * Authority per finding, as an attacker tries it: she proves her Reddit u/mallory_x, adds another
 * creator's OnlyFans stage name juniper_vale (never proved), and asks for notices for the pages
 * that name juniper_vale, at every route that writes one. Each refuses, naming the profile to
 * prove; once she proves it, the same requests go out and cite that profile.
 */
describe("notices only for what she proved", () => {
  const TOKEN = "cf-token";
  const ACCOUNT = "023e105f4ecef8ad9ca31a8372d0c353";
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  let cloudflare: FakeCloudflare;
  let mallory: TestClient;
  let malloryId: string;
  const clock = testClock();
  const ids: Record<string, string> = {};
  const stageNameIds: Record<string, string> = {};
  const REDDIT = "https://www.reddit.com/user/mallory_x/";
  const ONLYFANS = "https://onlyfans.com/juniper_vale";
  const jobs = ["takedowns.autopilot-sweep", "takedowns.prepare", "takedowns.send-notice", "takedowns.cloudflare-report"];

  const leakPage = (name: string) => `<!doctype html><title>${name} leaked</title><p>Download the full ${name} leaked pack.</p>`;
  const leakAt = (url: string, names: string[], extra: Partial<NonNullable<SeededLeak["evidence"]>> = {}): SeededLeak => ({
    url,
    seenAt: new Date(),
    title: `${names[0] ?? "pack"} leaked`,
    confidence: "high",
    evidence: { matchedNames: names, title: `${names[0] ?? "pack"} leaked`, snippet: `Download the full ${names[0] ?? ""} leaked pack.`, imageMatches: [], finalUrl: url, ...extra },
  });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
  const noticesTo = (address: string) => net.smtp.received.filter((m) => m.to.includes(address));
  const juniper = { platform: "OnlyFans", username: "juniper_vale", profileUrl: ONLYFANS, stageNameId: expect.any(String) };

  /** A new finding of the scan that found the others (one scan runs at a time), named by `name`. */
  async function found(url: string, name: string) {
    const [first] = await services.database.db.select({ scanId: leak.firstScanId }).from(leak).where(eq(leak.id, ids.m1!));
    const { seenAt: _seenAt, ...fields } = leakAt(url, [name]);
    await upsertLeak(services.database.db, { userId: malloryId, scanId: first!.scanId!, canonicalUrl: url, domain: "fans.example", category: "leak_site", confidence: "high", title: "t", evidence: {}, ...fields, seenAt: clock.now() });
    return (await services.database.db.select({ id: leak.id }).from(leak).where(and(eq(leak.userId, malloryId), eq(leak.url, url))))[0]!.id;
  }

  /** The refusal every route gives for juniper_vale's pages while she has not proved it. */
  async function expectRefused(res: Response, leakIds: string[]) {
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toMatch(/^Prove that you own juniper_vale on OnlyFans to send takedowns for (this link|these links)\.$/);
    expect(error.details).toMatchObject({ reason: "not_proven", leakIds, prove: [juniper] });
    expect((error.details!.findings as { code: string }[]).map((f) => f.code)).toEqual(leakIds.map(() => "unproven_profile"));
  }

  beforeAll(async () => {
    const pages = Object.fromEntries(["j1", "j2", "j3", "j4", "m1", "n1", "n2", "i1", "a1", "a2"].map((p) => [`/${p}`, html(leakPage(p.startsWith("m") ? "mallory_x" : "juniper_vale"))]));
    web = await startVirtualHostServer({
      "fans.example": { ...pages, "/dmca": html(`<!doctype html><p>DMCA: <a href="mailto:dmca@fans.example">dmca@fans.example</a></p>`) },
      "cfsite.example": { "/j": html(leakPage("juniper_vale")) },
    });
    net = await startTakedownNetwork(web.port, {
      dns: { "fans.example": { a: ["198.51.100.10"] }, "cfsite.example": { a: ["104.16.1.1"] } },
      rdap: {
        ips: { "198.51.100.10": rdapNetwork("FANSNET", "abuse@fansnet.example"), "104.16.1.1": rdapNetwork("CLOUDFLARENET", "abuse@cloudflare.example") },
        domains: { "fans.example": rdapDomain("fans.example", "Example Registrar, Inc.", "abuse@registrar.example") },
      },
    });
    cloudflare = await startFakeCloudflare({ token: TOKEN, accountId: ACCOUNT });
    services = await createTakedownServices(
      net,
      { AGENT_ADDRESS: "1 Agent Street", AGENT_CITY: "Wilmington", AGENT_STATE: "DE", AGENT_COUNTRY: "US", CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_ACCOUNT_ID: ACCOUNT, CLOUDFLARE_API_URL: cloudflare.url },
      { now: clock.now, serviceOptions: { tierFor: async () => "premium" } },
    );
    mallory = await signUpAndConfirm(services, "mallory@example.com");
    malloryId = (await (await mallory.get("/api/auth/get-session")).json()).user.id as string;
    const saved = await mallory.post("/v1/root/update-profile-all", {
      stageNames: [
        { platform: "reddit", username: "mallory_x" },
        { platform: "onlyfans", username: "juniper_vale" },
      ],
      nicknames: ["Junie"],
      allowlist: [],
      specific: "",
    });
    expect(saved.status).toBe(200);
    for (const s of ((await saved.json()) as { stageNames: { id: string; username: string }[] }).stageNames) stageNameIds[s.username] = s.id;
    await verifyStageName(services, stageNameIds.mallory_x!);
    expect((await mallory.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Mallory Exe", signature: "Mallory Exe", agree: true } })).status).toBe(200);

    const seeded = {
      j1: leakAt("http://fans.example/j1", ["juniper_vale"]),
      j2: leakAt("http://fans.example/j2", ["juniper_vale"]),
      j3: leakAt("http://fans.example/j3", ["juniper_vale"]),
      j4: leakAt("http://fans.example/j4", ["juniper_vale"]),
      cf: leakAt("http://cfsite.example/j", ["juniper_vale"]),
      m1: leakAt("http://fans.example/m1", ["mallory_x"]),
      n1: leakAt("http://fans.example/n1", ["Junie"]),
      // Her reference image on a page that names only the unproven stage name: the image is hers.
      i1: leakAt("http://fans.example/i1", ["juniper_vale"], { imageMatches: [{ imageUrl: "http://fans.example/i1.jpg", referenceId: "3f0c9a52-8d1e-4c6b-9a1f-0e2d3c4b5a69", variant: "original", distance: 6, quality: 90 }] }),
    };
    const stored = await seedLeaks(services.database.db, malloryId, Object.values(seeded));
    Object.keys(seeded).forEach((k, i) => (ids[k] = stored[i]!));
  });

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net), cloudflare?.close()]);
  });

  it("refuses a DMCA notice, its preview and a TAKE IT DOWN request for the unproven stage name, naming the profile to prove", async () => {
    await expectRefused(await mallory.post("/v1/takedowns", { leakIds: [ids.j1] }), [ids.j1!]);
    await expectRefused(await mallory.post("/v1/takedowns/preview", { leakIds: [ids.j1] }), [ids.j1!]);
    await expectRefused(await mallory.post("/v1/takedowns", { leakIds: [ids.j2], basis: "takeitdown", attest: true, forgery: true }), [ids.j2!]);
    await expectRefused(await mallory.post("/v1/takedowns", { leakIds: [ids.j2], basis: "both", attest: true }), [ids.j2!]);
    // A request mixing her proven link with the other creator's is refused whole.
    await expectRefused(await mallory.post("/v1/takedowns", { leakIds: [ids.m1, ids.j1] }), [ids.j1!]);
    await services.queue.runDue(jobs);
    expect(net.smtp.received).toEqual([]);
  });

  it("files no Cloudflare report for it", async () => {
    await expectRefused(await mallory.post("/v1/takedowns", { leakIds: [ids.cf] }), [ids.cf!]);
    await services.queue.runDue(jobs);
    expect(cloudflare.requests).toEqual([]);
  });

  it("lists the finding with the reason, and a takedown stored before the rule waits for her instead of going out", async () => {
    const latest = await (await mallory.get(`/v1/takedowns/latest?leakIds=${ids.j1},${ids.m1},${ids.i1}`)).json();
    expect(latest.held).toEqual([
      { leakId: ids.j1, code: "unproven_profile", reason: "Prove that you own juniper_vale on OnlyFans to send takedowns for this link.", prove: [juniper], nicknames: [] },
    ]);
    // A draft written before (the job prepares it): nothing is looked up or sent; she reads why.
    const at = clock.now();
    const [draft] = await services.database.db
      .insert(takedown)
      .values({ userId: malloryId, leakId: ids.j4!, url: "http://fans.example/j4", domain: "fans.example", status: "draft", basis: "dmca", createdAt: at, updatedAt: at })
      .returning({ id: takedown.id });
    await services.takedowns.prepare([draft!.id]);
    await services.queue.runDue(jobs);
    const detail = await (await mallory.get(`/v1/takedowns/${draft!.id}`)).json();
    expect(detail).toMatchObject({ status: "needs_manual_action", reason: "Prove that you own juniper_vale on OnlyFans to send takedowns for this link." });
    expect(noticesTo("dmca@fans.example")).toEqual([]);
    // Sending it again is refused the same way until she proves it.
    await expectRefused(await mallory.post(`/v1/takedowns/${draft!.id}/resend`, {}), [ids.j4!]);
    ids.draft = draft!.id;
  });

  it("leaves such a link out of the delisting packages, listed with the reason, and refuses to record it", async () => {
    // A notice sent before the rule: the link is still up.
    const at = clock.now();
    await services.database.db
      .insert(takedown)
      .values({ userId: malloryId, leakId: ids.j3!, url: "http://fans.example/j3", domain: "fans.example", status: "sent", basis: "dmca", createdAt: at, updatedAt: at, firstSentAt: at, lastSentAt: at });
    const packages = await (await mallory.get("/v1/takedowns/delisting")).json();
    expect(packages.packages[0].items.map((i: { leakId: string }) => i.leakId)).not.toContain(ids.j3);
    expect(packages.packages[0].fields.infringingUrls).not.toContain("/j3");
    expect(packages.held).toEqual([expect.objectContaining({ leakId: ids.j3, url: "http://fans.example/j3", code: "unproven_profile", prove: [juniper] })]);
    await expectRefused(await mallory.post("/v1/takedowns/delisting/submitted", { engine: "google", leakIds: [ids.j3] }), [ids.j3!]);
  });

  it("sends for the stage name she proved, citing her profile on its platform only", async () => {
    expect((await mallory.post("/v1/takedowns", { leakIds: [ids.m1] })).status).toBe(202);
    await services.queue.runDue(jobs);
    const [notice] = noticesTo("dmca@fans.example");
    expect(notice?.text).toContain("http://fans.example/m1");
    expect(notice?.text).toContain(REDDIT);
    expect(notice?.text).not.toContain(ONLYFANS);
    expect(notice?.text).not.toContain("juniper_vale");
  });

  it("sends for her reference image whatever name the page gives, citing all of her verified profiles", async () => {
    const preview = await mallory.post("/v1/takedowns/preview", { leakIds: [ids.i1] });
    expect(preview.status).toBe(200);
    const { notices } = await preview.json();
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(REDDIT);
    expect(notices[0].text).not.toContain(ONLYFANS);
  });

  it("skips such findings in the autopilot, counting them as needing her action", async () => {
    expect((await mallory.request("/v1/takedowns/autopilot", { method: "PUT", json: { leakSites: true, socialMedia: false, fileHosts: false } })).status).toBe(200);
    const a1 = await found("http://fans.example/a1", "juniper_vale");
    const a2 = await found("http://fans.example/a2", "mallory_x");
    const before = noticesTo("dmca@fans.example").length;
    expect(await services.autopilot.sweep(malloryId)).toEqual({ sent: 1, held: 0, needsAction: 1 });
    await services.queue.runDue(jobs);
    const sent = noticesTo("dmca@fans.example").slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("http://fans.example/a2");
    expect(sent[0]!.text).not.toContain("http://fans.example/a1");
    const rows = await services.database.db.select({ status: leak.status }).from(leak).where(and(eq(leak.userId, malloryId), eq(leak.id, a1!)));
    expect(rows[0]!.status).toBe("new");
    ids.a1 = a1!;
    ids.a2 = a2!;
  });

  it("refuses a nickname until she states it is hers, then cites all of her verified profiles", async () => {
    const refused = await mallory.post("/v1/takedowns", { leakIds: [ids.n1] });
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.message).toBe("Confirm that the nickname Junie is yours to send takedowns for this link.");
    expect(error.details).toMatchObject({ findings: [{ leakId: ids.n1, code: "unattested_nickname", nicknames: ["Junie"], prove: [] }] });

    const nick = ((await (await mallory.get("/v1/identities")).json()) as { nicknames: { id: string; value: string; attestedAt: string | null }[] }).nicknames[0]!;
    expect(nick).toMatchObject({ value: "Junie", attestedAt: null });
    const attested = await mallory.request(`/v1/identities/nicknames/${nick.id}/attestation`, { method: "PUT", json: { attested: true } });
    expect(attested.status).toBe(200);
    expect((await attested.json()).nicknames[0].attestedAt).toEqual(expect.any(String));
    // A bad body is a validation error with its field.
    const bad = await mallory.request(`/v1/identities/nicknames/${nick.id}/attestation`, { method: "PUT", json: { attested: "yes" } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("VALIDATION");

    const preview = await mallory.post("/v1/takedowns/preview", { leakIds: [ids.n1] });
    expect(preview.status).toBe(200);
    expect((await preview.json()).notices[0].text).toContain(REDDIT);

    // Her unproven stage name, stated as a nickname, still needs its proof.
    const alias = await mallory.post("/v1/identities/nicknames", { value: "Juniper Vale", attested: true });
    expect(alias.status).toBe(201);
    await expectRefused(await mallory.post("/v1/takedowns", { leakIds: [ids.j1] }), [ids.j1!]);
    const aliasId = ((await alias.json()) as { nicknames: { id: string; value: string }[] }).nicknames.find((n) => n.value === "Juniper Vale")!.id;
    expect((await mallory.request(`/v1/identities/nicknames/${aliasId}`, { method: "DELETE" })).status).toBe(200);

    // Added with the statement at once (the identity page's way); the spec's update-profile keeps working and states nothing.
    const added = await mallory.post("/v1/identities/nicknames", { value: "Juni V", attested: true });
    expect(added.status).toBe(201);
    expect((await added.json()).nicknames.find((n: { value: string }) => n.value === "Juni V").attestedAt).toEqual(expect.any(String));
    const merged = await mallory.post("/v1/root/update-profile", { nicknames: ["Vale"] });
    expect(merged.status).toBe(200);
    expect((await merged.json()).nicknames.find((n: { value: string }) => n.value === "Vale").attestedAt).toBeNull();
  });

  it("sends every one of the same requests once she proves the profile, citing it as the original work", async () => {
    await verifyStageName(services, stageNameIds.juniper_vale!);
    expect((await (await mallory.get(`/v1/takedowns/latest?leakIds=${ids.j1}`)).json()).held).toEqual([]);

    const before = noticesTo("dmca@fans.example").length;
    expect((await mallory.post("/v1/takedowns", { leakIds: [ids.j1] })).status).toBe(202);
    expect((await mallory.post("/v1/takedowns", { leakIds: [ids.j2], basis: "takeitdown", attest: true })).status).toBe(202);
    expect((await mallory.post(`/v1/takedowns/${ids.draft}/resend`, {})).status).toBe(202);
    expect((await mallory.post("/v1/takedowns", { leakIds: [ids.cf] })).status).toBe(202);
    await services.queue.runDue(jobs);

    const sent = noticesTo("dmca@fans.example").slice(before);
    const dmca = sent.filter((m) => m.text.includes("http://fans.example/j1") || m.text.includes("http://fans.example/j4"));
    expect(dmca.length).toBeGreaterThan(0);
    for (const m of dmca) {
      expect(m.text).toContain(ONLYFANS);
      expect(m.text).not.toContain(REDDIT);
    }
    const request = sent.find((m) => m.text.includes("http://fans.example/j2"));
    expect(request?.text).toContain(ONLYFANS);
    expect(request?.text).not.toContain(REDDIT);
    // Cloudflare's report names her OnlyFans profile as the original work.
    expect(cloudflare.requests).toHaveLength(1);
    expect(String((cloudflare.requests[0]!.body as { original_work: string }).original_work)).toContain(ONLYFANS);
    expect(String((cloudflare.requests[0]!.body as { original_work: string }).original_work)).not.toContain(REDDIT);

    // The delisting package carries the link now; the autopilot sends what it skipped.
    const packages = await (await mallory.get("/v1/takedowns/delisting")).json();
    expect(packages.held).toEqual([]);
    expect(packages.packages[0].items.map((i: { leakId: string }) => i.leakId)).toContain(ids.j3);
    expect(packages.packages[0].fields.authorizedExampleUrls.split("\n")).toContain(ONLYFANS);
    expect((await mallory.post("/v1/takedowns/delisting/submitted", { engine: "google", leakIds: [ids.j3] })).status).toBe(200);
    expect(await services.autopilot.sweep(malloryId)).toEqual({ sent: 1, held: 0, needsAction: 0 });
  });

  it("holds a notice already written when the link stops being hers before it goes out", async () => {
    const j5 = await found("http://fans.example/j5", "juniper_vale");
    const res = await mallory.post("/v1/takedowns", { leakIds: [j5] });
    expect(res.status).toBe(202);
    const [created] = (await res.json()).items as { id: string }[];
    await services.queue.runDue(["takedowns.prepare"]);
    expect((await (await mallory.get(`/v1/takedowns/${created!.id}`)).json()).status).toBe("queued");
    // Her proof of juniper_vale is gone before the notice leaves (withdrawn after a dispute, say).
    await services.database.db.update(stageName).set({ verifiedAt: null }).where(eq(stageName.id, stageNameIds.juniper_vale!));
    const before = net.smtp.received.length;
    await services.queue.runDue(["takedowns.send-notice"]);
    expect(net.smtp.received.length).toBe(before);
    expect(await (await mallory.get(`/v1/takedowns/${created!.id}`)).json()).toMatchObject({
      status: "needs_manual_action",
      reason: "Prove that you own juniper_vale on OnlyFans to send takedowns for this link.",
    });
  });
});
