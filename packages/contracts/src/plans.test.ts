import { describe, expect, it } from "vitest";
import { entitlements, findPlan, formatUsd, planFeatures, planPrice, plans } from "./plans";

describe("plan catalog", () => {
  it("has Starter, Premium (most popular) and VIP at the agreed monthly and list prices", () => {
    expect(plans.map((p) => [p.name, formatUsd(p.monthlyCents), formatUsd(p.listCents), p.mostPopular])).toEqual([
      ["Starter", "$30", "$35", false],
      ["Premium", "$100", "$135", true],
      ["VIP", "$135", "$165", false],
    ]);
  });

  it("bills yearly as 3 months free: 9 × monthly / 12 per month", () => {
    expect(plans.map((p) => formatUsd(planPrice(p, "yearly").perMonthCents))).toEqual(["$22.50", "$75", "$101.25"]);
    expect(plans.map((p) => formatUsd(planPrice(p, "yearly").billedCents))).toEqual(["$270", "$900", "$1,215"]);
    // Yearly strikes out the monthly price; monthly strikes out the list price.
    expect(planPrice(findPlan("premium"), "yearly").strikeCents).toBe(10000);
    expect(planPrice(findPlan("premium"), "monthly")).toEqual({ perMonthCents: 10000, strikeCents: 13500, billedCents: 10000, period: "monthly" });
  });

  it("builds the cards' features from the entitlements table", () => {
    const starter = planFeatures("starter");
    expect(starter).toContainEqual({ label: "5 stage names, 10 nicknames", allowed: true });
    expect(starter).toContainEqual({ label: "50 takedowns a month", allowed: true });
    expect(starter).toContainEqual({ label: "Search delisting packages", allowed: false });
    expect(planFeatures("premium")).toContainEqual({ label: "1 manual scan a day", allowed: true });
    const vip = planFeatures("vip");
    expect(vip).toContainEqual({ label: "Unlimited takedowns", allowed: true });
    expect(vip).toContainEqual({ label: "Automatic rescans every 6 hours", allowed: true });
    expect(vip).toContainEqual({ label: "Agency workspace, up to 50 members", allowed: true, comingSoon: true });
    expect(vip.every((f) => f.allowed)).toBe(true);
  });

  it("keeps the free scan's limits as data: results only, no monitoring", () => {
    expect(entitlements.free).toMatchObject({ stageNames: 3, nicknames: 3, takedownsPerMonth: 0, monitoringEveryHours: null, referenceImages: 3 });
    expect(planFeatures("free").find((f) => f.label === "Takedown notices")?.allowed).toBe(false);
  });
});
