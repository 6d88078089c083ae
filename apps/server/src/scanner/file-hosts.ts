import { canonicalizeUrl, hostMatchesDomain } from "./canonical-url";
import { MAX_PARSED_CHARS } from "./html-document";
import { findNameMatches, type NameMatcher } from "./name-match";

/**
 * File-host links that a leak page points at (mega.nz, gofile.io, pixeldrain…): where the content
 * itself sits, and so the copies a creator most needs taken down. A link becomes a leak of its own
 * only when all of this holds:
 * - it has a recognised shape for its host, with a file or folder id (a host's home page, its
 *   pricing page or a search on it is nothing); hosts without a shape here are not taken;
 * - it sits in the part of the page that matched her: the forum post (or item) whose text names
 *   her or shows her matched image, not the sidebar, the "related" list or another member's post
 *   on the same page (see fileLinksInMatchedBlock);
 * - at most MAX_FILE_LINKS_PER_PAGE of them per page.
 *
 * Canonical form: https, the host's own spelling of a file address, no query (tracking or
 * otherwise) and no fragment. mega.nz keeps a file's decryption key in the fragment
 * ("#<key>"): the key is a secret that opens the file, so it is never stored; the id before
 * the "#" is what identifies the file to MEGA (and what its takedown process asks for), so
 * the stored and noticed URL is "https://mega.nz/file/<id>" (legacy "#!<id>!<key>" links
 * are rewritten to that form). `keyOnPage` records that the page carried a key.
 */

export type FileHostLink = {
  /** The file's address as stored and noticed (canonical; no decryption key). */
  url: string;
  /** The host as it appears in the link ("mega.nz", "bunkr.si"). */
  host: string;
  /** Which service's shape it matched. */
  service: FileHostService;
  kind: "file" | "folder" | "album";
  id: string;
  /** The link carried a decryption key (mega.nz), which was dropped. */
  keyOnPage: boolean;
};

export type FileHostService = "mega" | "gofile" | "pixeldrain" | "bunkr" | "krakenfiles" | "mediafire" | "cyberdrop" | "workupload" | "1fichier" | "rapidgator" | "catbox" | "sendspace";

export const MAX_FILE_LINKS_PER_PAGE = 50;
/** Longest address read as a link: anything longer is not a file link a person pasted. */
const MAX_URL_CHARS = 2_000;

const ID = /^[A-Za-z0-9_-]{4,64}$/;
// MEGA names a file or folder by an 8-character handle.
const MEGA_ID = /^[A-Za-z0-9_-]{8}$/;

type Shape = {
  service: FileHostService;
  domains: readonly string[];
  read: (u: URL) => { kind: FileHostLink["kind"]; path: string; id: string; keyOnPage?: boolean } | null;
};

const seg = (u: URL) => u.pathname.split("/").filter(Boolean);

const SHAPES: readonly Shape[] = [
  {
    service: "mega",
    domains: ["mega.nz", "mega.co.nz", "mega.io"],
    read: (u) => {
      const s = seg(u);
      const hash = u.hash.slice(1);
      if ((s[0] === "file" || s[0] === "folder") && s[1] && MEGA_ID.test(s[1])) {
        return { kind: s[0], path: `/${s[0]}/${s[1]}`, id: s[1], keyOnPage: hash.length > 0 };
      }
      // Legacy links: "#!<id>!<key>" (file), "#F!<id>!<key>" (folder); the id is in the fragment.
      if (s.length === 0) {
        const m = /^(F?)!([A-Za-z0-9_-]{8})(?:!(.*))?$/.exec(hash.slice(0, 200));
        if (m) return { kind: m[1] ? "folder" : "file", path: `/${m[1] ? "folder" : "file"}/${m[2]}`, id: m[2]!, keyOnPage: !!m[3] };
      }
      return null;
    },
  },
  {
    service: "gofile",
    domains: ["gofile.io"],
    read: (u) => {
      const s = seg(u);
      // A content code is six letters and digits or more.
      return s[0] === "d" && s[1] && /^[A-Za-z0-9]{6,32}$/.test(s[1]) && s.length === 2 ? { kind: "folder", path: `/d/${s[1]}`, id: s[1] } : null;
    },
  },
  {
    service: "pixeldrain",
    domains: ["pixeldrain.com"],
    read: (u) => {
      const s = seg(u);
      if ((s[0] === "u" || s[0] === "l") && s[1] && /^[A-Za-z0-9]{4,32}$/.test(s[1])) return { kind: s[0] === "u" ? "file" : "folder", path: `/${s[0]}/${s[1]}`, id: s[1] };
      if (s[0] === "api" && s[1] === "file" && s[2] && /^[A-Za-z0-9]{4,32}$/.test(s[2])) return { kind: "file", path: `/u/${s[2]}`, id: s[2] };
      return null;
    },
  },
  {
    service: "bunkr",
    domains: ["bunkr.si", "bunkr.su", "bunkr.la", "bunkr.is", "bunkr.ru", "bunkr.ac", "bunkr.black", "bunkr.cr", "bunkr.fi", "bunkr.ph", "bunkr.pk", "bunkr.ps", "bunkr.sk", "bunkr.ws", "bunkrr.su", "bunkrr.ru"],
    read: (u) => {
      const s = seg(u);
      if (s.length !== 2 || !s[1] || !ID.test(s[1])) return null;
      if (s[0] === "a") return { kind: "album", path: `/a/${s[1]}`, id: s[1] };
      if (s[0] === "f" || s[0] === "v" || s[0] === "i" || s[0] === "d") return { kind: "file", path: `/${s[0]}/${s[1]}`, id: s[1] };
      return null;
    },
  },
  {
    service: "krakenfiles",
    domains: ["krakenfiles.com"],
    read: (u) => {
      const s = seg(u);
      return s[0] === "view" && s[1] && /^[A-Za-z0-9]{6,32}$/.test(s[1]) ? { kind: "file", path: `/view/${s[1]}/file.html`, id: s[1] } : null;
    },
  },
  {
    service: "mediafire",
    domains: ["mediafire.com"],
    read: (u) => {
      const s = seg(u);
      if ((s[0] === "file" || s[0] === "folder") && s[1] && /^[A-Za-z0-9]{6,32}$/.test(s[1])) return { kind: s[0], path: `/${s[0]}/${s[1]}`, id: s[1] };
      return null;
    },
  },
  {
    service: "cyberdrop",
    domains: ["cyberdrop.me", "cyberdrop.to"],
    read: (u) => {
      const s = seg(u);
      if (s.length !== 2 || !s[1] || !ID.test(s[1])) return null;
      if (s[0] === "a") return { kind: "album", path: `/a/${s[1]}`, id: s[1] };
      if (s[0] === "f") return { kind: "file", path: `/f/${s[1]}`, id: s[1] };
      return null;
    },
  },
  {
    service: "workupload",
    domains: ["workupload.com"],
    read: (u) => {
      const s = seg(u);
      return (s[0] === "file" || s[0] === "archive") && s[1] && /^[A-Za-z0-9]{6,32}$/.test(s[1]) ? { kind: s[0] === "file" ? "file" : "folder", path: `/${s[0]}/${s[1]}`, id: s[1] } : null;
    },
  },
  {
    service: "1fichier",
    domains: ["1fichier.com"],
    read: (u) => {
      // https://1fichier.com/?<id> (the id is the whole query, maybe followed by "&af=…")
      const id = u.search.slice(1).split("&")[0] ?? "";
      return seg(u).length === 0 && /^[a-z0-9]{10,40}$/i.test(id) ? { kind: "file", path: `/?${id}`, id } : null;
    },
  },
  {
    service: "rapidgator",
    domains: ["rapidgator.net", "rg.to"],
    read: (u) => {
      const s = seg(u);
      return s[0] === "file" && s[1] && /^[A-Za-z0-9]{8,40}$/.test(s[1]) ? { kind: "file", path: `/file/${s[1]}`, id: s[1] } : null;
    },
  },
  {
    service: "catbox",
    domains: ["files.catbox.moe"],
    read: (u) => {
      const s = seg(u);
      return s.length === 1 && /^[a-z0-9]{6}\.[a-z0-9]{2,5}$/i.test(s[0]!) ? { kind: "file", path: `/${s[0]}`, id: s[0]! } : null;
    },
  },
  {
    service: "sendspace",
    domains: ["sendspace.com"],
    read: (u) => {
      const s = seg(u);
      return s[0] === "file" && s[1] && /^[A-Za-z0-9]{5,12}$/.test(s[1]) ? { kind: "file", path: `/file/${s[1]}`, id: s[1] } : null;
    },
  },
];

/** The file-host link an address is, in its canonical form, or null (not a file host, or not a file or folder there). */
export function recogniseFileHostLink(raw: string): FileHostLink | null {
  if (raw.length > MAX_URL_CHARS) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  for (const shape of SHAPES) {
    const domain = shape.domains.find((d) => hostMatchesDomain(host, d));
    if (!domain) continue;
    const r = shape.read(u);
    if (!r) return null;
    // mega's and mediafire's "www." is the same site; bunkr's mirrors keep their own name (each is its own host to notify).
    const shownHost = host.startsWith("www.") ? host.slice(4) : host;
    const display = `https://${shape.service === "mediafire" ? "www." : ""}${shownHost}${r.path}`;
    let url: string;
    try {
      url = r.path.startsWith("/?") ? display : canonicalizeUrl(display);
    } catch {
      return null;
    }
    return { url, host: shownHost, service: shape.service, kind: r.kind, id: r.id, keyOnPage: r.keyOnPage ?? false };
  }
  return null;
}

const URL_STOP = /[\s"'<>()[\]{}|\\^`]/;
const TRAILING_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?"]);

/**
 * Addresses pasted as plain text ("mega.nz/file/abc#key", "https://gofile.io/d/x"): each run of
 * non-space characters that holds a dot and a slash is read as an address, with "https://"
 * added when it has no scheme. One pass over the text (a split on characters, no pattern that
 * can backtrack), at most `max` file links, each run at most MAX_URL_CHARS long.
 */
export function pastedFileHostLinks(text: string, max = MAX_FILE_LINKS_PER_PAGE): FileHostLink[] {
  const out: FileHostLink[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const run = text.slice(start, Math.min(end, start + MAX_URL_CHARS + 1));
    start = -1;
    if (run.length > MAX_URL_CHARS || !run.includes(".") || !run.includes("/")) return;
    let cut = run.length;
    while (cut > 0 && TRAILING_PUNCTUATION.has(run[cut - 1]!)) cut--;
    const trimmed = run.slice(0, cut);
    const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : /^[a-z0-9]/i.test(trimmed) ? `https://${trimmed}` : null;
    if (!withScheme) return;
    const link = recogniseFileHostLink(withScheme);
    if (link) out.push(link);
  };
  for (let i = 0; i < text.length && out.length < max; i++) {
    if (URL_STOP.test(text[i]!)) flush(i);
    else if (start < 0) start = i;
  }
  if (out.length < max) flush(text.length);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The matched block of a page.

type DomNode = { type: string; data?: string; name?: string; attribs?: Record<string, string>; children?: DomNode[] };

/** Blocks around the page's own content (as html-document.ts reads them): never where her post is. */
const PERIPHERAL_TAGS = new Set(["aside", "nav", "footer"]);
const PERIPHERAL_CLASS = /(?:^|[\s_-])(?:sidebar|side-bar|related|recommended|recommendations|similar|trending|popular|you-may-like|also-like|more-from|footer|signature)(?:$|[\s_-])/i;
/**
 * A "widget" is a sidebar's box, unless the same class word names what it shows as a message or
 * post: Telegram's "tgme_widget_message", an app's "js-widget_message", "widget-post-body" are
 * the message itself (as an app embeds it), not a box beside it.
 */
const WIDGET_WORD = /(?:^|[_-])widget(?:$|[_-])/i;
const POST_WORD = /(?:^|[_-])(?:message|post|comment|reply|tweet)(?:$|[_-])/i;
const SKIP = new Set(["script", "style", "noscript", "template", "svg", "head", "title", "select", "option", "button", "input", "iframe", "object", "textarea"]);
/** One member's post or one item of a forum, board or comment thread. */
const POST_CLASS = /^(?:post|message|message--post|comment|reply|postbit|postcontainer|post-container|forum-post|topic-post|entry|thread-post|postrow|post-row)$/i;
/** An app's widget of one message or post ("tgme_widget_message", "js-widget_message"): the message as the app embeds it. */
const WIDGET_POST_CLASS = /^(?:[a-z0-9]{1,16}[_-])?widget[_-](?:message|post|comment|reply|tweet)$/i;
const POST_ID = /^(?:post|p|message|msg|comment|reply|entry|js-post|post_message|postcontainer|li)[-_]?\d+$/i;
const HEADING = /^h[1-6]$/;

function isPeripheral(el: DomNode): boolean {
  const tag = (el.name ?? "").toLowerCase();
  if (PERIPHERAL_TAGS.has(tag)) return true;
  if (tag === "body" || tag === "html" || tag === "main" || tag === "article") return false;
  const a = el.attribs;
  if (!a) return false;
  return peripheralWords(a.class) || peripheralWords(a.id) || a.role === "complementary" || a.role === "navigation";
}

/** Whether a class list (or an id) marks a block beside the page's content. */
function peripheralWords(value: string | undefined): boolean {
  if (!value) return false;
  if (PERIPHERAL_CLASS.test(value)) return true;
  return value.split(/\s+/).some((w) => WIDGET_WORD.test(w) && !POST_WORD.test(w));
}

function isPost(el: DomNode): boolean {
  const tag = (el.name ?? "").toLowerCase();
  if (tag === "article") return true;
  const a = el.attribs;
  if (!a) return false;
  if (a.id && POST_ID.test(a.id)) return true;
  return !!a.class && a.class.split(/\s+/).some((c) => POST_CLASS.test(c) || WIDGET_POST_CLASS.test(c));
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
const BLOCK_BREAK = new Set(["p", "div", "br", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section", "article", "pre", "dd", "dt"]);
/** Elements whose content is raw text up to their close tag. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template"]);
const MAX_DEPTH = 512;
const CLOSE_SEARCH = 16;
const READ_ATTRS = new Set(["href", "src", "data-src", "poster", "alt", "class", "id", "role"]);
const MAX_ATTR_CHARS = 4_000;

type TagVisitor = {
  text(t: string): void;
  open(tag: string, attrs: Record<string, string>, selfClosing: boolean): void;
  close(tag: string): void;
};

/**
 * A tag scanner for reading a page's posts: each character is read once (markup a browser
 * would repair is read as it stands, which is enough to tell posts, links and text apart),
 * unlike full parsers, which take quadratic time on some hostile markup (thousands of
 * unclosed inline tags). Comments, doctypes and processing instructions are skipped; the
 * content of script, style and other raw-text elements is read as one text run.
 */
function scanTags(html: string, v: TagVisitor): void {
  const n = html.length;
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) v.text(html.slice(textStart, end));
  };
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (html.startsWith("<!--", lt)) {
      flushText(lt);
      const end = html.indexOf("-->", lt + 4);
      i = textStart = end < 0 ? n : end + 3;
      continue;
    }
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      flushText(lt);
      const end = html.indexOf(">", lt + 2);
      i = textStart = end < 0 ? n : end + 1;
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!isLetter(html.charCodeAt(nameStart))) {
      i = lt + 1;
      continue;
    }
    flushText(lt);
    let j = nameStart;
    while (j < n && !/[\s/>]/.test(html[j]!)) j++;
    const tag = html.slice(nameStart, Math.min(j, nameStart + 32)).toLowerCase();
    // Attributes: name, optional "=" and a quoted or bare value; one pass to the closing ">".
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    while (j < n && html[j] !== ">") {
      const c = html[j]!;
      if (c === "/" ) {
        selfClosing = html[j + 1] === ">";
        j++;
        continue;
      }
      if (/\s/.test(c)) {
        j++;
        continue;
      }
      const aStart = j;
      while (j < n && !/[\s/>=]/.test(html[j]!)) j++;
      const name = html.slice(aStart, Math.min(j, aStart + 64)).toLowerCase();
      while (j < n && /\s/.test(html[j]!)) j++;
      let value = "";
      if (html[j] === "=") {
        j++;
        while (j < n && /\s/.test(html[j]!)) j++;
        const q = html[j];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, j + 1);
          const stop = end < 0 ? n : end;
          value = html.slice(j + 1, Math.min(stop, j + 1 + MAX_ATTR_CHARS));
          j = stop + 1;
        } else {
          const vStart = j;
          while (j < n && !/[\s>]/.test(html[j]!)) j++;
          value = html.slice(vStart, Math.min(j, vStart + MAX_ATTR_CHARS));
        }
      }
      if (READ_ATTRS.has(name) && !(name in attrs)) attrs[name] = decodeEntities(value);
    }
    i = textStart = Math.min(n, j + 1);
    if (closing) {
      v.close(tag);
      continue;
    }
    v.open(tag, attrs, selfClosing);
    if (RAW_TEXT.has(tag) && !selfClosing) {
      // Raw text runs to "</tag": found with one search, not tag by tag.
      const lower = `</${tag}`;
      let end = i;
      for (;;) {
        const k = html.indexOf("</", end);
        if (k < 0) {
          end = n;
          break;
        }
        if (html.slice(k, k + lower.length).toLowerCase() === lower) {
          end = k;
          break;
        }
        end = k + 2;
      }
      flushText(end);
      i = textStart = end;
    }
  }
  flushText(n);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (ENTITIES[k]) return ENTITIES[k]!;
    const code = k.startsWith("#x") ? parseInt(k.slice(2), 16) : k.startsWith("#") ? parseInt(k.slice(1), 10) : NaN;
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** A part of the page: one post, or (on pages without posts) one heading's section. */
type Part = { text: string[]; textChars: number; hrefs: string[]; images: string[]; parent: number; headingLevel: number };

const MAX_PART_TEXT = 200_000;
const MAX_LINKS_READ = 5_000;

export type MatchedBlockInput = {
  /** The page's markup (read up to MAX_PARSED_CHARS). */
  html: string;
  pageUrl: string;
  matchers: readonly NameMatcher[];
  /** Her images found on the page (absolute URLs as the page reader resolved them). */
  matchedImages: readonly string[];
  /** Her name is in the page's title (a thread about her): its opening post is hers when no post names her. */
  namedInTitle: boolean;
  lang?: string | null;
};

/**
 * What matched in the part of the page a link was found in, as a notice may state it: a post
 * that names her or shows her image (`post`), the opening post of a thread whose title names her
 * (`thread`), a part under a heading that names her or that names her itself (`section`), a page
 * of one item whose title names her (`page`). Names are hers as matched; images, her matched
 * images in that part. For `thread` and `page` the names are the title's (the caller knows them).
 */
export type LinkMatch = { foundIn: "post" | "thread" | "section" | "page"; names: string[]; images: string[] };

export type MatchedBlockLinks = {
  links: FileHostLink[];
  /** For each link (same order): what matched in its part of the page. */
  matches: LinkMatch[];
  /** How the block was found: the posts that name her or show her image, a section under a heading that names her, or nothing. */
  block: "post" | "section" | "none";
  /** Her image (not only her name) is in the block. */
  byImage: boolean;
};

/**
 * The file-host links in the part of a page that matched her. A page with posts (article
 * elements, "post"/"message"/"comment" blocks, "post-123" ids): the innermost posts whose
 * own text names her or that show one of her matched images, or — her name only in the
 * thread's title — the first post. A page without posts: its heading sections whose heading
 * (or a heading above it) or text names her. Navigation, sidebars, "related" lists,
 * signatures and footers are never read. One walk over the document (no recursion: nesting
 * depth is the page's to choose), text and links bounded.
 */
export function fileLinksInMatchedBlock(input: MatchedBlockInput): MatchedBlockLinks {
  const html = input.html.length > MAX_PARSED_CHARS ? input.html.slice(0, MAX_PARSED_CHARS) : input.html;

  let base = input.pageUrl;
  const abs = (raw: string | undefined): string | null => {
    if (!raw) return null;
    const t = raw.trim();
    if (!t || t.length > MAX_URL_CHARS) return null;
    try {
      const u = new URL(t, base);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
    } catch {
      return null;
    }
  };

  const posts: Part[] = [];
  const sections: Part[] = [{ text: [], textChars: 0, hrefs: [], images: [], parent: -1, headingLevel: 0 }];
  // The open headings, by level: a section's parent is the nearest open heading above its level.
  const openHeadings: number[] = [0];
  let linksRead = 0;

  // Open elements: what each says about its content (skipped, peripheral, the post it opens).
  type Frame = { tag: string; post: number; hidden: boolean };
  const stack: Frame[] = [];
  let depthOverflow = 0;
  const top = (): Frame | undefined => stack[stack.length - 1];
  const partHere = (): Part => {
    const post = top()?.post ?? -1;
    return post >= 0 ? posts[post]! : sections[sections.length - 1]!;
  };
  const addText = (part: Part, t: string) => {
    if (part.textChars >= MAX_PART_TEXT) return;
    part.text.push(t);
    part.textChars += t.length;
  };

  scanTags(html, {
    text(t) {
      if (top()?.hidden || !t.trim()) return;
      addText(partHere(), decodeEntities(t));
    },
    open(tag, attrs, selfClosing) {
      const parent = top();
      const el: DomNode = { type: "tag", name: tag, attribs: attrs };
      const hidden = !!parent?.hidden || SKIP.has(tag) || isPeripheral(el);
      let post = parent?.post ?? -1;
      if (!hidden) {
        if (tag === "base" && attrs.href) base = abs(attrs.href) ?? base;
        if (isPost(el)) {
          posts.push({ text: [], textChars: 0, hrefs: [], images: [], parent: post, headingLevel: 0 });
          post = posts.length - 1;
        }
        if (HEADING.test(tag) && post < 0) {
          const level = Number(tag.slice(1));
          while (openHeadings.length > 1 && sections[openHeadings[openHeadings.length - 1]!]!.headingLevel >= level) openHeadings.pop();
          sections.push({ text: [], textChars: 0, hrefs: [], images: [], parent: openHeadings[openHeadings.length - 1]!, headingLevel: level });
          openHeadings.push(sections.length - 1);
        }
        const part = post >= 0 ? posts[post]! : sections[sections.length - 1]!;
        if (tag === "a" && linksRead < MAX_LINKS_READ) {
          const href = abs(attrs.href);
          if (href) {
            part.hrefs.push(href);
            linksRead++;
          }
        }
        if (tag === "img" || tag === "video") {
          for (const src of [attrs.src, attrs["data-src"], attrs.poster]) {
            const s = abs(src);
            if (s && part.images.length < 500) part.images.push(s);
          }
          if (attrs.alt) addText(part, `\n${decodeEntities(attrs.alt)}\n`);
        }
        if (BLOCK_BREAK.has(tag)) addText(part, "\n");
      }
      if (selfClosing || VOID.has(tag)) return;
      if (stack.length >= MAX_DEPTH) {
        depthOverflow++;
        return;
      }
      stack.push({ tag, post, hidden });
    },
    close(tag) {
      if (depthOverflow > 0) {
        depthOverflow--;
        return;
      }
      // A close tag ends the nearest open element of its name, a few levels down at most (unclosed
      // inline tags are common); one that matches none nearby is ignored: bounded work per tag.
      for (let i = stack.length - 1, n = 0; i >= 0 && n < CLOSE_SEARCH; i--, n++) {
        if (stack[i]!.tag === tag) {
          stack.length = i;
          break;
        }
      }
      if (BLOCK_BREAK.has(tag)) {
        const part = partHere();
        if (!top()?.hidden) addText(part, "\n");
      }
    },
  });

  const mine = new Set(input.matchedImages);
  const namesIn = (p: Part) => [...new Set(findNameMatches(p.text.join("\n"), input.matchers, undefined, { lang: input.lang ?? null }).map((m) => m.name))];
  const imagesIn = (p: Part) => [...new Set(p.images.filter((s) => mine.has(s)))];

  // Each part chosen, with what in it matched her.
  let chosen: { part: Part; match: LinkMatch }[] = [];
  let block: MatchedBlockLinks["block"] = "none";
  if (posts.length > 0) {
    // A post's own content: what is not inside a post nested in it (a reply nested in it is its own post).
    chosen = posts.flatMap((part) => {
      const images = imagesIn(part);
      const names = namesIn(part);
      return images.length > 0 || names.length > 0 ? [{ part, match: { foundIn: "post" as const, names, images } }] : [];
    });
    if (chosen.length === 0 && input.namedInTitle) chosen = [{ part: posts[0]!, match: { foundIn: "thread", names: [], images: [] } }];
    if (chosen.length > 0) block = "post";
  } else {
    const own = sections.map((part) => ({ names: namesIn(part), images: imagesIn(part) }));
    const matched = own.map((m) => m.names.length > 0 || m.images.length > 0);
    // A section under a heading that names her (her leak page's "Download" section) is hers too,
    // by what matched in that heading's section; what comes before the first heading is no heading's.
    const matchOf = (i: number): LinkMatch | null => {
      for (let j = i; j > 0; j = sections[j]!.parent) if (matched[j]) return { foundIn: "section", ...own[j]! };
      return matched[i] ? { foundIn: "section", ...own[i]! } : null;
    };
    chosen = sections.flatMap((part, i) => {
      const match = matchOf(i);
      return match ? [{ part, match }] : [];
    });
    // Her name only in the title of a page that is one item (at most one heading): the page is hers.
    if (chosen.length === 0 && input.namedInTitle && sections.length <= 2) chosen = sections.map((part) => ({ part, match: { foundIn: "page" as const, names: [], images: [] } }));
    if (chosen.length > 0) block = "section";
  }
  const byImage = chosen.some((c) => c.match.images.length > 0);

  const links: FileHostLink[] = [];
  const matches: LinkMatch[] = [];
  const seen = new Set<string>();
  const add = (l: FileHostLink | null, match: LinkMatch) => {
    if (!l || seen.has(l.url) || links.length >= MAX_FILE_LINKS_PER_PAGE) return;
    seen.add(l.url);
    links.push(l);
    matches.push(match);
  };
  for (const { part, match } of chosen) {
    for (const href of part.hrefs) add(recogniseFileHostLink(href), match);
    for (const l of pastedFileHostLinks(part.text.join("\n"), MAX_FILE_LINKS_PER_PAGE)) add(l, match);
  }
  return { links, matches, block, byImage };
}
