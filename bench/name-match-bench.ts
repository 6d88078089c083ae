/**
 * Name matching cost: reading a page's text (plain, leetspeak and romanised
 * readings) and finding names in it, for one creator and for many at once.
 *
 * - per page: a 60 KB mixed page (English and Russian, codes and prices,
 *   disguised names: all three readings) and a 60 KB page of plain prose, with
 *   one creator's names; characters/s and µs per page;
 * - many creators: one Aho–Corasick pass over the same text with the names of
 *   N creators, against N per-creator passes (the ratio is what crawling all
 *   creators at once saves).
 *
 * - the generated sweep: recall and precision on disguised names and traps
 *   (packages/test-support/src/disguised-names.ts) with a fixed seed.
 *
 *   npx tsx bench/name-match-bench.ts
 */
import os from "node:os";
import { measureSweep, SWEEP_SEED } from "@leakwarden/test-support/disguised-names";
import { buildMultiNameMatcher, buildNameMatchers, findNameMatches, prepareText, type NameEntry } from "../apps/server/src/scanner/name-match";

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

function article(bytes: number): string {
  const parts = [
    "Tomatoes like sun and regular water; 3 plants per 1.5 m² give 12 kg. ",
    "Order #A-1043 shipped on 2026-05-04 for $19.99 (SKU 5ABLE-22). ",
    "Luna park opens at 10:00! Moon light tours, e-mail info@park.example. ",
    "Прогулки по парку: луна и звёзды, билеты от 300 ₽. ",
    "Some readers post lun4_r1vers and l u n a  r i v e r s in comments. ",
  ];
  let s = "";
  for (let i = 0; s.length < bytes; i++) s += parts[i % parts.length] + (i % 7 === 6 ? "\n" : "");
  return s;
}

function time(runs: number, fn: () => unknown): number {
  fn();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - t0) / runs;
}

const syllables = ["lu", "na", "ri", "vers", "moon", "bun", "ny", "sa", "ble", "ka", "ti", "ro", "se", "mi", "la", "do", "ve", "xo", "jes", "ca"];
function creatorNames(n: number): NameEntry[] {
  const out: NameEntry[] = [];
  for (let i = 0; i < n; i++) {
    const a = syllables[i % syllables.length]! + syllables[Math.floor(i / syllables.length) % syllables.length]!;
    const b = syllables[(i * 7) % syllables.length]! + syllables[(i * 13 + 3) % syllables.length]!;
    out.push({ creatorId: `c${i}`, name: `${a}_${b}${i}`, kind: "stage" });
    out.push({ creatorId: `c${i}`, name: `${b} ${a}`, kind: "nickname" });
  }
  return out;
}

function main() {
  const text = article(60_000);
  const lang = "ru";
  const luna = buildNameMatchers({ stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: ["moonlight luna"] });
  console.log(`machine:            ${os.availableParallelism()} cores, load average ${load()} (1, 5, 15 min)`);
  console.log(`page text:          ${(text.length / 1000).toFixed(0)} k characters, language ${lang}`);

  const prepareMs = time(50, () => prepareText(text, { lang }));
  const onePrepared = prepareText(text, { lang });
  const matchMs = time(50, () => findNameMatches(onePrepared, luna));
  const found = findNameMatches(onePrepared, luna).length;
  console.log(`read the page:      ${(prepareMs * 1000).toFixed(0)} µs (${onePrepared.readings.map((r) => r.reading).join(" + ")}), ${(text.length / 1e6 / (prepareMs / 1000)).toFixed(1)} M chars/s`);
  console.log(`one creator:        ${(matchMs * 1000).toFixed(0)} µs to match ${found} names on the read page; ${((prepareMs + matchMs) * 1000).toFixed(0)} µs per page in all`);

  const prose = "Tomatoes like sun and regular water, they grow in the garden all summer long. ".repeat(770);
  const proseMs = time(50, () => findNameMatches(prepareText(prose, { lang: "en" }), luna));
  console.log(`plain prose page:   ${(proseMs * 1000).toFixed(0)} µs per ${(prose.length / 1000).toFixed(0)} k characters (English, no digits beside letters: the plain reading only)`);

  for (const n of [100, 1_000, 10_000]) {
    const entries = creatorNames(n);
    const t0 = performance.now();
    const multi = buildMultiNameMatcher(entries);
    const buildMs = performance.now() - t0;
    const multiMs = time(10, () => multi.match(onePrepared));
    // N separate one-creator matchers over the same read page (what a loop over creators would cost).
    const sample = Math.min(n, 100);
    const singles = Array.from({ length: sample }, (_, i) => buildMultiNameMatcher(entries.filter((e) => e.creatorId === `c${i}`)));
    const loopMs = (time(3, () => singles.forEach((s) => s.match(onePrepared))) * n) / sample;
    console.log(
      `${String(n).padStart(6)} creators:   build ${buildMs.toFixed(0)} ms; one pass ${(multiMs * 1000).toFixed(0)} µs per page; a loop over creators ${loopMs.toFixed(1)} ms per page; ratio ${(loopMs / multiMs).toFixed(0)}×`,
    );
  }
  const sweepN = 2_000;
  const t0 = performance.now();
  const sweep = measureSweep(sweepN, SWEEP_SEED);
  const sweepMs = performance.now() - t0;
  console.log(
    `generated sweep:    seed ${sweep.seed}, ${sweep.positives} disguised names, ${sweep.traps} traps: recall ${(sweep.recall * 100).toFixed(1)}% (${sweep.found} found, ${sweep.recorded} with every disguise said), precision ${(sweep.precision * 100).toFixed(1)}% (${sweep.falsePositives} traps taken for her); ${(sweepMs / (2 * sweepN)).toFixed(2)} ms per case`,
  );
  for (const f of sweep.failures.slice(0, 5)) console.log(`  missed: ${f}`);
  console.log(`load average ${load()} after`);
}

main();
