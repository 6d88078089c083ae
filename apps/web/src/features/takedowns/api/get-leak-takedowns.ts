import type { FindingHold, LeakTakedowns, TakedownView } from "@leakwarden/contracts/takedowns";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Statuses the jobs move on by themselves within seconds: worth asking again soon. */
const MOVING = new Set<TakedownView["status"]>(["draft", "queued"]);
const MAX_IDS = 100;

/** A leak's latest takedown (null: none), and why no notice can be sent for it yet (null: it can). */
export type LeakTakedownState = { takedown: TakedownView | null; hold: FindingHold | null };

type Waiter = { resolve: (t: LeakTakedownState) => void; reject: (e: unknown) => void };
let pending: Map<string, Waiter[]> | null = null;

async function flush(batch: Map<string, Waiter[]>) {
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += MAX_IDS) {
    const chunk = ids.slice(i, i + MAX_IDS);
    try {
      const { items, held = [] } = await api<LeakTakedowns>(`/v1/takedowns/latest?leakIds=${chunk.join(",")}`);
      for (const id of chunk) {
        const state = { takedown: items.find((t) => t.leakId === id) ?? null, hold: held.find((h) => h.leakId === id) ?? null };
        for (const w of batch.get(id)!) w.resolve(state);
      }
    } catch (error) {
      for (const id of chunk) for (const w of batch.get(id)!) w.reject(error);
    }
  }
}

/** GET /v1/takedowns/latest: the rows of a leaks page ask in the same tick, so one request serves the page. */
export function getLeakTakedown(leakId: string): Promise<LeakTakedownState> {
  return new Promise((resolve, reject) => {
    if (!pending) {
      const batch = new Map<string, Waiter[]>();
      pending = batch;
      setTimeout(() => {
        pending = null;
        void flush(batch);
      }, 0);
    }
    pending.set(leakId, [...(pending.get(leakId) ?? []), { resolve, reject }]);
  });
}

/** A leak's latest takedown (null: none) and its hold, followed while its notice is being prepared and sent. */
export function useLeakTakedown(leakId: string) {
  return useQuery({
    queryKey: queryKeys.takedowns.byLeak(leakId),
    queryFn: () => getLeakTakedown(leakId),
    refetchInterval: (query) => (query.state.data?.takedown && MOVING.has(query.state.data.takedown.status) ? 1_500 : false),
  });
}
