import type { ScanView } from "@leakwarden/contracts/scans";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { scanAllowanceLabel } from "@leakwarden/contracts/plans";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useLatestScan } from "../api/get-latest-scan";
import { useScan } from "../api/get-scan";
import { useStartScan } from "../api/start-scan";
import { formatDateTime, formatShortDate, phaseText, progressCounts, relativeFromNow } from "../scan-format";
import { QueryError, Skeleton } from "../../../components/query-error";
import { queryKeys } from "../../../lib/query-keys";
import { toastMutationError } from "../../../lib/mutation-toast";
import { formatCount } from "../../../lib/format";

const isActive = (scan: ScanView | null | undefined) => scan?.status === "queued" || scan?.status === "running";

interface ScanCardProps {
  /** The ownership snippet (the identity feature's copy control), shown under the text. */
  snippet?: ReactNode;
  editProfileHref: string;
  upgradeHref: string;
  /** Where "See the leaks" of a completed scan leads. */
  leaksHref?: string;
}

/** The spec's Scan card with real progress: the scan runs as a job on the server and is asked every second. */
export function ScanCard({ snippet, editProfileHref, upgradeHref, leaksHref }: ScanCardProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const latest = useLatestScan();
  const start = useStartScan();
  const [startedId, setStartedId] = useState<string | null>(null);
  const [quotaError, setQuotaError] = useState<ApiError | null>(null);
  const latestScan = latest.data?.scan ?? null;
  const activeId = startedId ?? (isActive(latestScan) ? latestScan!.id : null);
  const polled = useScan(activeId);
  const scan: ScanView | null = (activeId && polled.data) || latestScan;
  const running = isActive(scan);
  const wasRunning = useRef(false);

  // When the polled scan finishes: refresh the quota, the figures and the leaks.
  useEffect(() => {
    if (running) {
      wasRunning.current = true;
      return;
    }
    if (wasRunning.current && scan) {
      wasRunning.current = false;
      setStartedId(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.scans.latest });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
      if (scan.status === "completed") {
        const found = scan.stats.leaksFound;
        toast.success(`Scan complete: ${found === 1 ? "1 leak" : `${formatCount(found)} leaks`} found`, {
          description: scan.stats.newLeaks === 0 ? "None of them is new." : `${formatCount(scan.stats.newLeaks)} of them ${scan.stats.newLeaks === 1 ? "is" : "are"} new.`,
          ...(leaksHref && found > 0 ? { action: { label: "See the leaks", onClick: () => void navigate(leaksHref) } } : {}),
        });
      }
    }
  }, [running, scan, queryClient, leaksHref, navigate]);

  async function onStart() {
    setQuotaError(null);
    try {
      const started = await start.mutateAsync();
      setStartedId(started.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === "QUOTA_EXCEEDED") setQuotaError(error);
      else if (error instanceof ApiError && error.code === "CONFLICT" && typeof error.details?.scanId === "string") setStartedId(error.details.scanId);
      else toastMutationError(error, "The scan could not start");
    }
  }

  const quota = latest.data?.quota;
  // The plan's manual scans are used up: the button says when the next one is possible.
  const waitUntil = !running && quota?.nextAvailableAt ? quota.nextAvailableAt : null;
  const percent = scan ? scan.progress.percent : 0;

  return (
    <section aria-labelledby="scan-title" className="rounded-2xl border border-white/10 bg-gradient-to-br from-ink-900 to-ink-800/60 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="scan-title" className="text-xl font-semibold text-white">
            Scan
          </h2>
          <p className="mt-1 text-sm text-slate-400">To prove ownership you need to add snippet below to your profile.</p>
        </div>
      </div>
      {snippet && <div className="mt-4">{snippet}</div>}

      <div className="mt-5" aria-live="polite">
        {latest.isPending ? (
          <Skeleton className="h-16" />
        ) : latest.isError ? (
          <QueryError error={latest.error} onRetry={() => void latest.refetch()} what="your latest scan" />
        ) : running && scan ? (
          <div>
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="text-slate-200">{phaseText(scan)}</span>
              <span className="font-semibold text-white tabular-nums">{percent}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Scan progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent}%: ${phaseText(scan)}`}
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-white/10"
            >
              <div className="h-full rounded-full bg-gradient-to-r from-brand-600 to-brand-400 transition-[width] duration-700" style={{ width: `${Math.max(2, percent)}%` }} />
            </div>
            <p className="mt-2 text-xs text-slate-400" data-testid="scan-counts">
              {progressCounts(scan)} You can leave this page: the scan keeps running.
            </p>
          </div>
        ) : scan?.status === "completed" ? (
          <div className="flex flex-col gap-1">
            <p className="flex items-center gap-2 font-semibold text-emerald-300">
              <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2.2} aria-hidden="true">
                <path d="m5 12.5 4.5 4.5L19 7.5" />
              </svg>
              Scan Completed
            </p>
            <p className="text-sm text-slate-400">
              {scan.finishedAt ? `Finished ${formatDateTime(scan.finishedAt)}. ` : ""}
              {quota?.nextAvailableAt ? (
                <span data-testid="next-scan">
                  Next scan available {relativeFromNow(quota.nextAvailableAt)}, on {formatShortDate(quota.nextAvailableAt)}.
                </span>
              ) : (
                "You can start a new scan now."
              )}
            </p>
          </div>
        ) : scan?.status === "failed" || scan?.status === "cancelled" ? (
          <p className="text-sm text-amber-200">{scan.error ?? (scan.status === "cancelled" ? "The last scan was cancelled." : "The last scan did not finish.")}</p>
        ) : (
          <p className="text-sm text-slate-400">No scan yet. Start one to look for leaks of your content.</p>
        )}
      </div>

      {quotaError && (
        <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
          <p className="min-w-0 flex-1">{quotaError.message}</p>
          {typeof quotaError.details?.upgradeTo === "string" && (
          <Link to={upgradeHref} className="shrink-0 rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold text-amber-50 hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-amber-300">
            Upgrade your plan
          </Link>
          )}
        </div>
      )}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => void onStart()}
          disabled={running || start.isPending || latest.isPending || waitUntil !== null}
          className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white shadow-lg shadow-brand-900/30 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {running ? "Scanning..." : waitUntil ? `Next scan ${relativeFromNow(waitUntil)}` : "Start Manual Scan"}
        </button>
        <Link
          to={editProfileHref}
          className="inline-flex h-11 items-center justify-center rounded-lg border border-white/15 px-5 font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          Edit Profile
        </Link>
      </div>
      {quota && !running && (
        <p className="mt-3 text-xs text-slate-400" data-testid="scan-quota">
          Your plan: {scanAllowanceLabel(quota.limit, quota.per)}; {formatCount(quota.used)} used in the last {quota.per}.
          {waitUntil && <> The next one is possible on {formatDateTime(waitUntil)}.</>}
          {waitUntil && quota.upgradeTo && (
            <>
              {" "}
              <Link to={upgradeHref} className="font-semibold text-brand-300 underline hover:text-brand-200">
                Upgrade your plan
              </Link>{" "}
              for more scans.
            </>
          )}
        </p>
      )}
    </section>
  );
}
