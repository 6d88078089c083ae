import { z } from "zod";
import { billingPeriods, planIds, variantKeys } from "./plans";

/** Lemon Squeezy's subscription statuses, as stored. */
export const subscriptionStatuses = ["on_trial", "active", "paused", "past_due", "unpaid", "cancelled", "expired"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** POST /v1/billing/checkout */
export const checkoutRequestSchema = z.object({ plan: z.enum(planIds), period: z.enum(billingPeriods) }).strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The hosted checkout page to send the browser to. */
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /v1/billing/portal: where the creator manages her subscription (card, cancel, invoices). */
export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** GET /v1/billing/options (public): whether checkout works here, and for which plan and period. */
export const billingOptionsSchema = z.object({ configured: z.boolean(), available: z.array(z.enum(variantKeys as [string, ...string[]])) });
export type BillingOptions = z.infer<typeof billingOptionsSchema>;

/**
 * The `details.reason` of the UNAVAILABLE answer when this server takes no payments (no API
 * key, store or variant for the plan is set).
 */
export const PAYMENTS_NOT_CONFIGURED = "payments_not_configured";

const usageSchema = z.object({ use: z.number(), limit: z.number() });

export const billingUsageSchema = z.object({
  stageNames: usageSchema,
  nicknames: usageSchema,
  referenceImages: usageSchema,
  manualScans: usageSchema.extend({ per: z.enum(["hour", "day", "week", "month"]), resetsAt: z.string().nullable() }),
});
export type BillingUsage = z.infer<typeof billingUsageSchema>;

/** GET /v1/billing */
export const billingSummarySchema = z.object({
  /** The plan subscribed to (even when it does not apply now, e.g. paused); null without a subscription. */
  plan: z.enum(planIds).nullable(),
  period: z.enum(billingPeriods).nullable(),
  /** What applies now: the plan, or "free" (the free scan). */
  tier: z.enum(["free", ...planIds]),
  status: z.enum(subscriptionStatuses).nullable(),
  /** The status in words, with the date that matters. */
  statusText: z.string(),
  renewsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Whether 'Manage billing' has somewhere to go. */
  canManage: z.boolean(),
  /** Whether checkout works on this server. */
  paymentsConfigured: z.boolean(),
  /** The demo's plan: given to every demo account, never bought or billed. */
  demo: z.boolean(),
  /** Whether she can cancel (at the end of the period) or resume (before that end) here. */
  canCancel: z.boolean(),
  canResume: z.boolean(),
  entitlements: z.object({
    stageNames: z.number(),
    nicknames: z.number(),
    manualScans: z.object({ count: z.number(), per: z.enum(["hour", "day", "week", "month"]) }),
    monitoringEveryHours: z.number().nullable(),
    takedownsPerMonth: z.union([z.number(), z.literal("unlimited")]),
    searchDelisting: z.boolean(),
    impersonationMonitoring: z.boolean(),
    referenceImages: z.number(),
    workspaceMembers: z.number(),
  }),
  usage: billingUsageSchema,
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** What Lemon Squeezy charged at once for a plan change (its prorated invoice), as it reported it. */
export const prorationSchema = z.object({
  totalCents: z.number().int(),
  currency: z.string(),
  /** The amount as Lemon Squeezy formats it, e.g. "$52.50". */
  total: z.string(),
  status: z.string(),
  invoiceUrl: z.string().nullable(),
});
export type Proration = z.infer<typeof prorationSchema>;

/** POST /v1/billing/change-plan, /cancel, /resume: the subscription as it is now, and what happened in a sentence. */
export const billingChangeResponseSchema = z.object({
  billing: billingSummarySchema,
  message: z.string(),
  proration: prorationSchema.nullable(),
});
export type BillingChangeResponse = z.infer<typeof billingChangeResponseSchema>;

/** One of her subscription's invoices, as Lemon Squeezy lists them. */
export const invoiceSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** Why it was issued, in words: "First payment", "Renewal", "Plan change (prorated)". */
  reason: z.string(),
  /** Its status in words: "Paid", "Pending", "Refunded"… */
  status: z.string(),
  total: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /v1/billing/invoices: newest first; `note` says why there are none to list when that is so. */
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema), note: z.string().nullable() });
export type InvoiceList = z.infer<typeof invoiceListSchema>;
