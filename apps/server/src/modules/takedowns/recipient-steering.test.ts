import type { EntitlementTier } from "@leakwarden/contracts/plans";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { readyForTakedowns } from "@leakwarden/test-support/takedown-creator";
import { createTakedownServices, rdapDomain, rdapNetwork, startTakedownNetwork, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";
import type { TestClient} from "@leakwarden/test-support/test-services";
import { signUpAndConfirm, testClock, type TestServices } from "@leakwarden/test-support/test-services";
import { leak } from "../../db/schema/scans";
import { createLogger } from "../../lib/logger";
import { formatStatus } from "../operations/ops-command";
import { insertScan, upsertLeak } from "../scans/scans.repository";

const HOUR = 3_600_000;
const METRICS_TOKEN = "metrics-token-for-the-steering-tests";

const leakPage = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>The full luna_rivers pack.</p></body></html>`;

// Who a notice goes to is not the page's to decide: a mailbox its contact page names outside its
// registered domain gets nothing until she confirms it (and never on the autopilot's word); one
// address takes a bounded number of notices a day from all accounts; file hosts get their
// published channel.
describe("recipients that cannot be steered", () => {
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  const clock = testClock();
  const tiers = new Map<string, EntitlementTier>();
  const logLines: string[] = [];
  let ava: TestClient;
  let bea: TestClient;
  let avaId: string;
  let beaId: string;
  let n = 0;

  const userIdOf = async (client: TestClient) => (await (await client.get("/api/auth/get-session")).json()).user.id as string;
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
  const noticesTo = (address: string) => net.smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  const jobs = ["takedowns.autopilot-sweep", "takedowns.prepare", "takedowns.send-notice"];
  const scanOf = new Map<string, string>();

  /** A high-confidence finding of hers at `url`, as a scan records it: the page names the stage name she proved. */
  async function found(userId: string, url: string) {
    if (!scanOf.has(userId)) scanOf.set(userId, (await insertScan(services.database.db, userId, "manual")).id);
    const name = userId === beaId ? "luna_rivers_two" : "luna_rivers";
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
    });
    const [row] = await services.database.db.select({ id: leak.id }).from(leak).where(and(eq(leak.userId, userId), eq(leak.url, url)));
    return row!.id;
  }

  async function request(client: TestClient, leakIds: string[]) {
    const res = await client.post("/v1/takedowns", { leakIds });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(202);
    const items = (await res.json()).items as { id: string; leakId: string }[];
    await services.queue.runDue(jobs);
    return Object.fromEntries(items.map((t) => [t.leakId, t.id]));
  }

  const detail = async (client: TestClient, id: string) => (await client.get(`/v1/takedowns/${id}`)).json();
  const confirm = (client: TestClient, address: unknown) => client.post("/v1/takedowns/recipient-confirmations", { address });

  beforeAll(async () => {
    const site = (contact: string, paths: number[]) => ({
      "/dmca": html(`<!doctype html><h1>DMCA</h1><p>Send copyright notices to <a href="mailto:${contact}">${contact}</a>.</p>`),
      ...Object.fromEntries(paths.map((p) => [`/v/${p}`, html(leakPage(`luna_rivers set ${p}`))])),
    });
    web = await startVirtualHostServer({
      // Its contact page names a mailbox of someone else's domain; its host and registrar are known.
      "steered.example": site("complaints@victim-law.example", [1, 2, 3, 4, 5]),
      // Its contact page names a free-mail box, and nobody else can be found.
      "lonely.example": site("lonely.leaks.dmca@gmail.com", [1, 2]),
      // Its own domain's mailbox: written to at once.
      "owndomain.example": site("dmca@owndomain.example", [1]),
    });
    net = await startTakedownNetwork(web.port, {
      routed: (host) => host.endsWith(".example"),
      dns: { "steered.example": { a: ["198.51.100.40"] }, "owndomain.example": { a: ["198.51.100.41"] } },
      rdap: {
        ips: { "198.51.100.40": rdapNetwork("STEERNET", "abuse@steernet.example"), "198.51.100.41": rdapNetwork("OWNNET", "abuse@ownnet.example") },
        domains: { "steered.example": rdapDomain("steered.example", "Example Registrar, Inc.", "abuse@registrar.example") },
      },
    });
    const logger = createLogger("warn", { write: (line: string) => void logLines.push(line) });
    services = await createTakedownServices(
      net,
      { NOTICES_PER_ADDRESS_PER_DAY: "2", METRICS_TOKEN },
      { now: clock.now, logger, serviceOptions: { tierFor: async (userId) => tiers.get(userId) ?? "free" } },
    );
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = await userIdOf(ava);
    beaId = await userIdOf(bea);
    await readyForTakedowns(services, ava, { username: "luna_rivers" });
    await readyForTakedowns(services, bea, { username: "luna_rivers_two", fullName: "Bea Lee Stone" });
    tiers.set(avaId, "premium");
    tiers.set(beaId, "premium");
  }, 60_000);

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net)]);
  });

  it("sends nothing to a mailbox outside the site's domain: the host is written to, and she is shown the address, where it came from and why", async () => {
    const steered = await found(avaId, `http://steered.example/v/${++n}`);
    const own = await found(avaId, "http://owndomain.example/v/1");
    const ids = await request(ava, [steered, own]);

    expect(noticesTo("complaints@victim-law.example")).toHaveLength(0);
    expect(noticesTo("abuse@steernet.example")).toHaveLength(1);
    expect(noticesTo("dmca@owndomain.example")).toHaveLength(1);

    const t = await detail(ava, ids[steered]!);
    expect(t.status).toBe("sent");
    expect(t.recipient).toMatchObject({ kind: "host", email: "abuse@steernet.example" });
    expect(t.pendingConfirmation).toEqual({
      address: "complaints@victim-law.example",
      source: "http://steered.example/dmca",
      reason: expect.stringContaining("names complaints@victim-law.example, which is not on the site's domain (steered.example)"),
    });
    expect(t.recipients[0]).toMatchObject({ kind: "site", email: "complaints@victim-law.example", confirmation: { confirmedAt: null } });
    expect(t.history.map((h: { message: string }) => h.message).join("\n")).toContain("Meanwhile the notice goes to the hosting network (abuse@steernet.example)");
    expect((await detail(ava, ids[own]!)).pendingConfirmation).toBeNull();
  });

  it("leaves a link nobody else can be written to waiting for her confirmation, not mailed", async () => {
    const lonely = await found(avaId, "http://lonely.example/v/1");
    const ids = await request(ava, [lonely]);
    expect(noticesTo("lonely.leaks.dmca@gmail.com")).toHaveLength(0);
    const t = await detail(ava, ids[lonely]!);
    expect(t.status).toBe("needs_manual_action");
    expect(t.reason).toContain("Confirm lonely.leaks.dmca@gmail.com on this takedown");
    expect(t.pendingConfirmation).toMatchObject({ address: "lonely.leaks.dmca@gmail.com", source: "http://lonely.example/dmca" });
  });

  it("never sends to it on the autopilot's word: the autopilot's takedown waits for her like any other", async () => {
    expect((await ava.request("/v1/takedowns/autopilot", { method: "PUT", json: { leakSites: true, socialMedia: false, fileHosts: false } })).status).toBe(200);
    const lonely = await found(avaId, "http://lonely.example/v/2");
    const steered = await found(avaId, `http://steered.example/v/${++n}`);
    await services.autopilot.onLeaksFound(avaId);
    await clock.advance(services, 5_000);
    await services.queue.runDue(jobs);
    expect(noticesTo("lonely.leaks.dmca@gmail.com")).toHaveLength(0);
    expect(noticesTo("complaints@victim-law.example")).toHaveLength(0);
    const items = (await (await ava.get("/v1/takedowns")).json()).items as { leakId: string; status: string; pendingConfirmation: { address: string } | null }[];
    expect(items.find((t) => t.leakId === lonely)).toMatchObject({ status: "needs_manual_action", pendingConfirmation: { address: "lonely.leaks.dmca@gmail.com" } });
    expect(items.find((t) => t.leakId === steered)).toMatchObject({ status: "sent", pendingConfirmation: { address: "complaints@victim-law.example" } });
    expect((await ava.request("/v1/takedowns/autopilot", { method: "PUT", json: { leakSites: false, socialMedia: false, fileHosts: false } })).status).toBe(200);
  });

  it("refuses a confirmation that is not one address, or that none of her takedowns waits on (another creator's too)", async () => {
    const bad = await confirm(ava, "a@b.example, c@d.example");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.address).toMatch(/not one plain email address/);
    expect((await confirm(ava, "")).status).toBe(400);
    const unknown = await confirm(ava, "someone@elsewhere.example");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toMatch(/None of your takedowns or links waits on this address/);
    // Bea has no takedown waiting on Ava's address: she cannot make the service write to it.
    expect((await confirm(bea, "complaints@victim-law.example")).status).toBe(404);
    expect(noticesTo("complaints@victim-law.example")).toHaveLength(0);
  });

  it("the notice preview offers the confirmation before anything is requested, and after it the notice goes to the address", async () => {
    const leakId = await found(beaId, "http://lonely.example/v/1");
    const before = await (await bea.post("/v1/takedowns/preview", { leakIds: [leakId] })).json();
    expect(before.notices).toEqual([]);
    expect(before.manual).toEqual([
      expect.objectContaining({ leakId, pendingConfirmation: { address: "lonely.leaks.dmca@gmail.com", source: "http://lonely.example/dmca", reason: expect.stringContaining("not on the site's domain") } }),
    ]);
    // Only an address the leak's site names can be confirmed this way.
    expect((await bea.post("/v1/takedowns/recipient-confirmations", { address: "someone@elsewhere.example", leakId })).status).toBe(404);
    const confirmed = await bea.post("/v1/takedowns/recipient-confirmations", { address: "lonely.leaks.dmca@gmail.com", leakId });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).takedownIds).toEqual([]);
    const after = await (await bea.post("/v1/takedowns/preview", { leakIds: [leakId] })).json();
    expect(after.manual).toEqual([]);
    expect(after.notices.map((n: { recipient: { email: string } }) => n.recipient.email)).toEqual(["lonely.leaks.dmca@gmail.com"]);
  });

  it("after she confirms an address once, her links waiting on it are sent there, and later links too", async () => {
    const before = noticesTo("abuse@steernet.example").length;
    const res = await confirm(ava, "Complaints@Victim-Law.example");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ address: "Complaints@victim-law.example", confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(body.takedownIds).toHaveLength(2);
    await services.queue.runDue(jobs);
    // One notice for her two links on the site; the host is not written to again.
    const sent = noticesTo("complaints@victim-law.example");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("http://steered.example/v/1");
    expect(sent[0]!.text).toContain("http://steered.example/v/2");
    expect(noticesTo("abuse@steernet.example")).toHaveLength(before);
    const t = await detail(ava, body.takedownIds[0]);
    expect(t.pendingConfirmation).toBeNull();
    expect(t.recipients[0].confirmation.confirmedAt).toBe(body.confirmedAt);
    expect(t.history.map((h: { message: string }) => h.message).join("\n")).toContain("You confirmed Complaints@victim-law.example as the site's copyright contact");

    // The link that waited alone is looked up again and sent once she confirms its address.
    const lonely = (await (await ava.get("/v1/takedowns?status=needs_manual_action")).json()).items as { id: string }[];
    expect((await confirm(ava, "lonely.leaks.dmca@gmail.com")).status).toBe(200);
    await services.queue.runDue(jobs);
    expect(noticesTo("lonely.leaks.dmca@gmail.com")).toHaveLength(1);
    for (const l of lonely) expect((await detail(ava, l.id)).status).toBe("sent");

    // Her next link on the site goes straight to the address she confirmed.
    const next = await found(avaId, `http://steered.example/v/${++n}`);
    await request(ava, [next]);
    expect(noticesTo("complaints@victim-law.example")).toHaveLength(2);
  });

  it("file hosts: a MEGA link is mailed to MEGA's published copyright address, a Gofile link is her form step on Gofile's page, every field ready", async () => {
    const mega = await found(avaId, "https://mega.nz/folder/AbCd1234");
    const gofile = await found(avaId, "https://gofile.io/d/AbC123");
    const ids = await request(ava, [mega, gofile]);
    expect(noticesTo("copyright@mega.nz")).toHaveLength(1);
    expect(noticesTo("copyright@mega.nz")[0]!.text).toContain("https://mega.nz/folder/AbCd1234");
    const m = await detail(ava, ids[mega]!);
    expect(m.recipient).toMatchObject({ email: "copyright@mega.nz", foundBy: "file-host", name: "MEGA", source: expect.stringContaining("https://mega.io/takedown") });

    const g = await detail(ava, ids[gofile]!);
    expect(g.status).toBe("needs_manual_action");
    expect(g.reason).not.toMatch(/No email address or web form was found/);
    expect(g.reason).toMatch(/Gofile takes abuse and copyright reports on its contact form/);
    expect(g.formStep).toMatchObject({ party: "file-host", partyName: "Gofile", via: "creator", status: "waiting", formUrl: "https://gofile.io/contact" });
    expect(g.formStep.fields.urls).toBe("https://gofile.io/d/AbC123");
    for (const key of ["name", "email", "agent_name", "original_work", "comments", "signature"]) expect(g.formStep.fields[key], key).toBeTruthy();

    const done = await ava.post(`/v1/takedowns/${ids[gofile]}/form-done`, {});
    expect(done.status).toBe(200);
    expect((await done.json()).status).toBe("sent");
  });

  it("holds the notices past the daily limit per address across accounts, tells her why, alerts the operator, and sends them when the day has passed", async () => {
    // MEGA has had one notice today (the test before); the limit here is two a day.
    const beaLink = await found(beaId, "https://mega.nz/file/BeaFile1");
    await request(bea, [beaLink]);
    expect(noticesTo("copyright@mega.nz")).toHaveLength(2);

    const avaLink = await found(avaId, "https://mega.nz/file/AvaFile2");
    const ids = await request(ava, [avaLink]);
    expect(noticesTo("copyright@mega.nz")).toHaveLength(2);
    const held = await detail(ava, ids[avaLink]!);
    expect(held.status).toBe("queued");
    expect(held.reason).toMatch(/^Held: copyright@mega\.nz has had 2 notices in the last 24 hours from this service \(the limit is 2 a day, for every account together\)\. It goes out after .+; nothing is lost\.$/);
    expect(held.notices[0]).toMatchObject({ status: "queued", error: held.reason });
    expect(held.history.some((h: { type: string }) => h.type === "held")).toBe(true);

    // The operator: a warning in the log, `npm run ops -- status` and the /metrics gauge.
    expect(logLines.some((l) => l.includes('"level":40') && l.includes("notice held") && l.includes("copyright@mega.nz"))).toBe(true);
    const status = await services.operations.status();
    expect(status.heldNotices).toEqual([{ address: "copyright@mega.nz", held: 1, until: expect.any(String) }]);
    expect(formatStatus(status)).toMatch(/Notices held by the daily limit per address[^]*copyright@mega\.nz {2}1 held/);
    const metrics = await services.app.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await metrics.text()).toMatch(/^leakwarden_notices_held 1$/m);

    // Running the job again the same day sends nothing; a day later it goes out, once.
    await services.queue.runDue(jobs);
    expect(noticesTo("copyright@mega.nz")).toHaveLength(2);
    await clock.advance(services, 25 * HOUR);
    await services.queue.runDue(jobs);
    expect(noticesTo("copyright@mega.nz")).toHaveLength(3);
    expect(noticesTo("copyright@mega.nz")[2]!.text).toContain("https://mega.nz/file/AvaFile2");
    const sent = await detail(ava, ids[avaLink]!);
    expect(sent.status).toBe("sent");
    expect(sent.reason).toBeNull();
    expect((await services.operations.status()).heldNotices).toEqual([]);
  });
});
