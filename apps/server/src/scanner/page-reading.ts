import { documentFromBody, type DocumentSource, type PageDocument } from "./html-document";
import { assessLeakContext, type LeakContext } from "./leak-context";
import { LeakSiteCatalog, type LeakSite } from "./leak-site-catalog";
import { findNameMatches, type NameMatch, type NameMatcher } from "./name-match";

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

export type NameHits = { all: NameMatch[]; title: NameMatch[]; textMatch: { text: string; match: NameMatch } | null };

export type PageReading = {
  doc: PageDocument;
  names: NameHits;
  /** Null when the page does not name her and no context was asked for. */
  ctx: LeakContext | null;
};

export function readPage(job: PageReadJob): PageReading {
  const doc = job.doc ?? documentFromBody(job.src);
  const names = nameMatches(doc, job.text.matchers);
  if (names.all.length === 0 && !job.text.needContext) return { doc, names, ctx: null };
  return { doc, names, ctx: readContext(doc, job.text) };
}

export function readContext(doc: PageDocument, { matchers, catalogSites, pageUrl }: Omit<PageTextOptions, "needContext">): LeakContext {
  const catalog = new LeakSiteCatalog(catalogSites);
  return assessLeakContext({ doc, matchers, catalogSite: !!catalog.siteForUrl(pageUrl), isLeakSiteUrl: (u) => !!catalog.siteForUrl(u) });
}

function nameMatches(doc: PageDocument, matchers: readonly NameMatcher[]): NameHits {
  const titleFields = [doc.title, ...doc.meta, ...doc.headings.slice(0, 3), urlWords(doc.url)];
  const find = (text: string) => findNameMatches(text, matchers, undefined, { lang: doc.lang ?? null });
  const title = titleFields.flatMap(find);
  const inText = find(doc.text);
  const alts = doc.images.flatMap((i) => find(i.alt));
  const rest = doc.headings.slice(3).flatMap(find);
  const first = inText[0];
  let textMatch: NameHits["textMatch"] = first ? { text: doc.text, match: first } : null;
  if (!textMatch) {
    for (const f of titleFields) {
      const m = find(f)[0];
      if (m) {
        textMatch = { text: f, match: m };
        break;
      }
    }
  }
  return { all: [...title, ...inText, ...alts, ...rest], title, textMatch };
}

function urlWords(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/[/_\-+.]+/g, " ").trim();
  } catch {
    return "";
  }
}
