import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

describe("identities", () => {
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;

  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
  });
  afterAll(async () => {
    await services?.close();
  });

  const identities = async (client: TestClient) => (await client.get("/v1/identities")).json();

  it("gives each creator a code and the snippet that carries it", async () => {
    const body = await identities(ava);
    expect(body.verificationCode).toMatch(/^[a-z0-9]{10}$/);
    expect(body.snippet).toBe(`All content is under copyright. Enforced by localhost:3000/v/${body.verificationCode}`);
    expect(body.stageNames).toEqual([]);
    const other = await identities(bea);
    expect(other.verificationCode).not.toBe(body.verificationCode);
  });

  it("saves the spec's update-profile-all payload, replacing, and update-profile, merging", async () => {
    const all = await ava.post("/v1/root/update-profile-all", {
      platforms: { onlyfans: "luna_rivers", "reddit (u/username)": "u/LunaRivers" },
      specific: "  My latest content ",
      nicknames: ["Luna R"],
      allowlist: ["https://www.LunaPromo.com/links"],
    });
    expect(all.status).toBe(200);
    const saved = await all.json();
    expect(saved.stageNames.map((s: { platform: string; username: string }) => `${s.platform}:${s.username}`)).toEqual([
      "OnlyFans:luna_rivers",
      "Reddit (u/username):LunaRivers",
    ]);
    expect(saved.stageNames[0].profileUrl).toBe("https://onlyfans.com/luna_rivers");
    expect(saved.specific).toBe("My latest content");
    expect(saved.nicknames.map((n: { value: string }) => n.value)).toEqual(["Luna R"]);
    expect(saved.allowlist.map((d: { domain: string }) => d.domain)).toEqual(["lunapromo.com"]);

    const merged = await (await ava.post("/v1/root/update-profile", { nicknames: ["Lulu", "luna r"], stageNames: [{ platform: "OnlyFans", username: "luna_backup" }] })).json();
    expect(merged.nicknames.map((n: { value: string }) => n.value)).toEqual(["Luna R", "Lulu"]);
    expect(merged.stageNames).toHaveLength(3);

    const replaced = await (await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: ["lunapromo.com"], specific: "" })).json();
    expect(replaced.stageNames.map((s: { username: string }) => s.username)).toEqual(["luna_rivers"]);
    expect(replaced.nicknames).toEqual([]);
  });

  it("refuses bad input with the error body and saves nothing of it", async () => {
    const before = await identities(ava);
    const cases: [unknown, string][] = [
      [{ platforms: { myspace: "luna" } }, "platforms.myspace.platform"],
      [{ stageNames: [{ platform: "OnlyFans", username: "" }] }, "stageNames.0.username"],
      [{ stageNames: [{ platform: "Instagram", username: "x".repeat(31) }] }, "stageNames.0.username"],
      [{ stageNames: [{ platform: "Instagram", username: "luna rivers!" }] }, "stageNames.0.username"],
      [{ stageNames: [{ platform: "Reddit (u/username)", username: "ab" }] }, "stageNames.0.username"],
      [{ allowlist: ["192.168.1.10"] }, "allowlist.0"],
      [{ allowlist: ["localhost"] }, "allowlist.0"],
      [{ allowlist: ["not a domain"] }, "allowlist.0"],
      [{ nicknames: ["   "] }, "nicknames.0"],
    ];
    for (const [body, field] of cases) {
      // A valid entry beside the bad one must not be saved either.
      const res = await ava.post("/v1/root/update-profile", { ...(body as object), nicknames: [...((body as { nicknames?: string[] }).nicknames ?? []), "Valid Nick"] });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()).error;
      expect(error.code).toBe("VALIDATION");
      expect(Object.keys(error.fields)).toContain(field);
    }
    const malformed = await ava.request("/v1/root/update-profile", { method: "POST", body: "{oops", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("VALIDATION");
    const unknownField = await ava.post("/v1/root/update-profile", { platform: "x" });
    expect(unknownField.status).toBe(400);
    expect(await identities(ava)).toEqual(before);
  });

  it("normalises what creators paste: Reddit u/ and r/ forms, @handles, profile addresses, domains", async () => {
    const saved = await (
      await bea.post("/v1/root/update-profile-all", {
        platforms: { "reddit (u/username)": "u/Bea_Rose", "reddit (r/subreddit)": "r/BeaRoseFans" },
        allowlist: ["https://www.Example.com/path", "HTTP://Promo.Example.org:8080/?x=1", "www.bea-links.net/"],
      })
    ).json();
    expect(saved.error).toBeUndefined();
    expect(saved.stageNames.map((s: { platform: string; username: string }) => `${s.platform}:${s.username}`)).toEqual([
      "Reddit (u/username):Bea_Rose",
      "Reddit (r/subreddit):BeaRoseFans",
    ]);
    expect(saved.allowlist.map((d: { domain: string }) => d.domain)).toEqual(["example.com", "promo.example.org", "bea-links.net"]);
    const pasted = await (await bea.post("/v1/identities/stage-names", { platform: "reddit", username: "https://www.reddit.com/user/Bea_Alt/" })).json();
    expect(pasted.stageNames.map((s: { username: string }) => s.username)).toContain("Bea_Alt");
    const handles = await (await bea.post("/v1/root/update-profile-all", { stageNames: [{ platform: "Instagram", username: "@bea.rose" }, { platform: "TikTok", username: "https://www.tiktok.com/@bea.rose" }] })).json();
    expect(handles.stageNames.map((s: { username: string }) => s.username)).toEqual(["bea.rose", "bea.rose"]);
    await bea.post("/v1/root/update-profile-all", { platforms: {}, nicknames: [], allowlist: [], specific: "" });
  });

  it("refuses on every endpoint what a platform or the allow list cannot take, and saves nothing", async () => {
    const before = await identities(bea);
    const badStageNames: [unknown, unknown][] = [
      ["myspace", "luna"],
      ["", "luna"],
      [99, "luna"],
      ["OnlyFans", "   "],
      ["OnlyFans", "luna rivers"],
      ["OnlyFans", "x".repeat(51)],
      ["TikTok", "a"],
      ["Snapchat", "1luna"],
      ["Reddit (u/username)", "r/LunaFans"],
      ["Reddit (r/subreddit)", "u/luna"],
      ["Reddit (r/subreddit)", "_luna"],
      ["{host}", "127.0.0.1"],
      ["{host}", "localhost"],
      ["OnlyFans", 42],
    ];
    for (const [platform, username] of badStageNames) {
      const label = JSON.stringify([platform, username]);
      const viaResource = await bea.post("/v1/identities/stage-names", { platform, username });
      expect(viaResource.status, label).toBe(400);
      expect((await viaResource.json()).error.code, label).toBe("VALIDATION");
      const viaList = await bea.post("/v1/root/update-profile", { stageNames: [{ platform: "OnlyFans", username: "fine_one" }, { platform, username }], nicknames: ["Fine"] });
      expect(viaList.status, label).toBe(400);
      expect((await viaList.json()).error.fields, label).toBeTruthy();
    }
    for (const domain of ["127.0.0.1", "http://10.0.0.1/admin", "[::1]", "https://[2001:db8::1]/", "localhost", "shop.localhost", "intranet", "", "   ", "exa mple.com", "http://", "-bad-.com", "x".repeat(64) + ".com"]) {
      const viaResource = await bea.post("/v1/identities/domains", { domain });
      expect(viaResource.status, domain).toBe(400);
      expect((await viaResource.json()).error.code, domain).toBe("VALIDATION");
      const viaAll = await bea.post("/v1/root/update-profile-all", { allowlist: ["fine.example.com", domain], nicknames: ["Fine"] });
      expect(viaAll.status, domain).toBe(400);
    }
    for (const value of ["", "   ", "x".repeat(65)]) {
      expect((await bea.post("/v1/identities/nicknames", { value })).status, value).toBe(400);
    }
    expect((await bea.request("/v1/identities/specific", { method: "PUT", json: { specific: "x".repeat(501) } })).status).toBe(400);
    expect((await bea.post("/v1/root/update-profile", { specific: "x".repeat(501), nicknames: ["Fine"] })).status).toBe(400);
    expect((await bea.post("/v1/root/update-profile", { platforms: ["OnlyFans"] })).status).toBe(400);
    expect((await bea.post("/v1/root/update-profile", { nicknames: "Fine" })).status).toBe(400);
    expect((await bea.request("/v1/identities/stage-names", { method: "POST", body: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(await identities(bea)).toEqual(before);
  });

  it("treats a duplicate in a profile update the same way everywhere: saved once, no error", async () => {
    await bea.post("/v1/root/update-profile-all", { platforms: {}, nicknames: [], allowlist: [] });
    const once = await bea.post("/v1/root/update-profile", {
      platforms: { onlyfans: "bea_rose" },
      stageNames: [{ platform: "OnlyFans", username: "BEA_ROSE" }, { platform: 1, username: "@bea_rose" }],
      nicknames: ["Bea", "bea", " Bea "],
      allowlist: ["bea.example.com", "https://www.bea.example.com/", "BEA.example.com"],
    });
    expect(once.status).toBe(200);
    const body = await once.json();
    expect(body.stageNames).toHaveLength(1);
    expect(body.nicknames).toHaveLength(1);
    expect(body.allowlist).toHaveLength(1);
    const merged = await (await bea.post("/v1/root/update-profile", { nicknames: ["BEA"], allowlist: ["bea.example.com"] })).json();
    expect(merged.nicknames).toHaveLength(1);
    expect(merged.allowlist).toHaveLength(1);
    await bea.post("/v1/root/update-profile-all", { platforms: {}, nicknames: [], allowlist: [] });
  });

  it("says so, by the field, when she adds by hand a stage name or an allow-listed domain she already has", async () => {
    await bea.post("/v1/root/update-profile-all", { platforms: { onlyfans: "bea_rose" }, nicknames: [], allowlist: ["bea.example.com"] });
    // The same stage name, written another way (case, a pasted profile link): one entry, and a sentence by the username field.
    for (const username of ["Bea_Rose", "https://onlyfans.com/bea_rose"]) {
      const again = await bea.post("/v1/identities/stage-names", { platform: "onlyfans", username });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        error: { code: "CONFLICT", message: "You have already added bea_rose on OnlyFans.", fields: { username: "You have already added bea_rose on OnlyFans." } },
      });
    }
    // The same name on another platform is another stage name.
    expect((await bea.post("/v1/identities/stage-names", { platform: "fansly", username: "bea_rose" })).status).toBe(201);
    const domainAgain = await bea.post("/v1/identities/domains", { domain: "http://www.BEA.example.com/links" });
    expect(domainAgain.status).toBe(409);
    expect(await domainAgain.json()).toEqual({
      error: { code: "CONFLICT", message: "bea.example.com is already on your allow list.", fields: { domain: "bea.example.com is already on your allow list." } },
    });
    const after = await identities(bea);
    expect(after.stageNames.map((s: { platformId: number; username: string }) => s.username)).toEqual(["bea_rose", "bea_rose"]);
    expect(after.allowlist).toHaveLength(1);
    await bea.post("/v1/root/update-profile-all", { platforms: {}, nicknames: [], allowlist: [] });
  });

  it("caps nicknames and allow-listed domains too, refusing the whole update", async () => {
    await bea.post("/v1/root/update-profile-all", { platforms: {}, nicknames: [], allowlist: [] });
    const tooManyNicks = await bea.post("/v1/root/update-profile-all", { nicknames: ["A1", "A2", "A3", "A4"], allowlist: ["fine.example.com"] });
    expect(tooManyNicks.status).toBe(403);
    expect((await tooManyNicks.json()).error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { resource: "nicknames", limit: 3 } });
    const domains = Array.from({ length: 101 }, (_, i) => `site${i}.example.com`);
    const tooManyDomains = await bea.post("/v1/root/update-profile-all", { allowlist: domains, nicknames: ["Fine"] });
    expect(tooManyDomains.status).toBe(403);
    expect((await tooManyDomains.json()).error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { resource: "allowlist", limit: 100 } });
    const after = await identities(bea);
    expect(after.nicknames).toEqual([]);
    expect(after.allowlist).toEqual([]);
  });

  it("adds and removes entries through the resource endpoints; a nickname added again says she has it already", async () => {
    const first = await ava.post("/v1/identities/nicknames", { value: "Moonie" });
    expect(first.status).toBe(201);
    const again = await ava.post("/v1/identities/nicknames", { value: " moonie " });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: "CONFLICT", message: "You have already added the nickname Moonie.", fields: { value: "You have already added the nickname Moonie." } },
    });
    const list = (await (await ava.get("/v1/identities")).json()).nicknames;
    expect(list.filter((n: { value: string }) => n.value.toLowerCase() === "moonie")).toHaveLength(1);

    const domain = await ava.post("/v1/identities/domains", { domain: "HTTPS://www.Example.com/path?x=1" });
    expect(domain.status).toBe(201);
    const added = (await domain.json()).allowlist.find((d: { domain: string }) => d.domain === "example.com");
    expect(added).toBeTruthy();

    const removed = await ava.request(`/v1/identities/domains/${added.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await removed.json()).allowlist.some((d: { domain: string }) => d.domain === "example.com")).toBe(false);
    const missing = await ava.request(`/v1/identities/domains/${added.id}`, { method: "DELETE" });
    expect(missing.status).toBe(404);

    const specific = await ava.request("/v1/identities/specific", { method: "PUT", json: { specific: "beach set" } });
    expect((await specific.json()).specific).toBe("beach set");
  });

  it("caps stage names at the plan's limit with QUOTA_EXCEEDED and saves nothing beyond it", async () => {
    await ava.post("/v1/root/update-profile-all", { platforms: {}, stageNames: [] });
    const three = await ava.post("/v1/root/update-profile", { stageNames: [1, 2, 3].map((i) => ({ platform: "Fansly", username: `luna${i}` })) });
    expect(three.status).toBe(200);
    const fourth = await ava.post("/v1/identities/stage-names", { platform: "Fansly", username: "luna4" });
    expect(fourth.status).toBe(403);
    const error = (await fourth.json()).error;
    expect(error).toMatchObject({ code: "QUOTA_EXCEEDED", message: "Your plan covers 3 stage names.", details: { resource: "stageNames", limit: 3, use: 3 } });
    expect((await identities(ava)).stageNames).toHaveLength(3);
  });

  it("keeps one creator's identities from another: reading, changing and deleting", async () => {
    const avaIds = await identities(ava);
    const target = avaIds.stageNames[0];
    expect(target).toBeTruthy();
    const beaView = await identities(bea);
    expect(JSON.stringify(beaView)).not.toContain(target.username);

    for (const kind of ["stage-names", "nicknames", "domains"]) {
      const id = kind === "stage-names" ? target.id : kind === "nicknames" ? avaIds.nicknames[0]?.id : avaIds.allowlist[0]?.id;
      if (!id) continue;
      const res = await bea.request(`/v1/identities/${kind}/${id}`, { method: "DELETE" });
      expect(res.status, kind).toBe(404);
    }
    // Every endpoint bea can call, with ava's entries named wherever an endpoint takes one.
    const beaCalls: [string, string, unknown][] = [
      ["POST", "/v1/root/update-profile-all", { platforms: { onlyfans: "bea_only" }, nicknames: [], allowlist: [], specific: "" }],
      ["POST", "/v1/root/update-profile", { stageNames: [{ platform: target.platform, username: target.username }], nicknames: ["Bea N"], specific: "bea text" }],
      ["POST", "/v1/identities/stage-names", { platform: "Fansly", username: "bea_fansly" }],
      ["POST", "/v1/identities/nicknames", { value: "Bea Two" }],
      ["POST", "/v1/identities/domains", { domain: "bea.example.org" }],
      ["PUT", "/v1/identities/specific", { specific: "bea only" }],
      ["POST", "/v1/identities/onboarding-complete", {}],
      ["GET", "/v1/root/get-bio", undefined],
    ];
    for (const [method, p, json] of beaCalls) {
      const res = await bea.request(p, { method, ...(json !== undefined ? { json } : {}) });
      expect(res.status, `${method} ${p}`).toBeLessThan(300);
      const text = await res.text();
      for (const secret of [avaIds.verificationCode, ...avaIds.nicknames.map((n: { value: string }) => n.value), ...avaIds.allowlist.map((d: { domain: string }) => d.domain)]) {
        expect(text, `${method} ${p}`).not.toContain(secret);
      }
    }
    const after = await identities(ava);
    expect(after).toEqual(avaIds);
    // Her stage name in bea's list is bea's own entry, not a link to ava's.
    const beaAfter = await identities(bea);
    expect(beaAfter.stageNames.find((s: { username: string }) => s.username === target.username)?.id).not.toBe(target.id);

    const anonymous = await services.app.request("http://localhost:3000/v1/identities");
    expect(anonymous.status).toBe(401);
    for (const [method, p] of [
      ["POST", "/v1/root/update-profile"],
      ["POST", "/v1/root/update-profile-all"],
      ["GET", "/v1/root/get-bio"],
      ["POST", "/v1/identities/stage-names"],
      ["POST", "/v1/identities/nicknames"],
      ["POST", "/v1/identities/domains"],
      ["PUT", "/v1/identities/specific"],
      ["POST", "/v1/identities/onboarding-complete"],
      ["DELETE", `/v1/identities/stage-names/${target.id}`],
    ]) {
      const res = await services.app.request(`http://localhost:3000${p}`, { method, ...(method === "GET" ? {} : { body: "{}", headers: { "content-type": "application/json" } }) });
      expect(res.status, p).toBe(401);
      expect((await res.json()).error.code, p).toBe("UNAUTHENTICATED");
    }
    expect(await identities(ava)).toEqual(avaIds);
  });

  it("shows a code's public page with verified profiles only and nothing private", async () => {
    const { verificationCode } = await identities(ava);
    const res = await services.app.request(`http://localhost:3000/v1/public/codes/${verificationCode}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.verifiedProfiles).toEqual([]);
    expect(JSON.stringify(body)).not.toContain("ava@example.com");
    expect((await services.app.request("http://localhost:3000/v1/public/codes/unknown123")).status).toBe(404);
  });
});
