import * as cheerio from "cheerio";

// Structural view of cheerio's DOM nodes (its node types live in a transitive package).
type DomNode = { type: string; data?: string; tagName?: string; children?: DomNode[]; parent?: DomNode | null };
type Element = DomNode & { tagName: string };
type AnyNode = DomNode;

/**
 * What the analysis reads from a page. Text keeps block boundaries as
 * newlines so that two separate blocks ("Luna" / "Rivers") never read as one
 * name, and keeps link text apart from running text (a "related creators"
 * sidebar naming her is not the page naming her).
 */
export type PageLink = { href: string; text: string };
export type PageImage = { src: string; alt: string; width: number | null; height: number | null; hint: string };

export type PageDocument = {
  url: string;
  title: string;
  /** meta description, og:title/og:description, twitter:title. */
  meta: string[];
  headings: string[];
  /** Visible text outside links, blocks separated by newlines. */
  text: string;
  /** Visible text inside links. */
  linkText: string;
  paragraphs: string[];
  links: PageLink[];
  images: PageImage[];
  /** og:image / twitter:image / image_src candidates. */
  metaImages: string[];
  videoCount: number;
  ogType: string;
  /** <article>, og:type article or schema.org (News)Article/BlogPosting markup. */
  articleMarkup: boolean;
  /** A byline or author meta. */
  byline: boolean;
};

/** About 1 MB of markup is parsed (~0.5 s at worst); the byte limit still applies to fetching. */
export const MAX_PARSED_CHARS = 1_000_000;

const SKIP = new Set(["script", "style", "noscript", "template", "svg", "iframe", "object", "head", "select", "option", "button", "form", "input", "textarea"]);
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "body", "br", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
  "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main", "nav",
  "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "caption", "title",
]);

export function parseHtmlDocument(html: string, pageUrl: string): PageDocument {
  // Parsing is synchronous: a huge page must not stall every other fetch of the
  // scan. Titles, names and offers sit near the top; the rest is not read.
  const $ = cheerio.load(html.length > MAX_PARSED_CHARS ? html.slice(0, MAX_PARSED_CHARS) : html);
  const abs = (raw: string | undefined): string | null => {
    if (!raw) return null;
    const t = raw.trim();
    if (!t || /^(?:javascript|data|mailto|tel|about|blob):/i.test(t)) return null;
    try {
      const u = new URL(t, baseHref);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
    } catch {
      return null;
    }
  };
  let baseHref = pageUrl;
  const baseTag = $("base[href]").attr("href");
  if (baseTag) {
    try {
      baseHref = new URL(baseTag, pageUrl).href;
    } catch {
      /* keep the page URL */
    }
  }

  const meta: string[] = [];
  for (const sel of [
    'meta[name="description"]',
    'meta[property="og:title"]',
    'meta[property="og:description"]',
    'meta[name="twitter:title"]',
    'meta[name="twitter:description"]',
    'meta[name="keywords"]',
  ]) {
    const c = $(sel).attr("content");
    if (c && c.trim()) meta.push(collapse(c));
  }
  const ogType = ($('meta[property="og:type"]').attr("content") ?? "").trim().toLowerCase();
  const headings = $("h1, h2, h3")
    .toArray()
    .map((h) => collapse($(h).text()))
    .filter(Boolean)
    .slice(0, 200);

  const links: PageLink[] = [];
  $("a[href], area[href]").each((_, el) => {
    const href = abs($(el).attr("href"));
    if (href) links.push({ href, text: collapse($(el).text()) });
  });

  const images: PageImage[] = [];
  const seenImages = new Set<string>();
  const pushImage = (raw: string | undefined, el: Element, alt: string) => {
    const src = abs(raw);
    if (!src || seenImages.has(src)) return;
    seenImages.add(src);
    const $el = $(el as never);
    const hint = [$el.attr("class"), $el.attr("id"), $el.parent().attr("class")].filter(Boolean).join(" ");
    images.push({ src, alt, width: dim($el.attr("width")), height: dim($el.attr("height")), hint });
  };
  $("img, source, video[poster]").each((_, el) => {
    const e = el as unknown as Element;
    const $e = $(el);
    const alt = collapse($e.attr("alt") ?? $e.attr("title") ?? "");
    if (e.tagName === "video") return pushImage($e.attr("poster"), e, alt);
    for (const attr of ["data-src", "data-lazy-src", "data-original", "data-full", "data-large-file", "src"]) {
      const v = $e.attr(attr);
      if (v && !/^data:/i.test(v)) pushImage(v, e, alt);
    }
    for (const attr of ["srcset", "data-srcset"]) {
      const best = largestFromSrcset($e.attr(attr));
      if (best) pushImage(best, e, alt);
    }
  });
  // Full-size images are often only linked from thumbnails.
  for (const l of links) {
    if (/\.(?:jpe?g|png|webp|gif|avif|bmp|tiff?)(?:$|[?#])/i.test(new URL(l.href).pathname)) {
      if (!seenImages.has(l.href)) {
        seenImages.add(l.href);
        images.push({ src: l.href, alt: l.text, width: null, height: null, hint: "linked" });
      }
    }
  }
  const metaImages: string[] = [];
  for (const sel of ['meta[property="og:image"]', 'meta[property="og:image:url"]', 'meta[name="twitter:image"]', 'link[rel="image_src"]']) {
    const v = abs($(sel).attr("content") ?? $(sel).attr("href"));
    if (v && !metaImages.includes(v)) metaImages.push(v);
  }

  const videoCount =
    $("video").length +
    $('iframe[src*="embed"], iframe[src*="player"]').length +
    links.filter((l) => /\.(?:mp4|m4v|webm|mov|mkv|avi|wmv)(?:$|[?#])/i.test(l.href)).length;

  const jsonLdTypes = $('script[type="application/ld+json"]')
    .toArray()
    .map((s) => $(s).text())
    .join(" ");
  const articleMarkup =
    $("article").length > 0 || ogType === "article" || /"@type"\s*:\s*"(?:News|Blog|Report|Scholarly|Tech)?(?:Article|Posting|BlogPosting)"/.test(jsonLdTypes);
  const byline =
    $('meta[name="author"], [rel="author"], .byline, .author, [itemprop="author"], address.author').length > 0 ||
    /"author"\s*:/.test(jsonLdTypes);

  const root = ($("body").length ? $("body")[0] : $.root()[0]) as unknown as DomNode;
  const { text, linkText } = visibleText(root);
  const paragraphs = $("p")
    .toArray()
    .map((p) => collapse($(p).text()))
    .filter((p) => p.length > 0);

  return {
    url: pageUrl,
    title: collapse($("title").first().text()),
    meta,
    headings,
    text,
    linkText,
    paragraphs,
    links,
    images,
    metaImages,
    videoCount,
    ogType,
    articleMarkup,
    byline,
  };
}

/** A document for a non-HTML text body (text/plain, JSON): the whole text as running text. */
export function plainTextDocument(text: string, pageUrl: string): PageDocument {
  return {
    url: pageUrl,
    title: "",
    meta: [],
    headings: [],
    text: text.slice(0, 2_000_000),
    linkText: "",
    paragraphs: [],
    links: [],
    images: [],
    metaImages: [],
    videoCount: 0,
    ogType: "",
    articleMarkup: false,
    byline: false,
  };
}

function visibleText(root: AnyNode): { text: string; linkText: string } {
  const out: string[] = [];
  const linkOut: string[] = [];
  const walk = (node: AnyNode, inLink: boolean) => {
    if (node.type === "text") {
      const data = (node.data ?? "").replace(/\s+/g, " ");
      (inLink ? linkOut : out).push(data);
      return;
    }
    if (node.type !== "tag" && node.type !== "root") return;
    const tag = node.type === "tag" ? (node.tagName ?? "").toLowerCase() : "";
    if (SKIP.has(tag)) return;
    if (tag === "img") {
      return;
    }
    const block = BLOCK.has(tag);
    const link = inLink || tag === "a";
    if (block) {
      out.push("\n");
      linkOut.push("\n");
    }
    for (const child of node.children ?? []) walk(child, link);
    if (block) {
      out.push("\n");
      linkOut.push("\n");
    }
    if (tag === "a") linkOut.push("\n");
  };
  walk(root, false);
  const tidy = (parts: string[]) =>
    parts
      .join("")
      .replace(/[ \t\u00a0]+/g, " ")
      .replace(/ ?\n[ \n]*/g, "\n")
      .trim();
  return { text: tidy(out), linkText: tidy(linkOut) };
}

function largestFromSrcset(srcset: string | undefined): string | null {
  if (!srcset) return null;
  let best: { url: string; w: number } | null = null;
  for (const part of srcset.split(/,\s+/)) {
    const [url, descriptor] = part.trim().split(/\s+/);
    if (!url) continue;
    const w = descriptor ? parseFloat(descriptor) || 1 : 1;
    if (!best || w > best.w) best = { url, w };
  }
  return best?.url ?? null;
}

function dim(v: string | undefined): number | null {
  if (!v) return null;
  const n = parseInt(v, 10);
  return Number.isFinite(n) ? n : null;
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}
