import { displayDomain, hostMatchesDomain, tryCanonicalizeUrl } from "./canonical-url";
import { exclusionReason, type Exclusions } from "./exclusions";
import { fileLinksInMatchedBlock, MAX_FILE_LINKS_PER_PAGE, pastedFileHostLinks, recogniseFileHostLink, type FileHostLink, type LinkMatch, type MatchedBlockInput, type MatchedBlockLinks } from "./file-hosts";
import type { RobotsDecision } from "./guarded-fetch";
import { decodeBody, MAX_PARSED_CHARS, type DocumentSource, type PageDocument } from "./html-document";
import { hashImageBuffer, matchReferences, MIN_IMAGE_SIDE, type ImageHash, type PreparedReference } from "./image-match";
import type { LeakContext } from "./leak-context";
import type { LeakSiteCatalog } from "./leak-site-catalog";
import { snippetAround, type NameMatch, type NameMatcher } from "./name-match";
import { PageTimeLimitError } from "./page-parser-pool";
import { readContext, readPage, type NameHits, type PageReadJob, type PageReading } from "./page-reading";
import { isOwnProfileUrl } from "./platform-profiles";
import type { NameEvasion } from "@leakwarden/contracts/scans";
import type { Confidence, Finding, ImageMatchEvidence, LeakCategory } from "./scan-types";

/**
 * Decides whether one fetched page is a leak of the creator's content:
 * (a) it names her (a stage name or nickname as a whole token) in a leak
 *     context, or
 * (b) one of its images is perceptually near one of her reference images.
 * Her allow-listed domains and her own profiles are never leaks. A page that
 * names her only in disguise (leetspeak, look-alike letters, spaced out…) is
 * at most medium confidence, for her to confirm, unless an image matches too.
 */

export type FetchedPage = {
  listedUrl: string;
  finalUrl: string;
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
  fetchedAt: string;
  sha256: string;
  robots: RobotsDecision | null;
};

export type ImageHasher = (imageUrl: string, pageUrl: string) => Promise<ImageHash | null>;

export type AnalyzeOptions = {
  matchers: readonly NameMatcher[];
  exclusions: Exclusions;
  catalog: LeakSiteCatalog;
  references: readonly PreparedReference[];
  /** Fetches and hashes an image (with a cache); omitted = no image matching. Given, a page's images are hashed even without references. */
  hashImage?: ImageHasher;
  /**
   * Reads a body into a document and finds her names and the leak context in it
   * (the page reader's worker threads, with a time limit); omitted = here, synchronously.
   */
  readPage?: (job: PageReadJob) => Promise<PageReading>;
  /**
   * Finds the file-host links of the post that matched her in a leak page's markup (the page
   * reader's worker threads, with its time limit: past it, the page has no file links, its own
   * verdict stands); omitted = here, synchronously.
   */
  fileLinks?: (input: MatchedBlockInput) => Promise<MatchedBlockLinks>;
  maxImagesPerPage: number;
  /**
   * An image that is itself the result (its URL, no page around it), hashed: handed over for the
   * shared image index, where it is its own page. Given, such an image is hashed even without references.
   */
  onResultImage?: (imageUrl: string, hash: ImageHash) => void;
};

export type PageVerdict = {
  isLeak: boolean;
  reason: string;
  finding: Finding | null;
  /** Images of this page that matched a reference (counted even when the page is excluded). */
  imageMatches: ImageMatchEvidence[];
  /**
   * File-host links in the part of this leak page that matched her (file-hosts.ts): leaks of their
   * own, at the page's confidence, each saying which page linked it. Empty when the page is no leak.
   */
  linkedFiles: Finding[];
  /**
   * Pages this one lists that name her where it lists them (a related video of hers, her post on a front
   * page): never this page's leak, each a candidate to read on its own page.
   */
  listedNamingHer?: string[];
};

const SOCIAL_DOMAINS = [
  "reddit.com", "redd.it", "x.com", "twitter.com", "t.me", "telegram.me", "telegram.org", "telegram.dog", "discord.com",
  "discord.gg", "discordapp.com", "tumblr.com", "facebook.com", "fb.com", "instagram.com", "tiktok.com", "vk.com",
  "bsky.app", "threads.net", "threads.com", "pinterest.com", "snapchat.com", "4chan.org", "4channel.org", "mastodon.social",
  "weibo.com", "youtube.com", "youtu.be", "twitch.tv", "kick.com",
];
// Host labels of social networks, for mirrors and look-alike hosts (old.reddit.*, reddit.example).
const SOCIAL_LABEL = /^(?:reddit|twitter|telegram|discord|tumblr|facebook|instagram|tiktok|bluesky|bsky|threads|mastodon|snapchat|4chan|vk)$/;

export function isSocialUrl(url: string): boolean {
  try {
    const u = new URL(url);
    const host = u.hostname.toLowerCase();
    if (SOCIAL_DOMAINS.some((d) => hostMatchesDomain(host, d))) return true;
    if (host.split(".").some((l) => SOCIAL_LABEL.test(l))) return true;
    return /^\/r\/[^/]+\/comments\//.test(u.pathname);
  } catch {
    return false;
  }
}

export async function analyzePage(page: FetchedPage, opts: AnalyzeOptions, extra: { sources: string[]; categoryHint?: LeakCategory; doc?: PageDocument } = { sources: [] }): Promise<PageVerdict> {
  const none = (reason: string, imageMatches: ImageMatchEvidence[] = []): PageVerdict => ({ isLeak: false, reason, finding: null, imageMatches, linkedFiles: [] });

  for (const u of [page.listedUrl, page.finalUrl]) {
    const ex = exclusionReason(u, opts.exclusions);
    if (ex) return none(ex);
  }
  if (page.status < 200 || page.status >= 300) return none(`HTTP ${page.status}`);

  const kind = bodyKind(page.contentType, page.body);
  if (kind === "image") {
    if (opts.references.length === 0 && !opts.onResultImage) return none("image without references");
    const hash = await hashImageBuffer(page.body).catch(() => null);
    if (hash) opts.onResultImage?.(page.finalUrl, hash);
    const m = hash ? matchReferences(hash, opts.references) : null;
    if (!m) return none("image does not match");
    const evidence: ImageMatchEvidence = { imageUrl: page.finalUrl, referenceId: m.referenceId, variant: m.variant, distance: m.distance, quality: m.quality };
    return await leak(page, opts, extra, { doc: null, names: [], ctx: null, imageMatches: [evidence], confidence: "high" });
  }
  if (kind === "other" && !extra.doc) return none(`not a page (${page.contentType || "unknown type"})`);

  const text = {
    matchers: opts.matchers,
    catalogSites: opts.catalog.sites,
    pageUrl: page.finalUrl,
    // Most pages a search returns do not name her: their context is weighed only when an image may still match.
    needContext: !!opts.hashImage && opts.maxImagesPerPage > 0,
  };
  let job: PageReadJob;
  if (extra.doc) job = { doc: extra.doc, text };
  else {
    const src: DocumentSource = { body: page.body, contentType: page.contentType, url: page.finalUrl, kind: kind === "html" ? "html" : "text" };
    job = { src, text };
  }
  const reading = opts.readPage ? await opts.readPage(job) : readPage(job);
  const { doc, names } = reading;
  const listedNamingHer = reading.listedNamingHer ?? [];
  // A front page, an archive, a search: the pages it lists are read on their own, the listing is never a leak.
  if (doc.structure === "listing") return { ...none("lists other pages"), listedNamingHer };

  const imageMatches = await matchPageImages(doc, page.finalUrl, opts);
  if (names.all.length === 0 && imageMatches.length === 0) return { ...none("does not name her"), listedNamingHer };
  const ctx = reading.ctx ?? readContext(doc, text);

  if (imageMatches.length > 0) {
    return await leak(page, opts, extra, { doc, names, ctx, imageMatches, confidence: doc.structure === "unread" ? "medium" : "high" });
  }

  const has = (k: string) => ctx.cues.some((c) => c.kind === k);
  // A soft 404 or a removed post keeps its leak title; without an offer on it, nothing is there any more.
  if (ctx.saysGone && !ctx.strongOffer && !has("gallery")) return none("page says it was removed or not found");
  // Links to her own profiles: what fan pages, interviews and link-in-bio pages carry.
  const promotesHer = doc.links.some((l) => l.inSubject !== false && isOwnProfileUrl(l.href, opts.exclusions.stageNames));
  const namedInTitle = names.title.length > 0;

  let confidence: Confidence | null = null;
  if (ctx.strongOffer) confidence = "high";
  else if (ctx.leakLanguage && (has("download-offer") || has("gallery"))) confidence = "high";
  else if (ctx.leakTitle && has("media-count")) confidence = "high";
  else if (!ctx.newsLike && !promotesHer) {
    // "Her OnlyFans videos for free" with a count of them: paid content given away.
    if (ctx.freeContent && has("media-count")) confidence = "high";
    else if (ctx.leakTitle) confidence = "medium";
    // A social post is short: its text is its title.
    else if (ctx.nameNearLeak && (extra.categoryHint === "social_media" || isSocialUrl(page.finalUrl))) confidence = "medium";
    else if (has("leak-phrase") && has("media-count")) confidence = "medium";
    // A gallery of many images or videos on a page about her (not a promo page), in an
    // adult or paid-platform setting: a gallery of a paint colour named like her is not one.
    else if (has("gallery") && namedInTitle && ctx.adultOrPlatform) confidence = "medium";
  }
  // Her name only in disguise: the reading may be wrong, so she confirms it (an image match would have returned above).
  if (confidence === "high" && names.all.every((m) => m.forms.length > 0)) confidence = "medium";
  // Only in the page's tags, or on a page whose item could not be told from what is around it: she confirms it.
  if (confidence === "high" && (doc.structure === "unread" || names.places.every((p) => p === "tags"))) confidence = "medium";
  if (!confidence) {
    const why = ctx.newsLike ? "article about leaks" : promotesHer ? "promotes her official profiles" : "names her without a leak context";
    return none(why);
  }
  return await leak(page, opts, extra, { doc, names, ctx, imageMatches, confidence });
}

async function matchPageImages(doc: PageDocument, pageUrl: string, opts: AnalyzeOptions): Promise<ImageMatchEvidence[]> {
  if (!opts.hashImage || opts.maxImagesPerPage === 0) return [];
  const candidates: string[] = [];
  for (const img of doc.images) {
    // A thumbnail of another page (a related video, a sidebar's post) is that page's, not this one's.
    if (img.inSubject === false) continue;
    if (/\.svg(?:$|[?#])/i.test(img.src)) continue;
    if ((img.width !== null && img.width < MIN_IMAGE_SIDE) || (img.height !== null && img.height < MIN_IMAGE_SIDE)) continue;
    if (!candidates.includes(img.src)) candidates.push(img.src);
  }
  for (const m of doc.metaImages) if (!candidates.includes(m)) candidates.push(m);
  const picked = candidates.slice(0, opts.maxImagesPerPage);
  const results = await Promise.all(
    picked.map(async (src): Promise<ImageMatchEvidence | null> => {
      const hash = await opts.hashImage!(src, pageUrl).catch(() => null);
      if (!hash || opts.references.length === 0) return null;
      const m = matchReferences(hash, opts.references);
      return m ? { imageUrl: src, referenceId: m.referenceId, variant: m.variant, distance: m.distance, quality: m.quality } : null;
    }),
  );
  return results.filter((r): r is ImageMatchEvidence => r !== null).sort((a, b) => a.distance - b.distance);
}

async function leak(
  page: FetchedPage,
  opts: AnalyzeOptions,
  extra: { sources: string[]; categoryHint?: LeakCategory },
  v: { doc: PageDocument | null; names: NameHits | NameMatch[]; ctx: LeakContext | null; imageMatches: ImageMatchEvidence[]; confidence: Confidence },
): Promise<PageVerdict> {
  const names: NameHits = Array.isArray(v.names) ? { all: v.names, title: [], textMatch: null, places: [] } : v.names;
  const matchedIn = [...names.places, ...(v.imageMatches.length > 0 && !names.places.includes("media") ? (["media"] as const) : [])];
  const url = tryCanonicalizeUrl(page.finalUrl) ?? page.finalUrl;
  const catalogSite = opts.catalog.siteForUrl(page.finalUrl);
  const cues = v.ctx?.cues ?? [];
  let category: LeakCategory;
  if (extra.categoryHint === "social_media" || isSocialUrl(page.finalUrl) || catalogSite?.category === "social_media") category = "social_media";
  else if (catalogSite || cues.some((c) => c.kind === "leak-site" || c.kind === "file-host-link" || c.kind === "site-rip" || c.kind === "gallery")) {
    category = "leak_site";
  } else category = "search_result";

  const snippet = names.textMatch
    ? snippetAround(names.textMatch.text, names.textMatch.match.start, names.textMatch.match.end)
    : (v.doc?.text ?? "").replace(/\s+/g, " ").slice(0, 240);
  const evasions = nameEvasions(names.all);
  const finding: Finding = {
    url,
    domain: displayDomain(page.finalUrl),
    category,
    confidence: v.confidence,
    evidence: {
      matchedNames: [...new Set(names.all.map((m) => m.name))],
      ...(evasions.length > 0 ? { evasions } : {}),
      ...(matchedIn.length > 0 ? { matchedIn } : {}),
      snippet,
      title: v.doc?.title ?? "",
      signals: cues.map((c) => `${c.kind}: ${c.detail}`),
      imageMatches: v.imageMatches,
      httpStatus: page.status,
      fetchedAt: page.fetchedAt,
      sha256: page.sha256,
      finalUrl: page.finalUrl,
      sources: extra.sources,
      robots: page.robots,
      truncated: page.truncated,
    },
  };
  const linkedFiles = v.doc && cues.some((c) => c.kind === "file-host-link") ? await linkedFileFindings(page, opts, extra, v.doc, finding, titleNamesOf(names)) : [];
  return { isLeak: true, reason: v.confidence, finding, imageMatches: v.imageMatches, linkedFiles };
}

const titleNamesOf = (names: NameHits) => [...new Set(names.title.map((m) => m.name))];

/**
 * The file-host links of the block that matched her, as findings of their own: never above the
 * page's confidence (a medium page's links wait for her confirmation like the page), never her
 * allow-listed domains or own profiles, at most MAX_FILE_LINKS_PER_PAGE. A page read from its
 * markup is split into its posts (fileLinksInMatchedBlock); a description a source gave (a
 * Reddit post's) is one post already.
 */
async function linkedFileFindings(page: FetchedPage, opts: AnalyzeOptions, extra: { sources: string[] }, doc: PageDocument, pageFinding: Finding, titleNames: string[]): Promise<Finding[]> {
  let links: FileHostLink[];
  let matches: LinkMatch[];
  if (page.body.length > 0 && bodyKind(page.contentType, page.body) === "html") {
    const html = decodeBody(page.body, page.contentType);
    const input: MatchedBlockInput = {
      // What the block reader reads at most: no more is handed to its thread.
      html: html.length > MAX_PARSED_CHARS ? html.slice(0, MAX_PARSED_CHARS) : html,
      pageUrl: page.finalUrl,
      matchers: opts.matchers,
      matchedImages: pageFinding.evidence.imageMatches.map((m) => m.imageUrl),
      namedInTitle: titleNames.length > 0,
      lang: doc.lang ?? null,
    };
    let found: MatchedBlockLinks;
    try {
      found = opts.fileLinks ? await opts.fileLinks(input) : fileLinksInMatchedBlock(input);
    } catch (e) {
      // Past the time limit: the page is still the leak it was judged, without file links.
      if (e instanceof PageTimeLimitError) return [];
      throw e;
    }
    links = found.links;
    matches = found.matches;
  } else {
    // A description a source gave (a Reddit post's) is one post: what matched on the page matched in it.
    const all = [...doc.links.map((l) => recogniseFileHostLink(l.href)), ...pastedFileHostLinks(doc.text)];
    links = [...new Map(all.filter((l): l is FileHostLink => l !== null).map((l) => [l.url, l])).values()].slice(0, MAX_FILE_LINKS_PER_PAGE);
    const whole: LinkMatch = { foundIn: "page", names: pageFinding.evidence.matchedNames, images: pageFinding.evidence.imageMatches.map((m) => m.imageUrl) };
    matches = links.map(() => whole);
  }
  const out: Finding[] = [];
  for (const [i, l] of links.entries()) {
    if (l.url === pageFinding.url || exclusionReason(l.url, opts.exclusions)) continue;
    // What matched in the link's own part of the page: its names (a thread's, its title's), its images of hers with the reference each copies.
    const match = matches[i] ?? { foundIn: "page", names: [], images: [] };
    const names = match.foundIn === "thread" || match.foundIn === "page" ? (match.names.length > 0 ? match.names : titleNames) : match.names;
    const shown = new Set(match.images);
    const imageMatches = pageFinding.evidence.imageMatches.filter((m) => shown.has(m.imageUrl)).slice(0, 20);
    const how = names.length === 0 && imageMatches.length > 0 ? "image" : "name";
    out.push({
      url: l.url,
      domain: displayDomain(l.url),
      category: "leak_site",
      confidence: pageFinding.confidence,
      evidence: {
        // The file's own page does not name her: names and text stay the linking page's, in linkedFrom.
        matchedNames: [],
        snippet: "",
        title: "",
        signals: [`linked from ${pageFinding.url} where your ${how} matched`],
        imageMatches: [],
        httpStatus: 0,
        fetchedAt: page.fetchedAt,
        sha256: "",
        finalUrl: l.url,
        sources: extra.sources,
        robots: null,
        truncated: false,
        linkedFrom: {
          pageUrl: pageFinding.url,
          pageTitle: pageFinding.evidence.title.slice(0, 300),
          matchedBy: how,
          matchedNames: names,
          foundIn: match.foundIn,
          imageMatches,
          service: l.service,
          kind: l.kind,
          keyOnPage: l.keyOnPage,
        },
      },
    });
  }
  return out;
}

/** Each disguised spelling of her names once, as the page wrote it (bounded: evidence is stored). */
function nameEvasions(matches: readonly NameMatch[]): NameEvasion[] {
  const out: NameEvasion[] = [];
  const seen = new Set<string>();
  for (const m of matches) {
    if (m.forms.length === 0) continue;
    const quoted = m.found.replace(/\s+/g, " ").slice(0, 120);
    const key = `${m.name}\u0000${quoted}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: m.name, seen: quoted, forms: [...m.forms] });
    if (out.length === 10) break;
  }
  return out;
}

type BodyKind = "html" | "text" | "image" | "other";

function bodyKind(contentType: string, body: Buffer): BodyKind {
  const ct = contentType.split(";")[0]!.trim().toLowerCase();
  if (ct.startsWith("image/") || looksLikeImage(body)) return "image";
  if (ct === "text/html" || ct === "application/xhtml+xml" || ct.endsWith("+xml") || ct === "text/xml") return "html";
  if (ct.startsWith("text/") || ct === "application/json" || ct.endsWith("+json")) return "text";
  // No type, or a generic one: what the first bytes say (a BOM and whitespace may come first).
  const head = body.subarray(0, 512).toString("latin1");
  if (!ct && /^(?:\xef\xbb\xbf)?\s*</.test(head)) return "html";
  if ((ct === "application/octet-stream" || ct === "binary/octet-stream") && /^(?:\xef\xbb\xbf)?\s*<(?:!doctype|html|head|body|title|meta|div|!--)/i.test(head)) return "html";
  return "other";
}

function looksLikeImage(b: Buffer): boolean {
  if (b.length < 12) return false;
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || // JPEG
    (b[0] === 0x89 && b.subarray(1, 4).toString("latin1") === "PNG") ||
    b.subarray(0, 4).toString("latin1") === "GIF8" ||
    (b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP")
  );
}
