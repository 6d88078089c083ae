// The one plan catalog: the pricing page, the onboarding plan step, the in-app chooser and the
// server's entitlement checks all read it. Prices are whole cents, in US dollars.

export const planIds = ["starter", "premium", "vip"] as const;
export type PlanId = (typeof planIds)[number];
/** An account without a subscription: the free scan. */
export type EntitlementTier = PlanId | "free";

export const billingPeriods = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** Yearly billing gives 3 months free: 9 months' price for 12 months. */
export const YEARLY_PAID_MONTHS = 9;

export type Unlimited = "unlimited";
export type RatePeriod = "hour" | "day" | "week" | "month";

export interface Entitlements {
  stageNames: number;
  nicknames: number;
  /** Scans the creator may start herself. */
  manualScans: { count: number; per: RatePeriod };
  /** Automatic rescans; null when the tier has none. */
  monitoringEveryHours: number | null;
  /** Links taken down a month (a link counts once; escalations and re-sends are free). 0: results only. */
  takedownsPerMonth: number | Unlimited;
  searchDelisting: boolean;
  impersonationMonitoring: boolean;
  referenceImages: number;
  /** Members of an agency workspace; 0 when the tier has none. */
  workspaceMembers: number;
}

/** DESIGN.md §2's entitlements table. A feature a tier lacks is a limit of zero (or false). */
export const entitlements: Record<EntitlementTier, Entitlements> = {
  free: {
    stageNames: 3,
    nicknames: 3,
    manualScans: { count: 1, per: "month" },
    monitoringEveryHours: null,
    takedownsPerMonth: 0,
    searchDelisting: false,
    impersonationMonitoring: false,
    referenceImages: 3,
    workspaceMembers: 0,
  },
  starter: {
    stageNames: 5,
    nicknames: 10,
    manualScans: { count: 4, per: "month" },
    monitoringEveryHours: 24 * 7,
    takedownsPerMonth: 50,
    searchDelisting: false,
    impersonationMonitoring: false,
    referenceImages: 10,
    workspaceMembers: 0,
  },
  premium: {
    stageNames: 15,
    nicknames: 25,
    manualScans: { count: 1, per: "day" },
    monitoringEveryHours: 24,
    takedownsPerMonth: 500,
    searchDelisting: true,
    impersonationMonitoring: true,
    referenceImages: 50,
    workspaceMembers: 0,
  },
  vip: {
    stageNames: 40,
    nicknames: 60,
    manualScans: { count: 1, per: "hour" },
    monitoringEveryHours: 6,
    takedownsPerMonth: "unlimited",
    searchDelisting: true,
    impersonationMonitoring: true,
    referenceImages: 200,
    workspaceMembers: 50,
  },
};

/** Features that exist on the cards but not yet in the product: they read 'coming soon'. */
export const comingSoon = { impersonationMonitoring: false, workspaceMembers: true } as const;

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price per month when billed monthly. */
  monthlyCents: number;
  /** The struck-through list price per month. */
  listCents: number;
  mostPopular: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For a creator on one or two platforms who wants leaks found and taken down every week.",
    monthlyCents: 3000,
    listCents: 3500,
    mostPopular: false,
  },
  {
    id: "premium",
    name: "Premium",
    description: "Daily monitoring, search delisting and room for every name you go by.",
    monthlyCents: 10000,
    listCents: 13500,
    mostPopular: true,
  },
  {
    id: "vip",
    name: "VIP",
    description: "Rescans every 6 hours, unlimited takedowns and the most reference images.",
    monthlyCents: 13500,
    listCents: 16500,
    mostPopular: false,
  },
];

export function findPlan(id: PlanId): Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

export interface PlanPrice {
  /** What the creator pays per month on this billing period. */
  perMonthCents: number;
  /** The struck-through price per month: the list price monthly, the monthly price yearly. */
  strikeCents: number;
  /** What one bill comes to: one month, or twelve months for the price of nine. */
  billedCents: number;
  period: BillingPeriod;
}

export function planPrice(plan: Plan, period: BillingPeriod): PlanPrice {
  if (period === "monthly") {
    return { perMonthCents: plan.monthlyCents, strikeCents: plan.listCents, billedCents: plan.monthlyCents, period };
  }
  const billedCents = plan.monthlyCents * YEARLY_PAID_MONTHS;
  return { perMonthCents: billedCents / 12, strikeCents: plan.monthlyCents, billedCents, period };
}

/** "$30", "$22.50", "$1,215": whole dollars without cents, otherwise two decimals. */
export function formatUsd(cents: number): string {
  const dollars = Math.round(cents) / 100;
  const digits = Number.isInteger(dollars) ? 0 : 2;
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

export interface PlanFeature {
  label: string;
  allowed: boolean;
  comingSoon?: boolean;
}

const periodWord: Record<RatePeriod, string> = { hour: "an hour", day: "a day", week: "a week", month: "a month" };

/** A manual-scan allowance in words: "1 scan an hour", "4 scans a month". */
export function scanAllowanceLabel(limit: number, per: RatePeriod): string {
  return `${limit} ${limit === 1 ? "scan" : "scans"} ${periodWord[per]}`;
}

function monitoringLabel(hours: number | null): string {
  if (hours === null) return "Automatic monitoring";
  if (hours === 24 * 7) return "Weekly automatic rescans";
  if (hours === 24) return "Daily automatic rescans";
  return `Automatic rescans every ${hours} hours`;
}

/** The card's feature list, built from the entitlements table (never written by hand). */
export function planFeatures(tier: EntitlementTier): PlanFeature[] {
  const e = entitlements[tier];
  const takedowns =
    e.takedownsPerMonth === "unlimited"
      ? "Unlimited takedowns"
      : e.takedownsPerMonth === 0
        ? "Takedown notices"
        : `${e.takedownsPerMonth} takedowns a month`;
  return [
    { label: `${e.stageNames} stage names, ${e.nicknames} nicknames`, allowed: true },
    { label: `${e.manualScans.count} manual ${e.manualScans.count === 1 ? "scan" : "scans"} ${periodWord[e.manualScans.per]}`, allowed: true },
    { label: monitoringLabel(e.monitoringEveryHours), allowed: e.monitoringEveryHours !== null },
    { label: takedowns, allowed: e.takedownsPerMonth !== 0 },
    { label: "Search delisting packages", allowed: e.searchDelisting },
    { label: "Impersonation monitoring", allowed: e.impersonationMonitoring, comingSoon: comingSoon.impersonationMonitoring },
    { label: `${e.referenceImages} reference images`, allowed: true },
    {
      label: e.workspaceMembers > 0 ? `Agency workspace, up to ${e.workspaceMembers} members` : "Agency workspace",
      allowed: e.workspaceMembers > 0,
      comingSoon: comingSoon.workspaceMembers,
    },
  ];
}

/** Tiers from the least to the most: an upgrade moves right. */
export const tierOrder: readonly EntitlementTier[] = ["free", ...planIds];

/** What a quota refusal names as the limited resource. */
export type QuotaResource = "stageNames" | "nicknames" | "manualScans" | "monitoring" | "takedowns" | "searchDelisting" | "impersonationMonitoring" | "referenceImages" | "workspaceMembers";

const periodHours: Record<RatePeriod, number> = { hour: 1, day: 24, week: 24 * 7, month: 24 * 30 };

/** How much of a resource a tier gives, on one scale per resource (rates per hour; unlimited is infinite). */
function allowance(e: Entitlements, resource: QuotaResource): number {
  switch (resource) {
    case "manualScans":
      return e.manualScans.count / periodHours[e.manualScans.per];
    case "monitoring":
      return e.monitoringEveryHours === null ? 0 : 1 / e.monitoringEveryHours;
    case "takedowns":
      return e.takedownsPerMonth === "unlimited" ? Number.POSITIVE_INFINITY : e.takedownsPerMonth;
    case "searchDelisting":
    case "impersonationMonitoring":
      return e[resource] ? 1 : 0;
    default:
      return e[resource];
  }
}

/** The cheapest plan above `tier` that gives more of `resource`; null when none does. */
export function planThatLifts(tier: EntitlementTier, resource: QuotaResource): PlanId | null {
  const current = allowance(entitlements[tier], resource);
  for (const next of tierOrder.slice(tierOrder.indexOf(tier) + 1)) {
    if (next !== "free" && allowance(entitlements[next], resource) > current) return next;
  }
  return null;
}

/** Billing's names for a plan on a period (`starter-monthly` …): the keys of LEMONSQUEEZY_VARIANTS. */
export type VariantKey = `${PlanId}-${BillingPeriod}`;
export const variantKeys = planIds.flatMap((id) => billingPeriods.map((period) => `${id}-${period}` as VariantKey));

export function variantKey(plan: PlanId, period: BillingPeriod): VariantKey {
  return `${plan}-${period}`;
}

export function parseVariantKey(key: string): { plan: PlanId; period: BillingPeriod } | null {
  if (!(variantKeys as readonly string[]).includes(key)) return null;
  const [plan, period] = key.split("-") as [PlanId, BillingPeriod];
  return { plan, period };
}
