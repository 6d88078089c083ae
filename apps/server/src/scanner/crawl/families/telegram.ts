import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlItem } from "../crawl-types";
import { clip, MAX_URL_LENGTH, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Telegram public channels, as their web preview serves them: https://t.me/s/<channel> lists the
 * newest messages (div.tgme_widget_message[data-post="channel/N"], the text in
 * .tgme_widget_message_text, photos as background-image:url(…) of a.tgme_widget_message_photo_wrap,
 * the date a.tgme_widget_message_date time[datetime]) and links the older ones with ?before=N
 * (link rel=prev, a.tme_messages_more[data-before]). Each message is an item at t.me/<channel>/N,
 * read alone from its embed (?embed=1&mode=tme: that message's widget, not its neighbours'); a
 * message does not change, so its address is its key. The catalog names the channels' pages.
 *
 * Only cheerio and anchored patterns on bounded strings touch the page.
 */

const POST = /^([A-Za-z0-9_]{3,64})\/(\d{1,12})$/;

export function telegramAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "telegram",
    // A channel's page must be named: t.me alone lists nothing.
    defaultEntryPages: () => [],
    parseListing(input, config) {
      const $ = cheerio.load(input.body);
      const items: CrawlItem[] = [];
      const seen = new Set<string>();
      const page = new URL(input.url);
      for (const el of $(".tgme_widget_message[data-post]").toArray().slice(0, MAX_ITEMS_PER_LISTING * 2)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const m = POST.exec(($(el).attr("data-post") ?? "").slice(0, 100));
        if (!m) continue;
        const key = `${m[1]!.toLowerCase()}/${m[2]}`;
        if (seen.has(key)) continue;
        const url = kit.onSiteUrl(`/${m[1]}/${m[2]}`, page.origin, config.domains);
        if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
        seen.add(key);
        const e = $(el);
        const time = kit.parseListingTime(e.find(".tgme_widget_message_date time[datetime]").first().attr("datetime") ?? null);
        items.push({ key, url: url.href, fetchUrl: `${url.href}?embed=1&mode=tme`, title: clip(e.find(".tgme_widget_message_text").first().text(), 120), time });
      }
      // Older messages: ?before=<the oldest message on this page>.
      let next: string | null = null;
      for (const el of $("link[rel=prev], a.tme_messages_more[href]").toArray().slice(0, 10)) {
        const href = $(el).attr("href");
        if (!href || href.length > MAX_URL_LENGTH) continue;
        const u = kit.onSiteUrl(href, input.url, config.domains);
        if (u && /^\/s\/[A-Za-z0-9_]{3,64}$/.test(u.pathname) && /^\?before=\d{1,12}$/.test(u.search) && u.href !== input.url) {
          next = u.href;
          break;
        }
      }
      return { items, next };
    },
    itemPage: () => null,
  };
}

/** A channel's preview page (section.tgme_channel_history of message widgets): the page itself is the listing. */
export function detectTelegram(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  if ($(".tgme_channel_history").length === 0 || $(".tgme_widget_message[data-post]").length === 0) return null;
  const u = new URL(ctx.url);
  const channel = /^\/s\/([A-Za-z0-9_]{3,64})\/?$/.exec(u.pathname)?.[1];
  if (!channel) return null;
  return { family: "telegram", evidence: "Telegram's channel preview (tgme_channel_history)", entryPages: [`${u.origin}/s/${channel}`] };
}
