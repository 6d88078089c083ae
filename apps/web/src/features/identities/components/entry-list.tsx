import type { ReactNode } from "react";
import { CrossIcon } from "../../../components/icons";

export interface ListEntry {
  key: string;
  label: string;
  href?: string | null;
  /** Short notes after the label (e.g. "Verified"). */
  badges?: { text: string; tone: "good" | "muted" | "warn" }[];
  /** A sentence under the entry (e.g. why a verified handle is held). */
  note?: string | null;
  /** A control of the entry's own, before its remove button. */
  action?: ReactNode;
}

/** Entries with a remove button each; an empty list says so. */
export function EntryList({ entries, emptyText, removing, onRemove, removeLabel }: {
  entries: ListEntry[];
  emptyText: string;
  removing?: string | null;
  onRemove: (key: string) => void;
  removeLabel: (entry: ListEntry) => string;
}) {
  if (entries.length === 0) return <p className="rounded-lg border border-dashed border-white/10 px-4 py-3 text-sm text-slate-400">{emptyText}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry.key} className="flex min-w-0 items-center gap-3 rounded-lg border border-white/10 bg-white/[0.03] py-1.5 pr-1.5 pl-4">
          {/* The whole address, read on a phone too: a long one wraps (anywhere, an address has no spaces), the badges go under it. */}
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 py-1">
            <span className="min-w-0 text-sm [overflow-wrap:anywhere] text-white" data-testid="entry-label">
              {entry.href ? (
                <a href={entry.href} target="_blank" rel="noopener noreferrer" className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400">
                  {entry.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                entry.label
              )}
            </span>
            {entry.badges?.map((badge) => (
              <span
                key={badge.text}
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${badge.tone === "good" ? "bg-emerald-400/15 text-emerald-300" : badge.tone === "warn" ? "bg-amber-300/15 text-amber-200" : "bg-white/10 text-slate-300"}`}
              >
                {badge.text}
              </span>
            ))}
            {entry.note && (
              <p className="basis-full text-xs text-amber-200" data-testid="entry-note">
                {entry.note}
              </p>
            )}
          </div>
          {entry.action}
          <button
            type="button"
            onClick={() => onRemove(entry.key)}
            disabled={removing === entry.key}
            aria-label={removeLabel(entry)}
            className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-400 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-50"
          >
            <CrossIcon className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
