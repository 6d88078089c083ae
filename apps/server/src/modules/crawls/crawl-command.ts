import type { CrawlsService, CrawlSiteStatus } from "./crawls.service";

/**
 * `npm run crawl -- status [--json]`: crawl health per catalogued site.
 * `npm run crawl -- --site ID --once [--json]`: one crawl of one site, now, in this process.
 * Exit codes: 0 done, 2 bad input (or an unknown site), 3 the crawl failed.
 */

export type CommandIo = { stdout: { write(s: string): unknown }; stderr: { write(s: string): unknown } };

const USAGE = "usage: npm run crawl -- status [--json]\n       npm run crawl -- --site ID --once [--json]";

type Args = { mode: "status" | "once" | null; site: string | null; json: boolean; error: string | null };

function parseArgs(argv: string[]): Args {
  const args: Args = { mode: null, site: null, json: false, error: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") continue;
    if (a === "status") args.mode = "status";
    else if (a === "--once") args.mode = "once";
    else if (a === "--json") args.json = true;
    else if (a === "--site") {
      const v = argv[++i];
      if (!v || v.startsWith("--")) args.error = "--site needs a site id";
      else args.site = v;
    } else if (a.startsWith("--site=")) args.site = a.slice("--site=".length);
    else args.error = `unknown argument ${JSON.stringify(a)}`;
  }
  if (!args.error && args.mode === "once" && !args.site) args.error = "--once needs --site ID";
  if (!args.error && args.site && args.mode !== "once") args.error = "--site ID runs one crawl: add --once";
  if (!args.error && !args.mode) args.error = "say status, or --site ID --once";
  return args;
}

const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, "Z") : "never");

function statusTable(rows: CrawlSiteStatus[]): string {
  if (rows.length === 0) return "No site in the catalog has a crawl entry.\n";
  const head = ["site", "family", "every", "last success", "last run", "outcome", "items read", "waiting", "errors", "blocked", "leaks", "next run"];
  const body = rows.map((r) => [
    r.enabled ? r.siteId : `${r.siteId} (off)`,
    r.family,
    r.everyMinutes >= 60 ? `${r.everyMinutes / 60}h` : `${r.everyMinutes}m`,
    when(r.lastSuccessAt),
    when(r.lastRunAt),
    r.lastOutcome ?? "-",
    String(r.itemsRead),
    String(r.itemsWaiting),
    String(r.errors),
    String(r.blocked),
    String(r.leaksFound),
    when(r.nextRunAt),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  const errors = rows.filter((r) => r.lastError).map((r) => `  ${r.siteId}: ${r.lastError}`);
  return [line(head), ...body.map(line), ...(errors.length ? ["", "Last errors:", ...errors] : [])].join("\n") + "\n";
}

export async function runCrawlCommand(argv: string[], crawls: CrawlsService, io: CommandIo): Promise<number> {
  const args = parseArgs(argv);
  if (args.error) {
    io.stderr.write(`${args.error}\n${USAGE}\n`);
    return 2;
  }
  if (args.mode === "status") {
    const rows = await crawls.status();
    io.stdout.write(args.json ? `${JSON.stringify(rows, null, 2)}\n` : statusTable(rows));
    return 0;
  }
  const known = (await crawls.status()).map((r) => r.siteId);
  if (!known.includes(args.site!)) {
    io.stderr.write(`no site ${JSON.stringify(args.site)} with a crawl entry in the catalog (known: ${known.join(", ") || "none"})\n`);
    return 2;
  }
  const r = await crawls.runSite(args.site!);
  const summary = {
    site: r.siteId,
    outcome: r.outcome,
    listingPages: r.listingPages,
    itemsFound: r.itemsFound,
    itemsRead: r.itemsRead,
    leaks: r.leaks,
    newLeaks: r.newLeaks,
    requests: r.requests,
    imagesIndexed: r.imagesIndexed,
    errors: r.errors,
    blocked: r.blocked,
    error: r.error,
    durationMs: r.durationMs,
  };
  if (args.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    io.stdout.write(
      `${r.siteId}: ${r.outcome} in ${(r.durationMs / 1000).toFixed(1)} s: ${r.listingPages} listing pages, ${r.itemsFound} new items, ${r.itemsRead} read, ` +
        `${r.leaks} leaks (${r.newLeaks} new), ${r.errors} errors, ${r.blocked} blocked${r.error ? `\nlast error: ${r.error}` : ""}\n`,
    );
  }
  return r.outcome === "failed" ? 3 : 0;
}
