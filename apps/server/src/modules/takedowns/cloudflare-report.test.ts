import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCloudflare, type FakeCloudflare } from "@leakwarden/test-support/fake-web/fake-cloudflare";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { signUpAndConfirm, type TestClient, type TestServices, testClock } from "@leakwarden/test-support/test-services";
import { readyForTakedowns } from "@leakwarden/test-support/takedown-creator";
import { createTakedownServices, rdapDomain, rdapNetwork, startTakedownNetwork, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";

/** A clock the test moves; jobs already queued move with it (pg-boss reads the database's time). */
/** Sites behind Cloudflare (its published ranges) with no contact of their own: the report goes through Cloudflare's API. */
describe("takedowns through Cloudflare's Abuse Reports API", () => {
  const TOKEN = "cf-test-token";
  const ACCOUNT = "023e105f4ecef8ad9ca31a8372d0c353";
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  let cloudflare: FakeCloudflare;
  let ava: TestClient;
  const leakIds: Record<string, string> = {};
  const sites = ["cfok.example", "cfbad.example", "cfdenied.example", "cfalone.example", "cfown.example", "cforigin.example", "cfhidden.example", "cfrefuse.example"];
  const clock = testClock();

  beforeAll(async () => {
    const leakPage = `<!doctype html><title>luna_rivers leaked</title><p>luna_rivers leaked pack</p>`;
    web = await startVirtualHostServer(Object.fromEntries(sites.map((host) => [host, { "/a": html(leakPage), "/b": html(leakPage) }])));
    // A site behind Cloudflare with its own DMCA address: written to first, Cloudflare only if the link stays up.
    // Its leak pages load their images from a name of its domain that Cloudflare does not serve: its likely origin.
    const ownPage = leakPage.replace("</p>", `</p><img src="http://media.cfown.example/t/1.jpg" alt="">`);
    web.setSite("cfown.example", { "/a": html(ownPage), "/b": html(ownPage), "/dmca": html(`<p>DMCA: <a href="mailto:dmca@cfown.example">dmca@cfown.example</a></p>`) });
    net = await startTakedownNetwork(web.port, {
      dns: {
        ...Object.fromEntries(sites.map((host, i) => [host, { a: [`104.16.1.${i + 1}`] }])),
        // cforigin.example's own mail server is outside Cloudflare, on a hosting network.
        "cforigin.example": { a: ["104.16.1.6"], mx: ["mail.cforigin.example"] },
        "mail.cforigin.example": { a: ["5.39.10.25"] },
        // Every name of cfhidden.example is on Cloudflare: no origin shows.
        "cfhidden.example": { a: ["104.16.1.7"], mx: ["mail.cfhidden.example"] },
        "mail.cfhidden.example": { a: ["104.16.2.1"] },
        "direct.cfhidden.example": { a: ["104.16.2.2"] },
        "media.cfown.example": { a: ["5.39.10.40"] },
        // cfrefuse.example's origin takes mail; its registrar's mailbox refuses it for good (550).
        "cfrefuse.example": { a: ["104.16.1.8"], mx: ["mail.cfrefuse.example"] },
        "mail.cfrefuse.example": { a: ["5.39.10.26"] },
      },
      rdap: {
        ips: {
          ...Object.fromEntries(sites.map((_, i) => [`104.16.1.${i + 1}`, rdapNetwork("CLOUDFLARENET", "abuse@cloudflare.example")])),
          "104.16.2.1": rdapNetwork("CLOUDFLARENET", "abuse@cloudflare.example"),
          "104.16.2.2": rdapNetwork("CLOUDFLARENET", "abuse@cloudflare.example"),
          "5.39.10.25": rdapNetwork("ORIGINNET", "abuse@originhost.example"),
          "5.39.10.40": rdapNetwork("MEDIAHOST", "abuse@mediahost.example"),
          "5.39.10.26": rdapNetwork("ORIGINNET2", "abuse@originhost2.example"),
        },
        // cfalone.example has no registrar answer: the API report is all there is.
        domains: {
          ...Object.fromEntries(sites.filter((h) => h !== "cfalone.example").map((host) => [host, rdapDomain(host, "Example Registrar, Inc.", "abuse@registrar.example")])),
          "cfrefuse.example": rdapDomain("cfrefuse.example", "Refusing Registrar", "refuse@registrar.example"),
        },
      },
    });
    cloudflare = await startFakeCloudflare({ token: TOKEN, accountId: ACCOUNT });

    services = await createTakedownServices(
      net,
      {
        NOTICE_REPLY_TO: undefined,
        AGENT_ADDRESS: "1 Agent Street",
        AGENT_CITY: "Wilmington",
        AGENT_STATE: "DE",
        AGENT_COUNTRY: "US",
        CLOUDFLARE_API_TOKEN: TOKEN,
        CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
        CLOUDFLARE_API_URL: cloudflare.url,
      },
      { now: clock.now, serviceOptions: { tierFor: async () => "premium" } },
    );
    ava = await signUpAndConfirm(services, "ava@example.com");
    const userId = (await (await ava.get("/api/auth/get-session")).json()).user.id as string;
    await readyForTakedowns(services, ava);
    const keys = sites.flatMap((host) => [`${host}/a`, `${host}/b`]);
    const ids = await seedLeaks(
      services.database.db,
      userId,
      keys.map((k) => ({ url: `http://${k}`, seenAt: new Date(), title: "luna_rivers leaked", confidence: "high" as const, evidence: { matchedNames: ["luna_rivers"] } })),
    );
    keys.forEach((k, i) => (leakIds[k] = ids[i]!));
  });

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net), cloudflare?.close()]);
  });

  async function takeDown(host: string) {
    const before = { api: cloudflare.requests.length, mail: net.smtp.received.length };
    const res = await ava.post("/v1/takedowns", { leakIds: [leakIds[`${host}/a`], leakIds[`${host}/b`]] });
    expect(res.status).toBe(202);
    const created = (await res.json()).items as { id: string }[];
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice", "takedowns.cloudflare-report"]);
    const details = await Promise.all(created.map(async (t) => (await ava.get(`/v1/takedowns/${t.id}`)).json()));
    return { details, api: cloudflare.requests.slice(before.api), mail: net.smtp.received.slice(before.mail) };
  }

  it("submits one DMCA report per host with its documented fields, records the answer, and writes to the registrar at once", async () => {
    const { details, api, mail } = await takeDown("cfok.example");
    expect(api).toHaveLength(1);
    expect(api[0]!.path).toBe(`/client/v4/accounts/${ACCOUNT}/abuse-reports/abuse_dmca`);
    expect(api[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(api[0]!.body).toMatchObject({
      act: "abuse_dmca",
      name: "Leakwarden Copyright Agent",
      email: "dmca@leakwarden.test",
      email2: "dmca@leakwarden.test",
      address1: "1 Agent Street",
      city: "Wilmington",
      state: "DE",
      country: "US",
      agent_name: "luna_rivers",
      signature: "Leakwarden Copyright Agent",
      agree: 1,
      host_notification: "send",
      owner_notification: "send",
      tele: "+1 555 0100",
    });
    expect(String(api[0]!.body!.urls).split("\n").sort()).toEqual(["http://cfok.example/a", "http://cfok.example/b"]);
    for (const d of details) {
      expect(d.formStep).toMatchObject({ party: "cloudflare", via: "api", status: "submitted", answer: "HTTP 200: success", submittedAt: expect.any(String) });
      expect(d.history.map((e: { type: string }) => e.type)).toContain("form_submitted");
      expect(d.status).toBe("sent");
      expect(d.recipient).toMatchObject({ kind: "registrar", email: "abuse@registrar.example" });
    }
    // The registrar, at once, in one notice for both links; Cloudflare's RDAP mailbox is never written to.
    expect(mail.map((m) => m.to).flat()).toEqual(["abuse@registrar.example"]);
    expect(mail[0]!.text).toContain("http://cfok.example/a");
    expect(mail[0]!.text).toContain("http://cfok.example/b");
  });

  it("writes at once to the host of the site's likely origin (its mail server, outside Cloudflare) and to the registrar, besides the API report", async () => {
    const { details, api, mail } = await takeDown("cforigin.example");
    expect(api).toHaveLength(1);
    expect(mail.map((m) => m.to).flat().sort()).toEqual(["abuse@originhost.example", "abuse@registrar.example"]);
    const origin = mail.find((m) => m.to.includes("abuse@originhost.example"))!;
    expect(origin.text).toContain("To the abuse desk of ORIGINNET Ltd, which appears to host cforigin.example:");
    expect(origin.text).toMatch(
      /That server appears to be on your network: mail\.cforigin\.example \(the domain's own mail server, by its MX record\) resolved to 5\.39\.10\.25 on \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC, an address outside Cloudflare's published ranges\./,
    );
    expect(origin.text).toContain("http://cforigin.example/a");
    expect(origin.text).toContain("http://cforigin.example/b");
    expect(origin.text).not.toContain("104.16.1.6");
    for (const d of details) {
      expect(d.status).toBe("sent");
      expect(d.recipients.map((r: { kind: string; foundBy: string }) => `${r.kind}:${r.foundBy}`)).toEqual(["cdn:cdn-ranges", "host:rdap-origin", "registrar:rdap-domain"]);
      expect(d.recipients[1]).toMatchObject({ email: "abuse@originhost.example", name: "ORIGINNET Ltd", address: "5.39.10.25", resolvedAt: expect.any(String) });
      expect(d.recipients[1].note).toContain("likely origin behind Cloudflare: mail.cforigin.example");
      expect(d.notices.map((n: { recipient: { email: string } }) => n.recipient.email).sort()).toEqual(["abuse@originhost.example", "abuse@registrar.example"]);
      const step = d.history.find((e: { type: string }) => e.type === "form_step");
      expect(step.message).toContain("Meanwhile notices go to the hosting network of the site's likely origin (abuse@originhost.example) and the registrar (abuse@registrar.example).");
    }
  });

  it("names no origin for a site whose every name is on Cloudflare: the registrar only", async () => {
    const { details, api, mail } = await takeDown("cfhidden.example");
    expect(api).toHaveLength(1);
    expect(mail.map((m) => m.to).flat()).toEqual(["abuse@registrar.example"]);
    for (const d of details) expect(d.recipients.map((r: { kind: string }) => r.kind)).toEqual(["cdn", "registrar"]);
  });

  it("keeps a link that reached the origin's host as sent when the registrar's notice, written with it, is refused for good", async () => {
    const { details, mail } = await takeDown("cfrefuse.example");
    expect(mail.map((m) => m.to).flat()).toEqual(["abuse@originhost2.example"]);
    for (const d of details) {
      expect(d.status).toBe("sent");
      expect(d.nextCheckAt).not.toBeNull();
      const said = d.history.map((e: { message: string }) => e.message).join("\n");
      expect(said).toContain("The notice to refuse@registrar.example could not be sent");
    }
  });

  it("turns a report the API refuses as invalid into her step, with Cloudflare's errors", async () => {
    cloudflare.rejectWith = [{ code: 10000, message: "urls: the hostname is not proxied by Cloudflare" }];
    try {
      const { details, api, mail } = await takeDown("cfbad.example");
      expect(api).toHaveLength(1);
      for (const d of details) {
        expect(d.formStep).toMatchObject({ via: "creator", status: "waiting", formUrl: "https://abuse.cloudflare.com/" });
        expect(d.formStep.reason).toContain("HTTP 400");
        expect(d.formStep.reason).toContain("the hostname is not proxied by Cloudflare");
        expect(d.formStep.fields.urls.split("\n").sort()).toEqual(["http://cfbad.example/a", "http://cfbad.example/b"]);
      }
      expect(mail.map((m) => m.to).flat()).toEqual(["abuse@registrar.example"]);
    } finally {
      cloudflare.rejectWith = null;
    }
  });

  it("turns a 401 (no abuse-reports entitlement) into her step; with nobody to email, the link waits on her, then 'Done' starts its tracking", async () => {
    cloudflare.entitled = false;
    try {
      const denied = await takeDown("cfdenied.example");
      expect(denied.api).toHaveLength(1);
      expect(denied.details[0].formStep).toMatchObject({ via: "creator", status: "waiting" });
      expect(denied.details[0].formStep.reason).toContain("no abuse-reports entitlement");

      const alone = await takeDown("cfalone.example");
      expect(alone.mail).toHaveLength(0);
      for (const d of alone.details) {
        expect(d.status).toBe("needs_manual_action");
        expect(d.webForm).toBe("https://abuse.cloudflare.com/");
        expect(d.reason).toContain("HTTP 401");
      }
      // One "Done" records the report for both links it covers, and their re-checks start.
      const done = await (await ava.post(`/v1/takedowns/${alone.details[0].id}/form-done`, {})).json();
      expect(done.formStep).toMatchObject({ status: "done", submittedAt: expect.any(String) });
      expect(done.status).toBe("sent");
      expect(done.nextCheckAt).not.toBeNull();
      const other = await (await ava.get(`/v1/takedowns/${alone.details[1].id}`)).json();
      expect(other).toMatchObject({ status: "sent", formStep: { status: "done" } });
    } finally {
      cloudflare.entitled = true;
    }
  });

  it("files the Cloudflare report when a link on a site with its own address stays up, with notices to its origin's host and its registrar at once", async () => {
    const first = await takeDown("cfown.example");
    expect(first.api).toHaveLength(0);
    expect(first.mail.map((m) => m.to).flat()).toEqual(["dmca@cfown.example"]);
    for (const d of first.details) expect(d.formStep).toBeNull();

    const before = { api: cloudflare.requests.length, mail: net.smtp.received.length };
    await clock.advance(services, 7 * 24 * 3_600_000);
    await services.queue.runDue(["takedowns.recheck", "takedowns.cloudflare-report"]);
    await clock.advance(services, 6 * 60_000);
    await services.queue.runDue(["takedowns.send-notice"]);
    const api = cloudflare.requests.slice(before.api);
    expect(api.map((r) => r.body?.urls).sort()).toEqual(["http://cfown.example/a", "http://cfown.example/b"]);
    // One notice per party for both links: the host its images come from (outside Cloudflare), and the registrar.
    const escalated = net.smtp.received.slice(before.mail);
    expect(escalated.map((m) => m.to).flat().sort()).toEqual(["abuse@mediahost.example", "abuse@registrar.example"]);
    expect(escalated.find((m) => m.to.includes("abuse@mediahost.example"))!.text).toContain(
      "media.cfown.example (a host of the same domain that the leak page loads its media or links from) resolved to 5.39.10.40",
    );
    for (const t of first.details) {
      const d = await (await ava.get(`/v1/takedowns/${t.id}`)).json();
      expect(d.status).toBe("escalated");
      expect(d.recipient).toMatchObject({ kind: "registrar" });
      expect(d.formStep).toMatchObject({ via: "api", status: "submitted", answer: "HTTP 200: success" });
    }
  });
});
