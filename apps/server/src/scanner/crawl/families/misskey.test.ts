import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, ListingInput } from "../crawl-types";
import { detectFamily, nodeinfoDocumentUrl, wellKnownProbes } from "../family-detect";
import { misskeyRequest } from "./misskey";

/**
 * Misskey and its forks on the shapes they send (fixtures/crawl, SOURCES.md): the POST-only API addressed
 * by URLs, the local timeline paged by untilId, a note as a page with its files at full size, and the server
 * told from its page shell or its NodeInfo.
 */

const host = "mk.sugarcube.example";
const cfg: CrawlAdapterConfig = { baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" };
const input = (body: string, url: string): ListingInput => ({ body, url, contentType: "application/json", headers: {} });
const note = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  createdAt: "2026-11-01T08:01:00.000Z",
  userId: "9xk2a0b1c2",
  user: { id: "9xk2a0b1c2", name: "Sugar Drops", username: "sugar_drops", host: null },
  text: `note ${id}`,
  cw: null,
  visibility: "public",
  files: [],
  ...extra,
});
const adapter = crawlAdapter("misskey");

describe("Misskey", () => {
  it("an API address is POSTed: its query is the JSON body, typed as the endpoint's params say; other addresses are GETs", () => {
    expect(misskeyRequest(`https://${host}/api/notes/local-timeline?limit=30&withRenotes=false&untilId=a1b2c3d4e5`)).toEqual({
      url: `https://${host}/api/notes/local-timeline`,
      method: "POST",
      body: JSON.stringify({ limit: 30, withRenotes: false, untilId: "a1b2c3d4e5" }),
      headers: { "content-type": "application/json", accept: "application/json" },
    });
    expect(JSON.parse(misskeyRequest(`https://${host}/api/notes/show?noteId=a1&i=token&limit=999999`)!.body)).toEqual({ noteId: "a1" });
    expect(misskeyRequest(`https://${host}/notes/a1`)).toBeNull();
    expect(misskeyRequest(`https://${host}/api/admin/show-users?limit=1`)).toBeNull();
    expect(adapter.defaultEntryPages(cfg)).toEqual([`https://${host}/api/notes/local-timeline?limit=30&withRenotes=false`]);
  });

  it("local-timeline: each note at /notes/:id, read through notes/show, a pure renote as the note it renotes; older notes by untilId until a page is empty", () => {
    const url = `https://${host}/api/notes/local-timeline?limit=30&withRenotes=false`;
    const body = [
      note("a2b3c4d5e6", { cw: "#LunaRivers 🔞", text: "set" }),
      note("a2b3c4d5e5", { text: null, renote: note("a2b3c4d0aa", { updatedAt: "2026-11-02T10:00:00.000Z" }) }),
      note("../../etc"),
      note("a2b3c4d5e4"),
    ];
    const page = adapter.parseListing(input(JSON.stringify(body), url), cfg);
    expect(page.items).toEqual([
      { key: "na2b3c4d5e6", url: `https://${host}/notes/a2b3c4d5e6`, fetchUrl: `https://${host}/api/notes/show?noteId=a2b3c4d5e6`, title: "#LunaRivers 🔞", time: Date.parse("2026-11-01T08:01:00.000Z") },
      {
        key: `na2b3c4d0aa@${Date.parse("2026-11-02T10:00:00.000Z")}`,
        url: `https://${host}/notes/a2b3c4d0aa`,
        fetchUrl: `https://${host}/api/notes/show?noteId=a2b3c4d0aa`,
        title: "note a2b3c4d0aa",
        time: Date.parse("2026-11-02T10:00:00.000Z"),
      },
      { key: "na2b3c4d5e4", url: `https://${host}/notes/a2b3c4d5e4`, fetchUrl: `https://${host}/api/notes/show?noteId=a2b3c4d5e4`, title: "note a2b3c4d5e4", time: Date.parse("2026-11-01T08:01:00.000Z") },
    ]);
    expect(page.next).toBe(`${url}&untilId=a2b3c4d5e4`);
    expect(adapter.parseListing(input("[]", page.next!), cfg)).toEqual({ items: [], next: null });
    expect(adapter.parseListing(input('{"error":{"code":"LTL_DISABLED"}}', url), cfg)).toEqual({ items: [], next: null });
    expect(adapter.parseListing(input("not json", url), cfg)).toEqual({ items: [], next: null });
  });

  it("a note is read as a page: author, content warning, text (escaped), photos at full size, a video by its still, the renoted note", () => {
    const n = note("a2b3c4d5e6", {
      cw: "#LunaRivers",
      text: "Lun4_R1vers <script>alert(1)</script>\nhttps://mega.nz/folder/x#k",
      files: [
        { type: "image/jpeg", url: `https://${host}/files/full-1.jpg`, thumbnailUrl: `https://${host}/files/thumbnail-1.webp`, comment: "beach" },
        { type: "video/mp4", url: `https://${host}/files/clip.mp4`, thumbnailUrl: `https://${host}/files/thumbnail-clip.webp`, comment: null },
        { type: "image/png", url: "javascript:alert(1)", thumbnailUrl: null },
      ],
      renote: note("a2b3c4d0aa", { text: "original words" }),
    });
    const page = adapter.itemPage({ body: JSON.stringify(n), url: `https://${host}/api/notes/show`, contentType: "application/json", item: { url: `https://${host}/notes/a2b3c4d5e6`, title: "" } }, cfg)!;
    const doc = documentFromBody({ body: Buffer.from(page.html), contentType: "text/html", url: `https://${host}/notes/a2b3c4d5e6`, kind: "html" });
    expect(doc.images.map((i) => i.src)).toEqual([`https://${host}/files/full-1.jpg`, `https://${host}/files/thumbnail-clip.webp`]);
    expect(doc.images[0]!.alt).toBe("beach");
    expect(doc.text).toContain("#LunaRivers");
    expect(doc.text).toContain("Lun4_R1vers <script>alert(1)</script>");
    expect(doc.text).toContain("original words");
    expect(page.html).not.toContain("<script>");
    expect(doc.title).toBe("@sugar_drops");
    expect(adapter.itemPage({ body: '{"error":{}}', url: `https://${host}/api/notes/show`, contentType: "application/json", item: { url: "", title: "" } }, cfg)).toBeNull();
  });

  it("is told from its page shell (and a fork's), from NodeInfo, never from a page that only looks alike", () => {
    const home = crawlFixture("misskey-home.html").replace(/http:\/\/\{\{HOST\}\}/g, `https://${host}`).replace(/\{\{SITE_NAME\}\}/g, "Sugar Cube");
    const d = (body: string, url = `https://${host}/`, contentType = "text/html") => detectFamily({ url, body, contentType, headers: {} }, [host]);
    expect(d(home)).toMatchObject({ family: "misskey", entryPages: [`https://${host}/api/notes/local-timeline?limit=30&withRenotes=false`] });
    expect(d(home.replace('content="Misskey"', 'content="Sharkey"'))).toMatchObject({ family: "misskey", evidence: expect.stringContaining("Sharkey") });
    // The fork renamed, the shell kept: instance_url and the splash.
    expect(d(home.replace('content="Misskey"', 'content="Pudding"'))).toMatchObject({ family: "misskey" });
    expect(d('<html><head><meta name="application-name" content="Misskey Fan Blog Tools"></head><body><div id="splash"></div></body></html>')).toBeNull();

    const nodeinfo = (name: string) => JSON.stringify({ version: "2.1", software: { name, version: "1.0" }, protocols: ["activitypub"], usage: { users: {} }, openRegistrations: false, metadata: {} });
    const at = `https://${host}/nodeinfo/2.1`;
    expect(d(nodeinfo("misskey"), at, "application/json")).toMatchObject({ family: "misskey", evidence: "NodeInfo: misskey 1.0" });
    expect(d(nodeinfo("iceshrimp"), at, "application/json")).toMatchObject({ family: "misskey" });
    expect(d(nodeinfo("akkoma"), at, "application/json")).toMatchObject({ family: "mastodon", entryPages: [`https://${host}/api/v1/timelines/public?local=true&limit=40`] });
    expect(d(nodeinfo("lemmy"), at, "application/json")).toMatchObject({ family: "lemmy", entryPages: [`https://${host}/api/v3/post/list?sort=NewComments&limit=20`] });
    expect(d(nodeinfo("funkwhale"), at, "application/json")).toBeNull();
    expect(d(nodeinfo("__proto__"), at, "application/json")).toBeNull();

    // /.well-known/nodeinfo: the newest schema's document, on the site only.
    const links = (href2: string) =>
      JSON.stringify({ links: [{ rel: "http://nodeinfo.diaspora.software/ns/schema/2.0", href: `https://${host}/nodeinfo/2.0` }, { rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", href: href2 }] });
    expect(nodeinfoDocumentUrl(links(`https://${host}/nodeinfo/2.1`), `https://${host}/.well-known/nodeinfo`, [host])).toBe(`https://${host}/nodeinfo/2.1`);
    expect(nodeinfoDocumentUrl(links("http://169.254.169.254/latest"), `https://${host}/.well-known/nodeinfo`, [host])).toBe(`https://${host}/nodeinfo/2.0`);
    expect(nodeinfoDocumentUrl('{"links":"x"}', `https://${host}/.well-known/nodeinfo`, [host])).toBeNull();
    expect(nodeinfoDocumentUrl("<html>", `https://${host}/.well-known/nodeinfo`, [host])).toBeNull();
    expect(wellKnownProbes(`https://${host}/forum/`)).toContain(`https://${host}/.well-known/nodeinfo`);
  });
});
