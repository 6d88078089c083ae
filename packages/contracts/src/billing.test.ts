import { describe, expect, it } from "vitest";
import { parseVariantKey, planThatLifts, variantKeys } from "./plans";

describe("billing's view of the plan catalog", () => {
  it("names each plan and period as a variant key", () => {
    expect(variantKeys).toEqual(["starter-monthly", "starter-yearly", "premium-monthly", "premium-yearly", "vip-monthly", "vip-yearly"]);
    expect(parseVariantKey("vip-yearly")).toEqual({ plan: "vip", period: "yearly" });
    expect(parseVariantKey("team-yearly")).toBeNull();
  });

  it("names the cheapest plan that lifts a limit", () => {
    expect(planThatLifts("free", "stageNames")).toBe("starter");
    expect(planThatLifts("free", "manualScans")).toBe("starter");
    expect(planThatLifts("starter", "manualScans")).toBe("premium");
    expect(planThatLifts("premium", "manualScans")).toBe("vip");
    expect(planThatLifts("free", "searchDelisting")).toBe("premium");
    expect(planThatLifts("vip", "stageNames")).toBeNull();
    expect(planThatLifts("premium", "searchDelisting")).toBeNull();
  });
});
