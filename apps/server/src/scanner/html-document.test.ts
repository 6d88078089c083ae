import { describe, expect, it } from "vitest";
import { decodeBody, documentFromBody, parseHtmlDocument } from "./html-document";

const PAGE_URL = "http://site.example/dir/page.html";

const PAGE = `<html><head><base href="/sub/"><base href="http://other.example/">
<meta name="description" content="  Luna  Rivers leaked "><meta name="Description" content="not read: names are case-sensitive">
<meta property="og:title" content="First"><meta property="og:title" content="Second">
<meta property="og:type" content=" Article "><meta property="og:image" href="/og.jpg"><link rel="IMAGE_SRC" href="/src.jpg">
<script type="Application/LD+JSON">{"@type":"BlogPosting"}</script><title>Luna <b>Rivers</b> set</title></head>
<body><h1>Luna <span>Rivers</span></h1><h2>Second <h3>nested</h3></h2>
<a href="full.jpg">full size</a><a href="">empty href</a><area href="/map"><a>no href</a>
<div class="card author-box"><img src="data:abc" data-src="/lazy.png" srcset="small.jpg 100w, big.jpg 800w" alt="" title="not read: alt is present" width="300" height="x"></div>
<picture class="pic"><source srcset="s1.webp 1x, s2.webp 2x"><img src="p.jpg" alt="  Luna  "></picture><video poster="/poster.jpg"></video><video></video>
<iframe src="https://v.example/embed/1"></iframe><iframe src="https://v.example/Player"></iframe>
<p> para <a href="/l">link</a></p><p>  </p><template><a href="/tpl">in a template</a></template>
<a href="mailto:x@y.example">mail</a><a href="/clip.MP4?x=1">clip</a>
</body></html>`;

describe("parseHtmlDocument", () => {
  it("reads the language the page declares", () => {
    expect(parseHtmlDocument(`<html lang="ru-RU"><body>Луна</body></html>`, PAGE_URL).lang).toBe("ru-ru");
    expect(parseHtmlDocument(`<html><head><meta http-equiv="Content-Language" content="uk, en"></head><body>x</body></html>`, PAGE_URL).lang).toBe("uk");
    expect(parseHtmlDocument(`<p>no language</p>`, PAGE_URL).lang).toBe("");
  });

  const doc = parseHtmlDocument(PAGE, PAGE_URL);

  it("reads the first of each meta field, the title as text and the headings in document order", () => {
    expect(doc.title).toBe("Luna <b>Rivers</b> set");
    expect(doc.meta).toEqual(["Luna Rivers leaked", "First"]);
    expect(doc.ogType).toBe("article");
    expect(doc.headings).toEqual(["Luna Rivers", "Second", "nested"]);
    expect(doc.paragraphs).toEqual(["para link"]);
  });

  it("resolves links against the first <base>, skipping empty and non-web targets", () => {
    expect(doc.links).toEqual([
      { href: "http://site.example/sub/full.jpg", text: "full size" },
      { href: "http://site.example/map", text: "" },
      { href: "http://site.example/l", text: "link" },
      { href: "http://site.example/tpl", text: "in a template" },
      { href: "http://site.example/clip.MP4?x=1", text: "clip" },
    ]);
  });

  it("finds lazy, srcset, poster, linked and meta images once each", () => {
    expect(doc.images).toEqual([
      { src: "http://site.example/lazy.png", alt: "", width: 300, height: null, hint: "card author-box" },
      { src: "http://site.example/sub/big.jpg", alt: "", width: 300, height: null, hint: "card author-box" },
      { src: "http://site.example/sub/s2.webp", alt: "", width: null, height: null, hint: "pic" },
      { src: "http://site.example/sub/p.jpg", alt: "Luna", width: null, height: null, hint: "pic" },
      { src: "http://site.example/poster.jpg", alt: "", width: null, height: null, hint: "" },
      { src: "http://site.example/sub/full.jpg", alt: "full size", width: null, height: null, hint: "linked" },
    ]);
    expect(doc.metaImages).toEqual(["http://site.example/og.jpg", "http://site.example/src.jpg"]);
  });

  it("counts videos, player embeds and video links; sees article markup", () => {
    // Two <video>, the /embed/ frame (src matching is case-sensitive) and the .MP4 link.
    expect(doc.videoCount).toBe(4);
    expect(doc.articleMarkup).toBe(true);
  });

  it("keeps blocks apart in the text and link text", () => {
    expect(doc.text).toBe("Luna Rivers\nSecond\nnested\npara");
    expect(doc.linkText).toBe("full size\nempty href\nno href\nlink\nmail\nclip");
  });

  it("reads a read-only textarea's text and a page wrapped in one form", () => {
    const d = parseHtmlDocument(`<form id="aspnetForm"><h1>Paste</h1><textarea readonly>Luna Rivers pack\nmega.nz/folder/x</textarea><input value="not text"><button>Go</button></form>`, PAGE_URL);
    expect(d.text).toBe("Paste\nLuna Rivers pack mega.nz/folder/x");
  });

  it("finds CSS background images, inline or lazy", () => {
    const d = parseHtmlDocument(
      `<div style="width:9px; background-image: url('/bg1.jpg')"></div><div style="background:#000 url(bg2.webp) no-repeat"></div><div data-bg="/bg3.jpg"></div><div style="color:red"></div>`,
      PAGE_URL,
    );
    expect(d.images.map((i) => i.src)).toEqual(["http://site.example/bg1.jpg", "http://site.example/dir/bg2.webp", "http://site.example/bg3.jpg"]);
  });

  it("leaves sidebars, related lists, navigation and footers out of the text and headings, not out of links and images", () => {
    const d = parseHtmlDocument(
      `<nav>Home › Models</nav><main><h1>Other Creator</h1><p>her set</p></main>
       <aside><h3>Luna Rivers</h3><p>Trending: Luna Rivers</p></aside><div class="related-posts"><h2>Related</h2><span>Moon Bunny</span><img src="/r.jpg"></div>
       <div id="sidebar">Luna Rivers</div><div role="complementary">Luna Rivers</div><footer>© Luna Rivers fan club <a href="/x">x</a></footer>`,
      PAGE_URL,
    );
    expect(d.text).toBe("Other Creator\nher set");
    expect(d.headings).toEqual(["Other Creator"]);
    expect(d.images.map((i) => i.src)).toEqual(["http://site.example/r.jpg"]);
    expect(d.links.map((l) => l.href)).toEqual(["http://site.example/x"]);
    const themed = parseHtmlDocument(`<html><body class="theme-popular"><main class="related-layout"><h1>Luna Rivers</h1><p>set</p></main></body></html>`, PAGE_URL);
    expect(themed.text).toBe("Luna Rivers\nset");
  });

  it.each([
    ['<meta name="author" content="x">', true],
    ['<span rel="Author">x</span>', true],
    ['<span class="post byline">x</span>', true],
    ['<address class="author">x</address>', true],
    ['<span itemprop="author">x</span>', true],
    ['<script type="application/ld+json">{"author": {"name": "x"}}</script>', true],
    ['<span class="author-box">x</span>', false],
    ['<meta name="Author" content="x">', false],
  ])("byline in %s: %s", (html, expected) => {
    expect(parseHtmlDocument(`<p>text</p>${html}`, PAGE_URL).byline).toBe(expected);
  });

  describe("images as real pages serve them", () => {
    const srcsOf = (html: string) => parseHtmlDocument(html, PAGE_URL).images.map((i) => i.src);

    it("takes the largest candidate of a srcset however its commas are spaced, and commas inside a URL", () => {
      expect(srcsOf(`<img srcset="a-300.jpg 300w,a-1024.jpg 1024w,a-640.jpg 640w">`)).toEqual(["http://site.example/dir/a-1024.jpg"]);
      expect(srcsOf(`<img data-srcset="/c/w_200,h_300/x.jpg 200w, /c/w_1200,h_1800/x.jpg 1200w">`)).toEqual(["http://site.example/c/w_1200,h_1800/x.jpg"]);
      expect(srcsOf(`<img srcset="b1.jpg, b3.jpg 3x, b2.jpg 2x">`)).toEqual(["http://site.example/dir/b3.jpg"]);
      expect(srcsOf(`<picture><source type="image/webp" data-srcset="p-480.webp 480w, p-1600.webp 1600w"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-lazy-src="p.jpg"></picture>`)).toEqual([
        "http://site.example/dir/p-1600.webp",
        "http://site.example/dir/p.jpg",
      ]);
    });

    it("reads the images of <noscript> fallbacks behind lazy placeholders", () => {
      expect(srcsOf(`<img class="lazyload" src="data:image/svg+xml,%3Csvg%3E" data-src=""><noscript><img src="/uploads/full-ns.jpg" alt="set"></noscript>`)).toEqual([
        "http://site.example/uploads/full-ns.jpg",
      ]);
    });

    it("puts the full-size file a thumbnail links before the thumbnail", () => {
      expect(srcsOf(`<a href="/img/full-01.jpg"><img src="/img/thumb-01.jpg"></a><a href="/img/full-02.jpeg?w=0"><img data-original="/img/thumb-02.jpg"></a>`)).toEqual([
        "http://site.example/img/full-01.jpg",
        "http://site.example/img/thumb-01.jpg",
        "http://site.example/img/full-02.jpeg?w=0",
        "http://site.example/img/thumb-02.jpg",
      ]);
    });

    it("reads a Telegram-style photo: a link whose inline style is its background image", () => {
      expect(srcsOf(`<a class="tgme_widget_message_photo_wrap" style="width:640px;background-image:url('https://cdn4.telesco.pe/file/x1.jpg')" href="https://t.me/c/1"></a>`)).toEqual([
        "https://cdn4.telesco.pe/file/x1.jpg",
      ]);
    });

    it("stays bounded and linear on hostile markup: huge srcsets, thousands of images", () => {
      const srcset = Array.from({ length: 50_000 }, (_, i) => `s${i}.jpg ${i}w`).join(",");
      expect(srcsOf(`<img srcset="${srcset}">`)).toHaveLength(1);
      expect(srcsOf(`<img srcset="${",".repeat(200_000)}x.jpg 10w">`)).toEqual([]);
      const many = Array.from({ length: 5_000 }, (_, i) => `<img src="/m/${i}.jpg">`).join("");
      expect(srcsOf(many).length).toBeLessThanOrEqual(1_000);
      const noscripts = Array.from({ length: 500 }, (_, i) => `<noscript><img src="/n/${i}.jpg"></noscript>`).join("");
      expect(srcsOf(noscripts).length).toBeLessThanOrEqual(1_000);
    });
  });

  it("reads a page nested thousands of elements deep", () => {
    const deep = `<p>Luna Rivers leak</p>${"<div>".repeat(5_000)}<a href="/deep">deep</a>`;
    const d = parseHtmlDocument(deep, PAGE_URL);
    expect(d.text).toBe("Luna Rivers leak");
    expect(d.links).toEqual([{ href: "http://site.example/deep", text: "deep" }]);
  });
});

describe("documentFromBody", () => {
  it("decodes the charset named by the header, else by the markup", () => {
    const latin1 = Buffer.from("<title>Caf\xe9</title>", "latin1");
    expect(decodeBody(latin1, "text/html; charset=ISO-8859-1")).toBe("<title>Café</title>");
    const marked = Buffer.concat([Buffer.from('<meta charset="windows-1252">', "latin1"), latin1]);
    expect(documentFromBody({ body: marked, contentType: "text/html", url: PAGE_URL, kind: "html" }).title).toBe("Café");
    expect(documentFromBody({ body: Buffer.from("Luna Rivers"), contentType: "text/plain", url: PAGE_URL, kind: "text" }).text).toBe("Luna Rivers");
  });
});
