import { useId, useRef } from "react";
import { useCopy } from "../lib/use-copy";

/** A read-only field of a form to fill elsewhere, with a Copy button. */
export function CopyField({ label, value, rows = 1 }: { label: string; value: string; rows?: number }) {
  const { state, copy } = useCopy();
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-slate-300">
          {label}
        </label>
        <button
          type="button"
          onClick={() => void copy(value, ref.current)}
          className="h-7 rounded-md bg-white/10 px-2.5 text-xs font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          {state === "copied" ? "Copied" : "Copy"}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
      {/* As tall as its text (a URL wraps onto a second line on a phone), up to a scroll; `rows` where that sizing is not supported. */}
      <textarea
        id={id}
        ref={ref}
        readOnly
        value={value}
        rows={rows}
        className="field-sizing-content max-h-48 w-full resize-y rounded-lg border border-white/10 bg-black/30 p-2 font-mono text-xs wrap-anywhere text-slate-200 focus-visible:outline-2 focus-visible:outline-brand-400"
      />
      <span role="status" aria-live="polite" className="sr-only">
        {state === "copied" ? `${label} copied.` : state === "failed" ? "Could not copy: select the text and copy it yourself." : ""}
      </span>
    </div>
  );
}
