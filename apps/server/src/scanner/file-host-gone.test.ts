import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startForwardProxy, type ForwardProxy } from "@leakwarden/fake-network/forward-proxy";
import { html, json, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/fake-network/virtual-host-server";
import { checkFileHostLink, type FileHostEndpoints, type FileHostFetch } from "./file-host-gone";
import { createGuardedFetcher, type GuardedFetcher } from "./guarded-fetch";
import { parseScannerSettings } from "./scanner-settings";

// Each host's "is it gone" answer, from local fakes of its public interface on 127.0.0.1, reached
// only through the test's forward proxy (the hosts' real names never leave the machine).
const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((done) => {
    let s = "";
    req.on("data", (c: Buffer) => (s += c.toString("utf8")));
    req.on("end", () => done(s));
  });

describe("file-host gone readers", () => {
  let web: VirtualHostServer;
  let proxy: ForwardProxy;
  let fetcher: GuardedFetcher;
  let fetch: FileHostFetch;
  const endpoints: FileHostEndpoints = { pixeldrain: "http://pixeldrain.com", gofileApi: "http://api.gofile.io", megaApi: "http://g.api.mega.co.nz", scheme: "http" };
  const megaCalls: string[] = [];

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "pixeldrain.com": {
        "/api/file/Live1234/info": json({ success: true, id: "Live1234", name: "pack.zip" }),
        "/api/file/Gone1234/info": json({ success: false, value: "not_found", message: "The entity you requested could not be found" }, 404),
        "/api/list/GoneList": json({ success: false, value: "not_found" }, 404),
        // The file's own page is a JavaScript app that answers 200 whatever the file.
        "*": html("<!doctype html><title>pixeldrain</title><div id=app></div>"),
      },
      "api.gofile.io": {
        "/contents/LiveGo": json({ status: "ok", data: { id: "LiveGo", type: "folder" } }),
        "/contents/GoneGo": json({ status: "error-notFound", data: {} }),
        "/contents/AuthGo": json({ status: "error-notPremium", data: {} }),
      },
      "g.api.mega.co.nz": {
        "/cs": async (req, res, url) => {
          const body = await readBody(req);
          megaCalls.push(`${req.method} ${url.search} ${body}`);
          const [cmd] = JSON.parse(body) as [{ a: string; p?: string }];
          const handle = cmd.a === "g" ? cmd.p : url.searchParams.get("n");
          const answer = handle === "LiveMega" ? [{ s: 1048576, at: "x", g: "https://gfs.example/dl" }] : handle === "BlkdMega" ? [-16] : handle === "BusyMega" ? -3 : [-9];
          json(answer)(req, res, url);
        },
      },
      "bunkr.si": {
        "/a/LiveAl": html("<!doctype html><title>Album | Bunkr</title><h1>Album</h1><div class=grid><a href='/f/x1'>pack.mp4</a></div>"),
        // Bunkr answers a deleted file with 200 and a "not found" page.
        "/f/GoneF1": html("<!doctype html><title>Bunkr</title><h1>File not found</h1><p>This file has been removed.</p>"),
      },
      "krakenfiles.com": {
        "/view/live123456/file.html": html("<!doctype html><title>pack.zip - KrakenFiles</title><div id=app></div>"),
      },
    });
    proxy = await startForwardProxy((host) => (["pixeldrain.com", "api.gofile.io", "g.api.mega.co.nz", "bunkr.si", "krakenfiles.com"].includes(host) ? { host: "127.0.0.1", port: web.port } : null));
    fetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: proxy.url, SCAN_FETCH_TIMEOUT_MS: "3000" }));
    fetch = (url, init) => fetcher.fetch(url, { robots: false, retries: 0, ...init });
  });
  afterAll(async () => {
    await fetcher?.close();
    await proxy?.close();
    await web?.close();
  });

  const check = (url: string) => checkFileHostLink(url, fetch, endpoints);

  it("pixeldrain: gone when its file API answers 404, though the file's page answers 200", async () => {
    expect(await check("https://pixeldrain.com/u/Gone1234")).toEqual({ outcome: "removed", detail: "pixeldrain says the file does not exist" });
    expect(await check("https://pixeldrain.com/l/GoneList")).toMatchObject({ outcome: "removed" });
    expect(await check("https://pixeldrain.com/u/Live1234")).toEqual({ outcome: "present", detail: "pixeldrain still lists the file" });
  });

  it("gofile: gone on status error-notFound; an answer about access says nothing", async () => {
    expect(await check("https://gofile.io/d/GoneGo")).toEqual({ outcome: "removed", detail: "gofile says the folder does not exist" });
    expect(await check("https://gofile.io/d/LiveGo")).toMatchObject({ outcome: "present" });
    expect(await check("https://gofile.io/d/AuthGo")).toMatchObject({ outcome: "unreachable" });
  });

  it("MEGA: gone on a negative error code for the file's id (never sending a key); a try-again code says nothing", async () => {
    expect(await check("https://mega.nz/file/GoneMega#secretkey")).toEqual({ outcome: "removed", detail: "MEGA says the file does not exist" });
    expect(await check("https://mega.nz/file/BlkdMega")).toEqual({ outcome: "removed", detail: "MEGA says the file is blocked" });
    expect(await check("https://mega.nz/file/LiveMega")).toEqual({ outcome: "present", detail: "MEGA still serves the file" });
    expect(await check("https://mega.nz/file/BusyMega")).toMatchObject({ outcome: "unreachable" });
    expect(await check("https://mega.nz/folder/GoneFold")).toMatchObject({ outcome: "removed" });
    expect(megaCalls[0]).toBe(`POST ?id=0 [{"a":"g","p":"GoneMega"}]`);
    expect(megaCalls.at(-1)).toBe(`POST ?id=0&n=GoneFold [{"a":"f","c":1,"r":1}]`);
    expect(megaCalls.join("\n")).not.toContain("secretkey");
  });

  it("bunkr: gone when its page says the file is not found, though it answers 200", async () => {
    expect(await check("https://bunkr.si/f/GoneF1")).toEqual({ outcome: "removed", detail: "bunkr.si says the file is not found" });
    expect(await check("https://bunkr.si/a/LiveAl")).toMatchObject({ outcome: "present" });
    expect(await check("https://bunkr.si/v/Missing1")).toMatchObject({ outcome: "removed", detail: "bunkr.si answers HTTP 404 for the file" });
  });

  it("another file host: gone only on 404/410, never for showing no names; not a file-host link: the page check applies", async () => {
    expect(await check("https://krakenfiles.com/view/live123456/file.html")).toMatchObject({ outcome: "present" });
    expect(await check("https://krakenfiles.com/view/gone123456/file.html")).toMatchObject({ outcome: "removed" });
    expect(await check("https://forum.example/threads/1")).toBeNull();
  });
});
