import * as cheerio from "cheerio";
import { createHash } from "node:crypto";
import type { EntitlementTier } from "@leakwarden/contracts/plans";
import { countTakedowns } from "@leakwarden/contracts/takedowns";
import { eq } from "drizzle-orm";
import { scan } from "../../db/schema/scans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks, type SeededLeak } from "@leakwarden/test-support/leak-records";
import { readOutbox, signUpAndConfirm, TestClient, type TestServices, testClock } from "@leakwarden/test-support/test-services";
import { verifyStageName } from "@leakwarden/test-support/takedown-creator";
import {
  createTakedownServices,
  rdapDomain,
  rdapNetwork,
  startFakeSmtp,
  startTakedownNetwork,
  stopTakedownNetwork,
  type TakedownNetwork,
} from "@leakwarden/test-support/takedown-test-network";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const leakPage = (title: string, name = "luna_rivers") =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>
<p>Download the full ${name} leaked pack, 2.3 GB of videos for free.</p><a href="https://mega.nz/folder/abc">mega</a></body></html>`;

/** A clock the test moves; jobs already queued move with it (pg-boss reads the database's time). */
describe("takedowns", () => {
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  const clock = testClock();
  const tiers = new Map<string, EntitlementTier>();
  let ava: TestClient;
  let bea: TestClient;
  let cleo: TestClient;
  let avaId: string;
  let beaId: string;
  const leakIds: Record<string, string> = {};
  const pages: Record<string, string> = {};

  async function userIdOf(client: TestClient): Promise<string> {
    return (await (await client.get("/api/auth/get-session")).json()).user.id as string;
  }

  /** Her leak at `url` as a scan would store it: named by her stage name, with the page's hash as evidence. */
  function leakAt(url: string, confidence: "high" | "medium", name = "luna_rivers"): SeededLeak {
    const title = "Luna Rivers OnlyFans leaked";
    return {
      url,
      seenAt: new Date(),
      title,
      confidence,
      evidence: {
        matchedNames: [name],
        snippet: `Download the full ${name} leaked pack`,
        title,
        signals: ["file-host link: mega.nz"],
        imageMatches: [],
        httpStatus: 200,
        fetchedAt: "2025-07-01T10:00:00.000Z",
        sha256: createHash("sha256").update(pages[url] ?? "").digest("hex"),
        finalUrl: url,
      },
    };
  }

  /** Stores `leaks` (key → leak) for `userId`, keeping each one's id under its key. */
  async function seedKeyedLeaks(userId: string, leaks: Record<string, SeededLeak>) {
    const ids = await seedLeaks(services.database.db, userId, Object.values(leaks));
    Object.keys(leaks).forEach((key, i) => (leakIds[key] = ids[i]!));
  }

  const page = (host: string, p: string, body: string) => {
    pages[`http://${host}${p}`] = body;
    return body;
  };

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "leakhub.example": {
        "/dmca": html(`<!doctype html><h1>DMCA</h1><p>Send notices to <a href="mailto:copyright@leakhub.example">our agent</a> or <a href="mailto:info@leakhub.example">us</a>.</p>`),
        "/v/1": html(page("leakhub.example", "/v/1", leakPage("luna_rivers leaked set 1"))),
        "/v/2": html(page("leakhub.example", "/v/2", leakPage("luna_rivers leaked set 2"))),
        "/v/3": html(page("leakhub.example", "/v/3", leakPage("luna_rivers leaked set 3"))),
        "/v/4": html(page("leakhub.example", "/v/4", leakPage("luna_rivers leaked set 4"))),
        "/v/5": html(page("leakhub.example", "/v/5", leakPage("luna_rivers maybe"))),
      },
      "hostedleaks.example": { "/t/luna": html(page("hostedleaks.example", "/t/luna", leakPage("luna_rivers mega folder"))) },
      "cdnleaks.example": { "/luna": html(page("cdnleaks.example", "/luna", leakPage("luna_rivers onlyfans leak"))) },
      "refusing.example": {
        "/legal": html(`<!doctype html><p>Copyright complaints: <a href="mailto:refuse@refusing.example">refuse@refusing.example</a></p>`),
        "/luna": html(page("refusing.example", "/luna", leakPage("luna_rivers full pack"))),
      },
      // Another creator's leak, on a site with its own DMCA page and no host or registrar known.
      "beasite.example": {
        "/dmca": html(`<!doctype html><p>DMCA: <a href="mailto:dmca@beasite.example">dmca@beasite.example</a></p>`),
        "/bea": html(page("beasite.example", "/bea", leakPage("bea_rose leaked", "bea_rose"))),
      },
      ...Object.fromEntries(
        [1, 2, 3, 4, 5].map((n) => [
          `good${n}.example`,
          { "/dmca": html(`<!doctype html><p>Notices: <a href="mailto:dmca@good${n}.example">email us</a></p>`), "/luna": html(page(`good${n}.example`, "/luna", leakPage(`luna_rivers set ${n}`))) },
        ]),
      ),
      // A hostile contact page: the mailto holds a NUL (percent-encoded, as a parser hands it over).
      "hostile.example": {
        "/dmca": html(`<!doctype html><p>Notices: <a href="mailto:dmca@hostile.example%00">email us</a></p>`),
        "/luna": html(page("hostile.example", "/luna", leakPage("luna_rivers hostile"))),
      },
      "nowhere.example": {
        "/contact": html(`<!doctype html><h1>Contact</h1><form action="/send" method="post"><textarea name="m"></textarea></form>`),
        "/luna": html(page("nowhere.example", "/luna", leakPage("luna_rivers pics"))),
      },
    });
    net = await startTakedownNetwork(web.port, {
      dns: {
        "leakhub.example": { a: ["198.51.100.10"] },
        "hostedleaks.example": { a: ["198.51.100.20"] },
        "cdnleaks.example": { a: ["104.16.0.10"], aaaa: ["2606:4700::6810:a"] },
        "nowhere.example": { a: ["198.51.100.99"] },
        "refusing.example": { a: ["198.51.100.30"] },
      },
      rdap: {
        ips: {
          "198.51.100.10": rdapNetwork("LEAKNET", "abuse@leaknet.example"),
          "198.51.100.20": rdapNetwork("HOSTNET", "abuse@hostnet.example"),
          "104.16.0.10": rdapNetwork("CLOUDFLARENET", "abuse@cloudflare.example"),
          "198.51.100.99": rdapNetwork("QUIETNET", null),
        },
        domains: {
          "leakhub.example": rdapDomain("leakhub.example", "Example Registrar, Inc.", "abuse@registrar.example"),
          "hostedleaks.example": rdapDomain("hostedleaks.example", "Example Registrar, Inc.", "abuse@registrar.example"),
          "cdnleaks.example": rdapDomain("cdnleaks.example", "Other Registrar LLC", "abuse@other-registrar.example"),
        },
      },
    });
    // Account emails go to the outbox (sign-up links); notices go out by SMTP.
    services = await createTakedownServices(
      net,
      { NOTICE_RETRY_DELAY_SECONDS: "30" },
      { now: clock.now, serviceOptions: { tierFor: async (userId) => tiers.get(userId) ?? "free" } },
    );

    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    cleo = await signUpAndConfirm(services, "cleo@example.com");
    avaId = await userIdOf(ava);
    beaId = await userIdOf(bea);
    tiers.set(avaId, "premium");
    tiers.set(beaId, "premium");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });

    await seedKeyedLeaks(avaId, {
      hub1: leakAt("http://leakhub.example/v/1", "high"),
      hub2: leakAt("http://leakhub.example/v/2", "high"),
      hub3: leakAt("http://leakhub.example/v/3", "high"),
      hub4: leakAt("http://leakhub.example/v/4", "high"),
      hubMedium: leakAt("http://leakhub.example/v/5", "medium"),
      hosted: leakAt("http://hostedleaks.example/t/luna", "high"),
      cdn: leakAt("http://cdnleaks.example/luna", "high"),
      nowhere: leakAt("http://nowhere.example/luna", "high"),
      refusing: leakAt("http://refusing.example/luna", "high"),
      ...Object.fromEntries(["good1", "good2", "good3", "good4", "good5", "hostile"].map((k) => [k, leakAt(`http://${k}.example/luna`, "high")])),
    });
  });

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net)]);
  });

  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } }).error;
  const noticesTo = (address: string) => net.smtp.received.filter((m) => m.to.includes(address));

  it("holds the free plan to results only, with the plan that lifts it", async () => {
    const res = await cleo.post("/v1/takedowns", { leakIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.details).toMatchObject({ resource: "takedownsPerMonth", limit: 0, use: 0, plan: "free", upgradeTo: "starter", resetsAt: expect.any(String) });
    // The client learns it before asking her to sign anything.
    expect((await (await cleo.get("/v1/takedowns/authorization")).json()).takedownsIncluded).toBe(false);
    expect((await (await ava.get("/v1/takedowns/authorization")).json()).takedownsIncluded).toBe(true);
  });

  it("refuses before ownership is proven, then before the authorization, saying what is missing", async () => {
    const first = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub1] });
    expect(first.status).toBe(403);
    expect((await errorOf(first)).details).toEqual({ missing: "ownership" });

    const identities = await (await ava.get("/v1/identities")).json();
    await verifyStageName(services, identities.stageNames[0].id);

    const second = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub1] });
    expect(second.status).toBe(403);
    expect((await errorOf(second)).details).toEqual({ missing: "authorization" });

    const view = await (await ava.get("/v1/takedowns/authorization")).json();
    expect(view).toMatchObject({ ownershipVerified: true, authorization: null });
    expect(view.statement).toContain("authorized agent");
  });

  it("stores the authorization with signature, time and address, and keeps the legal name out of notices by default", async () => {
    const mismatch = await ava.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Ava Marie Stone", signature: "Someone Else", agree: true } });
    expect(mismatch.status).toBe(400);
    expect((await errorOf(mismatch)).fields).toHaveProperty("signature");
    const unchecked = await ava.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Ava Marie Stone", signature: "Ava Marie Stone", agree: false } });
    expect(unchecked.status).toBe(400);
    expect((await errorOf(unchecked)).fields).toHaveProperty("agree");

    const res = await ava.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Ava Marie Stone", signature: "ava marie stone", agree: true } });
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view.authorization).toMatchObject({ fullName: "Ava Marie Stone", ownerName: "stage_name", displayedOwnerName: "luna_rivers", clientIp: expect.any(String) });
    expect(Date.parse(view.authorization.grantedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(view.statement).toContain("Ava Marie Stone");
  });

  it("answers bad input with a 4xx and the error body", async () => {
    for (const body of [{}, { leakIds: [] }, { leakIds: ["nope"] }, { leakIds: [leakIds.hub1], extra: 1 }]) {
      const res = await ava.post("/v1/takedowns", body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("VALIDATION");
    }
    const broken = await ava.request("/v1/takedowns", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(broken.status).toBe(400);
    const unknown = await ava.post("/v1/takedowns", { leakIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBeTruthy();
    const bogus = await ava.get("/v1/takedowns?status=bogus");
    expect(bogus.status).toBe(400);
    expect((await errorOf(bogus)).fields).toHaveProperty("status");
    for (const [method, path] of [
      ["GET", "/v1/takedowns/not-an-id"],
      ["POST", "/v1/takedowns/not-an-id/cancel"],
      ["POST", "/v1/takedowns/not-an-id/resend"],
      ["GET", "/v1/takedowns/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await ava.request(path, { method });
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code, path).toBe("NOT_FOUND");
    }
    const badMark = await ava.post("/v1/takedowns/delisting/submitted", { engine: "google", leakIds: ["nope"] });
    expect(badMark.status).toBe(400);
    expect((await errorOf(badMark)).fields).toHaveProperty(["leakIds.0"]);
    const badAuthorization = await ava.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "A", ownerName: "nickname" } });
    expect(badAuthorization.status).toBe(400);
    expect(Object.keys((await errorOf(badAuthorization)).fields ?? {}).sort()).toEqual(["agree", "fullName", "ownerName", "signature"]);
  });

  it("does not take down a medium-confidence finding before the creator confirms it", async () => {
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.hubMedium] });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).details).toMatchObject({ reason: "needs_confirmation", leakIds: [leakIds.hubMedium] });
    // Asked together with a certain one, the whole request is refused: nothing goes out half-checked.
    const mixed = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub3, leakIds.hubMedium] });
    expect(mixed.status).toBe(409);
    expect((await errorOf(mixed)).details).toMatchObject({ reason: "needs_confirmation", leakIds: [leakIds.hubMedium] });
    expect((await (await ava.get("/v1/takedowns")).json()).total).toBe(0);
  });

  it("sends one notice per recipient with every element of §512(c)(3), to the party found, grouping its URLs", async () => {
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub1, leakIds.hub2, leakIds.hosted, leakIds.cdn, leakIds.nowhere] });
    expect(res.status).toBe(202);
    const created = await res.json();
    expect(created.items).toHaveLength(5);
    expect(created.items.every((t: { status: string }) => t.status === "draft")).toBe(true);
    expect(created.quota).toMatchObject({ limit: 500, used: 5 });
    // The answer counts what its rows show: five links, each still being looked up; nothing sent yet.
    expect(created.counts).toEqual({ links: 5, sent: 0, onTheWay: 0, notices: 0, needsAction: 0, failed: 0, cancelled: 0, lookingUp: 5, formsWaiting: 0 });

    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);

    // Read again, the rows count what happened: three notices out for four links (the mail server got three), one link needs her action,
    // and the link behind Cloudflare, sent to its registrar, also waits for her report on Cloudflare's form.
    const ids = [leakIds.hub1, leakIds.hub2, leakIds.hosted, leakIds.cdn, leakIds.nowhere].join(",");
    const latest = (await (await ava.get(`/v1/takedowns/latest?leakIds=${ids}`)).json()).items;
    expect(countTakedowns(latest)).toEqual({ links: 5, sent: 4, onTheWay: 0, notices: 3, needsAction: 1, failed: 0, cancelled: 0, lookingUp: 0, formsWaiting: 1 });
    expect(net.smtp.received).toHaveLength(countTakedowns(latest).notices);

    // The site's own DMCA contact, from its /dmca page: one notice with both of its URLs.
    const site = noticesTo("copyright@leakhub.example");
    expect(site).toHaveLength(1);
    const notice = site[0]!;
    expect(notice.text).toContain("http://leakhub.example/v/1");
    expect(notice.text).toContain("http://leakhub.example/v/2");
    expect(notice.text).not.toContain("hostedleaks.example/t/luna");
    expect(notice.headers.from).toContain("dmca@leakwarden.test");
    expect(notice.headers["reply-to"]).toContain("agent-replies@leakwarden.test");
    // Both parts carry the whole notice: the plain text, and the HTML as the recipient's client shows it.
    expect(notice.text).not.toBe("");
    expect(notice.html).toMatch(/^<!doctype html>/i);
    const shown = cheerio.load(notice.html).text();
    for (const [part, body] of [
      ["text/plain", notice.text],
      ["text/html", shown],
    ] as const) {
      // (i) signature of the authorized agent
      expect(body, part).toMatch(/Signature: \/s\/ Leakwarden Copyright Agent\s*Leakwarden Copyright Agent, authorized agent for luna_rivers/);
      // (ii) the copyrighted works: her content, published on her verified profile
      expect(body, part).toMatch(/Copyright owner: luna_rivers\s*The works: original photographs and videos created by luna_rivers, who owns their copyright, and published by her on her profile:\s*https:\/\/onlyfans\.com\/luna_rivers/);
      expect(body, part).not.toMatch(/authorized example/i);
      // (iii) each infringing URL and where on the page, with the evidence (matched name, fetch time, body SHA-256)
      for (const key of ["hub1", "hub2"]) {
        const url = `http://leakhub.example/v/${key.slice(-1)}`;
        const sha = createHash("sha256").update(pages[url]!).digest("hex");
        expect(body, `${part} ${url}`).toMatch(new RegExp(`${url.replace(/\./g, "\\.")}[^]*?the page names luna_rivers\\.[^]*?Seen on: 1 July 2025, 10:00 UTC; SHA-256 of the page as we received it: ${sha}`));
      }
      // (iv) the agent's contact information
      expect(body, part).toMatch(/Name: Leakwarden Copyright Agent\s*Postal address: 1 Agent Street, Wilmington, DE 19801, USA\s*Telephone: \+1 555 0100\s*Email: dmca@leakwarden\.test/);
      // (v) the good-faith statement
      expect(body, part).toContain("I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law.");
      // (vi) accuracy and, under penalty of perjury, the authority to act
      expect(body, part).toContain("The information in this notification is accurate, and under penalty of perjury, I am authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.");
    }
    // The HTML links the URLs it names.
    for (const url of ["https://onlyfans.com/luna_rivers", "http://leakhub.example/v/1", "http://leakhub.example/v/2"]) expect(notice.html).toContain(`<a href="${url}">`);
    // Her stage name is the owner shown; her legal name (or any part of it) stays private.
    for (const part of [notice.headers.subject ?? "", notice.text, notice.html, notice.raw]) {
      expect(part).not.toMatch(/Ava|Marie|Stone/);
    }

    // No contact on the site: the hosting network's abuse contact from RDAP, greeted by the organisation's name
    // (the registrant's, not the abuse role's), told the address the site resolved to and when.
    const hostNotice = noticesTo("abuse@hostnet.example");
    expect(hostNotice).toHaveLength(1);
    expect(hostNotice[0]!.text).toContain("To the abuse desk of HOSTNET Ltd, which hosts hostedleaks.example:");
    expect(hostNotice[0]!.text).not.toContain("HOSTNET Abuse");
    expect(hostNotice[0]!.text).toMatch(/hosted on your network \(hostedleaks\.example resolved to 198\.51\.100\.20 on \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC\)/);
    expect(hostNotice[0]!.text).toMatch(/Served from: hostedleaks\.example resolved to 198\.51\.100\.20 on \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC/);
    // Behind Cloudflare, which takes no emailed complaints: its report is her step (no API settings here),
    // and the domain's registrar is written to at once.
    expect(noticesTo("abuse@cloudflare.example")).toHaveLength(0);
    const registrarNotice = noticesTo("abuse@other-registrar.example");
    expect(registrarNotice).toHaveLength(1);
    expect(registrarNotice[0]!.text).toContain("http://cdnleaks.example/luna");
    expect(registrarNotice[0]!.text).toContain("To the abuse desk of Other Registrar LLC, registrar of cdnleaks.example:");
    expect(net.smtp.received).toHaveLength(3);

    const list = (await (await ava.get("/v1/takedowns?pageSize=50")).json()).items as { id: string; leakId: string; status: string }[];
    const byLeak = (id: string) => list.find((t) => t.leakId === id)!;
    const hub1 = await (await ava.get(`/v1/takedowns/${byLeak(leakIds.hub1!).id}`)).json();
    expect(hub1.status).toBe("sent");
    expect(hub1.recipient).toMatchObject({ kind: "site", email: "copyright@leakhub.example", foundBy: "site-page", source: "http://leakhub.example/dmca" });
    expect(hub1.recipients.map((r: { kind: string; foundBy: string }) => `${r.kind}:${r.foundBy}`)).toEqual(["site:site-page", "host:rdap-ip", "registrar:rdap-domain"]);
    expect(hub1.notices).toHaveLength(1);
    expect(hub1.notices[0].urls.sort()).toEqual(["http://leakhub.example/v/1", "http://leakhub.example/v/2"]);
    expect(hub1.notices[0].messageId).toBe(notice.headers["message-id"]);
    expect(hub1.notices[0].text).toContain("under penalty of perjury");
    expect(hub1.history.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(["created", "recipient_found", "queued", "sent"]));
    expect(hub1.nextCheckAt).not.toBeNull();

    const cdnDetail = await (await ava.get(`/v1/takedowns/${byLeak(leakIds.cdn!).id}`)).json();
    expect(cdnDetail.recipients[0]).toMatchObject({ kind: "cdn", name: "Cloudflare", email: null, webForm: "https://abuse.cloudflare.com/", address: "104.16.0.10" });
    expect(cdnDetail.recipients[0].note).toContain("Cloudflare");
    expect(cdnDetail.recipient).toMatchObject({ kind: "registrar", email: "abuse@other-registrar.example" });
    expect(cdnDetail.status).toBe("sent");
    expect(cdnDetail.formStep).toMatchObject({ party: "cloudflare", via: "creator", status: "waiting", formUrl: "https://abuse.cloudflare.com/", submittedAt: null });
    expect(cdnDetail.formStep.reason).toContain("press Done");
    // Every field of Cloudflare's DMCA form, ready to copy.
    expect(cdnDetail.formStep.fields).toMatchObject({
      act: "abuse_dmca",
      name: "Leakwarden Copyright Agent",
      email: "dmca@leakwarden.test",
      email2: "dmca@leakwarden.test",
      address1: "1 Agent Street, Wilmington, DE 19801, USA",
      agent_name: "luna_rivers",
      urls: "http://cdnleaks.example/luna",
      signature: "Leakwarden Copyright Agent",
      agree: "1",
      host_notification: "send",
      owner_notification: "send",
    });
    expect(cdnDetail.formStep.fields.original_work).toContain("https://onlyfans.com/luna_rivers");
    // She submits it and says so: the time is recorded; a second "Done" is refused.
    const done = await ava.post(`/v1/takedowns/${cdnDetail.id}/form-done`, {});
    expect(done.status).toBe(200);
    const after = await done.json();
    expect(after.formStep).toMatchObject({ status: "done", submittedAt: expect.any(String) });
    expect(after.history.map((e: { type: string }) => e.type)).toContain("form_submitted");
    expect((await ava.post(`/v1/takedowns/${cdnDetail.id}/form-done`, {})).status).toBe(409);
    // Another creator cannot press it.
    expect((await bea.post(`/v1/takedowns/${cdnDetail.id}/form-done`, {})).status).toBe(404);

    // The leaks list shows the takedown.
    const leaks = (await (await ava.get("/v1/leaks?status=takedown_sent")).json()).items.map((l: { id: string }) => l.id);
    expect(leaks.sort()).toEqual([leakIds.hub1, leakIds.hub2, leakIds.hosted, leakIds.cdn].sort());

    // A second request for a link with an open takedown.
    const again = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub1] });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).details).toMatchObject({ reason: "open_takedown", leakIds: [leakIds.hub1] });
  });

  it("marks a link with no email anywhere as needing manual action, with the web form", async () => {
    const list = (await (await ava.get("/v1/takedowns?status=needs_manual_action")).json()).items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ leakId: leakIds.nowhere, webForm: "http://nowhere.example/contact" });
    expect(list[0].reason).toContain("web form");
  });

  it("shows her legal name as the copyright owner only when she chooses it", async () => {
    await bea.post("/v1/root/update-profile-all", { platforms: { onlyfans: "bea_rose" }, nicknames: [], allowlist: [], specific: "" });
    const stageName = (await (await bea.get("/v1/identities")).json()).stageNames[0];
    await verifyStageName(services, stageName.id);
    const granted = await bea.request("/v1/takedowns/authorization", {
      method: "PUT",
      json: { fullName: "Beatrice Anne Rose", signature: "Beatrice Anne Rose", agree: true, ownerName: "legal_name" },
    });
    expect(granted.status).toBe(200);
    expect((await granted.json()).authorization).toMatchObject({ ownerName: "legal_name", displayedOwnerName: "Beatrice Anne Rose" });
    // A stage name that is not one of hers (or not verified) is refused.
    const foreign = await bea.request("/v1/takedowns/authorization", {
      method: "PUT",
      json: { fullName: "Beatrice Anne Rose", signature: "Beatrice Anne Rose", agree: true, ownerName: "stage_name", stageNameId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(foreign.status).toBe(400);
    expect((await errorOf(foreign)).fields).toHaveProperty("stageNameId");

    await seedKeyedLeaks(beaId, { bea: leakAt("http://beasite.example/bea", "high", "bea_rose") });
    expect((await bea.post("/v1/takedowns", { leakIds: [leakIds.bea] })).status).toBe(202);
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const [notice] = noticesTo("dmca@beasite.example");
    expect(notice!.text).toContain("Copyright owner: Beatrice Anne Rose, who publishes as bea_rose");
    expect(notice!.text).toContain("sends it as the authorized agent of the copyright owner, Beatrice Anne Rose, who publishes as bea_rose.");
    // The page names the stage name only: the notice says so, and never that it names her legal name.
    expect(notice!.text).toContain("Where on the page: the page names bea_rose.");
    expect(notice!.text).not.toMatch(/names Beatrice/);
    // The agent still signs: she is named as the owner it acts for.
    expect(notice!.text).toMatch(/Signature: \/s\/ Leakwarden Copyright Agent\s*Leakwarden Copyright Agent, authorized agent for Beatrice Anne Rose/);
    expect(notice!.text).toContain("https://onlyfans.com/bea_rose");
    expect(notice!.text).toContain("http://beasite.example/bea");
  });

  it("keeps one creator's takedowns from another on every endpoint", async () => {
    const { items } = await (await ava.get("/v1/takedowns")).json();
    const avas = items[0] as { id: string; leakId: string; status: string };
    const beas = (await (await bea.get("/v1/takedowns")).json()) as { items: { id: string }[]; total: number };
    // Bea is ready to send (ownership proven, authorization signed): what stops her is whose data it is.
    expect(beas.total).toBe(1);
    expect(beas.items.map((t) => t.id)).not.toContain(avas.id);
    expect((await bea.get(`/v1/takedowns/${avas.id}`)).status).toBe(404);
    expect((await bea.post(`/v1/takedowns/${avas.id}/cancel`, {})).status).toBe(404);
    expect((await bea.post(`/v1/takedowns/${avas.id}/resend`, {})).status).toBe(404);
    expect((await (await ava.get(`/v1/takedowns/${avas.id}`)).json()).status).toBe(avas.status);
    const create = await bea.post("/v1/takedowns", { leakIds: [leakIds.hub3] });
    expect(create.status).toBe(404);
    expect((await errorOf(create)).details).toEqual({ leakIds: [leakIds.hub3] });
    expect((await (await bea.get(`/v1/takedowns/latest?leakIds=${leakIds.hub1},${leakIds.hosted}`)).json()).items).toEqual([]);
    // Her delisting package lists her links only, and she cannot mark Ava's as submitted.
    const beaDelisting = (await (await bea.get("/v1/takedowns/delisting")).json()) as { packages: { engine: string; urlList: string; fields: { copyrightOwner: string; infringingUrls: string }; items: { leakId: string }[] }[] };
    for (const pack of beaDelisting.packages) {
      expect(pack.urlList, pack.engine).toBe("http://beasite.example/bea");
      expect(pack.fields.infringingUrls, pack.engine).toBe("http://beasite.example/bea");
      expect(pack.items.map((i) => i.leakId)).toEqual([leakIds.bea]);
    }
    const mark = await bea.post("/v1/takedowns/delisting/submitted", { engine: "google", leakIds: [leakIds.hosted] });
    expect(mark.status).toBe(400);
    expect((await errorOf(mark)).fields).toHaveProperty("leakIds");
    const avaDelisting = (await (await ava.get("/v1/takedowns/delisting")).json()) as { packages: { items: { leakId: string; submittedAt: string | null }[] }[] };
    expect(avaDelisting.packages.flatMap((p) => p.items).every((i) => i.submittedAt === null)).toBe(true);
    expect(avaDelisting.packages[0]!.items.map((i) => i.leakId)).toContain(leakIds.hosted);
    // Her authorization is hers: signing again changes nothing of Ava's.
    expect((await bea.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Beatrice Anne Rose", signature: "Beatrice Anne Rose", agree: true, ownerName: "legal_name" } })).status).toBe(200);
    expect((await (await bea.get("/v1/takedowns/stats")).json()).noticesSent).toBe(1);
    expect((await (await bea.get("/v1/takedowns/authorization")).json()).authorization.fullName).toBe("Beatrice Anne Rose");
    expect((await (await ava.get("/v1/takedowns/authorization")).json()).authorization.fullName).toBe("Ava Marie Stone");
    // And the other way round.
    expect((await ava.get(`/v1/takedowns/${beas.items[0]!.id}`)).status).toBe(404);
    expect((await ava.post(`/v1/takedowns/${beas.items[0]!.id}/cancel`, {})).status).toBe(404);

    const anonymous = new TestClient(services.app);
    for (const [method, path] of [
      ["GET", "/v1/takedowns"],
      ["GET", `/v1/takedowns/${avas.id}`],
      ["POST", `/v1/takedowns/${avas.id}/cancel`],
      ["POST", `/v1/takedowns/${avas.id}/resend`],
      ["POST", "/v1/takedowns"],
      ["GET", "/v1/takedowns/stats"],
      ["GET", `/v1/takedowns/latest?leakIds=${leakIds.hub1}`],
      ["GET", "/v1/takedowns/authorization"],
      ["PUT", "/v1/takedowns/authorization"],
      ["GET", "/v1/takedowns/delisting"],
      ["POST", "/v1/takedowns/delisting/submitted"],
    ] as const) {
      const res = await anonymous.request(path, { method, json: method === "GET" ? undefined : { leakIds: [leakIds.hub1] } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("shows each leak's latest takedown for the leaks list", async () => {
    const res = await ava.get(`/v1/takedowns/latest?leakIds=${leakIds.hub1},${leakIds.nowhere},${leakIds.refusing}`);
    expect(res.status).toBe(200);
    const items = (await res.json()).items as { leakId: string; status: string }[];
    expect(items.map((t) => [t.leakId, t.status]).sort()).toEqual(
      [
        [leakIds.hub1, "sent"],
        [leakIds.nowhere, "needs_manual_action"],
      ].sort(),
    );
    for (const bad of ["", "?leakIds=", "?leakIds=nope", `?leakIds=${Array.from({ length: 101 }, () => leakIds.hub1).join(",")}`]) {
      const answer = await ava.get(`/v1/takedowns/latest${bad}`);
      expect(answer.status, bad).toBe(400);
      expect((await errorOf(answer)).code).toBe("VALIDATION");
    }
  });

  it("cancels a queued notice and sends the rest of its links alone", async () => {
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub3, leakIds.hub4] });
    const created = (await res.json()).items as { id: string; leakId: string }[];
    await services.queue.runDue(["takedowns.prepare"]);
    const hub3 = created.find((t) => t.leakId === leakIds.hub3)!;
    expect((await (await ava.get(`/v1/takedowns/${hub3.id}`)).json()).status).toBe("queued");
    const cancelled = await ava.post(`/v1/takedowns/${hub3.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).status).toBe("cancelled");

    const before = net.smtp.received.length;
    await services.queue.runDue(["takedowns.send-notice"]);
    const sent = net.smtp.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("http://leakhub.example/v/4");
    expect(sent[0]!.text).not.toContain("http://leakhub.example/v/3");
    const hub4 = created.find((t) => t.leakId === leakIds.hub4)!;
    const again = await ava.post(`/v1/takedowns/${hub4.id}/cancel`, {});
    expect(again.status).toBe(409);
  });

  it("delivers a notice once when the SMTP server was down and comes back", async () => {
    expect((await ava.post(`/v1/leaks/${leakIds.hubMedium}/confirm`, {})).status).toBe(200);
    await net.smtp.close();
    const port = net.smtp.port;
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.hubMedium] });
    expect(res.status).toBe(202);
    const body = await res.json();
    // 5 links (one of them, nowhere.example, stalled with no email: not counted), then hub3 and hub4
    // (hub3 cancelled before sending: not counted), now this one.
    expect(body.quota.used).toBe(6);
    const id = body.items[0].id;
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const waiting = await (await ava.get(`/v1/takedowns/${id}`)).json();
    expect(waiting.status).toBe("queued");
    expect(waiting.notices[0]).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.notices[0].error).toBeTruthy();
    expect(waiting.history.map((e: { type: string }) => e.type)).toContain("send_retry");

    net.smtp = await startFakeSmtp(port, net.smtp.received);
    await clock.advance(services, 10 * 60_000);
    await services.queue.runDue(["takedowns.send-notice"]);
    await clock.advance(services, 10 * 60_000);
    await services.queue.runDue(["takedowns.send-notice"]);
    const delivered = net.smtp.received.filter((m) => m.text.includes("http://leakhub.example/v/5"));
    expect(delivered).toHaveLength(1);
    const done = await (await ava.get(`/v1/takedowns/${id}`)).json();
    expect(done.status).toBe("sent");
    expect(done.notices[0]).toMatchObject({ status: "sent", attempts: 2, messageId: delivered[0]!.headers["message-id"] });
  });

  it("marks a notice the mail server refuses for good as failed, with the reason", async () => {
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.refusing] });
    const id = (await res.json()).items[0].id;
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const failed = await (await ava.get(`/v1/takedowns/${id}`)).json();
    expect(failed.status).toBe("failed");
    expect(failed.reason).toContain("mailbox unavailable");
    expect(failed.notices[0]).toMatchObject({ status: "failed", attempts: 1, recipient: { email: "refuse@refusing.example", foundBy: "site-page" } });
    // The leak did not get a notice: it is not shown as sent.
    const leak = (await (await ava.get("/v1/leaks?pageSize=100")).json()).items.find((l: { id: string }) => l.id === leakIds.refusing);
    expect(leak.status).toBe("new");
    // Sending it again is free and possible.
    const again = await ava.post(`/v1/takedowns/${id}/resend`, {});
    expect(again.status).toBe(202);
    expect((await again.json()).status).toBe("draft");
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    expect((await (await ava.get(`/v1/takedowns/${id}`)).json()).status).toBe("failed");
  });

  it("sees a link removed from the site at the re-check, counts it, and emails her when she asked for it", async () => {
    const rule = await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: false, digest: "off", takedownSucceeded: true } });
    expect(rule.status).toBe(200);
    const successMails = () => readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && m.subject === "A takedown succeeded");
    expect(successMails()).toHaveLength(0);
    web.setSite("leakhub.example", {
      "/v/2": html("<!doctype html><title>Removed</title><p>This video was removed after a copyright complaint.</p>"),
      "/v/4": html(pages["http://leakhub.example/v/4"]!),
      "/v/5": html(pages["http://leakhub.example/v/5"]!),
    });
    await clock.advance(services, HOUR + 60_000);
    await services.queue.runDue(["takedowns.recheck"]);

    const items = (await (await ava.get("/v1/takedowns?pageSize=50")).json()).items as { leakId: string; status: string; removedAt: string | null }[];
    const status = (key: string) => items.find((t) => t.leakId === leakIds[key] && t.status !== "cancelled")?.status;
    expect(status("hub1")).toBe("removed"); // 404 now
    expect(status("hub2")).toBe("removed"); // page up, the evidence gone
    expect(status("hosted")).toBe("sent");
    expect(status("hub4")).toBe("sent");
    const leaks = (await (await ava.get("/v1/leaks?status=removed")).json()).items.map((l: { id: string }) => l.id);
    expect(leaks.sort()).toEqual([leakIds.hub1, leakIds.hub2].sort());

    // Her 'when a takedown succeeds' rule: one email per link gone, naming it.
    await services.queue.runDue(["email.send"]);
    const mails = successMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => /http:\/\/leakhub\.example\/v\/\d/.exec(m.text)?.[0]).sort()).toEqual(["http://leakhub.example/v/1", "http://leakhub.example/v/2"]);
    expect(mails[0]!.text).toContain("This link to your content is gone");
    // Bea asked for no such email and lost no link: nothing for her.
    expect(readOutbox(services.dataDir).filter((m) => m.to.includes("bea@example.com") && m.subject === "A takedown succeeded")).toHaveLength(0);

    const stats = await (await ava.get("/v1/takedowns/stats")).json();
    expect(stats).toMatchObject({ noticesSent: 5, linksTakenDown: 6, linksRemoved: 2, removalRate: null, removalRateBase: 0 });
    expect(stats.medianHoursToRemoval).toBeGreaterThan(1);
    expect(stats.medianHoursToRemoval).toBeLessThan(2);
    expect((await services.takedowns.overallStats()).linksRemoved).toBe(2);
  });

  it("escalates a link still up after 7 days to the next recipient, and measures the removal rate", async () => {
    const before = net.smtp.received.length;
    await clock.advance(services, 7 * DAY);
    await services.queue.runDue(["takedowns.recheck", "takedowns.send-notice"]);
    // Escalation notices wait a few minutes for the other links going to the same party.
    expect(net.smtp.received.length).toBe(before);
    await clock.advance(services, 6 * 60_000);
    await services.queue.runDue(["takedowns.send-notice"]);
    const sent = net.smtp.received.slice(before);
    // Host after site (leakhub /v/4 and /v/5, in one notice), registrar after host (hostedleaks); the link behind
    // Cloudflare went to its registrar at once, and nobody is left after it.
    const hub = sent.filter((m) => m.to.includes("abuse@leaknet.example"));
    expect(hub).toHaveLength(1);
    expect(hub[0]!.text).toContain("http://leakhub.example/v/4");
    expect(hub[0]!.text).toContain("http://leakhub.example/v/5");
    expect(hub[0]!.text).toMatch(/The site is hosted on your network \(leakhub\.example resolved to 198\.51\.100\.10 on [^)]+ UTC\)\./);
    expect(hub[0]!.text).toMatch(/A notice for this material was sent to leakhub\.example <copyright@leakhub\.example> on \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC; the material is still available\./);
    expect(hub[0]!.html).toContain("http://leakhub.example/v/5");
    expect(hub[0]!.text).toContain("Signature: /s/ Leakwarden Copyright Agent");
    for (const mail of sent) expect(`${mail.text}${mail.html}`).not.toMatch(/Ava|Marie|Stone/);
    expect(sent.filter((m) => m.to.includes("abuse@registrar.example"))).toHaveLength(1);
    expect(sent.filter((m) => m.to.includes("abuse@other-registrar.example"))).toHaveLength(0);

    const items = (await (await ava.get("/v1/takedowns?status=escalated")).json()).items as { id: string; leakId: string; recipient: { kind: string } }[];
    expect(items.find((t) => t.leakId === leakIds.hosted)?.recipient.kind).toBe("registrar");
    const hub5 = await (await ava.get(`/v1/takedowns/${items.find((t) => t.leakId === leakIds.hubMedium)!.id}`)).json();
    expect(hub5.recipient).toMatchObject({ kind: "host", email: "abuse@leaknet.example", foundBy: "rdap-ip" });
    expect(hub5.notices.map((n: { status: string; urls: string[] }) => [n.status, n.urls.sort()])).toEqual([
      ["sent", ["http://leakhub.example/v/5"]],
      ["sent", ["http://leakhub.example/v/4", "http://leakhub.example/v/5"]],
    ]);
    expect(hub5.notices[1].messageId).toBe(hub[0]!.headers["message-id"]);
    expect(hub5.history.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(["checked", "escalated"]));
    const stats = await (await ava.get("/v1/takedowns/stats")).json();
    expect(stats.removalRateBase).toBeGreaterThanOrEqual(6);
    expect(stats.removalRate).toBeCloseTo(2 / stats.removalRateBase);
  });

  it("prepares search-delisting packages for links still up, and records the submission apart from removals", async () => {
    const res = await ava.get("/v1/takedowns/delisting");
    expect(res.status).toBe(200);
    const { packages } = await res.json();
    const google = packages.find((p: { engine: string }) => p.engine === "google");
    expect(google.formUrl).toContain("google.com");
    expect(google.fields.copyrightOwner).toBe("luna_rivers");
    expect(google.fields.authorizedExampleUrls).toContain("https://onlyfans.com/luna_rivers");
    expect(google.urlList).toContain("http://hostedleaks.example/t/luna");
    expect(google.urlList).not.toContain("http://leakhub.example/v/1");
    // The links still up after a notice, and only those: removed, never-sent and failed links are left out.
    const stillUp = ["http://cdnleaks.example/luna", "http://hostedleaks.example/t/luna", "http://leakhub.example/v/4", "http://leakhub.example/v/5"];
    type Package = { engine: string; formUrl: string; fields: Record<string, string>; urlList: string; items: { url: string; submittedAt: string | null }[] };
    for (const pack of packages as Package[]) {
      expect(pack.urlList.split("\n").sort(), pack.engine).toEqual(stillUp);
      expect(pack.fields.infringingUrls, pack.engine).toBe(pack.urlList);
      expect(pack.fields.descriptionOfWork, pack.engine).toMatch(/Original photographs and videos created by luna_rivers, who owns their copyright, and published by her on her own profile: https:\/\/onlyfans\.com\/luna_rivers\.[^]*Leakwarden Copyright Agent, authorized agent of luna_rivers \(dmca@leakwarden\.test\)/);
      expect(JSON.stringify(pack), pack.engine).not.toMatch(/Ava|Marie|Stone/);
    }
    const bing = (packages as Package[]).find((p) => p.engine === "bing")!;
    expect(bing.formUrl).toContain("microsoft.com");
    expect(bing.fields).toEqual({ ...google.fields });
    // She submits to Google first: Bing's links stay to do.
    const marked = await ava.post("/v1/takedowns/delisting/submitted", { engine: "google" });
    expect(marked.status).toBe(200);
    const after = (await marked.json()).packages as Package[];
    expect(after.find((p) => p.engine === "google")!.items.every((i) => i.submittedAt)).toBe(true);
    expect(after.find((p) => p.engine === "bing")!.items.every((i) => i.submittedAt === null)).toBe(true);
    const stats = await (await ava.get("/v1/takedowns/stats")).json();
    expect(stats.linksDelistingSubmitted).toBe(google.items.length);
    expect(stats.linksRemoved).toBe(2);
    expect((await ava.post("/v1/takedowns/delisting/submitted", { engine: "yahoo" })).status).toBe(400);
    expect((await cleo.get("/v1/takedowns/delisting")).status).toBe(403);
  });

  it("ends tracking with 'no response' when nobody is left to write to and the time is up", async () => {
    // Escalated links go on to the registrar first; a month later nobody is left.
    for (let i = 0; i < 3; i++) {
      await clock.advance(services, 31 * DAY);
      await services.queue.runDue(["takedowns.recheck", "takedowns.send-notice"]);
    }
    const { items } = (await (await ava.get("/v1/takedowns?pageSize=50")).json()) as { items: { id: string; status: string; leakId: string; nextCheckAt: string | null }[] };
    const statuses = items.map((t) => t.status);
    expect(statuses).not.toContain("sent");
    expect(statuses).not.toContain("escalated");
    const hosted = items.find((t) => t.leakId === leakIds.hosted)!;
    expect(hosted.status).toBe("no_response");
    expect(hosted.nextCheckAt).toBeNull();
    const detail = await (await ava.get(`/v1/takedowns/${hosted.id}`)).json();
    expect(detail.history.at(-1)).toMatchObject({ type: "no_response" });
    expect(detail.reason).toMatch(/No removal 30 days after the last notice/);
    // Removed links stay removed and counted: 'no response' is not a removal.
    const stats = await (await ava.get("/v1/takedowns/stats")).json();
    expect(stats.linksRemoved).toBe(2);
    expect(stats.removalRate).toBeCloseTo(2 / stats.removalRateBase);
    // Overall figures are public and computed from every creator's records.
    const overall = await (await new TestClient(services.app).get("/v1/public/takedown-stats")).json();
    expect(overall).toMatchObject({ linksRemoved: 2, noticesSent: expect.any(Number) });
    expect(overall.noticesSent).toBeGreaterThan(stats.noticesSent);
  });

  it("gives up after the last retry while the mail server stays down, says why, and sends it once when asked again", async () => {
    await net.smtp.close();
    const port = net.smtp.port;
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds.hub3] });
    expect(res.status).toBe(202);
    const id = (await res.json()).items[0].id as string;
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    let detail = await (await ava.get(`/v1/takedowns/${id}`)).json();
    for (let i = 0; i < 20 && detail.status !== "failed"; i++) {
      expect(detail.status).toBe("queued");
      await clock.advance(services, 4 * DAY);
      await services.queue.runDue(["takedowns.send-notice"]);
      detail = await (await ava.get(`/v1/takedowns/${id}`)).json();
    }
    // The first attempt and NOTICE_RETRY_LIMIT (12) retries, then failed with the reason.
    expect(detail.status).toBe("failed");
    // (The site took its /dmca page down with the pages it removed: the notice goes to its host.)
    // Said as a sentence for her, never as the socket's error code.
    expect(detail.reason).toBe("The notice to abuse@leaknet.example could not be sent: our mail server could not be reached");
    expect(JSON.stringify(detail)).not.toMatch(/ECONNREFUSED|ECONNRESET|ESOCKET/);
    expect(detail.notices).toHaveLength(1);
    expect(detail.notices[0]).toMatchObject({ status: "failed", attempts: 13, error: expect.any(String) });
    expect(detail.history.filter((e: { type: string }) => e.type === "send_retry")).toHaveLength(12);
    expect(detail.history.at(-1)).toMatchObject({ type: "failed" });

    net.smtp = await startFakeSmtp(port, net.smtp.received);
    const before = net.smtp.received.length;
    expect((await ava.post(`/v1/takedowns/${id}/resend`, {})).status).toBe(202);
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const delivered = net.smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.to).toEqual(["abuse@leaknet.example"]);
    expect(delivered[0]!.text).toContain("http://leakhub.example/v/3");
    expect((await (await ava.get(`/v1/takedowns/${id}`)).json()).status).toBe("sent");
  });

  it("refuses a hostile page's address (a NUL in its mailto) for that link alone: the other five notices go out", async () => {
    const keys = ["good1", "good2", "good3", "good4", "good5", "hostile"];
    const before = net.smtp.received.length;
    const res = await ava.post("/v1/takedowns", { leakIds: keys.map((k) => leakIds[k]) });
    expect(res.status).toBe(202);
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);

    const sent = net.smtp.received.slice(before);
    expect(sent.map((m) => m.to).flat().sort()).toEqual([1, 2, 3, 4, 5].map((n) => `dmca@good${n}.example`));
    expect(sent.some((m) => m.raw.includes("hostile.example/luna"))).toBe(false);

    const list = (await (await ava.get("/v1/takedowns?pageSize=100")).json()).items as { id: string; leakId: string; status: string }[];
    const byKey = (k: string) => list.find((t) => t.leakId === leakIds[k])!;
    for (const k of keys.slice(0, 5)) expect(byKey(k).status, k).toBe("sent");
    const hostile = await (await ava.get(`/v1/takedowns/${byKey("hostile").id}`)).json();
    expect(hostile.status).toBe("needs_manual_action");
    expect(hostile.recipients[0]).toMatchObject({ kind: "site", email: null, refused: { address: "dmca@hostile.example\\u0000", reason: "it contains a NUL character" } });
    expect(hostile.reason).toContain("was refused: it contains a NUL character");
    expect(hostile.history.map((e: { message: string }) => e.message).join("\n")).toContain("dmca@hostile.example\\u0000 was refused: it contains a NUL character");
  });

  it("mails none of a hostile page's links, addresses or phone numbers: its title and text are quoted as its words, without them", async () => {
    const url = "http://beasite.example/hostile-title";
    // Her earlier seeded scan is over: the next one records this page.
    await services.database.db.update(scan).set({ status: "completed", finishedAt: new Date() }).where(eq(scan.userId, beaId));
    const hostile = "bea_rose leaked\r\nBcc: victim@target.example - pay at https://pay.evil.example/x, t.me/evilchan or call +1 (302) 555-0199, boss [at] evil [dot] example";
    await seedKeyedLeaks(beaId, {
      hostileTitle: { ...leakAt(url, "high", "bea_rose"), title: hostile, evidence: { ...leakAt(url, "high", "bea_rose").evidence, title: hostile, snippet: `${hostile} ${"more page text ".repeat(40)}` } },
    });
    expect((await bea.post("/v1/takedowns", { leakIds: [leakIds.hostileTitle] })).status).toBe(202);
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    const notice = noticesTo("dmca@beasite.example").find((m) => m.text.includes(url))!;
    expect(notice.to).toEqual(["dmca@beasite.example"]);
    for (const part of [notice.headers.subject ?? "", notice.text, notice.html, notice.raw]) {
      for (const bit of ["victim@", "target.example", "evil.example", "evilchan", "0199", "boss"]) expect(part).not.toContain(bit);
    }
    expect(notice.text).toContain("The page's title reads: \u201Cbea_rose leaked Bcc: [e-mail address removed] - pay at [link removed] or call [phone number removed]");
    expect(notice.text).toMatch(/The page's text reads: \u201Cbea_rose leaked [^\n]{0,200}\u201D\n/u);
  });
});
