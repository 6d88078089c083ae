import { createHash } from "node:crypto";
import {
  PAYMENTS_NOT_CONFIGURED,
  type BillingChangeResponse,
  type BillingOptions,
  type BillingSummary,
  type BillingUsage,
  type CheckoutRequest,
  type Invoice,
  type InvoiceList,
  type Proration,
} from "@leakwarden/contracts/billing";
import { entitlements, findPlan, formatUsd, parseVariantKey, variantKey, variantKeys, type PlanId, type VariantKey } from "@leakwarden/contracts/plans";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { utcShortDay } from "../../lib/dates";
import type { Logger } from "../../lib/logger";
import * as repo from "./billing.repository";
import { DEMO_VARIANT_ID, type EntitlementsService } from "./entitlements.service";
import type { LemonSqueezyClient, ProviderInvoice } from "./lemon-squeezy-client";
import { MalformedWebhookError, parseWebhook, type PaymentFacts, type SubscriptionFacts } from "./lemon-squeezy-webhook";
import { signatureMatches } from "./webhook-signature";

export interface BillingSettings {
  publicUrl: string;
  apiKey?: string;
  storeId?: string;
  variants: Partial<Record<VariantKey, string>>;
  webhookSecret?: string;
  storeUrl?: string;
}

export interface BillingDeps {
  db: Db;
  logger: Logger;
  settings: BillingSettings;
  entitlements: EntitlementsService;
  /** The Lemon Squeezy adapter; absent when no API key is set. */
  client?: LemonSqueezyClient;
  /** What the creator uses of each limited resource (identities and scans answer). */
  usageFor(userId: string): Promise<BillingUsage>;
  /** Called after a webhook changed someone's subscription (monitoring reschedules). */
  onSubscriptionChanged?(userId: string): Promise<void>;
}

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "stale" | "unknown-user" | "unknown-variant" | "other-store" | "conflict";

/** Statuses of a subscription that is still billed (or paused): it changes plan rather than buying a second. */
const changeableStatuses = new Set(["on_trial", "active", "past_due", "paused", "unpaid"]);

const demoRefusal = () =>
  new AppError("CONFLICT", "This is the demo plan: it is given to every demo account and cannot be changed, cancelled or billed.", undefined, { reason: "demo_plan" });

const notConfigured = () =>
  new AppError("UNAVAILABLE", "Payments are not configured on this server yet.", undefined, { reason: PAYMENTS_NOT_CONFIGURED });

/** A billing day as the app writes every date ("Dec 24, 2026", UTC): the page shows these sentences beside its own dates. */
const day = utcShortDay;


/**
 * The status in a sentence, beside a badge that names the status: the sentence says what it means
 * and the date that matters, without repeating the badge's word.
 */
function statusText(row: repo.SubscriptionRow | undefined, applies: boolean, at: Date): string {
  if (!row) return "No plan: you are on the free scan.";
  if (row.providerVariantId === DEMO_VARIANT_ID) return `Every ${findPlan(row.plan as PlanId).name} feature, to try Leakwarden: nothing is billed.`;
  switch (row.status) {
    case "active":
      return row.renewsAt ? `Renews on ${day(row.renewsAt)}.` : "Your plan is on.";
    case "on_trial":
      return row.trialEndsAt ?? row.renewsAt ? `Free until ${day((row.trialEndsAt ?? row.renewsAt)!)}.` : "Nothing is billed during the trial.";
    case "past_due":
      return "The last payment did not go through: update your card to keep your plan. The charge will be tried again.";
    case "unpaid":
      return "The plan is off until the payment goes through. Update your card in Manage billing.";
    case "paused":
      return "The plan's features are off until you resume it.";
    case "cancelled":
      if (applies && row.endsAt) return `Your plan stays until ${day(row.endsAt)}, and nothing more is billed. Resume it before then to keep it.`;
      return row.endsAt && row.endsAt <= at ? `Your plan ended on ${day(row.endsAt)}.` : "Nothing more is billed.";
    case "expired":
      return row.endsAt ? `Your plan ended on ${day(row.endsAt)}.` : "Your plan has ended.";
    default:
      return "Your plan's state is being updated.";
  }
}

const billingReasonText: Record<string, string> = { initial: "First payment", renewal: "Renewal", updated: "Plan change (prorated)" };
const invoiceStatusText: Record<string, string> = { paid: "Paid", pending: "Pending", void: "Void", refunded: "Refunded", partial_refund: "Partly refunded" };

/** An amount as the provider formatted it, else in dollars with cents. */
function money(cents: number, currency: string, formatted: string | null): string {
  if (formatted) return formatted;
  if (currency === "USD") return formatUsd(cents);
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

function invoiceView(i: ProviderInvoice): Invoice {
  return {
    id: i.id,
    date: i.createdAt.toISOString(),
    reason: billingReasonText[i.billingReason] ?? "Charge",
    status: invoiceStatusText[i.status] ?? i.statusFormatted ?? "Recorded",
    total: money(i.totalCents, i.currency, i.totalFormatted),
    url: i.invoiceUrl,
  };
}

export function createBillingService(deps: BillingDeps) {
  const { db, logger, settings } = deps;
  const now = deps.entitlements.now;
  const variantToKey = new Map<string, VariantKey>(Object.entries(settings.variants).map(([key, id]) => [id, key as VariantKey]));
  const checkoutReady = Boolean(deps.client && settings.storeId);

  function options(): BillingOptions {
    const available = checkoutReady ? variantKeys.filter((k) => settings.variants[k]) : [];
    return { configured: available.length > 0, available };
  }

  /** Who a delivery is about: our id from the checkout's custom data, else the subscription already known, else the email. */
  async function resolveUser(tx: DbOrTx, customUserId: string | null, knownUserId: string | undefined, email: string | null): Promise<string | null> {
    if (customUserId) return (await repo.userExists(tx, customUserId)) ? customUserId : null;
    if (knownUserId) return knownUserId;
    if (email) return (await repo.findUserIdByEmail(tx, email)) ?? null;
    return null;
  }

  async function applySubscription(tx: DbOrTx, customUserId: string | null, s: SubscriptionFacts): Promise<{ outcome: WebhookOutcome; userId: string | null }> {
    await repo.lockSubscription(tx, s.providerSubscriptionId);
    const existing = await repo.findSubscriptionByProviderId(tx, s.providerSubscriptionId);
    const userId = await resolveUser(tx, customUserId, existing?.userId, s.userEmail);
    if (!userId) return { outcome: "unknown-user", userId: null };
    if (existing && existing.userId !== userId) return { outcome: "conflict", userId };
    const key = variantToKey.get(s.variantId);
    const plan = key ? parseVariantKey(key) : null;
    if (!plan) return { outcome: "unknown-variant", userId };
    if (existing && s.updatedAt < existing.providerUpdatedAt) return { outcome: "stale", userId };
    const values: repo.SubscriptionValues = {
      userId,
      providerSubscriptionId: s.providerSubscriptionId,
      providerCustomerId: s.customerId,
      providerOrderId: s.orderId,
      providerVariantId: s.variantId,
      plan: plan.plan,
      period: plan.period,
      status: s.status,
      renewsAt: s.renewsAt,
      endsAt: s.endsAt,
      trialEndsAt: s.trialEndsAt,
      cardBrand: s.cardBrand,
      cardLastFour: s.cardLastFour,
      urls: s.urls,
      providerUpdatedAt: s.updatedAt,
      updatedAt: now(),
    };
    if (existing) await repo.updateSubscription(tx, existing.id, values);
    else await repo.insertSubscription(tx, values);
    return { outcome: "applied", userId };
  }

  async function applyPayment(tx: DbOrTx, eventName: string, customUserId: string | null, p: PaymentFacts): Promise<{ outcome: WebhookOutcome; userId: string | null }> {
    const known = p.providerSubscriptionId ? await repo.findSubscriptionByProviderId(tx, p.providerSubscriptionId) : undefined;
    const userId = await resolveUser(tx, customUserId, known?.userId, p.userEmail);
    if (!userId) return { outcome: "unknown-user", userId: null };
    if (known && known.userId !== userId) return { outcome: "conflict", userId };
    await repo.upsertPayment(tx, {
      userId,
      kind: p.kind,
      providerId: p.providerId,
      providerSubscriptionId: p.providerSubscriptionId,
      status: p.status,
      eventName,
      totalCents: p.totalCents,
      currency: p.currency,
      providerCreatedAt: p.createdAt,
      providerUpdatedAt: p.updatedAt,
    });
    return { outcome: "applied", userId };
  }

  /**
   * The subscription as Lemon Squeezy answered a change: stored as its webhook would store it (the
   * webhook that follows, with the same updated_at, changes nothing more; an older one is stale).
   * False when the answer cannot be read (the webhook will bring the change).
   */
  async function applyAnswer(userId: string, resource: unknown): Promise<boolean> {
    let event;
    try {
      event = parseWebhook(JSON.stringify({ meta: { event_name: "subscription_updated" }, data: resource }));
    } catch (error) {
      logger.warn({ err: error, userId }, "subscription answer unreadable; waiting for the webhook");
      return false;
    }
    if (event.kind !== "subscription") return false;
    const facts = event.subscription;
    const result = await db.transaction((tx) => applySubscription(tx, userId, facts));
    if (result.outcome !== "applied" && result.outcome !== "stale") {
      logger.warn({ userId, outcome: result.outcome }, "subscription answer not stored");
      return false;
    }
    await deps.onSubscriptionChanged?.(userId).catch((e: unknown) => logger.warn({ err: e }, "after-subscription hook failed"));
    return true;
  }

  return {
    options,

    /** A hosted checkout for the plan and period, prefilled with the creator's email and tagged with her id. */
    async checkout(user: { id: string; email: string }, request: CheckoutRequest): Promise<{ url: string }> {
      const variantId = settings.variants[variantKey(request.plan, request.period)];
      if (!deps.client || !settings.storeId || !variantId) throw notConfigured();
      const current = await deps.entitlements.currentSubscription(user.id);
      if (current && changeableStatuses.has(current.row.status)) {
        // A second checkout would bill her twice: a subscriber changes plan instead.
        throw new AppError("CONFLICT", "You already have a subscription: change its plan instead of buying a second one.", undefined, { reason: "already_subscribed" });
      }
      const url = await deps.client.createCheckout({
        storeId: settings.storeId,
        variantId,
        email: user.email,
        userId: user.id,
        redirectUrl: `${settings.publicUrl}/dashboard?billing=success`,
      });
      return { url };
    },

    /**
     * Moves the creator's subscription to another plan or period, in the sequence Lemon Squeezy
     * documents (its "Changing a Subscriber's Plan" tutorial and the API reference of
     * invoice_immediately): the PATCH moves the subscription at once and answers it; asked to
     * invoice at once, it generates a prorated invoice (billing_reason "updated") and attempts the
     * payment, which it reports afterwards with a subscription_payment_success webhook. That
     * invoice is the proration shown, with its status as it is now (pending while the payment is
     * attempted, paid after). The answer's subscription is stored at once, so the new limits apply
     * without waiting for the webhook.
     */
    async changePlan(user: { id: string; email: string }, request: CheckoutRequest): Promise<BillingChangeResponse> {
      const variantId = settings.variants[variantKey(request.plan, request.period)];
      const current = await deps.entitlements.currentSubscription(user.id);
      if (current?.row.providerVariantId === DEMO_VARIANT_ID) throw demoRefusal();
      if (!deps.client || !variantId) throw notConfigured();
      if (!current || !changeableStatuses.has(current.row.status)) {
        const cancelled = current?.row.status === "cancelled" && current.applies;
        throw new AppError(
          "CONFLICT",
          cancelled ? "Your subscription is cancelled: resume it first, then change its plan." : "You have no subscription to change: choose a plan to subscribe.",
          undefined,
          { reason: cancelled ? "cancelled" : "not_subscribed" },
        );
      }
      const planName = `${findPlan(request.plan).name} Plan, billed ${request.period}`;
      if (current.row.providerVariantId === variantId) {
        return { billing: await this.summary(user.id), message: `You are already on the ${planName}.`, proration: null };
      }
      const subscriptionId = current.row.providerSubscriptionId;
      const before = new Set((await deps.client.listInvoices(subscriptionId).catch(() => [])).map((i) => i.id));
      const resource = await deps.client.changeVariant(subscriptionId, variantId);
      const stored = await applyAnswer(user.id, resource);
      const fresh = await deps.client.listInvoices(subscriptionId).catch((error: unknown) => {
        logger.warn({ err: error, userId: user.id }, "invoices unavailable after a plan change");
        return null;
      });
      const charged = fresh?.find((i) => i.billingReason === "updated" && !before.has(i.id)) ?? null;
      const proration: Proration | null = charged
        ? { totalCents: charged.totalCents, currency: charged.currency, total: money(charged.totalCents, charged.currency, charged.totalFormatted), status: invoiceView(charged).status, invoiceUrl: charged.invoiceUrl }
        : null;
      const billing = await this.summary(user.id);
      const limits = "Its limits apply now.";
      let message: string;
      if (!stored) message = `Lemon Squeezy took the change to the ${planName}; this page shows it as soon as Lemon Squeezy confirms it.`;
      else if (proration && charged?.status === "pending")
        message = `You are now on the ${planName}. ${limits} Lemon Squeezy is charging ${proration.total} for the rest of this period (prorated); its receipt comes by email once the payment goes through.`;
      else if (proration) message = `You are now on the ${planName}. ${limits} Lemon Squeezy charged ${proration.total} for the rest of this period (prorated).`;
      else
        message = `You are now on the ${planName}. ${limits} Lemon Squeezy made no charge now: any difference is settled on your next bill${billing.renewsAt ? `, on ${day(new Date(billing.renewsAt))}` : ""}.`;
      return { billing, message, proration };
    },

    /** Cancels at the end of the period she has paid for (Lemon Squeezy: DELETE the subscription); she can resume until then. */
    async cancel(userId: string): Promise<BillingChangeResponse> {
      const current = await deps.entitlements.currentSubscription(userId);
      if (current?.row.providerVariantId === DEMO_VARIANT_ID) throw demoRefusal();
      if (!deps.client) throw notConfigured();
      if (!current || !changeableStatuses.has(current.row.status)) {
        throw new AppError("CONFLICT", current?.row.status === "cancelled" ? "Your subscription is already cancelled." : "You have no subscription to cancel.", undefined, {
          reason: current?.row.status === "cancelled" ? "already_cancelled" : "not_subscribed",
        });
      }
      const stored = await applyAnswer(userId, await deps.client.cancel(current.row.providerSubscriptionId));
      const billing = await this.summary(userId);
      const until = billing.endsAt ? ` Your plan stays until ${day(new Date(billing.endsAt))}, and nothing more is billed.` : "";
      return { billing, message: stored ? `Your subscription is cancelled.${until} You can resume it until then.` : "Lemon Squeezy took the cancellation; this page shows it as soon as Lemon Squeezy confirms it.", proration: null };
    },

    /** Resumes a cancelled subscription before its end (Lemon Squeezy: PATCH cancelled: false). */
    async resume(userId: string): Promise<BillingChangeResponse> {
      const current = await deps.entitlements.currentSubscription(userId);
      if (current?.row.providerVariantId === DEMO_VARIANT_ID) throw demoRefusal();
      if (!deps.client) throw notConfigured();
      if (!current || current.row.status !== "cancelled" || !current.applies) {
        throw new AppError(
          "CONFLICT",
          current && changeableStatuses.has(current.row.status) ? "Your subscription is not cancelled: there is nothing to resume." : "There is no cancelled subscription to resume: choose a plan to subscribe.",
          undefined,
          { reason: current && changeableStatuses.has(current.row.status) ? "not_cancelled" : "nothing_to_resume" },
        );
      }
      const stored = await applyAnswer(userId, await deps.client.resume(current.row.providerSubscriptionId));
      const billing = await this.summary(userId);
      const renews = billing.renewsAt ? ` It renews on ${day(new Date(billing.renewsAt))}.` : "";
      return { billing, message: stored ? `Your subscription is resumed.${renews}` : "Lemon Squeezy took the resumption; this page shows it as soon as Lemon Squeezy confirms it.", proration: null };
    },

    /** Her subscription's invoices as Lemon Squeezy lists them, newest first, each with its link. */
    async invoices(userId: string): Promise<InvoiceList> {
      const current = await deps.entitlements.currentSubscription(userId);
      if (!current) return { invoices: [], note: "No invoices: you have no subscription." };
      if (current.row.providerVariantId === DEMO_VARIANT_ID) return { invoices: [], note: "No invoices: the demo plan is never billed." };
      if (!deps.client) return { invoices: [], note: "Invoices cannot be listed here: payments are not configured on this server." };
      const rows = await deps.client.listInvoices(current.row.providerSubscriptionId);
      return { invoices: rows.map(invoiceView), note: rows.length === 0 ? "No invoices yet." : null };
    },

    /** 'Manage billing': a fresh signed customer-portal link, else the store's billing page. */
    async portal(userId: string): Promise<{ url: string }> {
      const current = await deps.entitlements.currentSubscription(userId);
      const fallback = settings.storeUrl ? `${settings.storeUrl.replace(/(?<!\/)\/+$/, "")}/billing` : null;
      if (current && deps.client) {
        try {
          return { url: await deps.client.customerPortalUrl(current.row.providerSubscriptionId) };
        } catch (error) {
          if (!fallback) throw error;
          logger.warn({ err: error, userId }, "customer portal link unavailable; sending to the store's billing page");
        }
      }
      if (fallback) return { url: fallback };
      if (!current) throw new AppError("NOT_FOUND", "You have no subscription to manage yet.");
      throw notConfigured();
    },

    async summary(userId: string): Promise<BillingSummary> {
      const at = now();
      const current = await deps.entitlements.currentSubscription(userId, at);
      const tier = current?.applies ? (current.row.plan as BillingSummary["tier"]) : "free";
      const row = current?.row;
      const demo = row?.providerVariantId === DEMO_VARIANT_ID;
      return {
        plan: (row?.plan as BillingSummary["plan"]) ?? null,
        period: (row?.period as BillingSummary["period"]) ?? null,
        tier,
        status: (row?.status as BillingSummary["status"]) ?? null,
        statusText: statusText(row, current?.applies ?? false, at),
        renewsAt: row && (row.status === "active" || row.status === "on_trial") ? (row.renewsAt?.toISOString() ?? null) : null,
        endsAt: row?.endsAt?.toISOString() ?? null,
        canManage: !demo && (Boolean(row && deps.client) || Boolean(settings.storeUrl)),
        paymentsConfigured: options().configured,
        demo,
        canCancel: !demo && Boolean(deps.client) && Boolean(row && changeableStatuses.has(row.status)),
        canResume: !demo && Boolean(deps.client) && row?.status === "cancelled" && (current?.applies ?? false),
        entitlements: entitlements[tier],
        usage: await deps.usageFor(userId),
      };
    },

    /**
     * A webhook delivery: the signature must sign the exact bytes received. Each body is
     * applied once; older subscription states, unknown creators and other stores change nothing.
     */
    async handleWebhook(body: Uint8Array, signature: string | undefined): Promise<{ outcome: WebhookOutcome }> {
      if (!settings.webhookSecret) throw notConfigured();
      if (!signatureMatches(settings.webhookSecret, body, signature)) throw new AppError("UNAUTHENTICATED", "The webhook signature does not match.");
      let event;
      try {
        event = parseWebhook(new TextDecoder("utf-8", { fatal: true }).decode(body));
      } catch (error) {
        if (error instanceof MalformedWebhookError || error instanceof TypeError) {
          logger.warn({ reason: error.message }, "malformed billing webhook");
          throw new AppError("VALIDATION", `Not a Lemon Squeezy event billing can read: ${error.message}`);
        }
        throw error;
      }
      const bodySha256 = createHash("sha256").update(body).digest("hex");
      const result = await db.transaction(async (tx) => {
        const eventId = await repo.insertEventOnce(tx, { bodySha256, body: Buffer.from(body), eventName: event.eventName, outcome: "received" });
        if (!eventId) return { outcome: "duplicate" as WebhookOutcome, userId: null };
        let applied: { outcome: WebhookOutcome; userId: string | null };
        const storeId = event.kind === "subscription" ? event.subscription.storeId : event.kind === "payment" ? event.payment.storeId : null;
        if (event.kind === "other") applied = { outcome: "ignored", userId: null };
        else if (settings.storeId && storeId !== settings.storeId) applied = { outcome: "other-store", userId: null };
        else if (event.kind === "subscription") applied = await applySubscription(tx, event.customUserId, event.subscription);
        else applied = await applyPayment(tx, event.eventName, event.customUserId, event.payment);
        await repo.updateEvent(tx, eventId, { outcome: applied.outcome, userId: applied.outcome === "conflict" ? null : applied.userId });
        return applied;
      });
      const log = { event: event.eventName, outcome: result.outcome, userId: result.userId };
      if (result.outcome === "applied" || result.outcome === "ignored" || result.outcome === "duplicate") logger.info(log, "billing webhook");
      else logger.warn(log, "billing webhook changed nothing");
      if (result.outcome === "applied" && event.kind === "subscription" && result.userId && deps.onSubscriptionChanged) {
        await deps.onSubscriptionChanged(result.userId).catch((e: unknown) => logger.warn({ err: e }, "after-subscription hook failed"));
      }
      return { outcome: result.outcome };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
