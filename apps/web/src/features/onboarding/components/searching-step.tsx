import { findPlatform, platforms, WEBSITE_PLATFORM_ID } from "@leakwarden/contracts/platforms";
import { CheckIcon } from "../../../components/icons";
import type { StageNameEntry } from "../../../lib/client-state";
import { useLatestScan } from "../api/get-latest-scan";
import { StepHeading } from "./step-heading";

function ScanProgress() {
  const latest = useLatestScan();
  const scan = latest.data?.scan;
  if (!scan) return null;
  const running = scan.status === "queued" || scan.status === "running";
  const percent = Math.round(scan.status === "completed" ? 100 : scan.progress.percent);
  const text =
    scan.status === "queued"
      ? "Your scan is starting…"
      : scan.status === "running"
        ? `Scanning: ${scan.stats.sitesAnalyzed} sites analyzed so far`
        : scan.status === "completed"
          ? `Scan complete: ${scan.stats.leaksFound} ${scan.stats.leaksFound === 1 ? "leak" : "leaks"} found on ${scan.stats.sitesAnalyzed} sites`
          : scan.status === "failed"
            ? "The scan stopped early. You can start it again from your dashboard."
            : "The scan was cancelled.";
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900 p-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-slate-200">{text}</p>
        {running && <span className="shrink-0 font-semibold text-white tabular-nums">{percent}%</span>}
      </div>
      {running && (
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/10" role="progressbar" aria-label="Scan progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className="h-full rounded-full bg-brand-500 transition-[width] duration-700" style={{ width: `${Math.max(4, percent)}%` }} />
        </div>
      )}
    </div>
  );
}

/** Step 3: every platform of the list, the creator's own accounts marked. */
export function SearchingStep({ stageNames, focusHeading }: { stageNames: StageNameEntry[]; focusHeading: boolean }) {
  const byPlatform = new Map<number, string[]>();
  for (const s of stageNames) {
    const p = findPlatform(s.platform);
    if (p) byPlatform.set(p.id, [...(byPlatform.get(p.id) ?? []), s.username]);
  }
  return (
    <div className="flex flex-col gap-6">
      <StepHeading focusOnMount={focusHeading}>Searching</StepHeading>
      <div className="-mt-3 flex items-start gap-3 text-slate-400" role="status">
        <span className="relative mt-1.5 flex h-2.5 w-2.5 shrink-0" aria-hidden="true">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-brand-400 opacity-75 motion-reduce:animate-none" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-brand-500" />
        </span>
        <p>Your profile is saved. We look for your names on these platforms and across the web. Your own accounts are marked: they are never reported.</p>
      </div>
      <ScanProgress />
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Platforms">
        {platforms.map((p) => {
          const mine = byPlatform.get(p.id);
          const name = p.id === WEBSITE_PLATFORM_ID ? "My website" : p.name;
          return (
            <li
              key={p.id}
              className={`flex min-w-0 flex-col justify-center rounded-lg border px-3 py-2.5 text-sm ${
                mine ? "border-brand-500/60 bg-brand-950/50 text-white" : "border-white/10 bg-white/[0.02] text-slate-300"
              }`}
            >
              <span className="flex items-center gap-1.5 font-medium">
                {mine && <CheckIcon className="h-4 w-4 shrink-0 text-brand-300" />}
                <span className="truncate">{name}</span>
              </span>
              {mine && (
                <span className="truncate text-xs text-brand-100/80">
                  <span className="sr-only">Your account: </span>
                  {mine.join(", ")}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
