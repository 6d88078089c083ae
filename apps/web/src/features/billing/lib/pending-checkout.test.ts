import { beforeEach, describe, expect, it } from "vitest";
import { parsePlanChoice, peekPendingCheckout, savePendingCheckout, signInForPlanHref, takePendingCheckout } from "./pending-checkout";

beforeEach(() => sessionStorage.clear());

describe("a plan chosen while signed out", () => {
  it("is taken once", () => {
    savePendingCheckout({ plan: "vip", period: "monthly" }, 1_000);
    expect(peekPendingCheckout(2_000)).toEqual({ plan: "vip", period: "monthly" });
    expect(takePendingCheckout(2_000)).toEqual({ plan: "vip", period: "monthly" });
    expect(takePendingCheckout(2_000)).toBeNull();
  });

  it("is dropped after an hour: no checkout opens for a choice she has long moved on from", () => {
    savePendingCheckout({ plan: "starter", period: "yearly" }, 0);
    expect(peekPendingCheckout(60 * 60_000)).toEqual({ plan: "starter", period: "yearly" });
    expect(takePendingCheckout(60 * 60_000 + 1)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it("accepts only the catalog's plans and periods", () => {
    expect(parsePlanChoice("premium", "yearly")).toEqual({ plan: "premium", period: "yearly" });
    expect(parsePlanChoice("enterprise", "yearly")).toBeNull();
    expect(parsePlanChoice("premium", "weekly")).toBeNull();
    sessionStorage.setItem("leakwarden-pending-checkout", JSON.stringify({ plan: "team", period: "yearly", at: 0 }));
    expect(takePendingCheckout(1)).toBeNull();
    expect(signInForPlanHref({ plan: "premium", period: "monthly" })).toBe("/signin?plan=premium&period=monthly");
  });
});
