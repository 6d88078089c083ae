import { useCallback, useEffect, useRef } from "react";
import { hashImage, type HashedImage } from "../hash-image";

type Pending = { resolve: (r: HashedImage) => void; reject: (e: Error) => void };

/** Hashes photos in a Web Worker when the browser can draw there, else on the page's thread. */
export function useImageHasher() {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(1);

  useEffect(() => {
    if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") return;
    const w = new Worker(new URL("../hash-worker.ts", import.meta.url), { type: "module" });
    w.onmessage = (e: MessageEvent<{ id: number; ok: boolean; result?: HashedImage; message?: string }>) => {
      const p = pending.current.get(e.data.id);
      pending.current.delete(e.data.id);
      if (!p) return;
      if (e.data.ok && e.data.result) p.resolve(e.data.result);
      else p.reject(new Error(e.data.message ?? "This file could not be read as an image."));
    };
    worker.current = w;
    const waiting = pending.current;
    return () => {
      w.terminate();
      worker.current = null;
      waiting.forEach((p) => p.reject(new Error("cancelled")));
      waiting.clear();
    };
  }, []);

  return useCallback((file: Blob, thumbnail: boolean): Promise<HashedImage> => {
    const w = worker.current;
    if (!w) return hashImage(file, thumbnail).catch(() => Promise.reject(new Error("This file could not be read as an image.")));
    const id = nextId.current++;
    return new Promise<HashedImage>((resolve, reject) => {
      pending.current.set(id, { resolve, reject });
      w.postMessage({ id, file, thumbnail });
    });
  }, []);
}
