import { profileUrlOf, type Platform } from "@leakwarden/contracts/platforms";
import * as cheerio from "cheerio";
import { FetchError, type FetchResult } from "../../scanner/guarded-fetch";

export type CheckStatus = "verified" | "not-found" | "snippet-missing" | "unreachable" | "unsupported";
export interface CheckResult {
  status: CheckStatus;
  reason: string;
}

export type PageFetcher = (url: string) => Promise<FetchResult>;

/** The public text of a profile page a server can read: visible text, meta descriptions, JSON-LD. */
export function readableProfileText(html: string): string {
  const $ = cheerio.load(html);
  const parts: string[] = [];
  $('meta[name="description"], meta[property="og:description"], meta[name="twitter:description"], meta[property="og:title"]').each((_i, el) => {
    parts.push($(el).attr("content") ?? "");
  });
  $('script[type="application/ld+json"]').each((_i, el) => {
    parts.push($(el).text());
  });
  $("script, style, noscript, template").remove();
  parts.push($("body").text());
  return parts.join("\n");
}

const tooLarge = (url: string): CheckResult => ({ status: "unreachable", reason: `The profile page is larger than we read (${url}).` });

const unreachableReason = (error: unknown, url: string): string => {
  if (error instanceof FetchError) {
    switch (error.reason) {
      case "timeout":
        return `The profile page did not answer in time (${url}).`;
      case "too-large":
        return tooLarge(url).reason;
      case "blocked-address":
        return `The profile page leads to an address we never contact (${url}).`;
      case "too-many-redirects":
        return `The profile page redirects too many times (${url}).`;
      default:
        return `The profile site could not be reached (${url}: ${error.reason}).`;
    }
  }
  return `The profile site could not be reached (${url}).`;
};

/**
 * Looks for the creator's code on one stage name's public profile. Profiles that only render
 * in a browser are read through what the server's HTML carries, or the platform's public JSON.
 */
export async function checkStageName(
  platform: Platform,
  username: string,
  code: string,
  fetchPage: PageFetcher,
  redditUrl: string,
): Promise<CheckResult> {
  if (platform.verification === "none") {
    return { status: "unsupported", reason: `${platform.name === "Other" ? "This profile" : platform.name} cannot be checked automatically yet.` };
  }
  const url =
    platform.verification === "reddit-about"
      ? `${redditUrl.replace(/(?<!\/)\/+$/, "")}/user/${encodeURIComponent(username)}/about.json?raw_json=1`
      : profileUrlOf(platform, username);
  if (!url) return { status: "unsupported", reason: "This profile has no public page we can check." };

  let page: FetchResult;
  try {
    page = await fetchPage(url);
  } catch (error) {
    return { status: "unreachable", reason: unreachableReason(error, url) };
  }
  if (page.status === 404 || page.status === 410) return { status: "not-found", reason: `Profile not found at ${url}.` };
  if (page.status < 200 || page.status >= 300) return { status: "unreachable", reason: `The profile site answered HTTP ${page.status} (${url}).` };

  const body = page.body.toString("utf8");
  let text: string;
  if (platform.verification === "reddit-about") {
    if (page.truncated) return tooLarge(url);
    try {
      const about = JSON.parse(body) as { data?: { subreddit?: { public_description?: string; description?: string; title?: string } } };
      const sub = about.data?.subreddit;
      text = [sub?.public_description, sub?.description, sub?.title].filter(Boolean).join("\n");
    } catch {
      return { status: "unreachable", reason: "Reddit did not answer with the profile's details." };
    }
  } else {
    text = readableProfileText(body);
  }
  if (text.includes(code)) return { status: "verified", reason: "The snippet was found on the profile." };
  // Only the beginning of a page over the byte limit was read: the snippet may be further on.
  if (page.truncated) return tooLarge(url);
  return { status: "snippet-missing", reason: `The snippet was not found on ${url}.` };
}
