import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlItem } from "../crawl-types";
import { clip, folderOf, int, MAX_URL_LENGTH, versionKey, type CrawlKit, type DetectContext, type FamilyFinding, type Sel } from "./kit";

/**
 * Discuz! X (3.x), the forum most Chinese-language boards run. Its "new replies" guide,
 * forum.php?mod=guide&view=new (forum/guide_list_row.htm), lists threads newest reply first, one
 * <tbody id="normalthread_N"> each: the subject a.xst to forum.php?mod=viewthread&tid=N, the reply
 * count in td.num a, the first and last post dates in td.by em ("2026-11-1 08:05", or a span whose
 * title holds it), and the pages in div.pg (a.nxt the next, a.prev the previous); forum pages
 * (forumdisplay) have the same rows. With URL rewriting a thread is thread-N-P-F.html. A thread is
 * read at its last post, forum.php?mod=redirect&tid=N&goto=lastpost (Discuz answers with its last
 * page), versioned by its reply count, and walked back by div.pg a.prev (thread-pages.ts). Attached
 * photos are <img src="…/none.gif" zoomfile="data/attachment/…" file="…">: the page is given their
 * file as their src.
 *
 * Only cheerio and anchored patterns on bounded strings touch the page.
 */

// Thread links in the guide and forum rows (a.xst), and in search results (h3.xs3).
const ITEM_LINKS = "a.xst, tbody[id^='normalthread_'] th a[href*='tid='], h3.xs3 a[href*='tid=']";
const REWRITTEN = /\/thread-(\d{1,12})-\d{1,6}-\d{1,6}\.html$/;
/** Discuz!'s date format (Y-n-j H:i[:s]). */
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** A date as Discuz! prints it; the board's time zone is not on the page, the order of dates is what counts. */
export function discuzTime(raw: string | undefined): number | null {
  const m = DATE.exec((raw ?? "").trim().slice(0, 40));
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return Number.isFinite(t) ? t : null;
}

/** The latest date in a row's author and last-post cells. */
function rowTime($: cheerio.CheerioAPI, row: Sel): number | null {
  let best: number | null = null;
  row.find("td.by em, td.by em span[title], td.by em a").each((_, el) => {
    const e = $(el);
    const t = discuzTime(e.attr("title")) ?? discuzTime(e.text());
    if (t !== null && (best === null || t > best)) best = t;
  });
  return best;
}

export function discuzAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "discuz",
    defaultEntryPages: (c) => [`${c.baseUrl}/forum.php?mod=guide&view=new`],
    parseListing(input, config) {
      const $ = cheerio.load(input.body);
      const base = kit.baseOf($, input.url);
      const items: CrawlItem[] = [];
      const seen = new Set<number>();
      for (const el of $(ITEM_LINKS).toArray().slice(0, MAX_ITEMS_PER_LISTING * 5)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const link = $(el);
        const url = kit.onSiteUrl(link.attr("href"), base, config.domains);
        if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
        const rewritten = REWRITTEN.exec(url.pathname);
        if (!rewritten && url.searchParams.get("mod") !== "viewthread") continue;
        const tid = int(rewritten?.[1] ?? url.searchParams.get("tid"));
        if (tid === null || seen.has(tid)) continue;
        seen.add(tid);
        const folder = folderOf(url);
        const row = link.closest("tbody, li.pbw, tr");
        const replies = int(row.find("td.num a").first().text().trim());
        const time = rowTime($, row);
        items.push({
          key: versionKey(`t${tid}`, replies !== null ? `r${replies}` : time),
          url: rewritten ? `${folder}thread-${tid}-1-1.html` : `${folder}forum.php?mod=viewthread&tid=${tid}`,
          fetchUrl: `${folder}forum.php?mod=redirect&tid=${tid}&goto=lastpost`,
          title: clip(link.text()),
          time,
        });
      }
      return { items, next: kit.nextLink($, ".pg a.nxt, a.nxt, link[rel=next]", input, config) };
    },
    itemPage(input) {
      // Attached photos: their src is a placeholder until a script puts file / zoomfile there.
      if (!/\s(?:zoomfile|file)=/.test(input.body)) return null;
      const $ = cheerio.load(input.body);
      let changed = false;
      for (const el of $("img[zoomfile], img[file]").toArray().slice(0, 1000)) {
        const src = (el.attribs.zoomfile || el.attribs.file || "").trim();
        if (!src || src.length > MAX_URL_LENGTH || /^(?:javascript|data):/i.test(src)) continue;
        el.attribs.src = src;
        changed = true;
      }
      return changed ? { html: $.html() } : null;
    },
  };
}

/** Discuz!'s pages: its generator meta ("Discuz! X3.4"), author meta, or the discuz_uid of its header script. */
export function detectDiscuz(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const author = ($('meta[name="author" i]').first().attr("content") ?? "").slice(0, 200);
  const evidence = /^Discuz!/i.test(ctx.generator)
    ? `meta generator ${ctx.generator}`
    : /^Discuz! Team\b/i.test(author)
      ? "meta author Discuz! Team"
      : /\bdiscuz_uid\s*=/.test(ctx.scriptText())
        ? "Discuz!'s header script (discuz_uid)"
        : null;
  if (!evidence) return null;
  const folder = ctx.scriptFolder(["forum.php"]) ?? folderOf(new URL(ctx.base));
  return { family: "discuz", evidence, entryPages: [`${folder}forum.php?mod=guide&view=new`] };
}
