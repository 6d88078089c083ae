import type http from "node:http";
import type { Platform } from "@leakwarden/contracts/platforms";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetcher, FetchError, type FetchResult } from "../../scanner/guarded-fetch";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { startForwardProxy, type ForwardProxy } from "@leakwarden/test-support/fake-web/forward-proxy";
import { html, json, neverAnswers, redirect, startVirtualHostServer, type SiteHandler, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { checkStageName } from "./ownership-check";

// Ownership proof against fake platform pages on 127.0.0.1: Reddit's public about.json (the
// platform whose address a deployment sets, REDDIT_URL) through a forward proxy, as an operator
// would run it, and directly with the private-network setting.

const METADATA = "169.254.169.254";
const FIFTY_MB = 50 * 1024 * 1024;

/** Reddit's about.json for a user whose bio is `bio`. */
const about = (name: string, bio: string) => json({ kind: "t2", data: { name, subreddit: { title: name, public_description: bio } } });

/** A 50 MB about.json, streamed; the snippet is at its very end. Records how much was sent. */
function hugeAbout(bio: string, sent: { bytes: number; finished: boolean }): SiteHandler {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const head = Buffer.from(`{"kind":"t2","data":{"subreddit":{"public_description":"`);
    const tail = Buffer.from(`${bio}"}}}`);
    const filler = Buffer.alloc(64 * 1024, "a");
    res.writeHead(200, { "content-type": "application/json", "content-length": String(head.length + FIFTY_MB + tail.length) });
    let open = true;
    res.on("close", () => (open = false));
    req.on("close", () => (open = false));
    res.write(head);
    let left = FIFTY_MB;
    const pump = () => {
      while (open && left > 0) {
        const chunk = left >= filler.length ? filler : filler.subarray(0, left);
        left -= chunk.length;
        sent.bytes += chunk.length;
        if (!res.write(chunk)) {
          res.once("drain", pump);
          return;
        }
      }
      if (open && left === 0) {
        sent.finished = true;
        res.end(tail);
      }
    };
    pump();
  };
}

async function setBioAndVerify(client: TestClient, username: string) {
  const saved = await client.post("/v1/root/update-profile-all", { platforms: { reddit: username }, nicknames: [], allowlist: [], specific: "" });
  expect(saved.status).toBe(200);
  const res = await client.get("/v1/root/get-bio");
  expect(res.status).toBe(200);
  return res.json();
}

describe("ownership proof through a forward proxy", () => {
  let web: VirtualHostServer;
  let proxy: ForwardProxy;
  let services: TestServices;
  let clock = new Date("2025-03-01T10:00:00Z");
  const bios = new Map<string, string>();
  const huge = { bytes: 0, finished: false };

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "reddit.test": {
        "*": (req, res, url) => {
          const name = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname)?.[1];
          const bio = name ? bios.get(name) : undefined;
          if (bio === undefined) return html("<h1>Not found</h1>", 404)(req, res, url);
          return about(name!, bio)(req, res, url);
        },
        "/user/luna_slow/about.json": neverAnswers,
        "/user/luna_huge/about.json": (req, res, url) => hugeAbout(bios.get("luna_huge") ?? "", huge)(req, res, url),
        "/user/luna_moved/about.json": redirect(`http://${METADATA}/latest/meta-data/iam/security-credentials/`),
        "/user/luna_hop/about.json": redirect("http://metadata.google.internal/computeMetadata/v1/"),
      },
    });
    // The proxy reaches the fake Reddit and nothing else.
    proxy = await startForwardProxy((host) => (host === "reddit.test" ? { host: "127.0.0.1", port: web.port } : null));
    services = await createTestServices(
      { SCAN_PROXY_URL: proxy.url, REDDIT_URL: "http://reddit.test", SCAN_FETCH_TIMEOUT_MS: "1500", VERIFY_MIN_INTERVAL_SECONDS: "60" },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await services?.close();
    await proxy?.close();
    await web?.close();
  });

  it("verifies a stage name whose public bio carries the creator's snippet", async () => {
    const luna = await signUpAndConfirm(services, "present@example.com");
    const { snippet, verificationCode } = await (await luna.get("/v1/identities")).json();
    bios.set("luna_present", `Sets every week. ${snippet}`);

    const bio = await setBioAndVerify(luna, "luna_present");
    expect(bio).toEqual({
      isverified: true,
      stageNames: [{ platform: "Reddit (u/username)", username: "luna_present", verifiedAt: clock.toISOString(), status: "verified", reason: expect.any(String) }],
    });
    expect(proxy.records).toContainEqual(expect.objectContaining({ method: "GET", host: "reddit.test", path: "/user/luna_present/about.json?raw_json=1" }));
    // Her code is what was looked for: another creator's snippet on the same bio proves nothing.
    expect(verificationCode).toMatch(/^[a-z0-9]{10}$/);
  });

  it("does not verify a bio without her code, even one carrying another creator's snippet", async () => {
    const other = await signUpAndConfirm(services, "other@example.com");
    const { snippet: otherSnippet } = await (await other.get("/v1/identities")).json();
    bios.set("luna_absent", `Sets every week. ${otherSnippet}`);
    const luna = await signUpAndConfirm(services, "absent@example.com");

    const bio = await setBioAndVerify(luna, "luna_absent");
    expect(bio.isverified).toBe(false);
    expect(bio.stageNames).toEqual([
      { platform: "Reddit (u/username)", username: "luna_absent", verifiedAt: null, status: "snippet-missing", reason: expect.stringMatching(/snippet was not found/) },
    ]);
  });

  it("says the profile was not found when the platform answers 404", async () => {
    const luna = await signUpAndConfirm(services, "gone@example.com");
    const bio = await setBioAndVerify(luna, "luna_gone");
    expect(bio.isverified).toBe(false);
    expect(bio.stageNames[0]).toMatchObject({ verifiedAt: null, status: "not-found", reason: expect.stringMatching(/Profile not found/) });
  });

  it("gives up on a profile that never answers and says the site could not be reached in time", async () => {
    const luna = await signUpAndConfirm(services, "slow@example.com");
    const started = Date.now();
    const bio = await setBioAndVerify(luna, "luna_slow");
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(bio.isverified).toBe(false);
    expect(bio.stageNames[0]).toMatchObject({ verifiedAt: null, status: "unreachable", reason: expect.stringMatching(/did not answer in time/) });
  });

  it("stops reading a 50 MB profile page at the byte limit and says it is too large, not that the snippet is missing", async () => {
    const luna = await signUpAndConfirm(services, "huge@example.com");
    const { snippet } = await (await luna.get("/v1/identities")).json();
    bios.set("luna_huge", snippet);
    const bio = await setBioAndVerify(luna, "luna_huge");
    expect(bio.isverified).toBe(false);
    expect(bio.stageNames[0]).toMatchObject({ verifiedAt: null, status: "unreachable", reason: expect.stringMatching(/larger than we read/) });
    // The connection was dropped long before the end: the snippet at the end was never read.
    expect(huge.finished).toBe(false);
    expect(huge.bytes).toBeLessThan(FIFTY_MB / 2);
  });

  it("refuses a redirect to the cloud metadata address, by number or by name, and never asks for it", async () => {
    for (const [email, username] of [
      ["moved@example.com", "luna_moved"],
      ["hop@example.com", "luna_hop"],
    ] as const) {
      const luna = await signUpAndConfirm(services, email);
      const bio = await setBioAndVerify(luna, username);
      expect(bio.isverified, username).toBe(false);
      expect(bio.stageNames[0], username).toMatchObject({ verifiedAt: null, status: "unreachable", reason: expect.stringMatching(/address we never contact/) });
    }
    expect(proxy.records.filter((r) => r.host !== "reddit.test")).toEqual([]);
    expect(web.served.filter((s) => !s.startsWith("reddit.test "))).toEqual([]);
  });

  it("checks a creator's profiles at most once a minute", async () => {
    const luna = await signUpAndConfirm(services, "often@example.com");
    const { snippet } = await (await luna.get("/v1/identities")).json();
    const asked = () => proxy.records.filter((r) => r.path.startsWith("/user/luna_later/")).length;

    expect((await luna.post("/v1/root/update-profile-all", { platforms: { reddit: "luna_later" } })).status).toBe(200);
    // Two clicks at once: one check.
    const [first, twin] = await Promise.all([luna.get("/v1/root/get-bio").then((r) => r.json()), luna.get("/v1/root/get-bio").then((r) => r.json())]);
    expect([first.stageNames[0].status, twin.stageNames[0].status]).toContain("not-found");
    expect(asked()).toBe(1);

    // She adds the snippet and asks again within the minute: the answer is the last one, no new fetch.
    bios.set("luna_later", snippet);
    clock = new Date(clock.getTime() + 30_000);
    const soon = await (await luna.get("/v1/root/get-bio")).json();
    expect(soon.isverified).toBe(false);
    expect(asked()).toBe(1);

    clock = new Date(clock.getTime() + 31_000);
    const later = await (await luna.get("/v1/root/get-bio")).json();
    expect(later.isverified).toBe(true);
    expect(later.stageNames[0].verifiedAt).toBe(clock.toISOString());
    expect(asked()).toBe(2);

    // A verified stage name is not fetched again.
    clock = new Date(clock.getTime() + 120_000);
    expect((await (await luna.get("/v1/root/get-bio")).json()).isverified).toBe(true);
    expect(asked()).toBe(2);
  });

  it("shows on the code's public page the verified profile and nothing private", async () => {
    const luna = await signUpAndConfirm(services, "public.luna@example.com");
    const ids = await (await luna.get("/v1/identities")).json();
    bios.set("luna_public", ids.snippet);
    await setBioAndVerify(luna, "luna_public");
    await luna.post("/v1/root/update-profile", {
      stageNames: [{ platform: "OnlyFans", username: "luna_secret_of" }],
      nicknames: ["Moonie Private"],
      allowlist: ["luna-private-promo.com"],
      specific: "beach set from March",
    });

    const res = await services.app.request(`http://localhost:3000/v1/public/codes/${ids.verificationCode}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      code: ids.verificationCode,
      verifiedProfiles: [{ platform: "Reddit (u/username)", username: "luna_public", profileUrl: "https://www.reddit.com/user/luna_public/" }],
      since: expect.any(String),
    });
    const text = JSON.stringify(body);
    for (const secret of ["public.luna@example.com", "public.luna", "luna_secret_of", "Moonie", "luna-private-promo.com", "beach set"]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe("ownership proof with the private-network setting (no proxy)", () => {
  let web: VirtualHostServer;
  let services: TestServices;
  let snippet = "";

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "127.0.0.1": {
        "/user/luna_here/about.json": (req, res, url) => about("luna_here", `Hi! ${snippet}`)(req, res, url),
        "/user/luna_moved/about.json": redirect(`http://${METADATA}/latest/meta-data/`),
      },
    });
    services = await createTestServices({ REDDIT_URL: web.origin, SCAN_ALLOW_PRIVATE_NETWORKS: "true", SCAN_FETCH_TIMEOUT_MS: "1500" });
  });
  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("verifies against a page on loopback and still refuses the metadata address", async () => {
    const luna = await signUpAndConfirm(services, "direct@example.com");
    snippet = (await (await luna.get("/v1/identities")).json()).snippet;
    expect((await setBioAndVerify(luna, "luna_here")).isverified).toBe(true);

    const moved = await signUpAndConfirm(services, "direct.moved@example.com");
    const bio = await setBioAndVerify(moved, "luna_moved");
    expect(bio.stageNames[0]).toMatchObject({ status: "unreachable", reason: expect.stringMatching(/address we never contact/) });
    expect(web.served.every((s) => s.startsWith("127.0.0.1 /user/"))).toBe(true);
  });
});

// The HTML platforms' pages (https in production, so reached here through the proxy with an
// http template): the code counts only in the bio the platform attributes to the owner (the
// page's description, the profile's JSON-LD), never in text others can post on her page.
describe("reading a profile page for the code", () => {
  let web: VirtualHostServer;
  let proxy: ForwardProxy;
  const code = "k7m2p9q4rx";
  const fansPlatform: Platform = {
    id: 1,
    name: "FansTest",
    key: "fanstest",
    aliases: [],
    hosts: ["fans.test"],
    profileUrl: "http://fans.test/{username}",
    usernamePattern: /^[a-z_]+$/,
    usernameHint: "",
    maxLength: 50,
    verification: "html",
    paid: true,
  };

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "fans.test": {
        "/in_text": html(`<!doctype html><title>Luna</title><body><p>Bio: All content is under copyright. Enforced by leakwarden.test/v/${code}</p></body>`),
        "/in_meta": html(`<!doctype html><head><meta name="description" content="Luna · Enforced by leakwarden.test/v/${code}"></head><body><div id="app"></div></body>`),
        "/in_script": html(`<!doctype html><body><script>var hidden = "${code}";</script><p>Nothing here</p></body>`),
        "/in_og": html(`<!doctype html><head><meta property="og:description" content="Enforced by leakwarden.test/v/${code}"></head><body></body>`),
        "/in_jsonld": html(
          `<!doctype html><head><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "ProfilePage", mainEntity: { "@type": "Person", name: "Luna", description: `Enforced by leakwarden.test/v/${code}` } })}</script></head><body></body>`,
        ),
        "/in_comment": html(
          `<!doctype html><head><meta name="description" content="Luna's page"><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": "ProfilePage", mainEntity: { "@type": "Person", name: "Luna", description: "Luna's page" } }, { "@type": "Comment", author: { "@type": "Person", name: "mallory", description: code }, text: `leakwarden.test/v/${code}` }] })}</script></head><body><section class="comments"><p>mallory: leakwarden.test/v/${code}</p></section></body>`,
        ),
      },
    });
    proxy = await startForwardProxy((host) => (host === "fans.test" ? { host: "127.0.0.1", port: web.port } : null));
  });
  afterAll(async () => {
    await proxy?.close();
    await web?.close();
  });

  it("finds the code in the page's description or the profile's JSON-LD, not in its other text, comments or scripts", async () => {
    const fetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: proxy.url, SCAN_FETCH_TIMEOUT_MS: "2000" }));
    const fetchPage = (url: string) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 2 * 1024 * 1024 });
    try {
      expect((await checkStageName(fansPlatform, "in_meta", code, fetchPage, "http://unused.test")).status).toBe("verified");
      expect((await checkStageName(fansPlatform, "in_og", code, fetchPage, "http://unused.test")).status).toBe("verified");
      expect((await checkStageName(fansPlatform, "in_jsonld", code, fetchPage, "http://unused.test")).status).toBe("verified");
      // Text anyone can put on her page (a comment, a post) proves nothing about who owns it.
      expect((await checkStageName(fansPlatform, "in_text", code, fetchPage, "http://unused.test")).status).toBe("snippet-missing");
      expect((await checkStageName(fansPlatform, "in_comment", code, fetchPage, "http://unused.test")).status).toBe("snippet-missing");
      expect(await checkStageName(fansPlatform, "in_script", code, fetchPage, "http://unused.test")).toEqual({ status: "snippet-missing", reason: "The snippet was not found on http://fans.test/in_script." });
    } finally {
      await fetcher.close();
    }
  });
});

describe("a profile that cannot be fetched", () => {
  const fans: Platform = { id: 3, name: "FansTest", key: "fanstest", aliases: [], hosts: [], profileUrl: "http://fans.test/{username}", usernamePattern: /^\w+$/, usernameHint: "", maxLength: 20, verification: "html", paid: false };
  const failing = (reason: FetchError["reason"]) => async (): Promise<FetchResult> => {
    throw new FetchError(reason, `${reason} failed`, "http://fans.test/luna");
  };

  it("says why in a sentence for a person, never the fetcher's reason code", async () => {
    const cases: [FetchError["reason"], RegExp][] = [
      ["connect", /^The profile site did not accept a connection \(http:\/\/fans\.test\/luna\)\.$/],
      ["dns", /^The profile site's name does not resolve \(http:\/\/fans\.test\/luna\)\.$/],
      ["protocol", /^The profile site's answer could not be read/],
      ["aborted", /^The profile site could not be reached \(http:\/\/fans\.test\/luna\)\.$/],
      ["bad-scheme", /^The profile site could not be reached \(http:\/\/fans\.test\/luna\)\.$/],
    ];
    for (const [reason, expected] of cases) {
      const result = await checkStageName(fans, "luna", "q8w3e5r7ty", failing(reason), "http://unused.test");
      expect(result.status, reason).toBe("unreachable");
      expect(result.reason, reason).toMatch(expected);
      expect(result.reason, reason).not.toContain(`: ${reason})`);
    }
  });
});

describe("reading a Reddit profile for the code", () => {
  const reddit = { id: 2, name: "RedditTest", key: "reddittest", aliases: [], hosts: [], profileUrl: "", usernamePattern: /^\w+$/, usernameHint: "", maxLength: 20, verification: "reddit-about", paid: false } as Platform;
  const code = "q8w3e5r7ty";
  const answer =
    (data: unknown) =>
    async (url: string): Promise<FetchResult> => {
      const body = Buffer.from(JSON.stringify({ kind: "t2", data }));
      return { url, finalUrl: url, status: 200, headers: {}, contentType: "application/json", body, truncated: false, fetchedAt: new Date().toISOString(), sha256: "", redirects: [], robots: null };
    };

  it("reads only the bio she writes (public_description), not the title or what else the JSON carries", async () => {
    const check = (data: unknown) => checkStageName(reddit, "luna", code, answer(data), "http://reddit.test");
    expect((await check({ subreddit: { public_description: `bio ${code}` } })).status).toBe("verified");
    expect((await check({ public_description: `bio ${code}` })).status).toBe("verified");
    expect((await check({ subreddit: { title: code, description: code, public_description: "bio" } })).status).toBe("snippet-missing");
    expect((await check({ subreddit: { public_description: { text: code } } })).status).toBe("snippet-missing");
  });
});
