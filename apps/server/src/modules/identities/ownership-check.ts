import { profileUrlOf, type Platform } from "@leakwarden/contracts/platforms";
import * as cheerio from "cheerio";
import { FetchError, type FetchResult } from "../../scanner/guarded-fetch";

export type CheckStatus = "verified" | "not-found" | "snippet-missing" | "unreachable" | "unsupported";
export interface CheckResult {
  status: CheckStatus;
  reason: string;
}

export type PageFetcher = (url: string) => Promise<FetchResult>;

/**
 * The bio of a profile page: only text the platform attributes to the profile's owner,
 * the page's description (meta description, og:description, twitter:description) and
 * the JSON-LD description of the profile (a ProfilePage, its mainEntity, or the Person
 * or Organization it is about). Never the page's other text: on platforms where others
 * comment or post on a profile, their words would prove nothing about who owns it.
 */
export function profileBioText(html: string): string {
  const $ = cheerio.load(html);
  const parts: string[] = [];
  $('meta[name="description"], meta[property="og:description"], meta[name="twitter:description"]').each((_i, el) => {
    parts.push($(el).attr("content") ?? "");
  });
  $('script[type="application/ld+json"]').each((_i, el) => {
    try {
      parts.push(...jsonLdProfileDescriptions(JSON.parse($(el).text()) as unknown));
    } catch {
      // not JSON: says nothing about the owner
    }
  });
  return parts.join("\n");
}

const PROFILE_TYPES = new Set(["ProfilePage"]);
const OWNER_TYPES = new Set(["Person", "Organization"]);

function typesOf(node: Record<string, unknown>): string[] {
  const t = node["@type"];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === "string");
}

/** Descriptions of the profile and its owner in a JSON-LD document (top level or its @graph). */
function jsonLdProfileDescriptions(doc: unknown): string[] {
  const out: string[] = [];
  const top = Array.isArray(doc) ? doc : [doc];
  const nodes: unknown[] = [];
  for (const n of top.slice(0, 50)) {
    nodes.push(n);
    const graph = n && typeof n === "object" ? (n as Record<string, unknown>)["@graph"] : undefined;
    if (Array.isArray(graph)) nodes.push(...graph.slice(0, 50));
  }
  const description = (n: unknown) => {
    const d = n && typeof n === "object" ? (n as Record<string, unknown>).description : undefined;
    if (typeof d === "string") out.push(d);
  };
  for (const n of nodes) {
    if (!n || typeof n !== "object") continue;
    const node = n as Record<string, unknown>;
    const types = typesOf(node);
    if (types.some((t) => PROFILE_TYPES.has(t))) {
      description(node);
      const main = node.mainEntity ?? node.about;
      for (const m of Array.isArray(main) ? main.slice(0, 5) : [main]) {
        if (m && typeof m === "object" && typesOf(m as Record<string, unknown>).some((t) => OWNER_TYPES.has(t))) description(m);
      }
    } else if (types.some((t) => OWNER_TYPES.has(t))) description(node);
  }
  return out;
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
      case "dns":
        return `The profile site's name does not resolve (${url}).`;
      case "connect":
        return `The profile site did not accept a connection (${url}).`;
      case "protocol":
        return `The profile site's answer could not be read (${url}).`;
      default:
        return `The profile site could not be reached (${url}).`;
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
      // The bio she writes (public_description), of her user profile or her community.
      const about = JSON.parse(body) as { data?: { public_description?: unknown; subreddit?: { public_description?: unknown } } };
      text = [about.data?.subreddit?.public_description, about.data?.public_description].filter((s): s is string => typeof s === "string").join("\n");
    } catch {
      return { status: "unreachable", reason: "Reddit did not answer with the profile's details." };
    }
  } else {
    text = profileBioText(body);
  }
  if (text.includes(code)) return { status: "verified", reason: "The snippet was found in the profile's bio." };
  // Only the beginning of a page over the byte limit was read: the snippet may be further on.
  if (page.truncated) return tooLarge(url);
  return { status: "snippet-missing", reason: `The snippet was not found on ${url}.` };
}
