import { hostMatchesDomain } from "./canonical-url";
import type { PageDocument } from "./html-document";
import { findNameMatches, tokenize, type NameMatcher } from "./name-match";
import { PLATFORM_PROFILES } from "./platform-profiles";

/**
 * Is a page that names the creator offering her content?
 *
 * Two families of signals, kept apart on purpose:
 * - leak language: "onlyfans leaked", "leaked nudes", a title "<name> OnlyFans
 *   Leaks", site-rips, "free onlyfans", a leak site's own domain;
 * - offering: links to file hosts (mega.nz, gofile…), download calls, counts
 *   of photos/videos, a gallery of many images or videos.
 * Leak words alone are what news articles, interviews and help pages use
 * too; an offer alone is what fan and promo pages make. A leak page has both,
 * or a file-host link, or a leak title that no article-like prose explains.
 * Leak words only count in the sense of content: "roof leak", "memory leak",
 * "leaked the news" and "mega sale" say nothing.
 */

export type CueKind =
  | "file-host-link"
  | "leak-site-link"
  | "site-rip"
  | "leak-title"
  | "leak-phrase"
  | "free-access"
  | "download-offer"
  | "media-count"
  | "gallery"
  | "leak-site";

export type LeakCue = { kind: CueKind; detail: string };

export type LeakContext = {
  cues: LeakCue[];
  /** Leak language anywhere. */
  leakLanguage: boolean;
  /** Her name next to a leak word in the title, headings, meta or URL, or a leak site's domain. */
  leakTitle: boolean;
  /** An offer of content (downloads, file hosts, galleries). */
  offering: boolean;
  /** A file-host link or a site-rip: an unambiguous offer. */
  strongOffer: boolean;
  /** Long prose with reporting language and article markup: journalism or a blog essay. */
  newsLike: boolean;
  /** Content images and videos counted for the gallery signal. */
  mediaCount: number;
  /** Free access to content ("her OnlyFans videos for free"), not to a subscription ("OnlyFans for free"). */
  freeContent: boolean;
  /** The page speaks of paid platforms or adult content at all (a paint colour's gallery does not). */
  adultOrPlatform: boolean;
  /** Her name next to a leak word in the running text ("Moon Bunny leaks 🔥"). */
  nameNearLeak: boolean;
  /** The page says it is gone or empty ("not found", "removed after a DMCA notice", "no results") though it answers 200. */
  saysGone: boolean;
};

/** File hosts that leaks are shared through. Data, not code: extend freely. */
export const FILE_HOST_DOMAINS: readonly string[] = [
  "mega.nz",
  "mega.co.nz",
  "mega.io",
  "gofile.io",
  "pixeldrain.com",
  "bunkr.si",
  "bunkr.su",
  "bunkr.la",
  "bunkr.is",
  "bunkr.ru",
  "bunkr.ac",
  "bunkr.black",
  "bunkr.cr",
  "bunkr.fi",
  "bunkr.ph",
  "bunkr.pk",
  "bunkr.ps",
  "bunkr.sk",
  "bunkr.ws",
  "bunkrr.su",
  "bunkrr.ru",
  "cyberdrop.me",
  "cyberdrop.to",
  "cyberfile.me",
  "anonfiles.com",
  "anonfile.de",
  "mediafire.com",
  "workupload.com",
  "krakenfiles.com",
  "1fichier.com",
  "rapidgator.net",
  "rg.to",
  "uploaded.net",
  "ul.to",
  "turbobit.net",
  "k2s.cc",
  "keep2share.cc",
  "fboom.me",
  "fileboom.me",
  "nitroflare.com",
  "terabox.com",
  "teraboxapp.com",
  "1024terabox.com",
  "send.cm",
  "sendspace.com",
  "catbox.moe",
  "files.catbox.moe",
  "saint.to",
  "saint2.su",
  "saint2.cr",
  "jpg.church",
  "jpg.fish",
  "jpg5.su",
  "jpg6.su",
  "imagebam.com",
  "pixhost.to",
  "turboimagehost.com",
  "ibb.co",
  "doodstream.com",
  "dood.la",
  "dood.wf",
  "streamtape.com",
  "filester.me",
  "buzzheavier.com",
  "qiwi.gg",
  "transfer.sh",
  "wetransfer.com",
  "we.tl",
  "dropmefiles.com",
  "zippyshare.com",
  "uptobox.com",
  "fastupload.io",
  "filemoon.sx",
  "erome.com",
  "coomer.su",
  "coomer.party",
  "coomer.st",
  "kemono.su",
  "kemono.party",
  "kemono.cr",
  "simpcity.su",
];

const PLATFORM_WORDS = [
  "onlyfans", "only fans", "fansly", "patreon", "manyvids", "loyalfans", "fanvue", "fanfix", "mym", "justforfans",
  "4based", "sunroom", "chaturbate", "cam4", "snapchat", "snap", "instagram", "insta", "tiktok", "twitch", "slushy",
];
const CONTENT_WORDS = [
  "content", "nudes?", "nude", "naked", "pics?", "photos?", "images?", "videos?", "vids?", "clips?", "media", "packs?",
  "folders?", "sets?", "archives?", "collection", "galler(?:y|ies)", "porn", "sex ?tapes?", "sextapes?", "tapes?", "xxx",
  "premium", "ppv", "private", "exclusive", "albums?", "selfies?", "uploads?", "mega", "onlyfan",
];
const P = `(?:${PLATFORM_WORDS.map((w) => w.replace(" ", "\\s?")).join("|")})`;
const C = `(?:${CONTENT_WORDS.join("|")})`;
// English, and the words leak sites in Spanish, Portuguese and German use
// ("OnlyFans filtrado", "vazados", "geleakt").
const LEAK = "(?:leak|leaks|leaked|leaking|leakz|filtrad[oa]s?|vazad[oa]s?|vazou|vazamento|geleakt|geleakte)";

// Words that may stand between her name and a leak word in a title:
// "Luna Rivers OnlyFans Leaked", "luna_rivers Nude Leaks", "Leaked: Luna Rivers".
const CONNECTORS = new Set([
  ...PLATFORM_WORDS.flatMap((w) => w.split(" ")),
  "of", "from", "new", "latest", "huge", "full", "free", "hot", "sexy", "s", "aka", "the", "her", "and", "x", "vip",
  "nude", "nudes", "naked", "porn", "xxx", "sex", "tape", "sextape", "content", "premium", "exclusive", "private",
  "photos", "photo", "pics", "pic", "videos", "video", "vids", "media", "pack", "mega", "archive", "collection",
  "gallery", "set", "sets", "lewd", "lewds", "leaked", "leak", "leaks", "2023", "2024", "2025", "2026", "2027",
  "fotos", "packs", "gratis", "contenido", "conteudo", "nackt", "desnuda", "nua",
]);

const LEAK_WORD = new RegExp(`^(?:${LEAK.slice(3, -1)}|слив|слитые|слили)$`);
// After "<name> leaked", words that show the verb sense ("leaked the news").
// After a leak word, nouns of other leaks: music, films, papers, plumbing.
const OTHER_SENSE_AFTER = new Set([
  "album", "albums", "song", "songs", "track", "tracks", "single", "demo", "demos", "ep", "lp", "lyrics", "trailer", "script",
  "episode", "memo", "memos", "email", "emails", "document", "documents", "letter", "letters", "report", "data", "password",
  "passwords", "audio", "texts", "messages", "chats", "dms", "plans", "detection", "repair", "repairs", "sealant", "test",
  "testing", "tests", "fix", "fixes", "proof", "proofing",
]);
const LEAK_AS_FAULT = new Set(["free", "tight", "resistant", "stopper", "alarm", "sensor"]);
const VERB_OBJECTS = new Set(["the", "a", "an", "that", "this", "it", "to", "news", "information", "info", "details", "story", "plans", "his", "their", "our", "your", "my", "documents", "emails"]);

const LEAK_PHRASES: RegExp[] = [
  new RegExp(`\\b${P}\\s+(?:${C}\\s+)?${LEAK}\\b`, "i"),
  new RegExp(`\\b${C}\\s+${LEAK}\\b`, "i"),
  new RegExp(`\\b${LEAK}\\s+(?:${P}\\s+)?${C}\\b`, "i"),
  new RegExp(`\\b${LEAK}\\s+${P}\\b`, "i"),
];
const SITE_RIP: RegExp[] = [
  /\bsite[\s-]?rips?\b/i,
  /\bmega\s?(?:folder|link|links|pack|packs|drive|upload|archive)\b/i,
  /\bmegapacks?\b/i,
  new RegExp(`\\bfull\\s+(?:${P}\\s+)?(?:pack|folder|archive|collection|leaks?|dump)\\b`, "i"),
  new RegExp(`\\b(?:complete|entire|whole)\\s+${P}\\s+(?:collection|archive|folder|pack|dump|content)\\b`, "i"),
];
const FREE_ACCESS: RegExp[] = [
  new RegExp(`\\b${P}\\s+(?:${C}\\s+)?for\\s+free\\b`, "i"),
  new RegExp(`\\bfree\\s+${P}\\s+(?:${C}|${LEAK})\\b`, "i"),
  /\bwithout\s+(?:paying|a\s+subscription|subscribing)\b/i,
  /\b(?:bypass(?:ed|ing)?|skip(?:ped)?)\s+(?:the\s+)?paywall\b/i,
  /\bpaywall[\s-](?:free|bypass)\b/i,
];
const DOWNLOAD_OFFER: RegExp[] = [
  /\bfree\s+download\b/i,
  /\bdownload\s+(?:now|here|links?|full|the\s+full|all|pack|zip|rar|free|for\s+free|mega|in\s+hd|hd)\b/i,
  /\bdirect\s+(?:download|links?)\b/i,
  /\b(?:zip|rar|7z)\s+(?:file|archive|pack)\b/i,
  /\b\d+(?:[.,]\d+)?\s?(?:gb|gigs?)\b/i,
];
const CONTENT_RE = new RegExp(`\\b${C}\\b`, "i");
const ADULT_OR_PLATFORM = new RegExp(`\\b(?:${P}|nudes?|naked|nsfw|porn\\w*|xxx|sexy|lewds?|explicit|topless|onlyfan)\\b|\\b18\\+`, "i");
const GONE_TEXT =
  /\b(?:page not found|no results found|0 results|nothing (?:was )?found|no longer available|(?:page|post|thread|content|album|file|video|gallery) (?:does not|doesn't) exist|(?:has been|have been|was|were) (?:removed|deleted|taken down)|removed (?:due to|after|following|because of) (?:a |an )?(?:dmca|copyright))\b/i;
const GONE_TITLE = new RegExp(`${GONE_TEXT.source}|\\b(?:not found|error 404|404 error|404 not found|410 gone|no results)\\b`, "i");
const MEDIA_COUNT = /\b\d{1,5}\+?\s+(?:photos?|pics?|pictures?|images?|videos?|vids?|clips?|files?|gifs?)\b/i;

const REPORTING = /\b(?:said|says|told|according\s+to|reported|reports|reporter|spokesperson|spokesman|spokeswoman|statement|interview(?:ed)?|lawsuit|sued|court|study|survey|experts?|researchers?|percent|per\s+cent|journalist|editor|published|creators|industry|platforms?|policy|copyright|dmca|piracy|legal)\b/gi;

// Host labels that name a leak business (leakhub, onlyleaks, nudostar-like "nudes", fap*, thot*).
const LEAK_HOST_LABEL = /^(?:.*leak.*|.*nudes.*|fap.*|thot.*|.*siterips?.*)$/;

const THUMB_HINT = /(?:logo|icon|avatar|sprite|emoji|badge|spinner|loading|placeholder|blank|pixel|banner|button|ads?[-_]|advert|favicon|flag|rating|star)/i;

export type ContextInput = {
  doc: PageDocument;
  matchers: readonly NameMatcher[];
  /** The page's host is a catalogued leak site. */
  catalogSite: boolean;
  /** Whether a URL is on a catalogued leak site (for links that share one). */
  isLeakSiteUrl?: (url: string) => boolean;
};

export function assessLeakContext({ doc: page, matchers, catalogSite, isLeakSiteUrl }: ContextInput): LeakContext {
  // Only the page's item speaks for it: a related video's thumbnails and a sidebar's links are other pages'.
  const doc: PageDocument = { ...page, images: page.images.filter((i) => i.inSubject !== false), links: page.links.filter((l) => l.inSubject !== false) };
  const cues: LeakCue[] = [];
  const add = (kind: CueKind, detail: string) => {
    if (!cues.some((c) => c.kind === kind && c.detail === detail)) cues.push({ kind, detail });
  };

  const titleFields = [doc.title, ...doc.meta, ...doc.headings.slice(0, 6), urlWords(doc.url)];
  const allText = [doc.title, ...doc.meta, ...doc.headings, doc.text, doc.linkText, ...doc.images.map((i) => i.alt)].join("\n");

  // Leak language.
  for (const field of titleFields) {
    const hit = nameLeakAdjacent(field, matchers);
    if (hit) add("leak-title", hit);
  }
  let nameNearLeak = false;
  for (const field of [doc.text, ...doc.images.map((i) => i.alt)]) {
    const hit = nameLeakAdjacent(field, matchers);
    if (hit) {
      add("leak-phrase", hit);
      nameNearLeak = true;
    }
  }
  // Generic phrases ("onlyfans leaks") are what articles about leaks say too:
  // only her name next to the leak word makes a leak title.
  for (const re of LEAK_PHRASES) {
    const m = re.exec([...titleFields, allText].join("\n"));
    if (m) add("leak-phrase", m[0]);
  }
  for (const re of SITE_RIP) {
    const m = re.exec(allText);
    if (m) add("site-rip", m[0]);
  }
  for (const re of FREE_ACCESS) {
    const m = re.exec(allText);
    if (m) add("free-access", m[0]);
  }
  let host = "";
  try {
    host = new URL(doc.url).hostname.toLowerCase();
  } catch {
    host = "";
  }
  if (catalogSite) add("leak-site", `catalogued leak site ${host}`);
  else if (host.split(/[.-]/).some((label) => LEAK_HOST_LABEL.test(label))) add("leak-site", `leak-site name ${host}`);

  // Offers.
  const fileHosts = new Set<string>();
  for (const l of doc.links) {
    const h = hostOf(l.href);
    const fh = h && FILE_HOST_DOMAINS.find((d) => hostMatchesDomain(h, d));
    if (fh) fileHosts.add(fh);
  }
  // Forums often paste links as plain text.
  for (const h of pastedLinkHosts(allText)) {
    const fh = FILE_HOST_DOMAINS.find((d) => hostMatchesDomain(h, d));
    if (fh) fileHosts.add(fh);
  }
  for (const fh of fileHosts) add("file-host-link", fh);
  // Sharing a link to a leak site elsewhere (a social post, a forum) distributes the leak.
  for (const l of doc.links) {
    const h = hostOf(l.href);
    if (!h || h === host || PLATFORM_HOSTS.some((d) => hostMatchesDomain(h, d))) continue;
    const leakHost = isLeakSiteUrl?.(l.href) || h.split(/[.-]/).some((label) => LEAK_HOST_LABEL.test(label));
    if (leakHost) add("leak-site-link", h);
  }
  for (const re of DOWNLOAD_OFFER) {
    const m = re.exec(allText);
    if (m) add("download-offer", m[0]);
  }
  const mc = MEDIA_COUNT.exec([doc.title, ...doc.meta, ...doc.headings, doc.text].join("\n"));
  if (mc) add("media-count", mc[0]);
  const mediaCount = countContentMedia(doc);
  if (mediaCount.images >= 12 || mediaCount.videos >= 3 || mediaCount.images + mediaCount.videos * 4 >= 12) {
    add("gallery", `${mediaCount.images} images, ${mediaCount.videos} videos`);
  }

  const has = (k: CueKind) => cues.some((c) => c.kind === k);
  const proseParagraphs = doc.paragraphs.filter((p) => p.split(/\s+/).length >= 25).length;
  const reporting = new Set((doc.text.match(REPORTING) ?? []).map((w) => w.toLowerCase())).size;
  const newsLike =
    (proseParagraphs >= 3 && reporting >= 2 && (doc.articleMarkup || doc.byline)) || (proseParagraphs >= 5 && reporting >= 4);

  // An article may link to a leak site it reports on; a post sharing one is distributing it.
  // An article may also name "mega links" or "site-rips" when it explains how leaks spread.
  const strongOffer = has("file-host-link") || ((has("site-rip") || has("leak-site-link")) && !newsLike);
  const offering = strongOffer || has("download-offer") || has("media-count") || has("gallery");
  const leakTitle = has("leak-title") || has("leak-site");
  const leakLanguage = leakTitle || has("leak-phrase") || has("site-rip") || has("free-access");

  const freeContent = cues.some((c) => c.kind === "free-access" && CONTENT_RE.test(c.detail));
  const adultOrPlatform = ADULT_OR_PLATFORM.test([doc.title, ...doc.meta, ...doc.headings, doc.text].join("\n"));

  const saysGone = GONE_TITLE.test([doc.title, ...doc.headings.slice(0, 3)].join("\n")) || GONE_TEXT.test(doc.text.slice(0, 600));

  return {
    cues,
    nameNearLeak,
    saysGone,
    freeContent,
    adultOrPlatform,
    leakLanguage,
    leakTitle,
    offering,
    strongOffer,
    newsLike,
    mediaCount: mediaCount.images + mediaCount.videos,
  };
}

/**
 * Her name next to a leak word, with only connector words between them
 * ("Luna Rivers OnlyFans Leaked", "Leaked: luna_rivers nudes"). The verb
 * sense ("…leaked the news") is not counted.
 */
function nameLeakAdjacent(field: string, matchers: readonly NameMatcher[]): string | null {
  if (!field) return null;
  const tokens = tokenize(field);
  const matches = findNameMatches(field, matchers, tokens);
  for (const m of matches) {
    const firstIdx = tokens.findIndex((t) => t.start === m.start);
    const lastIdx = tokens.findIndex((t) => t.end === m.end);
    if (firstIdx < 0 || lastIdx < 0) continue;
    // After the name.
    for (let k = lastIdx + 1, gap = 0; k < tokens.length && gap <= 3; k++, gap++) {
      const t = tokens[k]!;
      if (/[\n|]/.test(field.slice(tokens[k - 1]!.end, t.start))) break;
      if (LEAK_WORD.test(t.key)) {
        const after = tokens[k + 1];
        const sep = after ? field.slice(t.end, after.start) : "";
        // "…leaked the news": the verb sense, in a title as in running text.
        if (after && /^\s+$/.test(sep) && VERB_OBJECTS.has(after.key)) break;
        // "Luna Rivers Leaked Album", "… Leak Detection", "… leak-free": another sense.
        if (after && /^[\s-]+$/.test(sep) && (OTHER_SENSE_AFTER.has(after.key) || (t.key === "leak" && LEAK_AS_FAULT.has(after.key)))) break;
        return field.slice(m.start, t.end);
      }
      if (!CONNECTORS.has(t.key)) break;
    }
    // Before the name.
    for (let k = firstIdx - 1, gap = 0; k >= 0 && gap <= 3; k--, gap++) {
      const t = tokens[k]!;
      if (/[\n|]/.test(field.slice(t.end, tokens[k + 1]!.start))) break;
      if (LEAK_WORD.test(t.key)) return field.slice(t.start, m.end);
      if (!CONNECTORS.has(t.key)) break;
    }
  }
  return null;
}

const HOST_CHAR = /^[a-z0-9.-]$/;
const TLD = /^[a-z]{2,}$/;
const LINK_STOP = /^[\s"'<>]$/;

/**
 * The hosts of links pasted as plain text ("mega.nz/folder/…", "see gofile.io/d/x"):
 * a dotted name ending in a letters-only label, a slash, then at least three
 * characters of path. One pass over the text, each character read once: a
 * pattern with nested repetition takes quadratic time on text such as
 * "a-a-a-…", which a hostile page can carry.
 */
export function pastedLinkHosts(text: string): string[] {
  const hosts: string[] = [];
  const lower = text.toLowerCase();
  let runStart = 0;
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i]!;
    if (HOST_CHAR.test(ch)) continue;
    if (ch === "/" && i > runStart) {
      const host = hostAtEnd(lower.slice(runStart, i));
      let path = i + 1;
      while (path < lower.length && path - i <= 3 && !LINK_STOP.test(lower[path]!)) path++;
      if (host && path - i > 3) {
        hosts.push(host);
        // The rest of the link is its path.
        while (path < lower.length && !LINK_STOP.test(lower[path]!)) path++;
        i = path - 1;
      }
    }
    runStart = i + 1;
  }
  return hosts;
}

/** The longest dotted name at the end of a run of host characters, if it has a letters-only last label. */
function hostAtEnd(run: string): string | null {
  const labels = run.split(".");
  let first = labels.length;
  while (first > 0 && labels[first - 1] !== "") first--;
  const name = labels.slice(first);
  // A name begins at a letter or a digit.
  while (name.length > 0 && name[0]!.replace(/^-+/, "") === "") name.shift();
  if (name.length < 2 || !TLD.test(name[name.length - 1]!)) return null;
  name[0] = name[0]!.replace(/^-+/, "");
  return name.join(".");
}

function countContentMedia(doc: PageDocument): { images: number; videos: number } {
  let images = 0;
  for (const img of doc.images) {
    if (/\.svg(?:$|[?#])/i.test(img.src)) continue;
    if ((img.width !== null && img.width < 100) || (img.height !== null && img.height < 100)) continue;
    if (THUMB_HINT.test(img.src) || THUMB_HINT.test(img.hint)) continue;
    images++;
  }
  return { images, videos: doc.videoCount };
}

/** The words of a URL's path ("/luna-rivers-onlyfans-leaked/" → "luna rivers onlyfans leaked"). */
function urlWords(url: string): string {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.pathname).replace(/[/_\-+.]+/g, " ").trim();
  } catch {
    return "";
  }
}

function hostOf(href: string): string | null {
  try {
    return new URL(href).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Hosts of the paid platforms (links to them are promotion, not leaks). */
export const PLATFORM_HOSTS: readonly string[] = PLATFORM_PROFILES.flatMap((p) => p.hosts);
