import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { hashReferenceImageWithCrops } from "./image-match";
import { CatalogFileError } from "./leak-site-catalog";
import { findPlatform, PLATFORM_PROFILES } from "./platform-profiles";
import { runScan, type ScanProgress } from "./run-scan";
import type { ScannerSettings } from "./scanner-settings";
import type { ReferenceHash, ScanIdentity } from "./scan-types";

/**
 * `npm run scan -- --identity FILE [--json]`: one scan from the command line.
 * Exit codes: 0 the scan completed (unreachable hosts included), 2 bad input,
 * 3 every search source failed.
 */

export type CommandIo = {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
};

export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 2;
export const EXIT_SOURCES_FAILED = 3;

const USAGE = "usage: npm run scan -- --identity FILE [--json]";

const identityFileSchema = z.object({
  stageNames: z
    .array(
      z.object({
        platform: z.string().trim().min(1, "platform is required"),
        username: z.string().trim().min(1, "username is required"),
      }),
    )
    .default([]),
  nicknames: z.array(z.string().trim().min(1, "a nickname cannot be empty")).default([]),
  allowlist: z.array(z.string().trim().min(1)).default([]),
  specific: z.string().default(""),
  referenceImages: z.array(z.string().min(1)).default([]),
});

type Args = { identity: string | null; json: boolean; help: boolean; error: string | null };

function parseArgs(argv: string[]): Args {
  const args: Args = { identity: null, json: false, help: false, error: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--json") args.json = true;
    else if (a === "--help" || a === "-h") args.help = true;
    else if (a === "--identity") {
      const v = argv[++i];
      if (!v || v.startsWith("--")) args.error = "--identity needs a file path";
      else args.identity = v;
    } else if (a.startsWith("--identity=")) args.identity = a.slice("--identity=".length);
    else if (a === "--") continue;
    else args.error = `unknown argument ${JSON.stringify(a)}`;
  }
  if (!args.error && !args.help && !args.identity) args.error = "--identity FILE is required";
  return args;
}

export async function runScanCommand(argv: string[], settings: ScannerSettings, io: CommandIo): Promise<number> {
  const args = parseArgs(argv);
  const fail = (code: number, errorCode: string, message: string, extra: Record<string, unknown> = {}) => {
    io.stderr.write(`scan: ${message}\n`);
    if (args.json) io.stdout.write(`${JSON.stringify({ error: { code: errorCode, message }, ...extra })}\n`);
    return code;
  };
  if (args.help) {
    io.stderr.write(`${USAGE}\n`);
    return EXIT_OK;
  }
  if (args.error) return fail(EXIT_BAD_INPUT, "VALIDATION", `${args.error}\n${USAGE}`);

  // npm runs workspace scripts inside the workspace: relative paths are the caller's.
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  const identityPath = path.resolve(callerDir, args.identity!);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(identityPath, "utf8"));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === "ENOENT" ? "file not found" : err instanceof SyntaxError ? `not valid JSON (${err.message})` : err.message;
    return fail(EXIT_BAD_INPUT, "VALIDATION", `cannot read identity file ${identityPath}: ${why}`);
  }
  const parsed = identityFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ");
    return fail(EXIT_BAD_INPUT, "VALIDATION", `invalid identity file ${identityPath}: ${issues}`);
  }
  const file = parsed.data;
  const unknown = file.stageNames.filter((s) => !findPlatform(s.platform));
  if (unknown.length > 0) {
    const known = PLATFORM_PROFILES.map((p) => p.name).join(", ");
    return fail(EXIT_BAD_INPUT, "VALIDATION", `unknown platform ${unknown.map((s) => JSON.stringify(s.platform)).join(", ")}; known: ${known}`);
  }
  const identity: ScanIdentity = {
    stageNames: file.stageNames,
    nicknames: file.nicknames,
    allowlist: file.allowlist,
    specific: file.specific,
  };
  if (identity.stageNames.length === 0 && identity.nicknames.length === 0) {
    return fail(EXIT_BAD_INPUT, "VALIDATION", "the identity file needs at least one stage name or nickname");
  }

  const referenceHashes: ReferenceHash[] = [];
  for (const img of file.referenceImages) {
    const p = resolveNear(img, path.dirname(identityPath), callerDir);
    try {
      referenceHashes.push(...(await hashReferenceImageWithCrops(p, path.basename(p))));
    } catch (e) {
      return fail(EXIT_BAD_INPUT, "VALIDATION", `cannot read reference image ${p}: ${(e as Error).message}`);
    }
  }

  let lastLine = 0;
  let lastPhase = "";
  const onProgress = (p: ScanProgress) => {
    const now = Date.now();
    if (p.phase === lastPhase && now - lastLine < 500) return;
    lastLine = now;
    lastPhase = p.phase;
    io.stderr.write(
      `scan: ${p.phase} · queries ${p.queriesDone}/${p.queriesPlanned} · pages ${p.pagesDone}/${p.pagesPlanned} · leaks ${p.leaksFound}\n`,
    );
  };

  let result;
  try {
    result = await runScan({ identity, referenceHashes }, { settings, onProgress });
  } catch (e) {
    if (e instanceof CatalogFileError) return fail(EXIT_BAD_INPUT, "VALIDATION", e.message);
    throw e;
  }
  for (const err of result.sourceErrors) {
    io.stderr.write(`scan: source ${err.source}${err.query ? ` (${err.query})` : ""}: ${err.code}: ${err.message}\n`);
  }
  if (result.outcome === "all-sources-failed") {
    return fail(EXIT_SOURCES_FAILED, "UPSTREAM", "every search source failed; no page was searched", {
      sourceErrors: result.sourceErrors,
    });
  }
  if (result.outcome === "budget-exhausted") io.stderr.write("scan: the time budget ran out; results are partial\n");

  const leaks = result.leaks.map((f) => ({ url: f.url, domain: f.domain, category: f.category, confidence: f.confidence, evidence: f.evidence }));
  if (args.json) {
    io.stdout.write(`${JSON.stringify({ stats: result.stats, leaks })}\n`);
  } else {
    io.stdout.write(formatTable(result.stats, leaks));
  }
  return EXIT_OK;
}

function resolveNear(p: string, ...bases: string[]): string {
  if (path.isAbsolute(p)) return p;
  return path.resolve(bases[0]!, p);
}

function formatTable(
  stats: { sitesAnalyzed: number; linksChecked: number; leaksFound: number; imagesMatched: number; durationMs: number },
  leaks: Array<{ url: string; domain: string; category: string; confidence: string; evidence: { matchedNames: string[]; imageMatches: unknown[] } }>,
): string {
  const lines: string[] = [];
  lines.push(
    `Sites analyzed: ${stats.sitesAnalyzed}   Links looked at: ${stats.linksChecked}   Leaks found: ${stats.leaksFound}   Images matched: ${stats.imagesMatched}   (${(stats.durationMs / 1000).toFixed(1)} s)`,
  );
  if (leaks.length === 0) {
    lines.push("No leaks found.");
    return `${lines.join("\n")}\n`;
  }
  const rows = leaks.map((l, i) => [
    String(i + 1),
    l.confidence,
    l.category,
    l.evidence.imageMatches.length > 0 ? "image" : l.evidence.matchedNames.join(", "),
    l.url,
  ]);
  const head = ["#", "confidence", "category", "matched", "url"];
  const widths = head.map((h, c) => Math.min(c === 4 ? 200 : 40, Math.max(h.length, ...rows.map((r) => r[c]!.length))));
  const fmt = (r: string[]) => r.map((cell, c) => (cell.length > widths[c]! ? `${cell.slice(0, widths[c]! - 1)}…` : cell.padEnd(widths[c]!))).join("  ");
  lines.push("", fmt(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt));
  return `${lines.join("\n")}\n`;
}
