import type { Impersonator, ImpersonationReport, ImpersonatorsResponse } from "@leakwarden/contracts/impersonation";
import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { QueryError, Skeleton } from "../../../components/query-error";
import { CopyField } from "../../../components/copy-field";
import { useCheckImpersonators, useDismissImpersonator, useImpersonators, useReportImpersonator, useThisIsMe } from "../api/impersonators";
import { onMutationError } from "../../../lib/mutation-toast";
import { formatDateTime, formatShortDate } from "../../../lib/format";
import { platformName, uncheckableSentence } from "../lib/uncheckable";


const statusLabel: Record<Impersonator["status"], { text: string; className: string }> = {
  open: { text: "Likely impersonator", className: "bg-brand-600/20 text-brand-100" },
  reported: { text: "Reported", className: "bg-amber-300/15 text-amber-100" },
  gone: { text: "Gone", className: "bg-emerald-400/15 text-emerald-100" },
  dismissed: { text: "Dismissed", className: "bg-white/10 text-slate-300" },
};

const failed = onMutationError;

const linkButton = "self-start rounded-md bg-amber-300/15 px-3 py-1.5 text-sm font-semibold text-amber-50 hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-brand-400";

/** The DMCA takedown of its posts showing her photos: asked, already open, or what she must do first. */
function PostsTakedown({ dmca, upgradeHref, headingId }: { dmca: NonNullable<ImpersonationReport["dmca"]>; upgradeHref: string; headingId: string }) {
  const sent = dmca.status !== "not-sent";
  return (
    <div aria-labelledby={headingId} role="group" className={`flex flex-col gap-2 rounded-lg border p-3 ${sent ? "border-emerald-400/25 bg-emerald-400/[0.05]" : "border-amber-300/30 bg-amber-300/10"}`}>
      <h5 id={headingId} className="text-sm font-semibold text-white">
        DMCA takedown of its posts
      </h5>
      <p role="status" data-testid="posts-takedown" className="text-sm break-words text-slate-200">
        {dmca.message}
      </p>
      <ul className="list-disc pl-5 text-sm text-slate-300" aria-label="Posts showing your photos">
        {dmca.urls.map((u) => (
          <li key={u} className="break-all">
            {u}
          </li>
        ))}
      </ul>
      {sent ? (
        <Link to="/dashboard/takedowns" className={linkButton}>
          Open Takedown Requests
        </Link>
      ) : dmca.missing === "ownership" ? (
        <Link to="/dashboard/account#ownership" className={linkButton}>
          Prove ownership
        </Link>
      ) : dmca.missing === "authorization" ? (
        <Link to="/dashboard/takedowns" className={linkButton}>
          Sign the authorization
        </Link>
      ) : dmca.missing === "plan" ? (
        <Link to={upgradeHref} className={linkButton}>
          See plans
        </Link>
      ) : null}
      {!sent && dmca.missing && <p className="text-xs text-slate-400">Then choose Report again: the notice goes out then.</p>}
    </div>
  );
}

function ReportDetails({ report, headingId, upgradeHref }: { report: ImpersonationReport; headingId: string; upgradeHref: string }) {
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl border border-amber-300/20 bg-amber-300/[0.04] p-3 sm:p-4">
      <h4 id={headingId} className="text-sm font-semibold text-white">
        Report it to {report.platform}
      </h4>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-300">
        {report.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <a
        href={report.reportUrl}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="self-start rounded-md bg-amber-300/15 px-3 py-1.5 text-sm font-semibold text-amber-50 hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        Open {report.platform}’s report page<span className="sr-only"> (opens in a new tab)</span>
      </a>
      {report.dmca && <PostsTakedown dmca={report.dmca} upgradeHref={upgradeHref} headingId={`${headingId}-dmca`} />}
      {report.fields.map((f) => (
        <CopyField key={f.label} label={f.label} value={f.value} rows={f.label === "Description" ? 7 : f.value.includes("\n") ? 3 : 1} />
      ))}
    </div>
  );
}

function ImpersonatorCard({ item, upgradeHref }: { item: Impersonator; upgradeHref: string }) {
  const ids = useId();
  const report = useReportImpersonator();
  const dismiss = useDismissImpersonator();
  const mine = useThisIsMe();
  const [shown, setShown] = useState<ImpersonationReport | null>(null);
  const busy = report.isPending || dismiss.isPending || mine.isPending;
  const status = statusLabel[item.status];
  const title = `${item.platform === "Reddit (u/username)" ? "u/" : "@"}${item.handle}`;

  return (
    <li aria-labelledby={`${ids}-name`} className="rounded-xl border border-white/10 bg-white/[0.02] p-3 sm:p-4">
      <div className="flex gap-3">
        {item.avatarPath ? (
          <img src={item.avatarPath} alt={`Profile picture of ${title}`} width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-full object-cover" />
        ) : (
          // No picture: the handle's first letter, as the top bar shows hers, rather than an empty circle.
          <div aria-hidden="true" className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-white/10 text-xl font-semibold text-slate-300 uppercase">
            {item.handle.slice(0, 1)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={`${ids}-name`} className="min-w-0 font-semibold break-all text-white">
              {title}
            </h3>
            <span className="text-sm text-slate-400">on {platformName(item.platform)}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>{status.text}</span>
          </div>
          {item.displayName && item.displayName !== item.handle && <p className="text-sm break-words text-slate-300">Calls itself “{item.displayName}”</p>}
          <a href={item.profileUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-sm break-all text-brand-300 underline-offset-2 hover:underline">
            {item.profileUrl}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>

      <div className="mt-3">
        <p className="text-sm font-medium text-white">
          Why it is listed <span className="font-normal text-slate-400">(score {item.score} of 100)</span>
        </p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm break-words text-slate-300 marker:text-brand-400">
          {item.evidence.map((e) => (
            <li key={`${e.kind}-${e.detail}`}>
              {e.detail}
              {e.posts && e.posts.length > 0 && (
                <ul className="mt-0.5 list-none space-y-0.5" aria-label="Its posts showing your photos">
                  {e.posts.map((p) => (
                    <li key={p.url}>
                      <a href={p.url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-300 underline-offset-2 hover:underline">
                        {p.url}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        {item.bio && <p className="mt-2 line-clamp-3 text-sm break-words text-slate-400">Bio: {item.bio}</p>}
        <p className="mt-1 text-xs text-slate-400">
          First seen {formatShortDate(item.firstSeenAt)}
          {item.reportedAt ? ` · reported ${formatShortDate(item.reportedAt)}` : ""}
          {item.goneAt ? ` · gone since ${formatShortDate(item.goneAt)}` : ""}
        </p>
      </div>

      {item.status !== "gone" && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            aria-expanded={shown ? true : undefined}
            onClick={() => report.mutate(item.id, { onSuccess: (r) => setShown(r), onError: failed("Could not prepare the report") })}
            className="min-h-9 rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            Report<span className="sr-only"> {title}</span>
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => mine.mutate(item.id, { onSuccess: () => toast.success(`${title} added to your stage names`), onError: failed("Could not add it to your stage names") })}
            className="min-h-9 rounded-md bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/15 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            This is me<span className="sr-only">: {title}</span>
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => dismiss.mutate(item.id, { onSuccess: () => toast.success(`${title} dismissed`), onError: failed("Could not dismiss it") })}
            className="min-h-9 rounded-md border border-white/15 px-3 text-sm font-semibold text-slate-300 hover:bg-white/10 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            Dismiss<span className="sr-only"> {title}</span>
          </button>
        </div>
      )}
      {shown && <ReportDetails report={shown} headingId={`${ids}-report`} upgradeHref={upgradeHref} />}
    </li>
  );
}

function CheckStatus({ data }: { data: ImpersonatorsResponse }) {
  const c = data.check;
  const text =
    c.status === "queued" || c.status === "running"
      ? "Checking the platforms for accounts using your names and photos…"
      : c.status === "failed"
        ? "The last check could not finish. Try again in a moment."
        : c.status === "done" && c.finishedAt
          ? `Last checked ${formatDateTime(c.finishedAt)}: ${c.profilesChecked} profiles looked at.`
          : "Not checked yet.";
  return (
    <p role="status" className="text-sm text-slate-400">
      {text}
    </p>
  );
}

/** The platforms the last check could not look at, each with its own reason, and what she can do instead. */
function Uncheckable({ items }: { items: ImpersonatorsResponse["check"]["uncheckable"] }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-xl border border-white/10 bg-white/[0.02] p-3 sm:p-4">
      <h3 id={headingId} className="text-sm font-semibold text-white">
        {items.length === 1 ? "Not checked on 1 platform" : `Not checked on ${items.length} platforms`}
      </h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm break-words text-slate-300 marker:text-slate-500">
        {items.map((u) => (
          <li key={u.platform}>{uncheckableSentence(u)}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-400">Search these platforms for your names yourself; an account passing as you there can be reported on the platform’s own page.</p>
    </div>
  );
}

/** The Impersonator section: accounts likely passing themselves off as her, with the evidence and what to do about each. */
export function ImpersonatorsPanel({ upgradeHref }: { upgradeHref: string }) {
  const ids = useId();
  const query = useImpersonators();
  const check = useCheckImpersonators();
  const data = query.data;
  const running = data?.check.status === "queued" || data?.check.status === "running";

  return (
    <section aria-labelledby={`${ids}-title`} aria-busy={query.isPending || running} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
          Impersonators
        </h2>
        {data?.allowed && (
          <button
            type="button"
            disabled={running || check.isPending}
            onClick={() => check.mutate(undefined, { onError: failed("Could not start the check") })}
            className="min-h-9 rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            {running ? "Checking…" : "Check now"}
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-400">
        Accounts that use a look-alike of your names, your photos as their picture or in their posts, or send your fans to leak sites or payment links. Only likely impersonators
        are listed; your own accounts and the sites you allow never are.
      </p>

      <div className="mt-4 flex flex-col gap-3">
        {query.isPending ? (
          // A named live region (a bare div may not carry a name): screen readers hear that the list is on its way.
          <div role="status" aria-label="Loading impersonators" className="flex flex-col gap-3">
            <span className="sr-only">Loading impersonators…</span>
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} what="impersonators" />
        ) : !data!.allowed ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300/20 bg-amber-300/[0.04] p-4 text-sm text-amber-50">
            <p className="min-w-0 flex-1">Impersonation monitoring is part of the Premium and VIP plans: the platforms are checked for accounts passing as you at your plan’s rescan frequency.</p>
            <Link to={upgradeHref} className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-brand-400">
              See plans
            </Link>
          </div>
        ) : (
          <>
            <CheckStatus data={data!} />
            {data!.check.uncheckable.length > 0 && <Uncheckable items={data!.check.uncheckable} />}
            {data!.impersonators.length === 0 ? (
              <p className="rounded-xl border border-dashed border-white/15 p-4 text-sm text-slate-300">
                {data!.check.status === "never" ? "No check yet: start one to look for accounts passing as you." : "No accounts passing as you found."}
              </p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Likely impersonators">
                {data!.impersonators.map((item) => (
                  <ImpersonatorCard key={item.id} item={item} upgradeHref={upgradeHref} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
