import { FetchError, type FetchResult } from "../../scanner/guarded-fetch";
import { parseHtmlDocument } from "../../scanner/html-document";
import { findNameMatches, foldName } from "../../scanner/name-match";

/** `detail` completes a sentence for the creator's timeline ("Still up: the page shows …"). */
export type LinkCheck = { outcome: "removed" | "present" | "unreachable"; detail: string };

// What a failed check says to a person: never the fetcher's reason code.
const UNREACHABLE: Partial<Record<FetchError["reason"], string>> = {
  dns: "the site's name no longer resolves",
  connect: "the site did not accept a connection",
  timeout: "the site did not answer in time",
  protocol: "the site's answer could not be read",
  "too-many-redirects": "the page redirects in a loop",
  "too-large": "the page is larger than we read",
  "blocked-address": "the site points at an address we do not visit",
  "robots-disallowed": "the site's robots.txt asks us not to read the page",
};

export interface LinkEvidence {
  matchedNames: string[];
  imageUrls: string[];
}

/**
 * Is the infringing material still at the URL? Gone when the page answers 404/410, or when
 * neither the names nor the images that made it a leak are on it any more. A page that
 * cannot be reached proves nothing (sites that block the complainant look like that).
 */
export async function checkLink(fetch: () => Promise<FetchResult>, evidence: LinkEvidence): Promise<LinkCheck> {
  let res: FetchResult;
  try {
    res = await fetch();
  } catch (error) {
    if (error instanceof FetchError) return { outcome: "unreachable", detail: UNREACHABLE[error.reason] ?? "the page could not be read" };
    throw error;
  }
  if (res.status === 404 || res.status === 410) return { outcome: "removed", detail: `the page answers HTTP ${res.status}` };
  if (res.status < 200 || res.status >= 300) return { outcome: "unreachable", detail: `the page answers HTTP ${res.status}` };

  const body = res.body.toString("utf8");
  const doc = parseHtmlDocument(body, res.finalUrl);
  const text = [doc.title, ...doc.meta, ...doc.headings, doc.text, doc.linkText].join("\n");
  const matchers = evidence.matchedNames.map((name) => ({ name, kind: "stage" as const, key: foldName(name) })).filter((m) => m.key.length > 0);
  const names = findNameMatches(text, matchers);
  const pageImages = new Set([...doc.images.map((i) => i.src), ...doc.metaImages]);
  const images = evidence.imageUrls.filter((u) => pageImages.has(u));
  if (names.length === 0 && images.length === 0) {
    return { outcome: "removed", detail: "the page no longer shows the names or images that made it a leak" };
  }
  const shown = [...new Set(names.map((n) => n.name))];
  const what = [
    ...(shown.length ? [`the name${shown.length === 1 ? "" : "s"} ${shown.join(", ")}`] : []),
    ...(images.length ? [`${images.length} matching image${images.length === 1 ? "" : "s"}`] : []),
  ];
  return { outcome: "present", detail: `the page shows ${what.join(" and ")}` };
}
