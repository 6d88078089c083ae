import { describe, expect, it } from "vitest";
import { fileLinksInMatchedBlock, MAX_FILE_LINKS_PER_PAGE, pastedFileHostLinks, recogniseFileHostLink } from "./file-hosts";
import { buildNameMatchers } from "./name-match";

const matchers = buildNameMatchers({ stageNames: [{ platform: "onlyfans", username: "luna_rivers" }], nicknames: ["Luna Rivers"] });
const urls = (r: { links: { url: string }[] }) => r.links.map((l) => l.url);

describe("recogniseFileHostLink", () => {
  it("reads each host's file and folder shapes into one canonical address, without tracking parameters", () => {
    expect(recogniseFileHostLink("https://gofile.io/d/Ab12Cd?utm_source=forum&ref=x")).toMatchObject({ url: "https://gofile.io/d/Ab12Cd", service: "gofile", kind: "folder", id: "Ab12Cd" });
    expect(recogniseFileHostLink("http://pixeldrain.com/u/xYz123ab")).toMatchObject({ url: "https://pixeldrain.com/u/xYz123ab", kind: "file" });
    expect(recogniseFileHostLink("https://pixeldrain.com/api/file/xYz123ab?download")?.url).toBe("https://pixeldrain.com/u/xYz123ab");
    expect(recogniseFileHostLink("https://pixeldrain.com/l/Lst123")).toMatchObject({ kind: "folder" });
    expect(recogniseFileHostLink("https://bunkr.si/a/Qw3rTy")).toMatchObject({ url: "https://bunkr.si/a/Qw3rTy", host: "bunkr.si", kind: "album" });
    expect(recogniseFileHostLink("https://krakenfiles.com/view/a1b2c3d4e5/file.html")?.url).toBe("https://krakenfiles.com/view/a1b2c3d4e5/file.html");
    expect(recogniseFileHostLink("https://mediafire.com/file/abc123def456/luna.zip/file")?.url).toBe("https://www.mediafire.com/file/abc123def456");
    expect(recogniseFileHostLink("https://1fichier.com/?a1b2c3d4e5f6&af=123")?.url).toBe("https://1fichier.com/?a1b2c3d4e5f6");
  });

  it("stores a mega.nz link without its decryption key: the id before the '#' names the file", () => {
    const file = recogniseFileHostLink("https://mega.nz/file/AbCd1234#Zm9vYmFyLXNlY3JldC1rZXk");
    expect(file).toEqual({ url: "https://mega.nz/file/AbCd1234", host: "mega.nz", service: "mega", kind: "file", id: "AbCd1234", keyOnPage: true });
    expect(JSON.stringify(file)).not.toContain("Zm9vYmFyLXNlY3JldC1rZXk");
    expect(recogniseFileHostLink("https://mega.nz/folder/FoLd1234#k3y/file/Sub12345")).toMatchObject({ url: "https://mega.nz/folder/FoLd1234", kind: "folder" });
    // Legacy links keep the id in the fragment.
    expect(recogniseFileHostLink("https://mega.co.nz/#!OldId123!secretkey")).toMatchObject({ url: "https://mega.co.nz/file/OldId123", keyOnPage: true });
    expect(recogniseFileHostLink("https://mega.nz/#F!OldFol12!secretkey")?.url).toBe("https://mega.nz/folder/OldFol12");
  });

  it("takes nothing that is not a file or folder: home pages, account pages, other hosts", () => {
    for (const u of [
      "https://mega.nz/",
      "https://mega.nz/pro",
      "https://mega.nz/#",
      "https://gofile.io/",
      "https://gofile.io/premium",
      "https://gofile.io/d/",
      "https://pixeldrain.com/",
      "https://pixeldrain.com/about",
      "https://bunkr.si/",
      "https://bunkr.si/faq",
      "https://www.mediafire.com/",
      "https://example.com/d/abc123",
      "https://gofile.io.evil.example/d/abc123",
      "ftp://gofile.io/d/abc123",
      "not a url",
    ]) {
      expect(recogniseFileHostLink(u), u).toBeNull();
    }
  });
});

describe("pastedFileHostLinks", () => {
  it("reads links pasted as text, with or without a scheme, and drops trailing punctuation", () => {
    const found = pastedFileHostLinks("Full pack: mega.nz/file/AbCd1234#key, mirror https://gofile.io/d/Xy12ab. And pixeldrain.com/u/Px123456!");
    expect(found.map((l) => l.url)).toEqual(["https://mega.nz/file/AbCd1234", "https://gofile.io/d/Xy12ab", "https://pixeldrain.com/u/Px123456"]);
  });

  it("is bounded on hostile text: at most the page limit, and runs longer than an address are not read", () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `gofile.io/d/id${i}x`).join(" ");
    expect(pastedFileHostLinks(many)).toHaveLength(MAX_FILE_LINKS_PER_PAGE);
    expect(pastedFileHostLinks(`gofile.io/d/abc12${"a".repeat(500_000)}`)).toEqual([]);
    // Text built to make a backtracking pattern take quadratic time reads in one pass.
    expect(pastedFileHostLinks("a-".repeat(300_000) + "." + "/".repeat(300_000))).toEqual([]);
    expect(pastedFileHostLinks("mega.nz/".repeat(200_000))).toEqual([]);
  });
});

const forumThread = (opts: { herPost?: string; title?: string } = {}) => `<!doctype html><html><head><title>${opts.title ?? "OnlyFans leaks megathread"}</title></head><body>
<nav><a href="https://gofile.io/d/NavLnk1">Site pack</a></nav>
<main>
  <article class="message message--post" id="js-post-101">
    <div class="message-user">uploader1</div>
    <div class="message-body"><div class="bbWrapper">${opts.herPost ?? `Luna Rivers full pack, enjoy
      <a href="https://gofile.io/d/Her1Go">gofile</a>
      <a href="https://mega.nz/file/HerMega1#SecretKeyAbc">mega</a>
      pixeldrain.com/u/HerPix12`}
    </div></div>
    <div class="signature">My other uploads: <a href="https://pixeldrain.com/u/SigLink1">pack</a></div>
  </article>
  <article class="message message--post" id="js-post-102">
    <div class="message-user">uploader2</div>
    <div class="message-body"><div class="bbWrapper">Mia Moon set <a href="https://gofile.io/d/MiaGo1">gofile</a> mega.nz/file/MiaMega1#k</div></div>
  </article>
</main>
<aside class="sidebar"><h3>Trending</h3><a href="https://bunkr.si/a/Side1x">Luna Rivers album</a></aside>
<footer><a href="https://gofile.io/d/Foot12">backup</a></footer>
</body></html>`;

describe("fileLinksInMatchedBlock", () => {
  const read = (html: string, over: Partial<Parameters<typeof fileLinksInMatchedBlock>[0]> = {}) =>
    fileLinksInMatchedBlock({ html, pageUrl: "https://forum.example/threads/1", matchers, matchedImages: [], namedInTitle: false, ...over });

  it("takes the links of the post that names her, not another creator's post, the sidebar, the navigation, signatures or the footer", () => {
    const r = read(forumThread());
    expect(r.block).toBe("post");
    expect(urls(r)).toEqual(["https://gofile.io/d/Her1Go", "https://mega.nz/file/HerMega1", "https://pixeldrain.com/u/HerPix12"]);
    // Each link says what matched in its post: her name, as matched, and no image.
    expect(r.matches).toEqual(r.links.map(() => ({ foundIn: "post", names: ["luna_rivers"], images: [] })));
    expect(r.byImage).toBe(false);
  });

  it("finds her post by her matched image when the post does not name her", () => {
    const html = forumThread({ herPost: `new set <img src="/img/her.jpg" width="600" height="800"> <a href="https://gofile.io/d/ImgGo1">dl</a>` });
    const r = read(html, { matchedImages: ["https://forum.example/img/her.jpg"] });
    expect(r).toMatchObject({ block: "post", byImage: true });
    expect(urls(r)).toEqual(["https://gofile.io/d/ImgGo1"]);
    // Matched by her image, and only by it: the image is named, no name is claimed.
    expect(r.matches).toEqual([{ foundIn: "post", names: [], images: ["https://forum.example/img/her.jpg"] }]);
  });

  it("her name only in the thread's title: the opening post, never the replies", () => {
    const html = forumThread({ title: "Luna Rivers OnlyFans leak", herPost: `here you go <a href="https://gofile.io/d/OpGo12">dl</a>` });
    expect(urls(read(html, { namedInTitle: true }))).toEqual(["https://gofile.io/d/OpGo12"]);
    expect(read(html, { namedInTitle: true }).matches).toEqual([{ foundIn: "thread", names: [], images: [] }]);
    expect(read(html, { namedInTitle: false })).toMatchObject({ links: [], block: "none" });
  });

  it("a reply nested in her post is its own post", () => {
    const html = `<html><body><div class="comment" id="comment-1">Luna Rivers pack <a href="https://gofile.io/d/Her2Go">dl</a>
      <div class="comment" id="comment-2">Anyone got Mia Moon? <a href="https://gofile.io/d/Mia2Go">here</a></div></div></body></html>`;
    expect(urls(read(html))).toEqual(["https://gofile.io/d/Her2Go"]);
  });

  it("an app's message widgets are posts: a Telegram channel's messages (its embed and its preview page), not a sidebar's widget", () => {
    const message = (n: number, text: string) => `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="leakdrops/${n}">
      <div class="tgme_widget_message_bubble"><div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="https://t.me/leakdrops">Leak Drops</a></div>
      <div class="tgme_widget_message_text js-message_text" dir="auto">${text}</div>
      <div class="tgme_widget_message_footer compact js-message_footer"><a class="tgme_widget_message_date" href="https://t.me/leakdrops/${n}">10:00</a></div></div></div></div>`;
    const hers = message(4583, 'Luna Rivers OnlyFans leaked – 120 pics <a href="https://gofile.io/d/Tg4583" target="_blank">gofile.io/d/Tg4583</a>');
    const embed = `<!DOCTYPE html><html><head><title>Leak Drops</title></head><body class="body_widget_post emoji_image">${hers}</body></html>`;
    expect(read(embed, { pageUrl: "https://t.me/leakdrops/4583?embed=1&mode=tme" })).toMatchObject({ block: "post", links: [{ url: "https://gofile.io/d/Tg4583" }] });
    const preview = `<html><body><main class="tgme_main"><section class="tgme_channel_history js-message_history">
      ${message(4582, 'Mia Moon set <a href="https://gofile.io/d/MiaTg1">gofile</a>')}${hers}</section>
      <div class="widget sidebar-box"><a href="https://gofile.io/d/Side12">Luna Rivers pack</a></div></main></body></html>`;
    expect(urls(read(preview, { pageUrl: "https://t.me/s/leakdrops" }))).toEqual(["https://gofile.io/d/Tg4583"]);
    // A sidebar's widget naming her is still no post of hers.
    const sidebar = `<html><body><h1>Luna Rivers</h1><p>about her</p><div class="widget widget_links"><a href="https://gofile.io/d/Wdg123">Luna Rivers pack</a></div></body></html>`;
    expect(urls(read(sidebar))).toEqual([]);
  });

  it("a page without posts: the sections under headings that name her, not another creator's section", () => {
    const html = `<html><head><title>Today's leaks</title></head><body><h1>Today's leaks</h1>
      <h2>Mia Moon</h2><p><a href="https://gofile.io/d/MiaSec1">dl</a></p>
      <h2>Luna Rivers</h2><p>42 videos</p><h3>Download</h3><p><a href="https://pixeldrain.com/l/HerSec1">dl</a></p>
      <h2>Ann Lee</h2><p><a href="https://bunkr.si/a/AnnSec1">dl</a></p></body></html>`;
    const r = read(html);
    expect(r.block).toBe("section");
    expect(urls(r)).toEqual(["https://pixeldrain.com/l/HerSec1"]);
    // Found under her heading: the heading's section is what named her.
    expect(r.matches).toEqual([{ foundIn: "section", names: ["luna_rivers"], images: [] }]);
  });

  it("bounded on a hostile page: deep nesting, thousands of links, at most the page limit", () => {
    const deep = `<html><body><div class="post" id="post-1">Luna Rivers ${"<div>".repeat(20_000)}<a href="https://gofile.io/d/Deep12">x</a>${"</div>".repeat(20_000)}</div></body></html>`;
    expect(urls(read(deep))).toEqual(["https://gofile.io/d/Deep12"]);
    const many = `<html><body><div class="post" id="post-1">Luna Rivers ${Array.from({ length: 3_000 }, (_, i) => `<a href="https://gofile.io/d/m${i}x">${i}</a>`).join("")}</div></body></html>`;
    expect(read(many).links).toHaveLength(MAX_FILE_LINKS_PER_PAGE);
    // Markup that full parsers take quadratic time on is read in one pass.
    expect(read(`<div class="post">Luna Rivers <a href="https://gofile.io/d/Inl12x">x</a>${"<b><i>".repeat(100_000)}`).links).toHaveLength(1);
    expect(read("<".repeat(500_000)).links).toEqual([]);
    expect(read(`<script>${"</".repeat(300_000)}`).links).toEqual([]);
    expect(read(`<a ${'x="'.repeat(200_000)}`).links).toEqual([]);
  });

  it("reads no links from scripts, comments or attributes other than a link's address", () => {
    const html = `<div class="post">Luna Rivers <script>var u = "https://gofile.io/d/Scr12x";</script><!-- https://gofile.io/d/Com12x -->
      <img src="/a.jpg" data-x="https://gofile.io/d/Att12x"> <a href="https://gofile.io/d/Real1x">dl</a></div>`;
    expect(urls(read(html))).toEqual(["https://gofile.io/d/Real1x"]);
  });
});
