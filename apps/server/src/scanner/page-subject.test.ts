import { describe, expect, it } from "vitest";
import { parseHtmlDocument } from "./html-document";

/**
 * The page's item told from what surrounds it by structure: markup no theme wrote for these tests,
 * with class names that mean nothing to the reader (x1, x2…), so that only the structure can tell.
 */
const URL_ = "https://site.example/item/1";
const read = (body: string, head = "<title>Site</title>") => parseHtmlDocument(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, URL_);
const thumbs = (names: string[]) =>
  names.map((n, i) => `<div class="x9"><a href="/v/${i}"><img src="/t/${i}.jpg" alt="${n}"><b>${n}</b></a><i>10:0${i}</i></div>`).join("");

describe("a page's item, found by its structure", () => {
  it("a video page without any landmark: the heading's block is the item, a block of thumbnails beside it lists other pages", () => {
    const d = read(
      `<div class="x1"><div class="x2"><h1>Marla Quinn shower clip</h1><div class="x3">Her newest set, full clip inside. Views 1,204.</div>
       <div class="x4">Models: <a href="/m/marla">Marla Quinn</a></div></div>
       <div class="x5"><h2>More</h2><div class="x6">${thumbs(["Sable Wren beach", "Dana Vey pool", "Sable Wren mirror", "Ivy Lark gym"])}</div></div></div>`,
    );
    expect(d.structure).toBe("subject");
    expect(d.text).not.toContain("Sable Wren");
    expect(d.tags).toEqual(["Marla Quinn"]);
    expect(d.images.every((i) => i.inSubject === false)).toBe(true);
    expect(d.listed?.filter((l) => l.text.includes("Sable Wren")).map((l) => l.href)).toEqual(["https://site.example/v/0", "https://site.example/v/2"]);
  });

  it("a post's own header and footer are the post's (its tags), the body's are the site's", () => {
    const d = read(
      `<header><p>Site by Sable Wren</p></header><div><article><header><h1>Weekend set</h1></header><p>Everything from the weekend.</p>
       <footer><span>Tagged <a href="/t/beach">beach</a>, <a href="/t/sw">Sable Wren</a></span></footer></article></div><footer><p>© Sable Wren</p></footer>`,
    );
    expect(d.text).toBe("Weekend set\nEverything from the weekend.\nTagged ,");
    expect(d.tags).toEqual(["beach", "Sable Wren"]);
  });

  it("links marked rel=tag are the item's tags even alone", () => {
    const d = read(`<main><h1>Studio set</h1><p>From the studio.</p><p class="x">In <a rel="category tag" href="/c/sw">Sable Wren</a> and more</p></main>`);
    expect(d.tags).toEqual(["Sable Wren"]);
  });

  it("a reply form is not the page, and neither are its sidebars and navigation", () => {
    const d = read(
      `<nav><a href="/">Sable Wren fans</a></nav><main><h1>Dana Vey set</h1><p>New from Dana.</p><form><p>Reply as Sable Wren?</p><textarea></textarea></form></main><aside><p>Sable Wren</p></aside>`,
    );
    expect(d.text).toBe("Dana Vey set\nNew from Dana.");
  });

  it("a forum thread's posts are its item, not a listing, even when each post has a linked author", () => {
    const post = (who: string, text: string, n: number) =>
      `<div class="p"><div class="u"><a href="/members/${who}.${n}/"><img src="/a/${n}.jpg" alt="${who}"></a><h4><a href="/members/${who}.${n}/">${who}</a></h4></div>
       <div class="c"><a href="/posts/${n}/">#${n}</a> <a href="/posts/${n}/reply">Reply</a><div>${text}</div></div></div>`;
    const d = read(
      `<div class="w"><h1>Spring sets</h1><div class="ps">${post("bob", "Sable Wren set, 40 photos: mega.nz/folder/x", 1)}${post("amy", "thanks", 2)}${post("cid", "thanks a lot", 3)}</div></div>`,
      "<title>Spring sets | Board</title>",
    );
    expect(d.structure).toBe("subject");
    expect(d.text).toContain("Sable Wren set, 40 photos");
  });

  it("a page of cards whose headings link other pages is a listing, however many", () => {
    const card = (t: string, n: number) => `<div class="k"><h2><a href="/p/${n}">${t}</a></h2><p>${t}: the whole post text, long enough to be a post of its own and not an excerpt.</p></div>`;
    expect(read(`<main><div class="l">${card("Sable Wren leak", 1)}${card("Dana Vey leak", 2)}</div></main>`).structure).toBe("listing");
    expect(read(`<main><h1>Tag: Sable Wren</h1><article><h2><a href="/p/1">Weekend set</a></h2><p>Everything.</p></article></main>`).structure).toBe("listing");
  });

  it("schema.org markup names the item", () => {
    const d = read(`<div><div itemscope itemtype="https://schema.org/VideoObject"><span itemprop="name">Clip</span><p>Sable Wren at the pool.</p></div><div><p>Sable Wren elsewhere</p></div></div>`);
    expect(d.text).toBe("Clip\nSable Wren at the pool.");
  });

  it("a page whose item no structure tells apart is read whole, as unread", () => {
    const d = read(`<div><p>Sable Wren pack</p></div><div>${thumbs(["Dana Vey pool day", "Ivy Lark gym set", "Marla Quinn shower"])}</div>`);
    expect(d.structure).toBe("unread");
    expect(d.text).toBe("Sable Wren pack");
  });
});
