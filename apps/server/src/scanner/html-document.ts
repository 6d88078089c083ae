import * as cheerio from "cheerio";
import { findSubject, visibleTextOf, type PageStructure, type Subject } from "./page-subject";

// Structural view of cheerio's DOM nodes (its node types live in a transitive package).
type DomNode = { type: string; data?: string; name?: string; tagName?: string; attribs?: Record<string, string>; children?: DomNode[]; parent?: DomNode | null };
type Element = DomNode & { name: string; tagName: string; attribs: Record<string, string> };
type AnyNode = DomNode;

/**
 * What the analysis reads from a page. Text keeps block boundaries as
 * newlines so that two separate blocks ("Luna" / "Rivers") never read as one
 * name, and keeps link text apart from running text (a "related creators"
 * sidebar naming her is not the page naming her).
 */
export type PageLink = {
  href: string;
  text: string;
  /** False when the link is around the page's item (furniture, a block listing other pages); absent = in it. */
  inSubject?: boolean;
};
export type PageImage = {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  hint: string;
  /** False when the image is around the page's item (a related video's thumbnail, a sidebar's); absent = in it. */
  inSubject?: boolean;
};

export type PageDocument = {
  url: string;
  title: string;
  /** meta description, og:title/og:description, twitter:title. */
  meta: string[];
  headings: string[];
  /** The item's visible text outside links, blocks separated by newlines. */
  text: string;
  /** The item's visible text inside links. */
  linkText: string;
  /** The item's labels as the page prints them: tags, categories, models (rel=tag links, short link lists). */
  tags?: string[];
  /**
   * What the page's structure says (page-subject.ts): "subject" the item was told apart from what surrounds
   * it; "listing" the page lists other pages (a front page, an archive, a search); "unread" no structure told
   * the item apart, the page less its furniture was read. Absent (a document not read from markup): its own.
   */
  structure?: PageStructure;
  /** The items of the blocks that list other pages (related videos, recent posts, a listing's posts): link and text. */
  listed?: PageLink[];
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
  /** The page's language (html lang, else a Content-Language meta), lower-case; "" when unsaid. */
  lang?: string;
};

/** About 1 MB of markup is parsed (~0.5 s at worst); the byte limit still applies to fetching. */
export const MAX_PARSED_CHARS = 1_000_000;
/** At most this many images are taken from a page, and this many <noscript> fallbacks of this size read. */
const MAX_IMAGES = 1_000;
const MAX_NOSCRIPTS = 200;
const MAX_NOSCRIPT_CHARS = 20_000;
const IMAGE_FILE = /\.(?:jpe?g|png|webp|gif|avif|bmp|tiff?)(?:$|[?#])/i;

/** A link to an image's full size: an image file, or a forum's attachment (served without a file extension). */
function isFullSizeLink(u: URL): boolean {
  return IMAGE_FILE.test(u.pathname) || isAttachmentUrl(u);
}

// Form controls are skipped, not forms: some frameworks wrap the whole page in one <form>.
// A <textarea>'s text is shown (paste sites show their text in a read-only one).
const SKIP = new Set(["script", "style", "noscript", "template", "svg", "iframe", "object", "head", "select", "option", "button", "input"]);
/** At most this many labels (tags, categories) and listed items are kept of a page. */
const MAX_TAGS = 100;
const MAX_CANDIDATES = 200;
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "body", "br", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
  "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main", "nav",
  "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "caption", "title",
]);

export function parseHtmlDocument(html: string, pageUrl: string): PageDocument {
  // Parsing is synchronous: a huge page must not stall every other fetch of the
  // scan. Titles, names and offers sit near the top; the rest is not read.
  // cheerio's document is read through the structural view above (the compiler checks that it fits).
  const root: DomNode = cheerio.load(html.length > MAX_PARSED_CHARS ? html.slice(0, MAX_PARSED_CHARS) : html).root()[0] ?? { type: "root", children: [] };
  // One walk collects what the analysis reads, in document order: a CSS query per
  // field would walk the whole tree some twenty times.
  const found = collect(root);

  let baseHref = pageUrl;
  const baseTag = found.base?.attribs.href;
  if (baseTag) {
    try {
      baseHref = new URL(baseTag, pageUrl).href;
    } catch {
      /* keep the page URL */
    }
  }
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

  const meta: string[] = [];
  for (const key of META_TEXT) {
    const c = found.first.get(key)?.attribs.content;
    if (c && c.trim()) meta.push(collapse(c));
  }
  const ogType = (found.first.get("property=og:type")?.attribs.content ?? "").trim().toLowerCase();
  const title = found.title ? collapse(textContent(found.title)) : "";
  const subject = findSubject(root, found.body, { url: pageUrl, title, generator: found.first.get(GENERATOR)?.attribs.content ?? "" });
  const headings = found.headings
    .filter((h) => subject.inSubject(h))
    .map((h) => collapse(textContent(h)))
    .filter(Boolean)
    .slice(0, 200);

  const links: PageLink[] = [];
  const tags: string[] = [];
  for (const el of found.links) {
    const href = abs(el.attribs.href);
    if (!href) continue;
    const text = collapse(textContent(el));
    const inSubject = subject.inSubject(el);
    links.push(inSubject ? { href, text } : { href, text, inSubject });
    // A post's tags and categories are the post's, wherever the theme prints them.
    const rel = ` ${(el.attribs.rel ?? "").toLowerCase()} `;
    if (inSubject && text && text.length <= 100 && tags.length < MAX_TAGS && (rel.includes(" tag ") || subject.inLabels(el)) && !tags.includes(text)) tags.push(text);
  }

  const images: PageImage[] = [];
  const seenImages = new Set<string>();
  // A <noscript> fallback's image stands where its <noscript> does.
  const placeOf = new Map<Element, Element>();
  const imageInSubject = (el: Element) => subject.inSubject(placeOf.get(el) ?? el);
  const pushImage = (raw: string | undefined, el: Element, alt: string) => {
    const src = abs(raw);
    if (!src || seenImages.has(src) || images.length >= MAX_IMAGES) return;
    seenImages.add(src);
    const parent = el.parent && el.parent.type !== "root" ? (el.parent as Element) : null;
    const hint = [el.attribs.class, el.attribs.id, parent?.attribs?.class].filter(Boolean).join(" ");
    const image: PageImage = { src, alt, width: dim(el.attribs.width), height: dim(el.attribs.height), hint };
    if (!imageInSubject(el)) image.inSubject = false;
    images.push(image);
  };
  // The images of <noscript> fallbacks (lazy-load plugins put the real <img> there), parsed on their own.
  const fallbackImages: Element[] = [];
  for (const n of found.noscripts) {
    const markup = textContent(n).slice(0, MAX_NOSCRIPT_CHARS);
    if (!/<(?:img|source)[\s/>]/i.test(markup)) continue;
    const sub: DomNode = cheerio.load(markup).root()[0] ?? { type: "root", children: [] };
    for (const img of collect(sub).images) {
      if (fallbackImages.length >= MAX_IMAGES) break;
      fallbackImages.push(img);
      placeOf.set(img, n);
    }
  }
  for (const e of [...found.images, ...fallbackImages]) {
    if (images.length >= MAX_IMAGES) break;
    const a = e.attribs;
    const alt = collapse(a.alt ?? a.title ?? "");
    if (e.name === "video") {
      pushImage(a.poster, e, alt);
      continue;
    }
    // A thumbnail in a link to its full-size file (an image file or a forum attachment): the full size first.
    const link = enclosingLink(e);
    const full = link ? abs(link.attribs.href) : null;
    if (full && !seenImages.has(full) && images.length < MAX_IMAGES && isFullSizeLink(new URL(full))) {
      seenImages.add(full);
      images.push(imageInSubject(e) ? { src: full, alt, width: null, height: null, hint: "linked" } : { src: full, alt, width: null, height: null, hint: "linked", inSubject: false });
    }
    // data-url: XenForo's original of an image it shows through its image proxy.
    for (const attr of ["data-src", "data-lazy-src", "data-lazy", "data-original", "data-original-src", "data-hi-res-src", "data-full", "data-large-file", "data-orig-file", "data-url", "src"]) {
      const v = a[attr];
      if (v && !/^data:/i.test(v)) pushImage(v, e, alt);
    }
    for (const attr of ["srcset", "data-srcset", "data-lazy-srcset"]) {
      const best = largestFromSrcset(a[attr]);
      if (best) pushImage(best, e, alt);
    }
  }
  // CSS backgrounds (inline, or lazy-loaded from data-bg attributes).
  for (const e of found.styled) {
    const a = e.attribs;
    for (const attr of ["data-bg", "data-background", "data-background-image", "data-bg-src"]) {
      const v = a[attr];
      if (v) pushImage(cssUrls(v)[0] ?? v, e, "");
    }
    if (a.style && /background/i.test(a.style)) for (const u of cssUrls(a.style)) pushImage(u, e, "");
  }
  // Full-size images are often only linked from thumbnails.
  for (const l of links) {
    if (IMAGE_FILE.test(new URL(l.href).pathname)) {
      if (!seenImages.has(l.href) && images.length < MAX_IMAGES) {
        seenImages.add(l.href);
        const image: PageImage = { src: l.href, alt: l.text, width: null, height: null, hint: "linked" };
        if (l.inSubject === false) image.inSubject = false;
        images.push(image);
      }
    }
  }
  const metaImages: string[] = [];
  for (const key of META_IMAGE) {
    const el = found.first.get(key);
    const v = abs(el?.attribs.content ?? el?.attribs.href);
    if (v && !metaImages.includes(v)) metaImages.push(v);
  }

  const videoCount = found.videos + found.embeds + links.filter((l) => /\.(?:mp4|m4v|webm|mov|mkv|avi|wmv)(?:$|[?#])/i.test(l.href)).length;

  const jsonLdTypes = found.jsonLd.map((s) => textContent(s)).join(" ");
  const articleMarkup =
    found.article || ogType === "article" || /"@type"\s*:\s*"(?:News|Blog|Report|Scholarly|Tech)?(?:Article|Posting|BlogPosting)"/.test(jsonLdTypes);
  const byline = found.byline || /"author"\s*:/.test(jsonLdTypes);

  const { text, linkText } = visibleText(subject.root, subject);
  const paragraphs = found.paragraphs
    .filter((p) => subject.inSubject(p))
    .map((p) => collapse(textContent(p)))
    .filter((p) => p.length > 0);

  return {
    url: pageUrl,
    title,
    meta,
    headings,
    text,
    linkText,
    tags,
    structure: subject.structure,
    listed: listedItems(subject, abs),
    paragraphs,
    links,
    images,
    metaImages,
    videoCount,
    ogType,
    articleMarkup,
    byline,
    lang: pageLanguage(found),
  };
}

/** The primary language the page declares ("ru" of "ru-RU"), lower-case; "" when unsaid. */
function pageLanguage(found: Found): string {
  const declared = found.lang ?? found.first.get("http-equiv=content-language")?.attribs.content ?? found.first.get("name=language")?.attribs.content ?? "";
  // Content-Language may list several: the first is the page's.
  return (declared.split(",")[0] ?? "").trim().toLowerCase().slice(0, 35);
}

// The first element of each kind that the analysis reads an attribute from.
const META_TEXT = [
  "name=description",
  "property=og:title",
  "property=og:description",
  "name=twitter:title",
  "name=twitter:description",
  "name=keywords",
] as const;
const GENERATOR = "name=generator";
const META_IMAGE = ["property=og:image", "property=og:image:url", "name=twitter:image", "link:image_src"] as const;
const META_KEYS = new Set<string>([...META_TEXT, ...META_IMAGE, GENERATOR, "property=og:type", "http-equiv=content-language", "name=language"]);

type Found = {
  base: Element | null;
  first: Map<string, Element>;
  title: Element | null;
  body: Element | null;
  headings: Element[];
  links: Element[];
  images: Element[];
  paragraphs: Element[];
  jsonLd: Element[];
  /** Elements that may carry a CSS background image. */
  styled: Element[];
  /** <noscript> elements: a parser that runs scripts keeps their markup as text. */
  noscripts: Element[];
  videos: number;
  embeds: number;
  lang?: string | undefined;
  article: boolean;
  byline: boolean;
};

const isElement = (n: DomNode): n is Element => n.type === "tag" || n.type === "script" || n.type === "style";
// Whole-word class test, as a CSS class selector matches.
const hasClass = (el: Element, c: string) => (el.attribs.class ?? "").split(/\s+/).includes(c);

/**
 * Every element in document order (depth first, into template contents too),
 * matched as the CSS selectors this replaced would: tag names exactly,
 * rel/type values case-insensitively (HTML's rule), other values exactly.
 */
function collect(root: DomNode): Found {
  const f: Found = {
    base: null,
    first: new Map(),
    title: null,
    body: null,
    headings: [],
    links: [],
    images: [],
    paragraphs: [],
    jsonLd: [],
    styled: [],
    noscripts: [],
    videos: 0,
    embeds: 0,
    article: false,
    byline: false,
  };
  const stack: DomNode[][] = [root.children ?? []];
  const index: number[] = [0];
  while (stack.length > 0) {
    const nodes = stack[stack.length - 1]!;
    const i = index[index.length - 1]!;
    if (i >= nodes.length) {
      stack.pop();
      index.pop();
      continue;
    }
    index[index.length - 1] = i + 1;
    const node = nodes[i]!;
    if (isElement(node)) visit(node, f);
    if (node.children && node.children.length > 0) {
      stack.push(node.children);
      index.push(0);
    }
  }
  return f;
}

function visit(el: Element, f: Found): void {
  const a = (el.attribs ??= {});
  const rel = a.rel?.toLowerCase();
  if (a.style !== undefined || a["data-bg"] !== undefined || a["data-background"] !== undefined || a["data-background-image"] !== undefined || a["data-bg-src"] !== undefined) {
    f.styled.push(el);
  }
  if (!f.byline && (hasClass(el, "byline") || hasClass(el, "author") || rel === "author" || a.itemprop === "author")) f.byline = true;
  switch (el.name) {
    case "base":
      if (!f.base && a.href !== undefined) f.base = el;
      break;
    case "meta":
      if (a.name !== undefined) firstOf(f, `name=${a.name}`, el);
      if (a["http-equiv"] !== undefined) firstOf(f, `http-equiv=${a["http-equiv"].toLowerCase()}`, el);
      if (a.property !== undefined) firstOf(f, `property=${a.property}`, el);
      if (a.name === "author") f.byline = true;
      break;
    case "link":
      if (rel === "image_src") firstOf(f, "link:image_src", el);
      break;
    case "title":
      f.title ??= el;
      break;
    case "html":
      f.lang ??= a.lang ?? a["xml:lang"];
      break;
    case "body":
      f.body ??= el;
      break;
    case "h1":
    case "h2":
    case "h3":
      f.headings.push(el);
      break;
    case "a":
    case "area":
      if (a.href !== undefined) f.links.push(el);
      break;
    case "img":
    case "source":
      f.images.push(el);
      break;
    case "noscript":
      if (f.noscripts.length < MAX_NOSCRIPTS) f.noscripts.push(el);
      break;
    case "video":
      f.videos++;
      if (a.poster !== undefined) f.images.push(el);
      break;
    case "iframe":
      if (a.src !== undefined && (a.src.includes("embed") || a.src.includes("player"))) f.embeds++;
      break;
    case "p":
      f.paragraphs.push(el);
      break;
    case "script":
      if (a.type?.toLowerCase() === "application/ld+json") f.jsonLd.push(el);
      break;
    case "article":
      f.article = true;
      break;
  }
}

function firstOf(f: Found, key: string, el: Element): void {
  if (META_KEYS.has(key) && !f.first.has(key)) f.first.set(key, el);
}

/** All text below a node, as the DOM's textContent (script and style text included, comments not). */
function textContent(node: DomNode): string {
  if (node.type === "text") return node.data ?? "";
  if (node.type === "comment" || !node.children) return "";
  let out = "";
  const stack: DomNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === "text") out += n.data ?? "";
    else if (n.type !== "comment" && n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

/** A fetched body to read as a document: HTML markup, or plain text (text/plain, JSON). */
export type DocumentSource = { body: Uint8Array; contentType: string; url: string; kind: "html" | "text" };

export function documentFromBody(src: DocumentSource): PageDocument {
  const text = decodeBody(src.body, src.contentType);
  return src.kind === "html" ? parseHtmlDocument(text, src.url) : plainTextDocument(text, src.url);
}

/** The body as text, in the charset its header (or else its markup) names; UTF-8 by default. */
export function decodeBody(body: Uint8Array, contentType: string): string {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const fromMeta = fromHeader ? undefined : /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString("latin1"))?.[1];
  const label = (fromHeader ?? fromMeta ?? "utf-8").toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
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

/** Each listed item's first link, with the item's text and its images' alt text (what names the page it links). */
function listedItems(subject: Subject, abs: (raw: string | undefined) => string | null): PageLink[] {
  const out: PageLink[] = [];
  const seen = new Set<string>();
  for (const item of subject.listedItems) {
    if (out.length >= MAX_CANDIDATES) break;
    const found = collect(item);
    const href = found.links.map((l) => abs(l.attribs.href)).find((h): h is string => !!h);
    if (!href || seen.has(href)) continue;
    seen.add(href);
    const alts = found.images.map((i) => collapse(i.attribs.alt ?? i.attribs.title ?? "")).filter(Boolean);
    out.push({ href, text: [visibleTextOf(item), ...alts].join("\n").slice(0, 2000) });
  }
  return out;
}

function visibleText(root: AnyNode, subject: Subject): { text: string; linkText: string } {
  const out: string[] = [];
  const linkOut: string[] = [];
  // An explicit stack, not recursion: a hostile page nests thousands of elements deep.
  type Step = { node: AnyNode; inLink: boolean } | { close: string; block: boolean };
  const stack: Step[] = [{ node: root, inLink: false }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ("close" in step) {
      if (step.block) {
        out.push("\n");
        linkOut.push("\n");
      }
      if (step.close === "a") linkOut.push("\n");
      continue;
    }
    const { node, inLink } = step;
    if (node.type === "text") {
      // A byte-order mark is an invisible character, not a space (JavaScript's \s counts it as one).
      const data = (node.data ?? "").replace(/[^\S\ufeff]+/g, " ");
      (inLink ? linkOut : out).push(data);
      continue;
    }
    if (node.type !== "tag" && node.type !== "root") continue;
    const tag = node.type === "tag" ? (node.tagName ?? "").toLowerCase() : "";
    if (SKIP.has(tag) || tag === "img" || (node.type === "tag" && subject.excluded(node))) continue;
    const block = BLOCK.has(tag);
    const link = inLink || tag === "a";
    if (block) {
      out.push("\n");
      linkOut.push("\n");
    }
    stack.push({ close: tag, block });
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, inLink: link });
  }
  const tidy = (parts: string[]) =>
    parts
      .join("")
      .replace(/[ \t\u00a0]+/g, " ")
      .replace(/ ?\n[ \n]*/g, "\n")
      .trim();
  return { text: tidy(out), linkText: tidy(linkOut) };
}

/** The link an image sits in (within three levels), if any. */
function enclosingLink(el: Element): Element | null {
  let n: DomNode | null | undefined = el.parent;
  for (let depth = 0; depth < 3 && n && n.type !== "root"; depth++, n = n.parent) {
    if ((n.name ?? "").toLowerCase() === "a" && n.attribs?.href) return n as Element;
  }
  return null;
}

/**
 * Forum attachments as the packages serve them: phpBB 3 download/file.php?id=N, phpBB 4
 * download/attachment/N/name, vBulletin 3/4 attachment.php?attachmentid=N, vBulletin 5
 * filedata/fetch?id=N, XenForo attachments/name-jpg.N/, MyBB attachment.php?aid=N, Invision Community
 * applications/core/interface/file/attachment.php?id=N, SMF index.php?action=dlattach;…;attach=N.
 */
export function isAttachmentUrl(u: URL): boolean {
  const path = u.pathname.toLowerCase();
  if (path.endsWith("/download/file.php") || path.endsWith("/attachment.php") || path.endsWith("/filedata/fetch")) return u.search.length > 1;
  if (path.endsWith("/index.php") && /^\?(?:[^#]{0,300}[;&])?action=dlattach[;&]/.test(u.search.slice(0, 400))) return true;
  const parts = path.split("/").filter(Boolean);
  const xf = parts.lastIndexOf("attachments");
  if (xf >= 0 && xf === parts.length - 2 && /\.\d{1,12}$/.test(parts[xf + 1]!)) return true;
  const bb = parts.lastIndexOf("attachment");
  return bb >= 1 && parts[bb - 1] === "download" && /^\d{1,12}$/.test(parts[bb + 1] ?? "");
}

/** At most this much of a srcset is read (a real one is a few hundred characters). */
const MAX_SRCSET_CHARS = 10_000;

/**
 * The largest candidate of a srcset, as the HTML standard splits it: a URL is a run of non-space
 * characters (commas inside it, as image CDNs write them, are kept; commas at its end separate), its
 * descriptor ("1024w", "2x") runs to the next comma. One pass over a bounded string.
 */
function largestFromSrcset(srcset: string | undefined): string | null {
  if (!srcset) return null;
  const s = srcset.length > MAX_SRCSET_CHARS ? srcset.slice(0, MAX_SRCSET_CHARS) : srcset;
  let best: { url: string; w: number } | null = null;
  let i = 0;
  const space = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
  while (i < s.length) {
    while (i < s.length && (space(s[i]!) || s[i] === ",")) i++;
    if (i >= s.length) break;
    const start = i;
    while (i < s.length && !space(s[i]!)) i++;
    let url = s.slice(start, i);
    let descriptor = "";
    if (url.endsWith(",")) {
      let end = url.length;
      while (end > 0 && url[end - 1] === ",") end--;
      url = url.slice(0, end);
    } else {
      const d = i;
      while (i < s.length && s[i] !== ",") i++;
      descriptor = s.slice(d, i).trim();
    }
    if (!url) continue;
    const m = /^(\d{1,9}(?:\.\d{1,6})?)[wx]$/i.exec(descriptor);
    const w = m ? Number(m[1]) : 1;
    if (!best || w > best.w) best = { url, w };
  }
  return best?.url ?? null;
}

/** The url(...) values of a CSS declaration list. */
function cssUrls(css: string): string[] {
  const out: string[] = [];
  // Up to the next parenthesis only: each character is read once however the text is made.
  for (const m of css.matchAll(/url\(([^()]*)\)/gi)) {
    let v = m[1]!.trim();
    if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.endsWith(v[0])) v = v.slice(1, -1);
    if (v) out.push(v);
  }
  return out;
}

function dim(v: string | undefined): number | null {
  if (!v) return null;
  const n = parseInt(v, 10);
  return Number.isFinite(n) ? n : null;
}

export function collapse(s: string): string {
  return s.replace(/[^\S\ufeff]+/g, " ").trim();
}
