import { Logo } from "../../../components/logo";

/** The wizard's top bar: the logo and 'Step N / total', which goes back one step where allowed. */
export function WizardHeader({ index, total, onBack }: { index: number; total: number; onBack: (() => void) | null }) {
  const label = `Step ${index + 1} / ${total}`;
  const progress = ((index + 1) / total) * 100;
  return (
    <header className="sticky top-0 z-20 border-b border-white/10 bg-ink-950/90 backdrop-blur-md">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-5 py-3">
        <Logo />
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            aria-label={`${label}, go back one step`}
            className="inline-flex items-center gap-1.5 rounded-full border border-white/10 px-3 py-1.5 text-sm font-medium text-slate-200 transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            <span aria-hidden="true">‹</span>
            {label}
          </button>
        ) : (
          <span className="rounded-full border border-white/10 px-3 py-1.5 text-sm font-medium text-slate-200">{label}</span>
        )}
      </div>
      <div
        className="h-1 bg-white/5"
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={label}
      >
        <div className="h-full bg-gradient-to-r from-brand-500 to-brand-400 transition-[width] duration-500" style={{ width: `${progress}%` }} />
      </div>
    </header>
  );
}
