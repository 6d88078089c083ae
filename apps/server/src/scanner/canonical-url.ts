/**
 * One spelling per page, so that a leak is stored once per (creator, URL):
 * scheme and host lower-cased (the URL parser does both, and IDNs become
 * punycode), default port dropped, fragment dropped, user-info dropped,
 * tracking parameters dropped, the remaining parameters sorted.
 * Paths keep their case and trailing slash: servers may treat those as
 * different pages.
 */

const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "igsh",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref",
  "ref_src",
  "ref_url",
  "si",
  "spm",
  "share_id",
  "s_cid",
  "cmpid",
  "oly_anon_id",
  "oly_enc_id",
  "vero_id",
  "rb_clickid",
]);

export function isTrackingParam(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith("utm_") || n.startsWith("pk_") || n.startsWith("mtm_") || TRACKING_PARAMS.has(n);
}

/** Throws a TypeError for anything that is not an absolute http(s) URL. */
export function canonicalizeUrl(input: string | URL): string {
  const url = new URL(typeof input === "string" ? input.trim() : input.href);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`not an http(s) URL: ${url.protocol}`);
  }
  url.hash = "";
  url.username = "";
  url.password = "";
  // The parser already drops :80 for http and :443 for https.
  url.hostname = url.hostname.replace(/\.$/, "");
  // A key without "=" stays without it: vBulletin 4's thread address is showthread.php?301-title,
  // and showthread.php?301-title= is another page to its server (and another leak to us).
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const [k, v] = [...new URLSearchParams(part).entries()][0] ?? ["", ""];
      return { k, v, bare: !part.includes("=") };
    })
    .filter(({ k }) => !isTrackingParam(k));
  kept.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.v < b.v ? -1 : a.v > b.v ? 1 : 0));
  url.search = kept.map(({ k, v, bare }) => (bare ? new URLSearchParams([[k, ""]]).toString().slice(0, -1) : new URLSearchParams([[k, v]]).toString())).join("&");
  return url.href;
}

/** canonicalizeUrl, or null for what cannot be a page address. */
export function tryCanonicalizeUrl(input: string, base?: string): string | null {
  try {
    return canonicalizeUrl(base ? new URL(input, base) : input);
  } catch {
    return null;
  }
}

/** Host without a leading "www." and without a trailing dot, lower case. */
export function displayDomain(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, "").replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** True when host equals domain or is one of its subdomains. */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  const d = domain.toLowerCase().replace(/\.$/, "");
  return d !== "" && (h === d || h.endsWith(`.${d}`));
}

/**
 * What a creator types as an allow-listed domain ("https://www.Site.com/",
 * "site.com", "*.site.com") as a bare host, or null when it is not one.
 */
export function normalizeDomainInput(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (!s) return null;
  s = s.replace(/^\*\./, "");
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(s)) s = `http://${s}`;
  try {
    const host = new URL(s).hostname.replace(/\.$/, "").replace(/^www\./, "");
    return host.includes(".") || host === "localhost" ? host : null;
  } catch {
    return null;
  }
}
