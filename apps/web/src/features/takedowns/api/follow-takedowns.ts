import { countTakedowns, type CreateTakedownsResponse, type TakedownCounts, type TakedownView } from "@leakwarden/contracts/takedowns";
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { queryKeys } from "../../../lib/query-keys";
import { requestOutcome } from "../takedown-counts";
import { getLeakTakedown, type LeakTakedownState } from "./get-leak-takedowns";

const EVERY_MS = 1_500;
const TRIES = 20;

/** Still moving on its own: recipients being looked up, or a notice written and not sent yet. */
const settled = (c: TakedownCounts) => c.lookingUp === 0 && c.onTheWay === 0;

/**
 * The toast after she sends takedowns: what the server's answer counted, then the rows read again
 * until their notices are out (or half a minute passed), each time counted as they stand.
 */
export async function toastTakedownOutcome(queryClient: QueryClient, res: CreateTakedownsResponse, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
  const id = toast.loading(requestOutcome(res.counts));
  let counts = res.counts;
  const leakIds = res.items.map((t) => t.leakId);
  for (let i = 0; i < TRIES && !settled(counts); i++) {
    await wait(EVERY_MS);
    let states: LeakTakedownState[];
    try {
      states = await Promise.all(leakIds.map(getLeakTakedown));
    } catch {
      break;
    }
    states.forEach((state, i) => queryClient.setQueryData(queryKeys.takedowns.byLeak(leakIds[i]!), state));
    const rows = states.map((s) => s.takedown).filter((t): t is TakedownView => t !== null);
    counts = countTakedowns(rows);
    if (!settled(counts)) toast.loading(requestOutcome(counts), { id });
  }
  const text = requestOutcome(counts);
  if (counts.needsAction > 0 || counts.failed > 0) toast.warning(text, { id });
  else if (settled(counts)) toast.success(text, { id });
  else toast.info(text, { id });
}
