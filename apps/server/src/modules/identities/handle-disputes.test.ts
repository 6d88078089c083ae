import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startForwardProxy, type ForwardProxy } from "@leakwarden/test-support/fake-web/forward-proxy";
import { html, json, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, readOutbox, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { verifyStageName } from "@leakwarden/test-support/takedown-creator";
import { runOpsCommand } from "../operations/ops-command";

/**
 * One handle, one owner: a second account proves a Reddit handle that Ava proved first (its bio
 * carries both accounts' snippets). Ava is emailed at once, notices citing the handle are held
 * for both with the reason on both identity pages, and an operator resolves it with
 * `npm run ops -- disputes`.
 */
describe("a handle proved by two accounts", () => {
  let web: VirtualHostServer;
  let proxy: ForwardProxy;
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;
  let clock = new Date("2026-03-01T10:00:00Z");
  let bio = "";
  const leakIds: Record<string, string> = {};

  const capture = () => {
    const stream = new PassThrough();
    let text = "";
    stream.on("data", (d: Buffer) => (text += d.toString()));
    return { stream, text: () => text };
  };
  const ops = async (args: string[]) => {
    const out = capture();
    const err = capture();
    const code = await runOpsCommand(args, services.operations, { stdout: out.stream, stderr: err.stream }, services.identities.disputes);
    return { code, out: out.text(), err: err.text() };
  };
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
  const userIdOf = async (client: TestClient) => (await (await client.get("/api/auth/get-session")).json()).user.id as string;
  const snippetOf = async (client: TestClient) => ((await (await client.get("/v1/identities")).json()) as { snippet: string }).snippet;
  const disputeMails = () => readOutbox(services.dataDir).filter((m) => m.subject === "Another account proved luna_shared on Reddit (u/username)");
  const authorize = (client: TestClient, name: string) => client.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: name, signature: name, agree: true } });

  beforeAll(async () => {
    web = await startVirtualHostServer({
      // Reddit compares usernames whatever their case.
      "reddit.test": {
        "*": (req, res, url) =>
          url.pathname.toLowerCase() === "/user/luna_shared/about.json"
            ? json({ kind: "t2", data: { name: "luna_shared", subreddit: { title: "luna_shared", public_description: bio } } })(req, res, url)
            : html("<h1>Not found</h1>", 404)(req, res, url),
      },
    });
    proxy = await startForwardProxy((host) => (host === "reddit.test" ? { host: "127.0.0.1", port: web.port } : null));
    services = await createTestServices(
      { SCAN_PROXY_URL: proxy.url, REDDIT_URL: "http://reddit.test", VERIFY_MIN_INTERVAL_SECONDS: "1" },
      { now: () => clock, serviceOptions: { tierFor: async () => "premium" } },
    );
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    // Ava: the shared Reddit handle and her own OnlyFans profile (verified apart).
    const saved = await ava.post("/v1/root/update-profile-all", {
      stageNames: [
        { platform: "reddit", username: "luna_shared" },
        { platform: "onlyfans", username: "ava_rose" },
      ],
      nicknames: [],
      allowlist: [],
      specific: "",
    });
    const avaRose = ((await saved.json()) as { stageNames: { id: string; username: string }[] }).stageNames.find((s) => s.username === "ava_rose")!;
    await verifyStageName(services, avaRose.id);
    bio = `Sets every week. ${await snippetOf(ava)}`;
    expect((await (await ava.get("/v1/root/get-bio")).json()).stageNames.find((s: { username: string }) => s.username === "luna_shared").status).toBe("verified");
    expect((await authorize(ava, "Ava Stone")).status).toBe(200);
    const leak = (url: string, name: string) => ({ url, seenAt: new Date(), title: `${name} leaked`, confidence: "high" as const, evidence: { matchedNames: [name] } });
    const [avaShared, avaOwn] = await seedLeaks(services.database.db, await userIdOf(ava), [leak("http://leaks.example/ava-shared", "luna_shared"), leak("http://leaks.example/ava-own", "ava_rose")]);
    const [beaShared] = await seedLeaks(services.database.db, await userIdOf(bea), [leak("http://leaks.example/bea-shared", "luna_shared")]);
    Object.assign(leakIds, { avaShared, avaOwn, beaShared });
  });

  afterAll(async () => {
    await services?.close();
    await proxy?.close();
    await web?.close();
  });

  it("emails the first owner at once when a second account proves the handle", async () => {
    expect((await bea.post("/v1/root/update-profile-all", { platforms: { reddit: "LUNA_SHARED" }, nicknames: [], allowlist: [], specific: "" })).status).toBe(200);
    bio = `${bio} ${await snippetOf(bea)}`;
    clock = new Date(clock.getTime() + 60_000);
    const proved = await (await bea.get("/v1/root/get-bio")).json();
    expect(proved.isverified).toBe(true);
    await services.queue.runDue(["email.send"]);
    const mails = disputeMails();
    expect(mails.map((m) => m.to)).toEqual(["ava@example.com"]);
    expect(mails[0]!.text).toContain("Another Leakwarden account has just proved that it owns luna_shared on Reddit (u/username) (https://www.reddit.com/user/luna_shared/), which you proved before.");
    expect(mails[0]!.text).toContain("takedown notices that cite it are held for both accounts");
    // Proving it again opens nothing new and writes to nobody again.
    clock = new Date(clock.getTime() + 60_000);
    await bea.get("/v1/root/get-bio");
    await services.queue.runDue(["email.send"]);
    expect(disputeMails()).toHaveLength(1);
  });

  it("shows both creators why, and holds the notices citing the handle for both", async () => {
    // Each reads the handle as she wrote it.
    const reason = (handle: string) =>
      `Another account has also proved that it owns ${handle} on Reddit (u/username). Takedown notices that cite it are held for both accounts until our team confirms who owns it; we will write to you.`;
    for (const [client, handle] of [
      [ava, "luna_shared"],
      [bea, "LUNA_SHARED"],
    ] as const) {
      const shared = ((await (await client.get("/v1/identities")).json()) as { stageNames: { username: string; dispute: { reason: string } | null }[] }).stageNames.find(
        (s) => s.username.toLowerCase() === "luna_shared",
      );
      expect(shared?.dispute?.reason).toBe(reason(handle));
    }
    // Ava: the link named by the disputed handle waits; her own profile's link goes.
    const held = await ava.post("/v1/takedowns", { leakIds: [leakIds.avaShared] });
    expect(held.status).toBe(403);
    const error = await errorOf(held);
    expect(error.message).toBe("Another account has also proved luna_shared on Reddit (u/username): takedowns for this link are held until our team confirms who owns it.");
    expect(error.details).toMatchObject({ findings: [{ leakId: leakIds.avaShared, code: "disputed_handle", prove: [{ platform: "Reddit (u/username)", username: "luna_shared" }] }] });
    expect((await (await ava.get(`/v1/takedowns/latest?leakIds=${leakIds.avaShared}`)).json()).held[0].code).toBe("disputed_handle");
    expect((await ava.post("/v1/takedowns", { leakIds: [leakIds.avaOwn] })).status).toBe(202);
    // Bea: the disputed handle is all she proved.
    expect((await authorize(bea, "Bea Rose")).status).toBe(200);
    const beaHeld = await bea.post("/v1/takedowns", { leakIds: [leakIds.beaShared] });
    expect(beaHeld.status).toBe(403);
    expect(await errorOf(beaHeld)).toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("Another account has also proved LUNA_SHARED on Reddit (u/username)"), details: { missing: "dispute" } });
  });

  it("lets an operator list the dispute and resolve it for one account; the other's proof is withdrawn", async () => {
    const listed = await ops(["disputes"]);
    expect(listed.code).toBe(0);
    const id = /^(\S+) {2}luna_shared on Reddit \(u\/username\) {2}opened \S+ {2}open: notices citing it are held$/m.exec(listed.out)?.[1];
    expect(id).toBeDefined();
    expect(listed.out).toContain("<ava@example.com>");
    expect(listed.out).toContain("<bea@example.com>");
    expect(JSON.parse((await ops(["disputes", "--json"])).out)).toHaveLength(1);

    expect(await ops(["disputes", "resolve", "00000000-0000-4000-8000-000000000000", "--owner", "ava@example.com"])).toMatchObject({ code: 1, err: "No such dispute.\n" });
    expect(await ops(["disputes", "resolve", id!, "--owner", "cleo@example.com"])).toMatchObject({ code: 1, err: "Choose one of the accounts that proved this handle.\n" });
    expect((await ops(["disputes", "resolve", id!])).code).toBe(2);
    const resolved = await ops(["disputes", "resolve", id!, "--owner", "ava@example.com", "--note", "Ava showed the account's settings page."]);
    expect(resolved.code).toBe(0);
    expect(resolved.out).toContain("Proofs withdrawn from 1 other account");
    expect((await ops(["disputes"])).out).toBe("No handle is proved by more than one account.\n");
    expect((await ops(["disputes", "--all"])).out).toContain("note: Ava showed the account's settings page.");

    // Ava's notices go on; Bea reads why her proof was withdrawn, and proving it again does not take.
    expect((await ava.post("/v1/takedowns", { leakIds: [leakIds.avaShared] })).status).toBe(202);
    const beaIds = ((await (await bea.get("/v1/identities")).json()) as { stageNames: { verifiedAt: string | null; dispute: unknown; lastCheck: { reason: string } }[] }).stageNames[0]!;
    expect(beaIds).toMatchObject({ verifiedAt: null, dispute: null, lastCheck: { reason: expect.stringContaining("another account owns this handle") } });
    clock = new Date(clock.getTime() + 60_000);
    expect((await (await bea.get("/v1/root/get-bio")).json()).isverified).toBe(false);
    expect((await errorOf(await bea.post("/v1/takedowns", { leakIds: [leakIds.beaShared] }))).details).toEqual({ missing: "ownership" });
    await services.queue.runDue(["email.send"]);
    expect(disputeMails()).toHaveLength(1);
  });
});
