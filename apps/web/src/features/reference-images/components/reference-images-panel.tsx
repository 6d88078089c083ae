import { useId, useRef, useState, type ChangeEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useAddReferenceImage } from "../api/add-reference-image";
import { useReferenceImages } from "../api/list-reference-images";
import { useRemoveReferenceImage } from "../api/remove-reference-image";
import { useImageHasher } from "../hooks/use-image-hasher";
import { QueryError, Skeleton } from "../../../components/query-error";
import { onMutationError } from "../../../lib/mutation-toast";
import { formatCount, formatShortDate } from "../../../lib/format";

/** PDQ hashes below this quality match poorly (the reference's advice). */
const MIN_QUALITY = 50;

/**
 * Reference images: the photos are decoded and hashed on this device; only the hashes (and, if
 * she allows it, a tiny blurred thumbnail) are sent. The scanner compares images it finds with them.
 */
export function ReferenceImagesPanel({ upgradeHref }: { upgradeHref: string }) {
  const ids = useId();
  const list = useReferenceImages();
  const add = useAddReferenceImage();
  const remove = useRemoveReferenceImage();
  const hasher = useImageHasher();
  const inputRef = useRef<HTMLInputElement>(null);
  const [withThumbnail, setWithThumbnail] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [quotaMessage, setQuotaMessage] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = "";
    if (files.length === 0) return;
    setQuotaMessage(null);
    setProblems([]);
    const issues: string[] = [];
    let added = 0;
    setProgress({ done: 0, total: files.length });
    // Hashed several at a time (as many as the device has workers), added one by one in order.
    const hashing = files.map((file) => hasher.hash(file, withThumbnail));
    // Those left when the batch stops early reject unheard.
    hashing.forEach((h) => h.catch(() => {}));
    for (const [i, file] of files.entries()) {
      try {
        const result = await hashing[i]!;
        if (result.quality < MIN_QUALITY) {
          issues.push(`${file.name}: too little detail to be recognised (plain or very dark). Choose a clearer photo.`);
        } else {
          await add.mutateAsync({ label: "", hashes: result.hashes, quality: result.quality, crops: result.crops, thumbnail: result.thumbnail });
          added++;
        }
      } catch (error) {
        if (error instanceof ApiError && error.code === "QUOTA_EXCEEDED") {
          setQuotaMessage(error.message);
          hasher.cancelWaiting();
          break;
        }
        issues.push(`${file.name}: ${error instanceof ApiError ? error.message : error instanceof Error ? error.message : "could not be read."}`);
      }
      setProgress({ done: i + 1, total: files.length });
    }
    setProgress(null);
    setProblems(issues);
    if (added > 0) toast.success(added === 1 ? "1 reference image added" : `${formatCount(added)} reference images added`);
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Reference images
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Add photos of your content so that scans recognise it even where your name is not written. Your photos stay on this device: only a fingerprint
        (a perceptual hash) is sent.
      </p>

      <div className="mt-4 flex flex-col gap-3">
        <label className="flex items-start gap-2 text-sm text-slate-300">
          <input type="checkbox" checked={withThumbnail} onChange={(e) => setWithThumbnail(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-600" />
          <span>Also keep a tiny blurred thumbnail (48 pixels) so I can tell my references apart.</span>
        </label>
        <input ref={inputRef} id={`${ids}-file`} type="file" accept="image/*" multiple onChange={(e) => void onFiles(e)} className="sr-only" disabled={progress !== null} />
        <label
          htmlFor={`${ids}-file`}
          className={`inline-flex h-11 cursor-pointer items-center justify-center rounded-lg bg-white/10 px-5 text-sm font-semibold text-white hover:bg-white/15 focus-within:outline-2 sm:self-start ${progress ? "pointer-events-none opacity-60" : ""}`}
        >
          Choose photos
        </label>
        {progress && (
          <div role="status" aria-live="polite" className="text-sm text-slate-300">
            Hashing on your device: {formatCount(progress.done)} of {formatCount(progress.total)}
            <div role="progressbar" aria-label="Hashing photos" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done} className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/10">
              <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${(progress.done / progress.total) * 100}%` }} />
            </div>
          </div>
        )}
        {quotaMessage && (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
            <p>{quotaMessage}</p>
            <Link to={upgradeHref} className="rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold hover:bg-amber-300/25">
              See plans
            </Link>
          </div>
        )}
        {problems.length > 0 && (
          <ul role="alert" className="list-disc rounded-lg border border-brand-500/30 bg-brand-950/40 py-2 pr-3 pl-8 text-sm text-brand-50">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-5">
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} what="your reference images" />
        ) : !list.data ? (
          <div className="flex gap-2">
            <Skeleton className="h-16 flex-1" />
            <Skeleton className="h-16 flex-1" />
          </div>
        ) : list.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-slate-400">No reference images yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Your reference images">
            {list.data.map((img, i) => (
              <li key={img.id} className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.02] p-2.5">
                {img.thumbnail ? (
                  <img src={img.thumbnail} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg object-cover" />
                ) : (
                  <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center rounded-lg bg-white/5 text-xs text-slate-400">
                    PDQ
                  </span>
                )}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium text-white">{img.label || `Reference ${i + 1}`}</p>
                  <p className="text-xs text-slate-400">
                    Added {formatShortDate(img.createdAt)} · detail {img.quality}/100
                  </p>
                </div>
                <button
                  type="button"
                  disabled={remove.isPending && remove.variables === img.id}
                  onClick={() => remove.mutate(img.id, { onError: onMutationError() })}
                  aria-label={`Remove ${img.label || `reference ${i + 1}`}`}
                  className="h-8 rounded-md border border-white/15 px-2.5 text-xs font-semibold text-white hover:bg-white/5 disabled:opacity-50"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
