import type { DelistingResponse, NoticeView, TakedownDetail, TakedownStats, TakedownView } from "@leakwarden/contracts/takedowns";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useCancelTakedown, useResendTakedown } from "../api/cancel-takedown";
import { useAuthorization } from "../api/get-authorization";
import { useDelisting } from "../api/get-delisting";
import { useOverallStats } from "../api/get-overall-stats";
import { useTakedown } from "../api/get-takedown";
import { useTakedownStats } from "../api/get-takedown-stats";
import { useTakedowns } from "../api/list-takedowns";
import { useMarkDelistingSubmitted } from "../api/mark-delisting-submitted";
import { engineLabels, formatHours, formatWhen, foundByLabels, recipientKindLabels, takedownStatusClasses, takedownStatusLabels } from "../takedown-labels";
import { AuthorizationForm } from "./authorization-form";
import { AutopilotPanel } from "./autopilot-panel";
import { CopyField } from "../../../components/copy-field";
import { FormStepCard, formPartyLabel } from "./form-step";
import { NoticeReplies } from "./notice-replies";
import { RecipientConfirmation } from "./recipient-confirmation";
import { RemovalDeadline } from "./removal-deadline";
import { QueryError, Skeleton } from "../../../components/query-error";
import { queryKeys } from "../../../lib/query-keys";
import { onMutationError } from "../../../lib/mutation-toast";
import { formatCount } from "../../../lib/format";

const card = "rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6";
const smallButton = "h-9 rounded-lg border border-white/15 px-3 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-50";

/** An address as the leaks list shows it: the site ("tubevault.demo"), then the rest ("/albums/beach-set"). */
function splitUrl(url: string): { host: string; rest: string } {
  const m = /^https?:\/\/([^/?#]+)(.*)$/i.exec(url);
  return m ? { host: m[1]!, rest: m[2] || "/" } : { host: "", rest: url };
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

function Figure({ label, value, note, testId }: { label: string; value: string | number | undefined; note: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-900 p-4">
      <h3 className="text-xs font-medium text-slate-400">{label}</h3>
      {value === undefined ? (
        <Skeleton className="mt-2 h-7 w-14" />
      ) : (
        <p className="mt-1 text-2xl font-bold text-white tabular-nums" data-testid={testId}>
          {typeof value === "number" ? formatCount(value) : value}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-400">{note}</p>
    </div>
  );
}

function overallLine(o: TakedownStats): string {
  if (o.noticesSent === 0) return "Across all Leakwarden creators: no notice sent yet.";
  const rate = o.removalRate === null ? "not measured yet (no notice is 7 days old)" : `${percent(o.removalRate)} of ${formatCount(o.removalRateBase)} ${o.removalRateBase === 1 ? "link" : "links"} sent more than 7 days ago`;
  const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
  return `Across all Leakwarden creators: ${count(o.noticesSent, "notice", "notices")} sent, ${count(o.linksRemoved, "link", "links")} removed by the site or host, removal rate ${rate}, median time to removal ${o.medianHoursToRemoval === null ? "not measured yet (no link removed yet)" : formatHours(o.medianHoursToRemoval)}.`;
}

/** Only figures computed from our own records; removals and search delistings apart. */
function Stats() {
  const stats = useTakedownStats();
  const overall = useOverallStats();
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => void stats.refetch()} what="the takedown figures" />;
  const s = stats.data;
  return (
    <section aria-labelledby="takedown-figures-title" className="flex flex-col gap-3">
      <h2 id="takedown-figures-title" className="sr-only">
        Takedown figures
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        <Figure label="Notices sent" value={s?.noticesSent} note={s ? `for ${formatCount(s.linksTakenDown)} ${s.linksTakenDown === 1 ? "link" : "links"}` : ""} testId="figure-notices" />
        <Figure label="Removed by the site or host" value={s?.linksRemoved} note="links gone at our re-check" testId="figure-removed" />
        <Figure label="Median time to removal" value={s ? formatHours(s.medianHoursToRemoval) : undefined} note="from the first notice" testId="figure-median" />
        <Figure
          label="Removal rate"
          value={s ? (s.removalRate === null ? "—" : percent(s.removalRate)) : undefined}
          note={s ? (s.removalRate === null ? "measured once a notice is 7 days old" : `removed ÷ ${formatCount(s.removalRateBase)} ${s.removalRateBase === 1 ? "link" : "links"} sent more than 7 days ago`) : ""}
          testId="figure-rate"
        />
        <Figure label="Submitted for delisting" value={s?.linksDelistingSubmitted} note="hidden from search, counted apart" testId="figure-delisted" />
      </div>
      {overall.data && (
        <p className="text-xs text-slate-400" data-testid="overall-figures">
          {overallLine(overall.data)}
        </p>
      )}
    </section>
  );
}

function Authorization({ onProveOwnership }: { onProveOwnership: () => void }) {
  const auth = useAuthorization();
  const [changing, setChanging] = useState(false);
  const ids = useId();
  if (auth.isError) return <QueryError error={auth.error} onRetry={() => void auth.refetch()} what="your takedown authorization" />;
  if (!auth.data) return <Skeleton className="h-32" />;
  const a = auth.data;
  return (
    <section aria-labelledby={`${ids}-t`} className={card}>
      <h2 id={`${ids}-t`} className="text-lg font-semibold text-white">
        Your authorization
      </h2>
      {!a.ownershipVerified && (
        <div role="status" className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
          <p className="min-w-0 flex-1">No stage name is verified yet: notices can only go out once you have proven you own one of your profiles.</p>
          <button type="button" onClick={onProveOwnership} className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
            Prove ownership
          </button>
        </div>
      )}
      {a.authorization && !changing ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 flex-1 text-sm text-slate-300" data-testid="authorization-summary">
            Signed by {a.authorization.signature} on {formatWhen(a.authorization.grantedAt)}. Notices name {a.authorization.displayedOwnerName ?? "your stage name"} as the
            copyright owner and are signed by us as your authorized agent.
          </p>
          <button type="button" onClick={() => setChanging(true)} className={smallButton}>
            Change
          </button>
        </div>
      ) : (
        <div className="mt-3">
          <p className="mb-3 text-sm text-slate-400">
            Before your first takedown, authorize us to act as your agent. Notices go out in our name, citing your verified profiles; your legal name stays private unless
            you choose to show it.
          </p>
          <AuthorizationForm view={a} onSigned={() => setChanging(false)} submitLabel={a.authorization ? "Sign again" : "Sign the authorization"} />
        </div>
      )}
    </section>
  );
}

function NoticeCard({ notice }: { notice: NoticeView }) {
  const when =
    notice.status === "sent"
      ? `Sent ${formatWhen(notice.sentAt)}`
      : notice.status === "failed"
        ? `Could not be sent: ${notice.error ?? "the mail server refused it"}`
        : notice.status === "cancelled"
          ? "Cancelled before it was sent"
          : notice.attempts > 0
            ? `Waiting to be sent again (${notice.attempts} ${notice.attempts === 1 ? "attempt" : "attempts"} so far: ${notice.error ?? "the mail server did not answer"})`
            : "Being sent";
  return (
    <article aria-label={`Notice to ${notice.recipient.email ?? notice.recipient.kind}`} className="rounded-lg border border-white/10 bg-black/30 p-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-slate-400">To</dt>
        <dd className="min-w-0 break-all text-slate-200" data-testid="notice-to">
          {notice.recipient.email} ({recipientKindLabels[notice.recipient.kind].toLowerCase()}
          {notice.recipient.name ? `, ${notice.recipient.name}` : ""})
        </dd>
        <dt className="text-slate-400">Status</dt>
        <dd className="min-w-0 text-slate-200">{when}</dd>
        {notice.messageId && (
          <>
            <dt className="text-slate-400">Message-ID</dt>
            <dd className="min-w-0 font-mono break-all text-slate-300">{notice.messageId}</dd>
          </>
        )}
        <dt className="text-slate-400">Subject</dt>
        <dd className="min-w-0 break-words text-white" data-testid="notice-subject">
          {notice.subject}
        </dd>
      </dl>
      <pre tabIndex={0} role="region" aria-label="Notice text" className="mt-3 max-h-80 overflow-auto font-sans text-xs break-words whitespace-pre-wrap text-slate-300 focus-visible:outline-2 focus-visible:outline-brand-400" data-testid="notice-text">
        {notice.text}
      </pre>
    </article>
  );
}

function Actions({ d }: { d: TakedownDetail }) {
  const cancel = useCancelTakedown();
  const resend = useResendTakedown();
  const fail = onMutationError();
  if (d.status === "draft" || d.status === "queued") {
    return (
      <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate(d.id, { onSuccess: () => toast.success("Takedown cancelled"), onError: fail })} className={smallButton}>
        {cancel.isPending ? "Cancelling..." : "Cancel this takedown"}
      </button>
    );
  }
  if (d.status === "failed" || d.status === "no_response" || d.status === "needs_manual_action") {
    return (
      <button type="button" disabled={resend.isPending} onClick={() => resend.mutate(d.id, { onSuccess: () => toast.success("Looking up the recipients again"), onError: fail })} className={smallButton}>
        {resend.isPending ? "Working..." : "Send again"}
      </button>
    );
  }
  return null;
}

function Detail({ id }: { id: string }) {
  const detail = useTakedown(id);
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} what="this takedown" />;
  if (!detail.data) return <Skeleton className="h-24" />;
  const d = detail.data;
  const notices = [...d.notices].reverse();
  return (
    <div className="flex flex-col gap-4 text-sm">
      {d.reason && !d.formStep && <p className="text-amber-100">{d.reason}</p>}
      {d.formStep && <FormStepCard takedownId={d.id} step={d.formStep} />}
      <RemovalDeadline d={d} />
      {d.counterNotice && (
        <section aria-label="Counter-notice" className="rounded-lg border border-amber-300/30 bg-amber-300/10 p-3 text-amber-50" data-testid="counter-notice">
          <p className="font-semibold">A counter-notice answered this takedown ({formatWhen(d.counterNotice.at)}, from {d.counterNotice.from}).</p>
          <p className="mt-1">{d.counterNotice.explanation}</p>
        </section>
      )}
      <Actions d={d} />
      <div>
        <h4 className="font-semibold text-slate-200">Who can remove it, in the order we write to them</h4>
        {d.recipients.length === 0 ? (
          <p className="mt-1 text-slate-400">{d.status === "draft" ? "Looking them up…" : "None found."}</p>
        ) : (
          <ol className="mt-1 flex list-decimal flex-col gap-1 pl-5 text-slate-300" data-testid="recipients">
            {d.recipients.map((r, i) => (
              <li key={i} className="break-words">
                <span className="text-slate-200">{recipientKindLabels[r.kind]}</span>
                {r.name ? ` (${r.name})` : ""}: {r.email ?? (r.webForm ? `web form ${r.webForm}` : "no address")}
                <span className="block text-xs text-slate-400">
                  Found {foundByLabels[r.foundBy]}: <span className="break-all">{r.source}</span>
                  {r.note ? `. ${r.note}` : ""}
                  {r.confirmation && (r.confirmation.confirmedAt ? `. You confirmed this address on ${formatWhen(r.confirmation.confirmedAt)}.` : ". Nothing is sent to it until you confirm it.")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <section aria-label="Notice preview">
        <h4 className="font-semibold text-slate-200">{notices.length > 1 ? "Notices, latest first" : "Notice"}</h4>
        {notices.length === 0 ? (
          <p className="mt-1 text-slate-400">{d.status === "needs_manual_action" ? "No notice could be emailed for this link." : "The notice is being written."}</p>
        ) : (
          <div className="mt-1 flex flex-col gap-3">
            {notices.map((n) => (
              <NoticeCard key={n.id} notice={n} />
            ))}
          </div>
        )}
      </section>
      <NoticeReplies replies={d.replies} />
      <div>
        <h4 className="font-semibold text-slate-200">History</h4>
        {d.history.length === 0 ? (
          <p className="text-slate-400">Nothing yet.</p>
        ) : (
          <ol className="mt-1 flex flex-col gap-1 text-slate-300" data-testid="history">
            {d.history.map((h, i) => (
              <li key={i} className="break-words">
                <span className="text-slate-400">{formatWhen(h.at)}</span> — {h.message}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function Row({ t }: { t: TakedownView }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="py-3" data-testid="takedown-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-52">
          {/* The site, then the rest of the address in grey, wrapped rather than cut: links of one site often differ only near their end. */}
          <a href={t.url} target="_blank" rel="noopener noreferrer" className="line-clamp-3 font-medium wrap-anywhere text-white hover:text-brand-300 sm:line-clamp-2" title={t.url}>
            {splitUrl(t.url).host}
            <span className="font-normal text-slate-400">{splitUrl(t.url).rest}</span>
          </a>
          <p className="text-xs break-words text-slate-400">
            To {t.recipient?.email ?? t.recipient?.name ?? (t.status === "draft" ? "(looking up who can remove it)" : "nobody yet")} · requested {formatWhen(t.createdAt)}
            {t.firstSentAt ? ` · sent ${formatWhen(t.firstSentAt)}` : ""}
            {t.removedAt ? ` · removed ${formatWhen(t.removedAt)}` : ""}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${takedownStatusClasses[t.status]}`} data-testid="takedown-status">
          {takedownStatusLabels[t.status]}
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? "Hide" : "Details"}: ${t.url}`}
          onClick={() => setOpen((o) => !o)}
          className="h-8 rounded-md border border-white/15 px-2.5 text-xs font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          {open ? "Hide" : "Details"}
        </button>
      </div>
      {t.formStep?.status === "waiting" && t.status !== "needs_manual_action" && (
        <p className="mt-2 text-sm break-words text-amber-100" data-testid="form-step-pending">
          Your step: report it on {formPartyLabel(t.formStep)}&apos;s form (open Details for every field, ready to copy).
        </p>
      )}
      {t.pendingConfirmation && <RecipientConfirmation pending={t.pendingConfirmation} />}
      {t.status === "queued" && t.reason && (
        <p className="mt-2 text-sm break-words text-amber-100" data-testid="takedown-held">
          {t.reason}
        </p>
      )}
      {t.status === "needs_manual_action" && !t.pendingConfirmation && (
        <p className="mt-2 text-sm break-words text-amber-100">
          {t.reason ?? "No email address takes complaints for this site."}{" "}
          {t.webForm && (
            <a href={t.webForm} target="_blank" rel="noopener noreferrer" className="underline">
              Open the form
            </a>
          )}
        </p>
      )}
      {open && (
        <div id={id} className="mt-3 rounded-xl border border-white/10 bg-white/[0.02] p-3 sm:p-4">
          <Detail id={t.id} />
        </div>
      )}
    </li>
  );
}

function DelistingPackage({ p }: { p: DelistingResponse["packages"][number] }) {
  const mark = useMarkDelistingSubmitted();
  const engine = engineLabels[p.engine];
  const submitted = p.items.filter((i) => i.submittedAt);
  const allSubmitted = submitted.length === p.items.length;
  const lines = (s: string) => Math.min(6, Math.max(1, s.split("\n").length));
  return (
    <li className="rounded-xl border border-white/10 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-white">{engine}</h3>
        <a href={p.formUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-brand-300 underline">
          Open {engine}'s form
        </a>
      </div>
      <p className="mt-1 text-xs text-slate-400">Copy each field into the form of the same name, then mark the package as submitted.</p>
      <div className="mt-3 flex flex-col gap-3">
        <CopyField label="Copyright owner" value={p.fields.copyrightOwner} />
        <CopyField label="Description of the work" value={p.fields.descriptionOfWork} rows={4} />
        <CopyField label="Authorized example URLs" value={p.fields.authorizedExampleUrls} rows={lines(p.fields.authorizedExampleUrls)} />
        <CopyField label="Infringing URLs" value={p.fields.infringingUrls} rows={lines(p.fields.infringingUrls)} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${p.urlList}\n`)}`}
          download={`${p.engine}-delisting-urls.txt`}
          className="inline-flex h-9 items-center rounded-lg bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/15"
        >
          Download the URL list ({formatCount(p.items.length)})
        </a>
        <button
          type="button"
          disabled={mark.isPending || allSubmitted}
          onClick={() =>
            mark.mutate({ engine: p.engine }, { onSuccess: () => toast.success(`Marked as submitted to ${engine}`), onError: onMutationError() })
          }
          className="h-9 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:bg-white/10 disabled:opacity-70"
        >
          {allSubmitted ? `Submitted to ${engine}` : mark.isPending ? "Saving..." : "Mark as submitted"}
        </button>
      </div>
      <ul className="mt-3 flex flex-col gap-1 text-xs">
        {p.items.map((i) => (
          <li key={i.leakId} className="flex flex-wrap justify-between gap-x-3 text-slate-300">
            <span className="min-w-0 break-all">{i.url}</span>
            <span className="text-slate-400">{i.submittedAt ? `submitted ${formatWhen(i.submittedAt)}` : "not submitted"}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Delisting({ included, upgradeHref }: { included: boolean; upgradeHref: string }) {
  const auth = useAuthorization();
  // The forms name the copyright owner: none before the authorization is signed and ownership proven.
  const ready = Boolean(auth.data?.authorization && auth.data.ownershipVerified);
  const delisting = useDelisting(included && ready);
  const intro = "For links that stay up after a notice, ask the search engines to stop listing them. Delisting hides a link from search; it does not remove it, so it is counted apart from removals.";
  if (!included) {
    return (
      <section aria-labelledby="delisting-title" className={card}>
        <h2 id="delisting-title" className="text-lg font-semibold text-white">
          Search delisting
        </h2>
        <p className="mt-1 text-sm text-slate-400">{intro} Search delisting packages come with the Premium and VIP plans.</p>
        <Link to={upgradeHref} className="mt-3 inline-flex h-9 items-center rounded-lg bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/15">
          See plans
        </Link>
      </section>
    );
  }
  if (!ready) {
    return (
      <section aria-labelledby="delisting-title" className={card}>
        <h2 id="delisting-title" className="text-lg font-semibold text-white">
          Search delisting
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          {intro} {auth.data ? "The packages are ready once you have proven ownership and signed your authorization." : ""}
        </p>
      </section>
    );
  }
  if (delisting.isError) {
    // Before the authorization there is no owner to put in the forms: said, not shown as a failure.
    if (delisting.error instanceof ApiError && delisting.error.details?.missing) {
      return (
        <section aria-labelledby="delisting-title" className={card}>
          <h2 id="delisting-title" className="text-lg font-semibold text-white">
            Search delisting
          </h2>
          <p className="mt-1 text-sm text-slate-400">{delisting.error.message}</p>
        </section>
      );
    }
    return <QueryError error={delisting.error} onRetry={() => void delisting.refetch()} what="the delisting packages" />;
  }
  if (!delisting.data) return <Skeleton className="h-20" />;
  const packages = delisting.data.packages.filter((p) => p.items.length > 0);
  return (
    <section aria-labelledby="delisting-title" className={card}>
      <h2 id="delisting-title" className="text-lg font-semibold text-white">
        Search delisting
      </h2>
      <p className="mt-1 text-sm text-slate-400">{intro}</p>
      {packages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No links need delisting right now.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {packages.map((p) => (
            <DelistingPackage key={p.engine} p={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Takedown Requests: figures, the authorization, every takedown with its notice and history, delisting. */
export function TakedownsPanel({ onProveOwnership, delistingIncluded, upgradeHref }: { onProveOwnership: () => void; delistingIncluded: boolean; upgradeHref: string }) {
  const [page, setPage] = useState(1);
  const list = useTakedowns(page);
  const queryClient = useQueryClient();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  // A status that moved changes the figures and the delisting package too.
  const statuses = list.data?.items.map((t) => `${t.id}:${t.status}`).join(",");
  const seen = useRef(statuses);
  useEffect(() => {
    if (statuses === undefined || seen.current === statuses) return;
    if (seen.current !== undefined) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.delisting });
    }
    seen.current = statuses;
  }, [statuses, queryClient]);

  return (
    <div className="flex flex-col gap-5">
      <Stats />
      <Authorization onProveOwnership={onProveOwnership} />
      <AutopilotPanel onProveOwnership={onProveOwnership} upgradeHref={upgradeHref} />
      <section aria-labelledby="takedowns-title" className={card}>
        <h2 id="takedowns-title" className="text-lg font-semibold text-white">
          Takedown requests
        </h2>
        {list.isError && !list.data ? (
          <div className="mt-3">
            <QueryError error={list.error} onRetry={() => void list.refetch()} what="your takedown requests" />
          </div>
        ) : !list.data ? (
          <div className="mt-3 flex flex-col gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : list.data.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-400">No takedowns yet. Choose 'Takedown' on a leak in the Leaks list, or select several there, to request them; or turn on the autopilot above.</p>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-white/5">
              {list.data.items.map((t) => (
                <Row key={t.id} t={t} />
              ))}
            </ul>
            {pages > 1 && (
              <div className="mt-3 flex items-center justify-between text-sm">
                <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className={smallButton}>
                  Previous
                </button>
                <span className="text-slate-400">
                  Page {page} of {pages}
                </span>
                <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className={smallButton}>
                  Next
                </button>
              </div>
            )}
          </>
        )}
      </section>
      <Delisting included={delistingIncluded} upgradeHref={upgradeHref} />
    </div>
  );
}
