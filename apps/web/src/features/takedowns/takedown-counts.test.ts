import { countTakedowns, type TakedownView } from "@leakwarden/contracts/takedowns";
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../../lib/query-keys";
import { autopilotCapNote, autopilotSoFar, requestOutcome } from "./takedown-counts";

const shown: { kind: string; text: string }[] = [];
vi.mock("sonner", () => {
  const record = (kind: string) => (text: string) => {
    shown.push({ kind, text });
    return "toast-1";
  };
  return { toast: { loading: record("loading"), success: record("success"), warning: record("warning"), info: record("info") } };
});
const rows = new Map<string, TakedownView>();
vi.mock("./api/get-leak-takedowns", () => ({ getLeakTakedown: async (leakId: string) => ({ takedown: rows.get(leakId) ?? null, hold: null }) }));

const { toastTakedownOutcome } = await import("./api/follow-takedowns");

function row(leakId: string, status: TakedownView["status"], over: Partial<TakedownView> = {}): TakedownView {
  return {
    id: `t-${leakId}`,
    leakId,
    url: `https://leaks.example/${leakId}`,
    domain: "leaks.example",
    status,
    recipient: null,
    webForm: null,
    formStep: null,
    reason: null,
    createdAt: "2026-11-24T10:00:00.000Z",
    firstSentAt: null,
    lastSentAt: null,
    removedAt: null,
    nextCheckAt: null,
    lastCheckAt: null,
    basis: "dmca",
    removalDeadline: null,
    counterNotice: null,
    pendingConfirmation: null,
    ...over,
  };
}
const to = (email: string) => ({ kind: "site" as const, email, webForm: null, foundBy: "site-page" as const, source: "", note: null, name: null, refused: null, address: null, resolvedAt: null, confirmation: null });
const sent = (leakId: string, email: string) => row(leakId, "sent", { recipient: to(email), firstSentAt: "2026-11-24T10:01:00.000Z" });

describe("the counts she reads after sending takedowns", () => {
  beforeEach(() => {
    shown.length = 0;
    rows.clear();
  });

  it("says how many notices went out for how many links, and how many need her, from the rows", () => {
    const five = [sent("a", "dmca@one.example"), sent("b", "dmca@one.example"), sent("c", "abuse@host.example"), sent("d", "abuse@reg.example"), row("e", "needs_manual_action")];
    expect(requestOutcome(countTakedowns(five))).toBe("3 notices sent for 4 links; 1 link needs your action.");
    // Never "requested for 5 links" as if all five went out.
    expect(requestOutcome(countTakedowns(five))).not.toMatch(/5 links/);
  });

  it("says each state that has links, with its number", () => {
    expect(requestOutcome(countTakedowns([row("a", "draft"), row("b", "draft")]))).toBe("2 takedowns requested: we are finding who can remove each link.");
    expect(requestOutcome(countTakedowns([sent("a", "x@one.example"), row("b", "queued", { recipient: to("y@two.example") }), row("c", "failed"), row("d", "draft")]))).toBe(
      "2 notices for 2 links: 1 sent, 1 on the way; 1 link could not be sent; 1 link still being looked up.",
    );
    expect(requestOutcome(countTakedowns([sent("a", "x@reg.example")].map((t) => ({ ...t, formStep: { party: "cloudflare" as const, via: "creator" as const, status: "waiting" as const, formUrl: "", fields: {}, reason: null, answer: null, submittedAt: null } }))))).toBe(
      "1 notice sent for 1 link; 1 report waits for you on a form.",
    );
  });

  it("follows the rows after the answer and ends on what they show", async () => {
    const client = new QueryClient();
    const asked = [row("a", "draft"), row("b", "draft"), row("c", "draft")];
    rows.set("a", row("a", "queued", { recipient: to("dmca@one.example") }));
    rows.set("b", row("b", "queued", { recipient: to("dmca@one.example") }));
    rows.set("c", row("c", "needs_manual_action"));
    let waits = 0;
    await toastTakedownOutcome(client, { items: asked, counts: countTakedowns(asked), quota: { limit: 10, used: 3, resetsAt: "" } }, async () => {
      // The notice goes out between the first and second look.
      if (++waits === 2) for (const id of ["a", "b"]) rows.set(id, sent(id, "dmca@one.example"));
    });
    expect(shown).toEqual([
      { kind: "loading", text: "3 takedowns requested: we are finding who can remove each link." },
      { kind: "loading", text: "1 notice on the way for 2 links; 1 link needs your action." },
      { kind: "warning", text: "1 notice sent for 2 links; 1 link needs your action." },
    ]);
    // The leaks list shows each row as read.
    expect(client.getQueryData(queryKeys.takedowns.byLeak("a"))).toMatchObject({ takedown: { status: "sent" }, hold: null });
    expect(client.getQueryData(queryKeys.takedowns.byLeak("c"))).toMatchObject({ takedown: { status: "needs_manual_action" } });
  });
});

describe("the autopilot panel's figures", () => {
  it("counts its takedowns by what happened to them", () => {
    expect(autopilotSoFar({ sent: 6, outcomes: { sent: 4, needsAction: 2, failed: 0, underWay: 0, cancelled: 0 } })).toBe(
      "The autopilot has started takedowns for 6 links so far: notices went out for 4 links, 2 links need your action.",
    );
    expect(autopilotSoFar({ sent: 1, outcomes: { sent: 1, needsAction: 0, failed: 0, underWay: 0, cancelled: 0 } })).toBe("The autopilot has sent notices for 1 link so far.");
    expect(autopilotSoFar({ sent: 0, outcomes: { sent: 0, needsAction: 0, failed: 0, underWay: 0, cancelled: 0 } })).toBe("It covers findings made from the moment you turn it on.");
  });

  it("says when her daily cap keeps findings waiting, and until when", () => {
    expect(autopilotCapNote({ limit: 50, used: 12, waiting: 0, resumesAt: null })).toBeNull();
    const note = autopilotCapNote({ limit: 50, used: 50, waiting: 3, resumesAt: "2026-12-03T09:30:00.000Z" });
    expect(note).toMatch(/^The autopilot reached its daily cap of 50 automatic takedowns: 3 findings wait\. They go out from .*2026.*, or you can send them yourself from your leaks list now\.$/);
  });
});
