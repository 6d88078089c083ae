/**
 * What a page is about, found from its structure rather than from theme class names: the post, the
 * thread's posts or the video (its title, body, tags and media), the furniture around it (navigation,
 * sidebars, site header and footer, reply forms) and the blocks that list other pages (related
 * videos, recent posts, archives). A page whose own content is a list of other pages is a listing.
 *
 * The signals, in order:
 *  - HTML's own meaning: nav, aside and ARIA landmarks are around the content; a header or footer
 *    belongs to its nearest article or section, and at the body's level it is the site's; a form
 *    to write a reply in is not the page's content.
 *  - schema.org microdata naming the page's item, else the one article that holds the page's
 *    heading, else the page's main element, else its body.
 *  - Repeated sibling blocks: blocks that each link another page with a title or a thumbnail and
 *    little text of their own are a listing of other pages; blocks whose heading links another
 *    page are cards of a listing; short bare links side by side are labels (tags, categories,
 *    models), part of the item when inside it.
 *  - The known layout of a package where the page says which (WordPress's body classes and the
 *    comment and widget blocks its core prints).
 *
 * One pass computes each element's text and link text; every other step visits each element a
 * bounded number of times. No pattern here runs on page text.
 */

// Structural view of cheerio's DOM nodes (as html-document.ts reads them).
export type DomNode = { type: string; data?: string; name?: string; tagName?: string; attribs?: Record<string, string>; children?: DomNode[]; parent?: DomNode | null };

export type PageStructure = "subject" | "listing" | "unread";

export type Subject = {
  /** subject: the item was found; listing: the page lists other pages; unread: no structure told the item apart. */
  structure: PageStructure;
  /** The element the item is in (the body when unread). */
  root: DomNode;
  /** Whether an element lies in the item (inside the root, outside furniture and listing blocks). */
  inSubject(el: DomNode): boolean;
  /** Whether this element (with all below it) is left out of the item. */
  excluded(el: DomNode): boolean;
  /** Whether an element lies in a label list (tags, categories, models) of the item. */
  inLabels(el: DomNode): boolean;
  /** The blocks listing other pages, each item's element (read for candidates). */
  listedItems: DomNode[];
};

const SKIP_TEXT = new Set(["script", "style", "noscript", "template", "svg", "head", "select", "option", "button", "textarea"]);
const HEADINGS = new Set(["h1", "h2", "h3"]);
/** What a comment section holds beside its reply form: its heading, the list of replies, rules. */
const DISCUSSION_PARTS = new Set(["h2", "h3", "h4", "h5", "h6", "ol", "ul", "hr"]);
const SECTIONING = new Set(["article", "section", "aside", "nav", "main"]);
const FURNITURE_ROLES = new Set(["navigation", "complementary", "banner", "contentinfo", "search"]);
/** schema.org types of a page's own item. */
const ITEM_TYPE = /schema\.org\/(?:[A-Za-z]{0,20}Article|[A-Za-z]{0,20}Posting|VideoObject|ImageGallery|ImageObject|MediaObject|Movie|Clip|Episode|Recipe|Product|Review|Question)$/;
/** A label: short (tags, categories, a model's name), not a sentence. */
const MAX_LABEL_CHARS = 40;
/** The words before a block's labels ("Models:", "Tagged"). */
const MAX_LABEL_PREFIX = 20;
/** A listed item has little text of its own besides its links (a duration, a view count, an excerpt's start). */
const MAX_LISTED_OWN_TEXT = 160;
/** A listed title's excerpt is a few sentences at most. */
const MAX_EXCERPT_TEXT = 400;
/** A listed item links at most this many distinct pages (its page, its creator, its category). */
const MAX_LISTED_TARGETS = 3;
const IMAGE_FILE_PATH = /\.(?:jpe?g|png|webp|gif|avif|bmp)\/?$/i;
/** At most this many reply forms are followed out to their comment sections. */
const MAX_REPLY_FORMS = 10;
/** A form with more text than this is the page (some frameworks wrap everything in one form), not a reply box. */
const MAX_REPLY_FORM_TEXT = 3000;

type Stats = { text: number; linkText: number; imgs: number; linkedImgs: number; textarea: boolean };

const tagOf = (n: DomNode) => (n.type === "tag" || n.type === "script" || n.type === "style" ? (n.name ?? n.tagName ?? "").toLowerCase() : "");
const classes = (n: DomNode) => (n.attribs?.class ?? "").split(/\s+/).filter(Boolean);
const elementChildren = (n: DomNode) => (n.children ?? []).filter((c) => c.type === "tag");
/** A link's page (no fragment), and whether it is an image file; memoised per page (a listing repeats its links). */
type Target = { page: string; image: boolean } | null;
const targetCache = new Map<string, Target>();
let targetBase = "";
const hrefKey = (href: string | undefined, base: string): string | null => target(href, base)?.page ?? null;
function target(href: string | undefined, base: string): Target {
  if (!href) return null;
  if (base !== targetBase || targetCache.size > 50_000) {
    targetCache.clear();
    targetBase = base;
  }
  const known = targetCache.get(href);
  if (known !== undefined) return known;
  let out: Target = null;
  try {
    const u = new URL(href.trim(), base);
    if (u.protocol === "http:" || u.protocol === "https:") {
      u.hash = "";
      out = { page: u.href, image: IMAGE_FILE_PATH.test(u.pathname) };
    }
  } catch {
    out = null;
  }
  targetCache.set(href, out);
  return out;
}

function nonSpaceLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c !== 0xa0) n++;
  }
  return n;
}

/** Text below a node (what a reader sees: no script, style or form-control text), collapsed. */
export function visibleTextOf(node: DomNode): string {
  let out = "";
  const stack: DomNode[] = [node];
  while (stack.length > 0 && out.length < 4000) {
    const n = stack.pop()!;
    if (n.type === "text") out += n.data ?? "";
    else if (n.children && !SKIP_TEXT.has(tagOf(n))) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out.replace(/[^\S\ufeff]+/g, " ").trim();
}

export function findSubject(root: DomNode, body: DomNode | null, page: { url: string; title: string; generator: string }): Subject {
  const pageUrl = page.url;
  const title = page.title;
  const top = body ?? root;
  // One pre-order walk (an explicit stack: a hostile page nests thousands deep), then stats summed children-first.
  const order: DomNode[] = [];
  const stats = new Map<DomNode, Stats>();
  firstHeadings = new WeakMap();
  const walk: Array<{ n: DomNode; inLink: boolean }> = [{ n: top, inLink: false }];
  const textIn = new Map<DomNode, { text: number; link: number }>();
  while (walk.length > 0) {
    const { n, inLink } = walk.pop()!;
    const tag = tagOf(n);
    if (n.type === "text") {
      const len = nonSpaceLength(n.data ?? "");
      const p = n.parent;
      if (p && len > 0) {
        const t = textIn.get(p) ?? { text: 0, link: 0 };
        t.text += len;
        if (inLink) t.link += len;
        textIn.set(p, t);
      }
      continue;
    }
    if (n.type !== "tag" && n !== top) continue;
    order.push(n);
    if (SKIP_TEXT.has(tag) && tag !== "textarea") continue;
    const link = inLink || tag === "a";
    const kids = n.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) walk.push({ n: kids[i]!, inLink: link });
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    const own = textIn.get(n);
    const tag = tagOf(n);
    const s: Stats = stats.get(n) ?? { text: 0, linkText: 0, imgs: 0, linkedImgs: 0, textarea: false };
    if (own) {
      s.text += own.text;
      s.linkText += own.link;
    }
    if (tag === "img") s.imgs++;
    if (tag === "textarea" && n.attribs?.readonly === undefined) s.textarea = true;
    if (tag === "a" && s.imgs > 0) s.linkedImgs = Math.max(s.linkedImgs, s.imgs);
    stats.set(n, s);
    // The first heading below n: its first child that is one or holds one (children were done before n).
    for (const c of n.children ?? []) {
      if (c.type !== "tag") continue;
      const h = HEADINGS.has(tagOf(c)) ? c : firstHeadings.get(c);
      if (h) {
        firstHeadings.set(n, h);
        break;
      }
    }
    const p = n.parent;
    if (p && n !== top) {
      const ps = stats.get(p) ?? { text: 0, linkText: 0, imgs: 0, linkedImgs: 0, textarea: false };
      ps.text += s.text;
      ps.linkText += s.linkText;
      ps.imgs += s.imgs;
      ps.linkedImgs += s.linkedImgs;
      ps.textarea ||= s.textarea;
      stats.set(p, ps);
    }
  }
  const st = (n: DomNode) => stats.get(n) ?? { text: 0, linkText: 0, imgs: 0, linkedImgs: 0, textarea: false };

  const wordpress = /^wordpress\b/i.test(page.generator.trim()) || isWordPress(order);
  const out = new Set<DomNode>();
  for (const n of order) if (n !== top && isFurniture(n, st, wordpress)) out.add(n);
  const underOut = (n: DomNode): boolean => {
    for (let p: DomNode | null | undefined = n; p && p !== top && p.type !== "root"; p = p.parent) if (out.has(p)) return true;
    return false;
  };

  // Repeated sibling blocks.
  const labels = new Set<DomNode>();
  const listed: DomNode[] = [];
  const cards: DomNode[] = [];
  const cardSet = new Set<DomNode>();
  const listedSet = new Set<DomNode>();
  const titleLower = title.toLowerCase();
  for (const parent of order) {
    const kids = elementChildren(parent);
    if (kids.length < 2) continue;
    const byTag = new Map<string, DomNode[]>();
    for (const k of kids) {
      const t = tagOf(k);
      if (!byTag.has(t)) byTag.set(t, []);
      byTag.get(t)!.push(k);
    }
    for (const [, group] of byTag) {
      if (group.length < 2) continue;
      const kind = groupKind(group, st, pageUrl, titleLower, out);
      if (kind === "labels") labels.add(parent);
      else if (kind === "listing") addAll(listedSet, listed, group);
      else if (kind === "cards") addAll(cardSet, cards, group);
    }
  }
  // Labels printed after a word ("Models: <a>…</a>"): a block of short links and a few words of its own.
  for (const n of order) {
    if (labels.has(n)) continue;
    const kids = elementChildren(n);
    if (kids.length === 0 || kids.length > 50 || !kids.every((k) => tagOf(k) === "a" || tagOf(k) === "span" || tagOf(k) === "em")) continue;
    const links = kids.filter((k) => tagOf(k) === "a");
    const s = st(n);
    if (links.length > 0 && s.imgs === 0 && links.every((k) => st(k).text > 0 && st(k).text <= MAX_LABEL_CHARS) && s.text - s.linkText <= MAX_LABEL_PREFIX) labels.add(n);
  }
  // A lone card (an archive with one post) is a card too: its heading links another page.
  for (const n of order) {
    if ((tagOf(n) === "article" || tagOf(n) === "li") && !cardSet.has(n) && !underOut(n) && isCard(n, st, pageUrl, titleLower, out)) {
      cardSet.add(n);
      cards.push(n);
    }
  }

  const firstH1 = order.find((n) => tagOf(n) === "h1" && !underOut(n) && st(n).text > 0) ?? null;
  const contains = (a: DomNode, b: DomNode | null) => {
    for (let p: DomNode | null | undefined = b; p; p = p.parent) if (p === a) return true;
    return false;
  };
  const under = (set: Set<DomNode>, n: DomNode, self = true) => {
    for (let p: DomNode | null | undefined = self ? n : n.parent; p && p.type !== "root"; p = p.parent) if (set.has(p)) return true;
    return false;
  };
  const inCard = (n: DomNode) => under(cardSet, n);

  // Text outside links and outside what was set aside, summed children first (one pass).
  const keptText = new Map<DomNode, number>();
  const setAside = new Set<DomNode>([...out, ...listed]);
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    if (setAside.has(n)) continue;
    const t = textIn.get(n);
    const mine = (keptText.get(n) ?? 0) + (t ? t.text - t.link : 0);
    keptText.set(n, mine);
    if (n.parent && n !== top) keptText.set(n.parent, (keptText.get(n.parent) ?? 0) + mine);
  }
  const kept = (n: DomNode) => keptText.get(n) ?? 0;

  // A reply form and the replies printed with it (a blog's comments): the blocks around the form that hold
  // only it, headings and lists (of replies), and neither the page's heading nor most of its text. A forum's
  // posts are most of its text, and a post's date and tags beside its comments are not lists: they stay.
  const replyForms = [...out].filter((n) => tagOf(n) === "form").slice(0, MAX_REPLY_FORMS);
  for (const form of replyForms) {
    let discussion: DomNode | null = null;
    for (let block: DomNode = form, p = form.parent; p && p !== top && p.type !== "root"; block = p, p = p.parent) {
      if ((firstH1 && contains(p, firstH1)) || kept(p) * 2 >= kept(top)) break;
      if (!elementChildren(p).every((c) => c === block || out.has(c) || DISCUSSION_PARTS.has(tagOf(c)) || kept(c) === 0)) break;
      discussion = p;
    }
    if (discussion) out.add(discussion);
  }

  // The item's element.
  let subjectRoot: DomNode | null = null;
  const items = order.filter((n) => n.attribs?.itemscope !== undefined && ITEM_TYPE.test(n.attribs?.itemtype ?? "") && !underOut(n) && !inCard(n));
  const itemSet = new Set(items);
  const topItems = items.filter((n) => !under(itemSet, n, false));
  if (topItems.length === 1) subjectRoot = topItems[0]!;
  if (!subjectRoot) {
    const articles = order.filter((n) => tagOf(n) === "article" && !underOut(n) && !cardSet.has(n));
    const articleSet = new Set(articles);
    const topArticles = articles.filter((n) => !under(articleSet, n, false));
    const withH1 = firstH1 ? topArticles.find((a) => contains(a, firstH1)) : undefined;
    if (withH1) subjectRoot = withH1;
    else if (topArticles.length === 1 && cards.length === 0 && !listedSet.has(topArticles[0]!)) subjectRoot = topArticles[0]!;
  }
  let structure: PageStructure = "subject";
  if (!subjectRoot) {
    subjectRoot = order.find((n) => (tagOf(n) === "main" || n.attribs?.role === "main") && !underOut(n)) ?? null;
    const wpKind = wordpress ? wordPressPageKind(top) : null;
    const listingCards = cards.filter((c) => subjectRoot === null || contains(subjectRoot, c)).length;
    if (wpKind === "listing" || (wpKind !== "item" && listingCards > 0 && !(firstH1 && !inCard(firstH1) && hasOwnContent(subjectRoot ?? top, firstH1, cards, listed, st)))) {
      structure = "listing";
    }
    if (!subjectRoot && firstH1 && structure === "subject") subjectRoot = aroundHeading(firstH1, top, kept);
    if (!subjectRoot) {
      subjectRoot = top;
      // Neither markup nor a heading says what the page is about, and blocks around it were found: the
      // whole page less those is read, and what is found there is not certain. A bare page is all its own.
      if (structure === "subject" && !firstH1 && (out.size > 0 || listed.length > 0)) structure = "unread";
    }
  }
  for (const n of listed) out.add(n);
  if (structure === "listing") for (const n of cards) out.add(n);
  const finalRoot = subjectRoot;

  const inSubject = (el: DomNode): boolean => {
    let inside = false;
    for (let p: DomNode | null | undefined = el; p && p.type !== "root"; p = p.parent) {
      if (out.has(p)) return false;
      if (p === finalRoot) inside = true;
    }
    return inside || finalRoot === top;
  };
  const inLabels = (el: DomNode): boolean => {
    for (let p: DomNode | null | undefined = el; p && p.type !== "root"; p = p.parent) if (labels.has(p)) return true;
    return false;
  };
  return { structure, root: finalRoot, inSubject, inLabels, excluded: (el) => out.has(el), listedItems: structure === "listing" ? [...listed, ...cards] : listed };
}

function addAll(set: Set<DomNode>, list: DomNode[], nodes: DomNode[]): void {
  for (const n of nodes) {
    if (set.has(n)) continue;
    set.add(n);
    list.push(n);
  }
}

/**
 * Without markup naming the item, the item is around its heading: the nearest block holding the heading
 * and most of the page's own text (a sidebar of link lists beside it has little text of its own).
 */
function aroundHeading(h1: DomNode, top: DomNode, kept: (n: DomNode) => number): DomNode {
  const total = kept(top);
  for (let p = h1.parent; p && p !== top && p.type !== "root"; p = p.parent) if (kept(p) * 10 >= total * 6) return p;
  return top;
}

/**
 * Whether the page's heading introduces content of its own beside the cards (a post that embeds a
 * "more posts" grid) rather than titling a list (an archive's "Tag: X").
 */
function hasOwnContent(root: DomNode, h1: DomNode, cards: DomNode[], listed: DomNode[], st: (n: DomNode) => Stats): boolean {
  const inCards = cards.reduce((sum, c) => sum + st(c).text - st(c).linkText, 0) + listed.reduce((sum, c) => sum + st(c).text - st(c).linkText, 0);
  const own = st(root).text - st(root).linkText - inCards - st(h1).text;
  return own > Math.max(200, inCards);
}

function isFurniture(n: DomNode, st: (n: DomNode) => Stats, wordpress: boolean): boolean {
  const tag = tagOf(n);
  const a = n.attribs ?? {};
  if (tag === "nav" || tag === "aside" || tag === "dialog") return true;
  if (a.role && FURNITURE_ROLES.has(a.role.toLowerCase())) return true;
  if (a.hidden !== undefined) return true;
  if (tag === "header" || tag === "footer") {
    // The site's header and footer (at the body's level); an article's or a section's belongs to it.
    for (let p = n.parent; p && p.type !== "root"; p = p.parent) if (SECTIONING.has(tagOf(p)) || p.attribs?.role === "main") return false;
    return true;
  }
  if (tag === "form") {
    const s = st(n);
    return s.textarea && s.text < MAX_REPLY_FORM_TEXT;
  }
  if (wordpress && isWordPressFurniture(a)) return true;
  return false;
}

type GroupKind = "labels" | "listing" | "cards" | null;

function groupKind(group: DomNode[], st: (n: DomNode) => Stats, pageUrl: string, titleLower: string, out: Set<DomNode>): GroupKind {
  let labels = 0;
  let listedItems = 0;
  let listedLinkText = 0;
  let listedOwnText = 0;
  let excerptItems = 0;
  let cardItems = 0;
  const cardTitles = new Set<string>();
  for (const m of group) {
    const s = st(m);
    if (s.text === 0 && s.imgs === 0) continue;
    const targets = linkTargets(m, pageUrl);
    const ownText = s.text - s.linkText;
    if (targets.size >= 1 && targets.size <= 2 && s.imgs === 0 && ownText <= 2 && s.linkText > 0 && s.linkText <= MAX_LABEL_CHARS) labels++;
    if (isCard(m, st, pageUrl, titleLower, out)) {
      cardItems++;
      cardTitles.add(visibleTextOf(firstHeading(m)!).toLowerCase());
    } else if (targets.size === 1 && ownText <= MAX_EXCERPT_TEXT && !s.textarea && linksATitle(m)) {
      // A title linking its page and an excerpt of it ("related posts", "recent posts" with their start).
      listedItems++;
      excerptItems++;
    } else if (targets.size >= 1 && targets.size <= MAX_LISTED_TARGETS && ownText <= MAX_LISTED_OWN_TEXT && (s.linkedImgs > 0 || s.linkText >= ownText) && !s.textarea && linksATitle(m)) {
      listedItems++;
      listedLinkText += s.linkText;
      listedOwnText += ownText;
    }
  }
  const n = group.length;
  const most = (k: number) => k >= 2 && k * 3 >= n * 2;
  if (most(labels)) return "labels";
  if (most(cardItems) && cardTitles.size * 3 >= cardItems * 2) return "cards";
  // Listed items are their links (titles, thumbnails); a thread's short replies are text by linked authors.
  if (listedItems >= 3 && most(listedItems) && (listedLinkText >= listedOwnText || excerptItems * 3 >= listedItems * 2)) return "listing";
  return null;
}

/**
 * Whether a block links a page by a title of some words (a link's text, a linked thumbnail's alt text):
 * what a listed video or post shows, where a post's author link is one name.
 */
function linksATitle(n: DomNode): boolean {
  const stack: DomNode[] = [n];
  let seen = 0;
  while (stack.length > 0 && seen < 2000) {
    const c = stack.pop()!;
    seen++;
    const tag = tagOf(c);
    if (tag === "a" && (words(visibleTextOf(c)) >= 2 || words(c.attribs?.title ?? "") >= 2)) return true;
    if (tag === "img" && words(c.attribs?.alt ?? "") >= 2) {
      for (let p = c.parent; p && p !== n.parent; p = p.parent) if (tagOf(p) === "a") return true;
    }
    const kids = c.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) if (kids[i]!.type === "tag") stack.push(kids[i]!);
  }
  return false;
}

function words(s: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < s.length && i < 400; i++) {
    const space = s.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** An item of a listing: its first heading is a link to another page (not the page's own title). */
function isCard(n: DomNode, st: (n: DomNode) => Stats, pageUrl: string, titleLower: string, out: Set<DomNode>): boolean {
  const h = firstHeading(n);
  if (!h) return false;
  // A heading in the item's own side pane (a forum post's author pane) is no title of it.
  for (let p: DomNode | null | undefined = h; p && p !== n; p = p.parent) if (out.has(p)) return false;
  const hs = st(h);
  if (hs.text === 0) return false;
  let link: DomNode | null = null;
  for (let p = h.parent; p && p !== n.parent; p = p.parent) if (tagOf(p) === "a") link = p;
  if (!link) link = descendant(h, "a");
  if (!link) return false;
  const inside = contains(h, link);
  if (inside && hs.linkText * 10 < hs.text * 9) return false;
  const target = hrefKey(link.attribs?.href, pageUrl);
  if (!target || target === hrefKey(pageUrl, pageUrl)) return false;
  // A reply's subject repeating the page's own title ("Re: …") is a thread's post, not a card.
  const text = visibleTextOf(h).toLowerCase().replace(/^re:\s*/, "");
  return !(text.length > 0 && titleLower.includes(text));
}

/** First headings below each element, computed once per page (findSubject fills it). */
let firstHeadings = new WeakMap<DomNode, DomNode>();

function firstHeading(n: DomNode): DomNode | null {
  return firstHeadings.get(n) ?? null;
}

function descendant(n: DomNode, tag: string): DomNode | null {
  const stack: DomNode[] = [...(n.children ?? [])];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (tagOf(c) === tag) return c;
    if (c.children) stack.push(...c.children);
  }
  return null;
}

function contains(a: DomNode, b: DomNode): boolean {
  for (let p: DomNode | null | undefined = b; p; p = p.parent) if (p === a) return true;
  return false;
}

/** The distinct pages a block links (bounded: a listed item links few). */
function linkTargets(n: DomNode, pageUrl: string): Set<string> {
  const out = new Set<string>();
  const stack: DomNode[] = [n];
  let seen = 0;
  while (stack.length > 0 && seen < 2000 && out.size <= MAX_LISTED_TARGETS + 1) {
    const c = stack.pop()!;
    seen++;
    if (tagOf(c) === "a") {
      const t = target(c.attribs?.href, pageUrl);
      // A link to an image's full size is the item's own picture (a video's screenshots), not another page.
      if (t && !t.image) out.add(t.page);
    }
    const kids = c.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) if (kids[i]!.type === "tag") stack.push(kids[i]!);
  }
  return out;
}

// WordPress's known layout: its generator, its body classes, and the blocks its core prints around a post.
function isWordPress(order: DomNode[]): boolean {
  const body = order.find((n) => tagOf(n) === "body");
  if (!body) return false;
  const c = classes(body);
  return c.includes("wp-embed-responsive") || c.some((x) => x.startsWith("postid-") || x.startsWith("page-id-"));
}

const WP_ITEM_CLASSES = new Set(["single", "singular", "page", "attachment"]);
const WP_LISTING_CLASSES = new Set(["home", "blog", "archive", "search", "category", "tag", "date", "author", "search-results"]);

function wordPressPageKind(body: DomNode): "item" | "listing" | null {
  const c = classes(body);
  if (c.some((x) => WP_ITEM_CLASSES.has(x))) return "item";
  if (c.some((x) => WP_LISTING_CLASSES.has(x))) return "listing";
  return null;
}

/** Comment threads, reply forms, widgets and post lists that WordPress's core prints (ids and block classes it writes itself). */
const WP_FURNITURE_IDS = new Set(["comments", "respond", "secondary", "colophon"]);
const WP_FURNITURE_CLASSES = new Set([
  "widget",
  "widget-area",
  "comments-area",
  "comment-list",
  "wp-block-comments",
  "wp-block-comment-template",
  "wp-block-post-comments",
  "wp-block-latest-posts",
  "wp-block-latest-comments",
  "wp-block-tag-cloud",
  "wp-block-archives",
  "wp-block-categories",
  "wp-block-query-pagination",
  "post-navigation",
  "jp-relatedposts",
]);

function isWordPressFurniture(a: Record<string, string>): boolean {
  if (a.id && WP_FURNITURE_IDS.has(a.id)) return true;
  return (a.class ?? "").split(/\s+/).some((c) => WP_FURNITURE_CLASSES.has(c));
}
