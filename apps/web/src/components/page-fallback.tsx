/** Shown while a page's code arrives: a quiet spinner, no layout to jump. */
export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-white/15 border-t-brand-500" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
