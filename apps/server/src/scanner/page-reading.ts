import { documentFromBody, type DocumentSource, type PageDocument } from "./html-document";
import { assessLeakContext, type LeakContext } from "./leak-context";
import { LeakSiteCatalog, type LeakSite } from "./leak-site-catalog";
import { findNameMatches, type NameMatch, type NameMatcher } from "./name-match";
import type { MatchPlace } from "@leakwarden/contracts/leak-evidence";

/**
 * The CPU-bound part of judging a page: reading its body into a document,
 * finding her names in it and weighing its leak context. All of it is work on
 * text a hostile site wrote, so it runs on the page reader's worker threads
 * (page-parser-pool.ts), each page within a time limit; everything here is
 * plain data in and out, to cross to a worker and back.
 */

export type PageTextOptions = {
  matchers: readonly NameMatcher[];
  /** The leak-site catalog's sites (a catalogued host is a leak site; links to one share a leak). */
  catalogSites: readonly LeakSite[];
  /** The page's address (a listing's description is judged as its post's page). */
  pageUrl: string;
  /** Weigh the context even when no name is found (image matches may still make it a leak). */
  needContext: boolean;
};

/** A body to read, or a document already read (a listing's description), and what to look for. */
export type PageReadJob = ({ src: DocumentSource; doc?: undefined } | { doc: PageDocument; src?: undefined }) & { text: PageTextOptions };

export type NameHits = {
  all: NameMatch[];
  title: NameMatch[];
  textMatch: { text: string; match: NameMatch } | null;
  /** Where in the page's item her names were found. */
  places: MatchPlace[];
};

export type PageReading = {
  doc: PageDocument;
  names: NameHits;
  /** Null when the page does not name her and no context was asked for. */
  ctx: LeakContext | null;
  /** Pages this one lists (related videos, a listing's posts) whose item there names her: each to be read on its own page. */
  listedNamingHer: string[];
};

/** At most this many listed pages naming her are handed on from one page. */
const MAX_LISTED_NAMING_HER = 20;

export function readPage(job: PageReadJob): PageReading {
  const doc = job.doc ?? documentFromBody(job.src);
  const names = nameMatches(doc, job.text.matchers);
  const listedNamingHer = listedPagesNamingHer(doc, job.text.matchers);
  if (names.all.length === 0 && !job.text.needContext) return { doc, names, ctx: null, listedNamingHer };
  return { doc, names, ctx: readContext(doc, job.text), listedNamingHer };
}

function listedPagesNamingHer(doc: PageDocument, matchers: readonly NameMatcher[]): string[] {
  const out: string[] = [];
  if (matchers.length === 0) return out;
  for (const l of doc.listed ?? []) {
    if (out.length >= MAX_LISTED_NAMING_HER) break;
    if (l.href !== doc.url && findNameMatches(l.text, matchers, undefined, { lang: doc.lang ?? null }).length > 0) out.push(l.href);
  }
  return out;
}

export function readContext(doc: PageDocument, { matchers, catalogSites, pageUrl }: Omit<PageTextOptions, "needContext">): LeakContext {
  const catalog = new LeakSiteCatalog(catalogSites);
  return assessLeakContext({ doc, matchers, catalogSite: !!catalog.siteForUrl(pageUrl), isLeakSiteUrl: (u) => !!catalog.siteForUrl(u) });
}

function nameMatches(doc: PageDocument, matchers: readonly NameMatcher[]): NameHits {
  const none: NameHits = { all: [], title: [], textMatch: null, places: [] };
  // A page listing other pages is read for the pages it links, never as hers (its listed items name her).
  if (doc.structure === "listing") return none;
  // The words of its address say what a page is only when nothing else does: a title or a heading that says
  // otherwise ("Sable, wren-brown and ochre") is what the page is.
  const saysItself = doc.title.trim() !== "" || doc.headings.length > 0;
  const titleFields = [doc.title, ...doc.meta, ...doc.headings.slice(0, 3), ...(saysItself ? [] : [urlWords(doc.url)])];
  const find = (text: string) => findNameMatches(text, matchers, undefined, { lang: doc.lang ?? null });
  const title = titleFields.flatMap(find);
  const inText = find(doc.text);
  const rest = doc.headings.slice(3).flatMap(find);
  // Only the item's own images speak for it: a related video's thumbnail naming her is that video's.
  const alts = doc.images.filter((i) => i.inSubject !== false).flatMap((i) => find(i.alt));
  const tags = (doc.tags ?? []).flatMap(find);
  const places: MatchPlace[] = [];
  if (title.length > 0) places.push("title");
  if (inText.length > 0 || rest.length > 0) places.push("body");
  if (tags.length > 0) places.push("tags");
  if (alts.length > 0) places.push("media");
  const first = inText[0];
  let textMatch: NameHits["textMatch"] = first ? { text: doc.text, match: first } : null;
  if (!textMatch) {
    for (const f of [...titleFields, ...(doc.tags ?? [])]) {
      const m = find(f)[0];
      if (m) {
        textMatch = { text: f, match: m };
        break;
      }
    }
  }
  return { all: [...title, ...inText, ...alts, ...rest, ...tags], title, textMatch, places };
}

function urlWords(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/[/_\-+.]+/g, " ").trim();
  } catch {
    return "";
  }
}
