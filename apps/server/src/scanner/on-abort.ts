/**
 * Runs fn when signal aborts; returns a function that cancels it. One real
 * listener per signal, whatever the number of callers: a scan's signal is
 * watched by every queued and running fetch at once, and EventTarget walks its
 * whole listener list on each add and remove (and warns past ten listeners).
 */
const watchers = new WeakMap<AbortSignal, Set<() => void>>();

export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  let set = watchers.get(signal);
  if (!set) {
    const callbacks = new Set<() => void>();
    set = callbacks;
    watchers.set(signal, callbacks);
    signal.addEventListener(
      "abort",
      () => {
        watchers.delete(signal);
        for (const f of [...callbacks]) f();
      },
      { once: true },
    );
  }
  const callbacks = set;
  callbacks.add(fn);
  return () => {
    callbacks.delete(fn);
  };
}
