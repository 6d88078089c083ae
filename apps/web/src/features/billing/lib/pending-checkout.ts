import { billingPeriods, planIds, type BillingPeriod, type PlanId } from "@leakwarden/contracts/plans";
import { PAYMENTS_NOT_CONFIGURED } from "@leakwarden/contracts/billing";
import { ApiError } from "../../../lib/api-client";

// A plan chosen while signed out: kept for this tab until sign-in, then taken once.

const KEY = "leakwarden-pending-checkout";

export interface PlanChoice {
  plan: PlanId;
  period: BillingPeriod;
}

export function parsePlanChoice(plan: unknown, period: unknown): PlanChoice | null {
  if (typeof plan !== "string" || typeof period !== "string") return null;
  if (!(planIds as readonly string[]).includes(plan) || !(billingPeriods as readonly string[]).includes(period)) return null;
  return { plan: plan as PlanId, period: period as BillingPeriod };
}

export function savePendingCheckout(choice: PlanChoice) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // storage unavailable: the URL still carries the choice
  }
}

export function takePendingCheckout(): PlanChoice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PlanChoice>;
    return parsePlanChoice(value.plan, value.period);
  } catch {
    return null;
  }
}

export function peekPendingCheckout(): PlanChoice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PlanChoice>;
    return parsePlanChoice(value.plan, value.period);
  } catch {
    return null;
  }
}

/** Where a signed-out visitor goes to sign in before that plan's checkout. */
export function signInForPlanHref(choice: PlanChoice): string {
  return `/signin?${new URLSearchParams({ plan: choice.plan, period: choice.period }).toString()}`;
}

export function isPaymentsNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === "UNAVAILABLE" && error.details?.reason === PAYMENTS_NOT_CONFIGURED;
}

export function isAlreadySubscribed(error: unknown): boolean {
  return error instanceof ApiError && error.code === "CONFLICT" && error.details?.reason === "already_subscribed";
}

export const NOT_CONFIGURED_TEXT = "Payments are not configured on this server yet.";
