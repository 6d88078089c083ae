import type { PAYMENTS_NOT_CONFIGURED } from "@leakwarden/contracts/billing";
import { billingPeriods, planIds, type BillingPeriod, type PlanId } from "@leakwarden/contracts/plans";
import { ApiError } from "../../../lib/api-client";

// A plan chosen while signed out: kept for this tab until sign-in, then taken once. An old choice
// is dropped, so that a visitor who changed her mind is not sent to a checkout hours later.

const KEY = "leakwarden-pending-checkout";
const KEEP_MS = 60 * 60_000;

export interface PlanChoice {
  plan: PlanId;
  period: BillingPeriod;
}

export function parsePlanChoice(plan: unknown, period: unknown): PlanChoice | null {
  if (typeof plan !== "string" || typeof period !== "string") return null;
  if (!(planIds as readonly string[]).includes(plan) || !(billingPeriods as readonly string[]).includes(period)) return null;
  return { plan: plan as PlanId, period: period as BillingPeriod };
}

export function savePendingCheckout(choice: PlanChoice, now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ plan: choice.plan, period: choice.period, at: now }));
  } catch {
    // storage unavailable: the sign-in URL still carries the choice
  }
}

export function peekPendingCheckout(now = Date.now()): PlanChoice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PlanChoice> & { at?: unknown };
    if (typeof value.at !== "number" || now - value.at > KEEP_MS || value.at > now) return null;
    return parsePlanChoice(value.plan, value.period);
  } catch {
    return null;
  }
}

export function takePendingCheckout(now = Date.now()): PlanChoice | null {
  const choice = peekPendingCheckout(now);
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  return choice;
}

/** Where a signed-out visitor goes to sign in before that plan's checkout. */
export function signInForPlanHref(choice: PlanChoice): string {
  return `/signin?${new URLSearchParams({ plan: choice.plan, period: choice.period }).toString()}`;
}

// Written out rather than imported: the contracts' billing module carries the schema library,
// which the public pages do not load. The type keeps the two equal.
const notConfiguredReason: typeof PAYMENTS_NOT_CONFIGURED = "payments_not_configured";

export function isPaymentsNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === "UNAVAILABLE" && error.details?.reason === notConfiguredReason;
}

export function isAlreadySubscribed(error: unknown): boolean {
  return error instanceof ApiError && error.code === "CONFLICT" && error.details?.reason === "already_subscribed";
}

export const NOT_CONFIGURED_TEXT = "Payments are not configured on this server yet.";
