import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HashedImage } from "../hash-image";
import { hashingWorkers, useImageHasher } from "./use-image-hasher";

/** A stand-in for the hashing worker: answers each photo after a few ms, counting photos in progress. */
class FakeWorker {
  static inProgress = 0;
  static mostAtOnce = 0;
  static created: FakeWorker[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.created.push(this);
  }
  postMessage({ id, file }: { id: number; file: Blob }) {
    if (this.busy) throw new Error("a worker was given a second photo before it finished the first");
    this.busy = true;
    FakeWorker.inProgress++;
    FakeWorker.mostAtOnce = Math.max(FakeWorker.mostAtOnce, FakeWorker.inProgress);
    setTimeout(() => {
      this.busy = false;
      FakeWorker.inProgress--;
      const hash = "0".repeat(64);
      const hashes = { original: hash, rotate90: hash, rotate180: hash, rotate270: hash, flipX: hash, flipY: hash, flipPlus1: hash, flipMinus1: hash };
      const result: HashedImage = { hashes, quality: file.size, crops: [], thumbnail: null };
      this.onmessage?.({ data: { id, ok: file.size > 0, result, message: "This file could not be read as an image." } } as MessageEvent);
    }, 5);
  }
  busy = false;
  terminate() {
    this.terminated = true;
  }
}

const photo = (bytes: number) => new Blob([new Uint8Array(bytes)]);

describe("hashingWorkers", () => {
  it("leaves a core to the page, uses at most four, and at least one", () => {
    expect([hashingWorkers(1), hashingWorkers(2), hashingWorkers(4), hashingWorkers(16), hashingWorkers(undefined)]).toEqual([1, 1, 3, 4, 1]);
  });
});

describe("useImageHasher", () => {
  beforeEach(() => {
    FakeWorker.inProgress = 0;
    FakeWorker.mostAtOnce = 0;
    FakeWorker.created = [];
    vi.stubGlobal("Worker", FakeWorker);
    vi.stubGlobal("OffscreenCanvas", class {});
    vi.spyOn(navigator, "hardwareConcurrency", "get").mockReturnValue(8);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("hashes a batch several photos at a time, one per worker, each result to its photo", async () => {
    const { result } = renderHook(() => useImageHasher());
    const sizes = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    const results = await Promise.all(sizes.map((n) => result.current.hash(photo(n), false)));
    expect(results.map((r) => r.quality)).toEqual(sizes);
    expect(FakeWorker.created).toHaveLength(4);
    expect(FakeWorker.mostAtOnce).toBe(4);
  });

  it("rejects a photo that cannot be read, and goes on with the others", async () => {
    const { result } = renderHook(() => useImageHasher());
    const [bad, good] = [result.current.hash(photo(0), false), result.current.hash(photo(7), false)];
    await expect(bad).rejects.toThrow("This file could not be read as an image.");
    expect((await good).quality).toBe(7);
  });

  it("drops the photos still waiting when the batch is cancelled; those started finish", async () => {
    const { result } = renderHook(() => useImageHasher());
    const batch = Array.from({ length: 6 }, (_, i) => result.current.hash(photo(i + 1), false));
    result.current.cancelWaiting();
    const settled = await Promise.allSettled(batch);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected", "rejected"]);
  });

  it("stops its workers when the panel goes away", () => {
    const { unmount } = renderHook(() => useImageHasher());
    unmount();
    expect(FakeWorker.created.every((w) => w.terminated)).toBe(true);
  });
});
