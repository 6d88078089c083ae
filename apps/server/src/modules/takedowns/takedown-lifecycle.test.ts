import { noticeStatuses, takedownStatuses } from "@leakwarden/contracts/takedowns";
import { describe, expect, it } from "vitest";
import { CANCELLABLE, canMove, canMoveNotice, FINAL, isTakedownStatus, moveEvent, NOTICE_TRANSITIONS, RESENDABLE, transition, TRANSITIONS } from "./takedown-lifecycle";

describe("takedown lifecycle", () => {
  it("covers every status of the contract", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...takedownStatuses].sort());
    for (const from of takedownStatuses) for (const to of Object.keys(TRANSITIONS[from])) expect(isTakedownStatus(to), `${from} → ${to}`).toBe(true);
  });

  it("names the event each move writes, and refuses moves that make no sense", () => {
    expect(transition("queued", "sent")).toBe("sent");
    expect(transition("needs_manual_action", "sent")).toBe("form_submitted");
    expect(transition("failed", "draft")).toBe("resend");
    expect(transition("sent", "cancelled")).toBeNull();
    expect(transition("removed", "sent")).toBeNull();
    expect(transition("draft", "removed")).toBeNull();
    expect(canMove("cancelled", "draft")).toBe(false);
  });

  it("lets a move write another of its events only when the lifecycle names it", () => {
    expect(moveEvent("sent", "escalated")).toBe("escalated");
    expect(moveEvent("sent", "escalated", "deadline_missed")).toBe("deadline_missed");
    expect(moveEvent("escalated", "escalated", "sent")).toBe("sent");
    expect(moveEvent("queued", "sent", "form_submitted")).toBe("form_submitted");
    expect(moveEvent("draft", "queued", "sent")).toBeNull();
    expect(moveEvent("removed", "escalated", "escalated")).toBeNull();
  });

  it("moves a notice from queued through sending to sent, failed or back to queued, and never out of sent", () => {
    expect(Object.keys(NOTICE_TRANSITIONS).sort()).toEqual([...noticeStatuses].sort());
    expect(canMoveNotice("queued", "sending")).toBe(true);
    expect(canMoveNotice("sending", "queued")).toBe(true);
    expect(canMoveNotice("queued", "sent")).toBe(false);
    for (const to of noticeStatuses) expect(canMoveNotice("sent", to), to).toBe(false);
  });

  it("derives what can be cancelled, sent again, and what is final", () => {
    expect([...CANCELLABLE].sort()).toEqual(["draft", "needs_manual_action", "queued"]);
    expect([...RESENDABLE].sort()).toEqual(["failed", "needs_manual_action", "no_response"]);
    expect([...FINAL].sort()).toEqual(["cancelled", "removed"]);
    expect(isTakedownStatus("bogus")).toBe(false);
    expect(isTakedownStatus("toString")).toBe(false);
  });

  it("lets every status that is not final reach a final one", () => {
    const reach = (from: string, seen = new Set<string>()): boolean => {
      if (FINAL.includes(from as never)) return true;
      seen.add(from);
      return Object.keys(TRANSITIONS[from as keyof typeof TRANSITIONS]).some((to) => !seen.has(to) && reach(to, seen));
    };
    for (const s of takedownStatuses) expect(reach(s), s).toBe(true);
  });
});
