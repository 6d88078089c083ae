import { leakCategories, leakStatuses, type LeakView } from "@leakwarden/contracts/scans";
import { useEffect, useId, useState, type MouseEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useLeaks } from "../api/list-leaks";
import { categoryLabels, formatLeakDate, reuploadSummary, statusClasses, statusLabels } from "../leak-labels";
import { EvidenceDialog } from "./evidence-dialog";
import { QueryError, Skeleton } from "../../../components/query-error";
import { formatCount } from "../../../lib/format";

/** The spec's page size of the Scan Results table. */
export const LEAKS_PAGE_SIZE = 18;
const SEARCH_DEBOUNCE_MS = 300;

interface LeaksPanelProps {
  title: string;
  /** A fixed category (Social Media); the category filter is then hidden. */
  category?: LeakView["category"];
  /** The row's takedown control, composed by the page. */
  renderAction?: (leak: LeakView) => ReactNode;
  /** With it, rows can be selected; it renders the action on the selection (e.g. 'Take down 12 selected'), given a way to clear it. */
  bulkAction?: (selected: LeakView[], clear: () => void) => ReactNode;
  emptyText?: string;
}

const selectClass =
  "h-10 rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-white focus-visible:outline-2 focus-visible:outline-brand-400";

/** The Scan Results table: ID, Link, Date, Actions; 18 a page; searched and filtered on the server. */
/** A row can be selected for a takedown: not done with, and not an uncertain finding she has not reviewed. */
const selectable = (leak: LeakView) => (leak.status === "new" || leak.status === "confirmed") && !(leak.confidence === "medium" && leak.status === "new");

export function LeaksPanel({ title, category, renderAction, bulkAction, emptyText = "No leaks found yet. Run a scan from Home to look for your content." }: LeaksPanelProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const q = params.get("q") ?? "";
  const status = (leakStatuses as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as LeakView["status"]) : undefined;
  const categoryParam = (leakCategories as readonly string[]).includes(params.get("category") ?? "") ? (params.get("category") as LeakView["category"]) : undefined;
  const activeCategory = category ?? categoryParam;
  const [search, setSearch] = useState(q);
  const [reviewing, setReviewing] = useState<LeakView | null>(null);
  // Selected rows, kept across pages and searches until sent or cleared.
  const [selected, setSelected] = useState<Map<string, LeakView>>(new Map());
  const ids = useId();
  const toggle = (rows: LeakView[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const leak of rows) {
        if (on) next.set(leak.id, leak);
        else next.delete(leak.id);
      }
      return next;
    });

  // From the address bar, not this render's copy: the debounced search may apply after a filter changed.
  const update = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };

  /** The earlier leak a re-upload links to: the list searched for its number (a plain click; a modified one opens the link). */
  const showLeak = (e: MouseEvent<HTMLAnchorElement>, number: number) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setSearch(String(number));
    update({ q: String(number), page: undefined, status: undefined, category: undefined });
  };

  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search.trim() || undefined, page: undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, q]);

  const leaks = useLeaks({ page, pageSize: LEAKS_PAGE_SIZE, q: q || undefined, status, category: activeCategory });
  const data = leaks.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / LEAKS_PAGE_SIZE)) : 1;
  const filtered = Boolean(q || status || (!category && categoryParam));
  const pageSelectable = data ? data.items.filter(selectable) : [];
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((l) => selected.has(l.id));
  // A row whose status moved (sent, removed) leaves the selection.
  useEffect(() => {
    if (!data) return;
    const moved = data.items.filter((l) => selected.has(l.id) && !selectable(l));
    if (moved.length > 0) toggle(moved, false);
  }, [data]);

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-white/10 bg-ink-900">
      <div className="flex flex-col gap-3 border-b border-white/10 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
            {title}
          </h2>
          {data && (
            <p className="text-sm text-slate-400" aria-live="polite" data-testid="leaks-total">
              {data.total === 1 ? "1 link" : `${formatCount(data.total)} links`}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${ids}-search`} className="sr-only">
            Search leaks
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search by ID, link, site, date, status…"
            className="h-10 min-w-0 rounded-lg border sm:flex-1 border-white/10 bg-ink-800 px-3 text-sm text-white placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-400"
          />
          <div className="flex gap-2">
            <label htmlFor={`${ids}-status`} className="sr-only">
              Status
            </label>
            <select id={`${ids}-status`} value={status ?? ""} onChange={(e) => update({ status: e.target.value || undefined, page: undefined })} className={`${selectClass} flex-1`}>
              <option value="">All statuses</option>
              {leakStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
            {!category && (
              <>
                <label htmlFor={`${ids}-category`} className="sr-only">
                  Category
                </label>
                <select id={`${ids}-category`} value={categoryParam ?? ""} onChange={(e) => update({ category: e.target.value || undefined, page: undefined })} className={`${selectClass} flex-1`}>
                  <option value="">All categories</option>
                  {leakCategories.map((c) => (
                    <option key={c} value={c}>
                      {categoryLabels[c]}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
        </div>
      </div>

      {bulkAction && selected.size > 0 && (
        <div role="region" aria-label="Selected leaks" className="flex flex-wrap items-center justify-between gap-2 border-b border-white/10 bg-brand-600/10 px-4 py-2.5 sm:px-5">
          <p className="text-sm text-white" aria-live="polite">
            {selected.size === 1 ? "1 leak selected" : `${formatCount(selected.size)} leaks selected`}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" onClick={() => setSelected(new Map())} className="h-9 rounded-lg border border-white/15 px-3 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400">
              Clear
            </button>
            {bulkAction([...selected.values()], () => setSelected(new Map()))}
          </div>
        </div>
      )}

      {leaks.isError && !data ? (
        <div className="p-4 sm:p-5">
          <QueryError error={leaks.error} onRetry={() => void leaks.refetch()} what="your leaks" />
        </div>
      ) : !data ? (
        <div role="status" className="flex flex-col gap-2 p-4 sm:p-5">
          <span className="sr-only">Loading leaks…</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <p className="px-4 py-12 text-center text-sm text-slate-400 sm:px-5">{filtered ? "No leaks match your search or filters." : emptyText}</p>
      ) : (
        // A container: the row's buttons sit side by side only where the list itself (not the window) has room for them.
        <div className={`@container ${leaks.isFetching && leaks.isPlaceholderData ? "opacity-60 transition-opacity" : ""}`}>
          {/* Sized by their content, never over each other: the link takes what the ID, the date and the buttons leave. */}
          <table className="w-full text-left text-sm">
            <thead className="text-xs tracking-wide text-slate-400 uppercase">
              <tr className="border-b border-white/10">
                {bulkAction && (
                  <th scope="col" className="w-10 py-2.5 pl-3 sm:w-12 sm:pl-5">
                    <input
                      type="checkbox"
                      checked={allOnPage}
                      disabled={pageSelectable.length === 0}
                      onChange={(e) => toggle(pageSelectable, e.target.checked)}
                      aria-label="Select every leak on this page that can be taken down"
                      className="h-4 w-4 cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
                    />
                  </th>
                )}
                <th scope="col" className="px-3 py-2.5 font-semibold whitespace-nowrap sm:px-5">
                  ID
                </th>
                <th scope="col" className="w-full px-2 py-2.5 font-semibold">
                  Link
                </th>
                <th scope="col" className="hidden px-2 py-2.5 font-semibold whitespace-nowrap sm:table-cell">
                  Date
                </th>
                <th scope="col" className="px-3 py-2.5 font-semibold sm:px-5">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((leak) => (
                <tr key={leak.id} className="border-b border-white/5 align-top last:border-0 hover:bg-white/[0.02]">
                  {bulkAction && (
                    <td className="py-3 pl-3 sm:pl-5">
                      <input
                        type="checkbox"
                        checked={selected.has(leak.id)}
                        disabled={!selectable(leak)}
                        onChange={(e) => toggle([leak], e.target.checked)}
                        aria-label={selectable(leak) ? `Select finding #${leak.number}` : leak.confidence === "medium" && leak.status === "new" ? `Finding #${leak.number}: review it before a takedown` : `Finding #${leak.number} cannot be selected`}
                        title={leak.confidence === "medium" && leak.status === "new" ? "Review this finding before a takedown" : undefined}
                        className="mt-0.5 h-4 w-4 cursor-pointer accent-brand-600 disabled:cursor-not-allowed disabled:opacity-40"
                      />
                    </td>
                  )}
                  <td className="px-3 py-3 whitespace-nowrap text-slate-400 tabular-nums sm:px-5">#{leak.number}</td>
                  <td className="w-full max-w-0 px-2 py-3">
                    {/* Two lines before it is cut (four in a phone's narrow column): links of one site often differ only near their end. */}
                    <a
                      href={leak.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="line-clamp-4 font-medium wrap-anywhere text-white underline-offset-2 sm:line-clamp-2 hover:text-brand-300 hover:underline"
                      title={leak.url}
                    >
                      {leak.domain}
                      <span className="font-normal text-slate-400">{leak.url.replace(/^https?:\/\/[^/]+/, "") || "/"}</span>
                    </a>
                    <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
                      <span className={`rounded-full px-2 py-0.5 font-medium ${statusClasses[leak.status]}`}>{statusLabels[leak.status]}</span>
                      <span className="text-slate-400">{categoryLabels[leak.category]}</span>
                      {leak.confidence === "medium" && leak.status === "new" && <span className="rounded-full bg-amber-300/15 px-2 py-0.5 text-amber-100">Needs review</span>}
                      {leak.reuploadOf && (
                        <a
                          href={`?q=${leak.reuploadOf.number}`}
                          onClick={(e) => showLeak(e, leak.reuploadOf!.number)}
                          title={reuploadSummary(leak.reuploadOf)}
                          aria-label={`${reuploadSummary(leak.reuploadOf)}: show #${leak.reuploadOf.number}`}
                          className="rounded-full bg-rose-400/15 px-2 py-0.5 font-medium text-rose-100 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
                          data-testid="reupload-marker"
                        >
                          Re-upload of #{leak.reuploadOf.number}
                        </a>
                      )}
                      {leak.forgeryMarkedAt && (
                        <span
                          className="rounded-full bg-fuchsia-400/15 px-2 py-0.5 font-medium text-fuchsia-100"
                          title="You marked it a forgery or AI image of you: only a TAKE IT DOWN request is offered for it."
                          data-testid="forgery-marker"
                        >
                          Forgery / AI image
                        </span>
                      )}
                      <span className="text-slate-400 sm:hidden" data-testid="leak-date">
                        {formatLeakDate(leak.lastSeenAt)}
                      </span>
                    </div>
                  </td>
                  <td className="hidden px-2 py-3 whitespace-nowrap text-slate-300 sm:table-cell" data-testid="leak-date">
                    {formatLeakDate(leak.lastSeenAt)}
                  </td>
                  <td className="px-3 py-3 sm:px-5">
                    <div className="flex flex-col items-stretch gap-1.5 @3xl:flex-row @3xl:items-center @3xl:justify-end" data-testid="leak-actions">
                      {renderAction?.(leak)}
                      <button
                        type="button"
                        onClick={() => setReviewing(leak)}
                        aria-label={`${leak.confidence === "medium" && leak.status === "new" ? "Review" : "Details of"} finding #${leak.number}`}
                        className="h-8 rounded-md border border-white/15 px-2.5 text-xs font-semibold whitespace-nowrap text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400"
                      >
                        {leak.confidence === "medium" && leak.status === "new" ? "Review" : "Details"}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-white/10 p-3 text-sm sm:px-5">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : undefined })}
            className="h-9 rounded-lg border border-white/15 px-3 font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-40"
          >
            Previous
          </button>
          <span className="text-slate-400" aria-live="polite">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => update({ page: String(page + 1) })}
            className="h-9 rounded-lg border border-white/15 px-3 font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-40"
          >
            Next
          </button>
        </nav>
      )}
      <EvidenceDialog leak={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}
