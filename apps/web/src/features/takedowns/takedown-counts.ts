import type { AutopilotView, TakedownCounts } from "@leakwarden/contracts/takedowns";
import { formatCount, formatDateTime } from "../../lib/format";

const links = (n: number) => (n === 1 ? "1 link" : `${formatCount(n)} links`);
const notices = (n: number) => (n === 1 ? "1 notice" : `${formatCount(n)} notices`);

/**
 * What became of the takedowns she asked for, every figure counted from their rows: "3 notices
 * sent for 4 links; 1 link needs your action." Each state that has links is said, with its
 * number; nothing is called sent that has not gone out.
 */
export function requestOutcome(c: TakedownCounts): string {
  if (c.links === 0) return "No takedown was requested.";
  if (c.lookingUp === c.links) return `${c.links === 1 ? "Takedown requested" : `${formatCount(c.links)} takedowns requested`}: we are finding who can remove ${c.links === 1 ? "the link" : "each link"}.`;
  const parts: string[] = [];
  if (c.sent > 0 && c.onTheWay > 0) parts.push(`${notices(c.notices)} for ${links(c.sent + c.onTheWay)}: ${formatCount(c.sent)} sent, ${formatCount(c.onTheWay)} on the way`);
  else if (c.sent > 0) parts.push(`${notices(c.notices)} sent for ${links(c.sent)}`);
  else if (c.onTheWay > 0) parts.push(`${notices(c.notices)} on the way for ${links(c.onTheWay)}`);
  if (c.needsAction > 0) parts.push(`${links(c.needsAction)} ${c.needsAction === 1 ? "needs" : "need"} your action`);
  if (c.failed > 0) parts.push(`${links(c.failed)} could not be sent`);
  if (c.cancelled > 0) parts.push(`${links(c.cancelled)} cancelled`);
  if (c.lookingUp > 0) parts.push(`${links(c.lookingUp)} still being looked up`);
  if (c.formsWaiting > 0) parts.push(`${c.formsWaiting === 1 ? "1 report waits" : `${formatCount(c.formsWaiting)} reports wait`} for you on a form`);
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The autopilot panel's line on what it did so far, from its takedowns' rows. */
export function autopilotSoFar(view: Pick<AutopilotView, "sent" | "outcomes">): string {
  if (view.sent === 0) return "It covers findings made from the moment you turn it on.";
  const o = view.outcomes;
  if (o.sent === view.sent) return `The autopilot has sent notices for ${links(o.sent)} so far.`;
  const parts = [
    o.sent > 0 ? `notices went out for ${links(o.sent)}` : "",
    o.needsAction > 0 ? `${links(o.needsAction)} ${o.needsAction === 1 ? "needs" : "need"} your action` : "",
    o.failed > 0 ? `${links(o.failed)} could not be sent` : "",
    o.underWay > 0 ? `${links(o.underWay)} on the way` : "",
    o.cancelled > 0 ? `${links(o.cancelled)} cancelled` : "",
  ].filter(Boolean);
  return `The autopilot has started takedowns for ${links(view.sent)} so far${parts.length > 0 ? `: ${parts.join(", ")}` : ""}.`;
}

/** The panel's notice once her daily cap is reached: how many findings wait, and until when; null while it has room. */
export function autopilotCapNote(cap: AutopilotView["dailyCap"]): string | null {
  if (cap.waiting === 0) return null;
  const findings = cap.waiting === 1 ? "1 finding waits" : `${formatCount(cap.waiting)} findings wait`;
  const when = cap.resumesAt ? `from ${formatDateTime(cap.resumesAt)}` : "once the day is over";
  const [they, them] = cap.waiting === 1 ? ["It goes", "it"] : ["They go", "them"];
  return `The autopilot reached its daily cap of ${formatCount(cap.limit)} automatic takedowns: ${findings}. ${they} out ${when}, or you can send ${them} yourself from your leaks list now.`;
}
