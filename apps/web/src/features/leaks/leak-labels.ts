import { evasionFormLabels, readLeakEvidence, type LinkedFrom } from "@leakwarden/contracts/leak-evidence";
import type { LeakView, ReuploadView } from "@leakwarden/contracts/scans";
import { formatShortDate } from "../../lib/format";

export const statusLabels: Record<LeakView["status"], string> = {
  new: "New",
  confirmed: "Confirmed",
  takedown_sent: "Takedown sent",
  removed: "Removed",
  dismissed: "Dismissed",
};

export const categoryLabels: Record<LeakView["category"], string> = {
  leak_site: "Leak site",
  social_media: "Social media",
  search_result: "Search result",
  impersonator: "Impersonator",
};

export const statusClasses: Record<LeakView["status"], string> = {
  new: "bg-brand-500/15 text-brand-200",
  confirmed: "bg-amber-300/15 text-amber-100",
  takedown_sent: "bg-sky-400/15 text-sky-200",
  removed: "bg-emerald-400/15 text-emerald-200",
  dismissed: "bg-white/10 text-slate-300",
};

export const formatLeakDate = formatShortDate;

export interface LeakEvidence {
  matchedNames: string[];
  snippet: string;
  signals: string[];
  imageUrls: string[];
  /** Her names as the page disguised them, each as a sentence ("“lun4_r1vers”, with digits and symbols for letters"). */
  disguises: string[];
  /** A file-host link: where it was found and what matched there, as a sentence; null for a page found itself. */
  foundThrough: string | null;
}

const andList = (words: string[]) => (words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

/**
 * Where a file-host link was found, as its record shows it: the post (or thread, or part of the
 * page) and what in it matched her. A link recorded before the part of the page was kept is said
 * of the page and its names; "by image" only when an image of hers is recorded there.
 */
export function describeLinkedFrom(from: LinkedFrom): string {
  const names = from.matchedNames;
  const images = from.imageMatches?.length ?? 0;
  if (from.foundIn === "thread") return `In the opening post of a thread at ${from.pageUrl} whose title names ${andList(names)}.`;
  const what = [names.length > 0 ? `names ${andList(names)}` : "", images > 0 ? `shows ${images === 1 ? "one of your images" : `${images} of your images`}` : ""].filter(Boolean);
  const place = from.foundIn === "post" ? `In a post at ${from.pageUrl}` : from.foundIn === "section" ? `In a part of the page ${from.pageUrl}` : `On the page ${from.pageUrl}`;
  return what.length > 0 ? `${place} that ${what.join(" and ")}.` : `${place}.`;
}

/** One disguised spelling of her name, as a sentence for her. */
export function describeEvasion(e: { seen: string; forms: readonly (keyof typeof evasionFormLabels)[] }): string {
  const how = e.forms.map((f) => evasionFormLabels[f]);
  return how.length > 0 ? `“${e.seen}”, with ${how.join(" and ")}` : `“${e.seen}”`;
}

/**
 * What each kind of leak cue the page reader records means, as a sentence around the page's own
 * words (quoted) or the hosts it names (in brackets). Several cues of one kind make one sentence.
 */
const cueSentences: Record<string, { text: string; quote: boolean }> = {
  "file-host-link": { text: "It links to a file host, where leaks are shared for download", quote: false },
  "leak-site-link": { text: "It links to a leak site", quote: false },
  "site-rip": { text: "It offers a whole collection of paid content at once", quote: true },
  "leak-title": { text: "Its title or a heading puts your name next to a leak word", quote: true },
  "leak-phrase": { text: "It speaks of leaked content", quote: true },
  "free-access": { text: "It offers paid content for free", quote: true },
  "download-offer": { text: "It offers downloads", quote: true },
  "media-count": { text: "It counts photos or videos the way leak packs do", quote: true },
  gallery: { text: "It shows a large gallery", quote: false },
};

function leakSiteSentence(detail: string): string {
  const catalogued = /^catalogued leak site (.+)$/.exec(detail);
  if (catalogued) return `It is on a leak site we know (${catalogued[1]}).`;
  const named = /^leak-site name (.+)$/.exec(detail);
  if (named) return `The site's name reads like a leak site's (${named[1]}).`;
  return `It is on a leak site (${detail}).`;
}

function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?”)]$/.test(first) ? first : `${first}.`;
}

/** One signal the server recorded, read as the cue kind and its words, or a sentence of its own. */
function readSignal(signal: string): { kind: string; detail: string } | { sentence: string } {
  const image = /^image matched your reference '(.*)' at distance \d+$/.exec(signal);
  if (image) return { sentence: image[1] && image[1] !== "untitled" ? `One of its images is a copy of your reference photo “${image[1]}”.` : "One of its images is a copy of one of your reference photos." };
  const linked = /^linked from (\S+) where your (name|image) matched$/.exec(signal);
  if (linked) return { sentence: linked[2] === "image" ? `A post that shows one of your images links to it (${linked[1]}).` : `A post that names you links to it (${linked[1]}).` };
  const colon = signal.indexOf(": ");
  if (colon > 0) {
    const kind = signal.slice(0, colon);
    const detail = signal.slice(colon + 2);
    if (kind === "leak-site") return { sentence: leakSiteSentence(detail) };
    if (kind === "crawl") return { sentence: `We found it reading the site: a ${detail}.` };
    if (cueSentences[kind]) return { kind, detail };
    if (/^[a-z]+(?:-[a-z]+)*$/.test(kind)) return { sentence: sentence(detail) };
  }
  return { sentence: sentence(signal) };
}

/** The same words written with other case or separators ("juniper_vale leak", "Juniper Vale leak") are quoted once. */
const sameWords = (text: string) => text.toLowerCase().replace(/[\s_.-]+/g, " ").trim();

/**
 * Why the page was listed, as sentences for her. The server records each reason as "kind: the
 * page's words" (or a phrase of its own); reasons of one kind become one sentence, and a kind this
 * client does not know is shown as the words it carries, never as a code.
 */
export function describeSignals(signals: readonly string[]): string[] {
  const out: string[] = [];
  const byKind = new Map<string, { index: number; details: string[]; seen: Set<string> }>();
  for (const signal of signals) {
    const read = readSignal(signal);
    if ("sentence" in read) {
      if (read.sentence && !out.includes(read.sentence)) out.push(read.sentence);
      continue;
    }
    let group = byKind.get(read.kind);
    if (!group) {
      group = { index: out.length, details: [], seen: new Set() };
      byKind.set(read.kind, group);
      out.push("");
    }
    const key = sameWords(read.detail);
    if (!group.seen.has(key)) {
      group.seen.add(key);
      group.details.push(read.detail);
    }
  }
  for (const [kind, group] of byKind) {
    const cue = cueSentences[kind]!;
    out[group.index] = cue.quote ? `${cue.text}: ${group.details.map((d) => `“${d}”`).join(", ")}.` : `${cue.text} (${group.details.join(", ")}).`;
  }
  return out;
}

/** One reason on its own, as a sentence. */
export const describeSignal = (signal: string): string => describeSignals([signal])[0] ?? "";

/** The evidence the server stored, read through its schema (unknown or malformed kinds are left out, never shown oddly). */
export function readEvidence(leak: LeakView): LeakEvidence {
  const e = readLeakEvidence(leak.evidence);
  return {
    matchedNames: e.matchedNames ?? [],
    snippet: e.snippet ?? "",
    signals: describeSignals(e.signals ?? []),
    imageUrls: (e.imageMatches ?? []).map((m) => m.imageUrl),
    disguises: (e.evasions ?? []).map(describeEvasion),
    foundThrough: e.linkedFrom ? describeLinkedFrom(e.linkedFrom) : null,
  };
}

const reuploadSignalLabels: Record<ReuploadView["signals"][number], string> = {
  image: "one of its images is a copy of one on the earlier page",
  path: "the earlier page's address at another site",
  title: "the earlier page's title at a new address",
};

/** "Re-upload of #12, removed on 20 Nov 2026": what the list and the details say of a re-upload. */
export function reuploadSummary(r: ReuploadView): string {
  return `Re-upload of #${r.number}, removed on ${formatLeakDate(r.removedAt)}`;
}

/** How it was recognised, and what its notice will say, as sentences. */
export function reuploadDetails(r: ReuploadView): string[] {
  const how = r.signals.map((s) => reuploadSignalLabels[s]);
  return [
    `This link posts again what ${r.url} showed: that link was removed on ${formatLeakDate(r.removedAt)}${r.noticeSentAt ? ` after our notice of ${formatLeakDate(r.noticeSentAt)}` : ""}.`,
    ...(how.length > 0 ? [`Recognised by: ${how.join("; ")}.`] : []),
    r.sameSite
      ? "It is on the same site: its notice names the repeat infringement and the site's duty to act against repeat infringers (17 U.S.C. § 512(i))."
      : "Its notice cites the earlier removal and the site's duty to act against repeat infringers (17 U.S.C. § 512(i)).",
  ];
}
