import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "../../testing/test-services";

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

  it("adds and removes entries through the resource endpoints, idempotently", async () => {
    const first = await ava.post("/v1/identities/nicknames", { value: "Moonie" });
    expect(first.status).toBe(201);
    const again = await ava.post("/v1/identities/nicknames", { value: "moonie" });
    expect(again.status).toBe(200);
    const list = (await again.json()).nicknames;
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
    await bea.post("/v1/root/update-profile-all", { platforms: { onlyfans: "bea_only" }, nicknames: [], allowlist: [] });
    const after = await identities(ava);
    expect(after).toEqual(avaIds);

    const anonymous = await services.app.request("http://localhost:3000/v1/identities");
    expect(anonymous.status).toBe(401);
    for (const p of ["/v1/root/update-profile", "/v1/root/update-profile-all", "/v1/identities/stage-names"]) {
      const res = await services.app.request(`http://localhost:3000${p}`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
      expect(res.status, p).toBe(401);
    }
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
