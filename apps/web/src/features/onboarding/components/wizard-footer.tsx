import { useId } from "react";
import type { FooterState } from "../wizard-steps";

interface WizardFooterProps {
  state: FooterState;
  busy?: boolean;
  onPrevious: () => void;
  onSkip: () => void;
  onNext: () => void;
}

/** Previous / Skip / Next, as the footer rules say. */
export function WizardFooter({ state, busy = false, onPrevious, onSkip, onNext }: WizardFooterProps) {
  const hintId = useId();
  if (!state.visible) return null;
  return (
    <footer className="sticky bottom-0 z-10 border-t border-white/10 bg-ink-950/90 backdrop-blur-md">
      <div className="mx-auto flex max-w-2xl flex-wrap items-center gap-3 px-5 py-4">
        {state.previous && (
          <button
            type="button"
            onClick={onPrevious}
            disabled={busy}
            className="inline-flex h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold text-slate-300 transition-colors hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-60"
          >
            Previous
          </button>
        )}
        {state.nextHint && (
          <p id={hintId} className="order-last w-full text-sm text-slate-400 sm:order-none sm:w-auto">
            {state.nextHint}
          </p>
        )}
        <div className="ml-auto flex items-center gap-2">
          {state.skip && (
            <button
              type="button"
              onClick={onSkip}
              disabled={busy}
              className="inline-flex h-11 items-center justify-center rounded-lg border border-white/15 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-60"
            >
              Skip
            </button>
          )}
          <button
            type="button"
            onClick={onNext}
            disabled={!state.nextEnabled || busy}
            aria-describedby={state.nextHint ? hintId : undefined}
            className="inline-flex h-11 min-w-28 items-center justify-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:bg-brand-600/40 disabled:text-white/70 disabled:shadow-none"
          >
            {busy ? "Saving…" : state.nextLabel}
          </button>
        </div>
      </div>
    </footer>
  );
}
