import pLimit from "p-limit";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { hashImage, type HashedImage } from "../hash-image";

type Pending = { resolve: (r: HashedImage) => void; reject: (e: Error) => void };

const UNREADABLE = "This file could not be read as an image.";

/**
 * How many Web Workers hash photos at once: hashing is CPU work (~0.8 s a photo), so several cores
 * shorten a batch. One core is left to the page, and at most four photos are decoded at a time,
 * however many are chosen.
 */
export function hashingWorkers(cores: number | undefined): number {
  return Math.max(1, Math.min(4, (cores || 2) - 1));
}

/**
 * Hashes photos in Web Workers when the browser can draw there, else on the page's thread, one at
 * a time. `hash` may be called for a whole batch at once: photos wait their turn. `cancelWaiting`
 * drops those not started (their promises reject with an AbortError).
 */
export function useImageHasher() {
  const idle = useRef<Worker[]>([]);
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(1);
  const canUseWorkers = typeof Worker !== "undefined" && typeof OffscreenCanvas !== "undefined";
  const size = canUseWorkers ? hashingWorkers(navigator.hardwareConcurrency) : 1;
  // Rejecting on clear: a batch awaits its photos' promises.
  const limit = useMemo(() => pLimit({ concurrency: size, rejectOnClear: true }), [size]);
  const current = useRef<Worker[]>([]);

  useEffect(() => {
    if (!canUseWorkers) return;
    const workers = Array.from({ length: size }, () => {
      const w = new Worker(new URL("../hash-worker.ts", import.meta.url), { type: "module" });
      w.onmessage = (e: MessageEvent<{ id: number; ok: boolean; result?: HashedImage; message?: string }>) => {
        const p = pending.current.get(e.data.id);
        pending.current.delete(e.data.id);
        if (!p) return;
        if (e.data.ok && e.data.result) p.resolve(e.data.result);
        else p.reject(new Error(e.data.message ?? UNREADABLE));
      };
      return w;
    });
    current.current = workers;
    idle.current = [...workers];
    const waiting = pending.current;
    return () => {
      workers.forEach((w) => w.terminate());
      current.current = [];
      idle.current = [];
      limit.clearQueue();
      waiting.forEach((p) => p.reject(new Error("cancelled")));
      waiting.clear();
    };
  }, [canUseWorkers, size, limit]);

  const hash = useCallback(
    (file: Blob, thumbnail: boolean): Promise<HashedImage> =>
      limit(async () => {
        // The limit lets no more photos through than there are workers, so one is free.
        const w = idle.current.pop();
        if (!w) return hashImage(file, thumbnail).catch(() => Promise.reject(new Error(UNREADABLE)));
        const id = nextId.current++;
        try {
          return await new Promise<HashedImage>((resolve, reject) => {
            pending.current.set(id, { resolve, reject });
            w.postMessage({ id, file, thumbnail });
          });
        } finally {
          // Unless it was stopped meanwhile (the panel left the page).
          if (current.current.includes(w)) idle.current.push(w);
        }
      }),
    [limit],
  );

  return { hash, cancelWaiting: () => limit.clearQueue() };
}
