import { useId, useRef } from "react";
import { CheckIcon } from "../../../components/icons";
import { useCopy } from "../../../lib/use-copy";

/** The snippet, with a Copy button that says 'Copied' for a moment. */
export function CopySnippet({ snippet }: { snippet: string }) {
  const { state, copy } = useCopy();
  const codeRef = useRef<HTMLElement>(null);
  const id = useId();

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 rounded-xl border border-brand-500/40 bg-brand-950/30 p-4 sm:flex-row sm:items-center">
        <code id={`${id}-snippet`} ref={codeRef} className="min-w-0 flex-1 font-mono text-sm leading-relaxed break-words text-rose-100 select-all" data-testid="ownership-snippet">
          {snippet}
        </code>
        <button
          type="button"
          aria-describedby={`${id}-snippet`}
          onClick={() => void copy(snippet, codeRef.current)}
          className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-white/10 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          {state === "copied" ? (
            <>
              <CheckIcon className="h-4 w-4 text-emerald-300" /> Copied
            </>
          ) : (
            "Copy"
          )}
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-400">
        {state === "copied" ? "Snippet copied to your clipboard." : state === "failed" ? "Could not copy: select the text and copy it yourself." : ""}
      </p>
    </div>
  );
}
