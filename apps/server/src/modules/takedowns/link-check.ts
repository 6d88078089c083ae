import { FetchError, type FetchResult } from "../../scanner/guarded-fetch";
import { parseHtmlDocument } from "../../scanner/html-document";
import { findNameMatches, foldName } from "../../scanner/name-match";

export type LinkCheck = { outcome: "removed" | "present" | "unreachable"; detail: string };

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
    if (error instanceof FetchError) return { outcome: "unreachable", detail: `${error.reason}: ${error.message}` };
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
  const what = [
    ...(names.length ? [`names: ${[...new Set(names.map((n) => n.name))].join(", ")}`] : []),
    ...(images.length ? [`${images.length} matching image${images.length === 1 ? "" : "s"}`] : []),
  ];
  return { outcome: "present", detail: `still up (${what.join("; ")})` };
}
