import type { TakedownView } from "@leakwarden/contracts/takedowns";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useAuthorization } from "../api/get-authorization";
import { useDelisting } from "../api/get-delisting";
import { useTakedown } from "../api/get-takedown";
import { useTakedownStats } from "../api/get-takedown-stats";
import { useTakedowns } from "../api/list-takedowns";
import { useMarkDelistingSubmitted } from "../api/mark-delisting-submitted";
import { usePutAuthorization } from "../api/put-authorization";
import { formatWhen, takedownStatusClasses, takedownStatusLabels } from "../takedown-labels";
import { QueryError, Skeleton } from "./query-error";

const card = "rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6";
const input = "h-11 w-full rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-white placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-400";

function Stats() {
  const stats = useTakedownStats();
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => void stats.refetch()} what="the takedown figures" />;
  const s = stats.data;
  const figures = [
    { label: "Notices sent", value: s?.noticesSent },
    { label: "Links taken down", value: s?.linksTakenDown },
    { label: "Removed by the site or host", value: s?.linksRemoved },
    { label: "Removal rate", value: s ? (s.removalRate === null ? "—" : `${Math.round(s.removalRate * 100)}%`) : undefined },
  ];
  return (
    <section aria-label="Takedown figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((f) => (
        <div key={f.label} className="rounded-2xl border border-white/10 bg-ink-900 p-4">
          <h3 className="text-xs font-medium text-slate-400">{f.label}</h3>
          {f.value === undefined ? <Skeleton className="mt-2 h-7 w-14" /> : <p className="mt-1 text-2xl font-bold text-white tabular-nums">{f.value}</p>}
        </div>
      ))}
    </section>
  );
}

function Authorization({ onProveOwnership }: { onProveOwnership: () => void }) {
  const auth = useAuthorization();
  const put = usePutAuthorization();
  const ids = useId();
  const [fields, setFields] = useState<Record<string, string>>({});
  if (auth.isError) return <QueryError error={auth.error} onRetry={() => void auth.refetch()} what="your takedown authorization" />;
  if (!auth.data) return <Skeleton className="h-32" />;
  const a = auth.data;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    put.mutate(
      { fullName: String(form.get("fullName") ?? ""), signature: String(form.get("signature") ?? ""), agree: form.get("agree") === "on" ? true : (false as true), ownerName: form.get("ownerName") === "legal_name" ? "legal_name" : "stage_name" },
      {
        onSuccess: () => toast.success("Authorization signed"),
        onError: (error) => {
          setFields(error instanceof ApiError ? (error.fields ?? {}) : {});
          toast.error(error instanceof ApiError ? error.message : "Please try again.");
        },
      },
    );
  };
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
      {a.authorization ? (
        <p className="mt-2 text-sm text-slate-300">
          Signed by {a.authorization.signature} on {formatWhen(a.authorization.grantedAt)}. Notices name {a.authorization.displayedOwnerName ?? "your stage name"} as the copyright owner.
        </p>
      ) : (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-3" noValidate>
          <p className="text-sm whitespace-pre-line text-slate-300">{a.statement}</p>
          <label className="text-sm text-slate-200">
            Full legal name (kept private unless you choose it below)
            <input name="fullName" autoComplete="name" className={`${input} mt-1`} aria-invalid={Boolean(fields.fullName)} />
            {fields.fullName && <span className="mt-1 block text-brand-300">{fields.fullName}</span>}
          </label>
          <label className="text-sm text-slate-200">
            Signature (type your full name again)
            <input name="signature" className={`${input} mt-1`} aria-invalid={Boolean(fields.signature)} />
            {fields.signature && <span className="mt-1 block text-brand-300">{fields.signature}</span>}
          </label>
          <label className="text-sm text-slate-200">
            Name shown in notices
            <select name="ownerName" className={`${input} mt-1`} defaultValue="stage_name">
              <option value="stage_name">My stage name</option>
              <option value="legal_name">My legal name</option>
            </select>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-200">
            <input type="checkbox" name="agree" className="mt-1 h-4 w-4 accent-brand-600" />I authorize Leakwarden to send takedown notices as my agent.
          </label>
          {fields.agree && <span className="text-sm text-brand-300">{fields.agree}</span>}
          <button type="submit" disabled={put.isPending} className="h-11 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70 sm:self-start">
            {put.isPending ? "Signing..." : "Sign the authorization"}
          </button>
        </form>
      )}
    </section>
  );
}

function Detail({ id }: { id: string }) {
  const detail = useTakedown(id);
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} what="this takedown" />;
  if (!detail.data) return <Skeleton className="h-24" />;
  const d = detail.data;
  const notice = d.notices.at(-1);
  return (
    <div className="flex flex-col gap-4 text-sm">
      {d.recipients.length > 0 && (
        <div>
          <h4 className="font-semibold text-slate-200">Recipients, in the order they are tried</h4>
          <ol className="mt-1 list-decimal pl-5 text-slate-300">
            {d.recipients.map((r, i) => (
              <li key={i}>
                {r.name ?? r.kind} — {r.email ?? r.webForm ?? "no address"} <span className="text-slate-400">({r.kind}{r.note ? `; ${r.note}` : ""})</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {notice && (
        <div>
          <h4 className="font-semibold text-slate-200">Notice preview</h4>
          <div className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-white/10 bg-black/30 p-3">
            <p className="font-medium text-white">{notice.subject}</p>
            <pre className="mt-2 font-sans text-xs whitespace-pre-wrap text-slate-300">{notice.text}</pre>
          </div>
        </div>
      )}
      <div>
        <h4 className="font-semibold text-slate-200">History</h4>
        {d.history.length === 0 ? (
          <p className="text-slate-400">Nothing yet.</p>
        ) : (
          <ol className="mt-1 flex flex-col gap-1 text-slate-300">
            {d.history.map((h, i) => (
              <li key={i}>
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
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <a href={t.url} target="_blank" rel="noopener noreferrer" className="block truncate font-medium text-white hover:text-brand-300" title={t.url}>
            {t.url}
          </a>
          <p className="text-xs text-slate-400">
            To {t.recipient?.name ?? t.recipient?.email ?? t.recipient?.kind ?? "recipient being found"} · requested {formatWhen(t.createdAt)} · sent {formatWhen(t.firstSentAt)}
            {t.removedAt ? ` · removed ${formatWhen(t.removedAt)}` : ""}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${takedownStatusClasses[t.status]}`}>{takedownStatusLabels[t.status]}</span>
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} className="h-8 rounded-md border border-white/15 px-2.5 text-xs font-semibold text-white hover:bg-white/5">
          {open ? "Hide" : "Details"}
        </button>
      </div>
      {t.status === "needs_manual_action" && t.webForm && (
        <p className="mt-2 text-sm text-amber-100">
          {t.reason ?? "This site only takes complaints through a web form."}{" "}
          <a href={t.webForm} target="_blank" rel="noopener noreferrer" className="underline">
            Open the form
          </a>
        </p>
      )}
      {open && (
        <div id={id} className="mt-3 rounded-xl border border-white/10 bg-white/[0.02] p-4">
          <Detail id={t.id} />
        </div>
      )}
    </li>
  );
}

function Delisting({ included, upgradeHref }: { included: boolean; upgradeHref: string }) {
  const delisting = useDelisting(included);
  const mark = useMarkDelistingSubmitted();
  if (!included) {
    return (
      <section aria-labelledby="delisting-title" className={card}>
        <h2 id="delisting-title" className="text-lg font-semibold text-white">
          Search delisting
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          For links that stay up, we prepare the forms that ask Google and Bing to stop listing them. Search delisting packages come with the Premium and VIP
          plans.
        </p>
        <Link to={upgradeHref} className="mt-3 inline-flex h-9 items-center rounded-lg bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/15">
          See plans
        </Link>
      </section>
    );
  }
  if (delisting.isError) return <QueryError error={delisting.error} onRetry={() => void delisting.refetch()} what="the delisting packages" />;
  if (!delisting.data) return <Skeleton className="h-20" />;
  const packages = delisting.data.packages.filter((p) => p.items.length > 0);
  return (
    <section aria-labelledby="delisting-title" className={card}>
      <h2 id="delisting-title" className="text-lg font-semibold text-white">
        Search delisting
      </h2>
      <p className="mt-1 text-sm text-slate-400">For links that stay up, ask the search engines to stop listing them. Delisting is counted apart from removals.</p>
      {packages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No links need delisting right now.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {packages.map((p) => (
            <li key={p.engine} className="rounded-xl border border-white/10 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-white capitalize">{p.engine}</h3>
                <a href={p.formUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-brand-300 underline">
                  Open the form
                </a>
              </div>
              <label className="mt-2 block text-xs text-slate-400">
                Links ({p.items.length})
                <textarea readOnly value={p.urlList} rows={Math.min(6, p.items.length)} className="mt-1 w-full rounded-lg border border-white/10 bg-black/30 p-2 font-mono text-xs text-slate-200" />
              </label>
              <button
                type="button"
                disabled={mark.isPending || p.items.every((i) => i.submittedAt)}
                onClick={() => mark.mutate({ engine: p.engine }, { onSuccess: () => toast.success("Marked as submitted"), onError: (e) => toast.error(e instanceof ApiError ? e.message : "Please try again.") })}
                className="mt-2 h-9 rounded-lg bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/15 disabled:opacity-50"
              >
                {p.items.every((i) => i.submittedAt) ? "Submitted" : "Mark as submitted"}
              </button>
            </li>
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
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <div className="flex flex-col gap-5">
      <Stats />
      <Authorization onProveOwnership={onProveOwnership} />
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
          <p className="mt-3 text-sm text-slate-400">No takedowns yet. Choose 'Takedown' on a leak in the Leaks list to request one.</p>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-white/5">
              {list.data.items.map((t) => (
                <Row key={t.id} t={t} />
              ))}
            </ul>
            {pages > 1 && (
              <div className="mt-3 flex items-center justify-between text-sm">
                <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="h-9 rounded-lg border border-white/15 px-3 font-semibold text-white disabled:opacity-40">
                  Previous
                </button>
                <span className="text-slate-400">
                  Page {page} of {pages}
                </span>
                <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className="h-9 rounded-lg border border-white/15 px-3 font-semibold text-white disabled:opacity-40">
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
