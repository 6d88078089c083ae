import { foldName } from "./name-match";
import { findPlatform, normalizeUsername } from "./platform-profiles";
import type { ScanIdentity } from "./scan-types";

/**
 * Search queries from the creator's identities. Templates are tried tier by
 * tier across all names (every name gets its most telling query before any
 * name gets a weaker one), so the per-scan bound cuts the weakest first.
 */

export type ScanQuery = { text: string; name: string; template: string };

/**
 * Names to search for: stage names (usernames) first, then nicknames;
 * deduplicated in any case. Other spellings of one name (ivy_marlowe on one
 * platform, ivy.marlowe on another) come after every distinct name, so that
 * a bounded number of queries covers all her names before the variants.
 */
export function searchNames(identity: Pick<ScanIdentity, "stageNames" | "nicknames">): string[] {
  return splitSpellings(identity).flat();
}

function splitSpellings(identity: Pick<ScanIdentity, "stageNames" | "nicknames">): [distinct: string[], variants: string[]] {
  const distinct: string[] = [];
  const variants: string[] = [];
  const seen = new Set<string>();
  const folded = new Set<string>();
  const add = (n: string) => {
    const name = n.replace(/\s+/g, " ").trim();
    const key = name.toLowerCase();
    if (name.length < 2 || seen.has(key)) return;
    seen.add(key);
    const f = foldName(name);
    if (folded.has(f)) variants.push(name);
    else {
      folded.add(f);
      distinct.push(name);
    }
  };
  for (const s of identity.stageNames) {
    const p = findPlatform(s.platform);
    if (p?.id === "website" || p?.id === "other") continue;
    add(normalizeUsername(p, s.username));
  }
  for (const n of identity.nicknames) add(n);
  return [distinct, variants];
}

/** Her paid platforms' query words ("onlyfans", "fansly"), OnlyFans when she named none. */
export function platformWords(identity: Pick<ScanIdentity, "stageNames">): string[] {
  const words = new Set<string>();
  for (const s of identity.stageNames) {
    const p = findPlatform(s.platform);
    if (p?.paid && p.queryWord) words.add(p.queryWord);
  }
  if (words.size === 0) words.add("onlyfans");
  return [...words];
}

const quote = (s: string) => `"${s.replace(/"/g, "")}"`;

export function buildQueries(identity: ScanIdentity, maxQueries: number): ScanQuery[] {
  const [names, variants] = splitSpellings(identity);
  const platforms = platformWords(identity);
  const main = platforms[0]!;
  const specific = identity.specific.replace(/\s+/g, " ").trim().slice(0, 120);

  type Tier = (name: string) => Array<[template: string, text: string]>;
  const tiers: Tier[] = [
    (n) => [["\"name\" leaked", `${quote(n)} leaked`]],
    (n) => [["\"name\" platform leak", `${quote(n)} ${main} leak`]],
    (n) => [["\"name\" mega", `${quote(n)} mega`]],
    (n) => [["\"name\" leak", `${quote(n)} leak`]],
    (n) => platforms.map((p): [string, string] => ["\"name\" platform", `${quote(n)} ${p}`]),
    (n) => [["\"name\" free download", `${quote(n)} free download`]],
    (n) => [["\"name\" nudes", `${quote(n)} nudes`]],
    (n) => platforms.slice(1).map((p): [string, string] => ["\"name\" platform leak", `${quote(n)} ${p} leak`]),
  ];

  const out: ScanQuery[] = [];
  const seen = new Set<string>();
  const push = (q: ScanQuery) => {
    const key = q.text.toLowerCase().replace(/\s+/g, " ");
    if (seen.has(key) || out.length >= maxQueries) return;
    seen.add(key);
    out.push(q);
  };
  // What she asked us to find comes right after the first tier.
  const specificQueries: ScanQuery[] = specific
    ? [
        ...(names[0] ? [{ text: `${quote(names[0])} ${specific}`, name: names[0], template: "\"name\" specific" }] : []),
        { text: `${quote(specific)} leaked`, name: specific, template: "\"specific\" leaked" },
      ]
    : [];

  tiers.forEach((tier, i) => {
    for (const name of names) for (const [template, text] of tier(name)) push({ text, name, template });
    if (i === 0) {
      // Other spellings of a name get its most telling query only.
      for (const name of variants) for (const [template, text] of tier(name)) push({ text, name, template });
      specificQueries.forEach(push);
    }
  });
  if (names.length === 0) specificQueries.forEach(push);
  return out;
}
