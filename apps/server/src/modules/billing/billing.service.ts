import { createHash } from "node:crypto";
import { PAYMENTS_NOT_CONFIGURED, type BillingOptions, type BillingSummary, type BillingUsage, type CheckoutRequest } from "@leakwarden/contracts/billing";
import { entitlements, parseVariantKey, variantKey, variantKeys, type VariantKey } from "@leakwarden/contracts/plans";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import * as repo from "./billing.repository";
import type { EntitlementsService } from "./entitlements.service";
import type { LemonSqueezyClient } from "./lemon-squeezy-client";
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

const notConfigured = () =>
  new AppError("UNAVAILABLE", "Payments are not configured on this server yet.", undefined, { reason: PAYMENTS_NOT_CONFIGURED });

const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

function statusText(row: repo.SubscriptionRow | undefined, applies: boolean, at: Date): string {
  if (!row) return "No plan: you are on the free scan.";
  switch (row.status) {
    case "active":
      return row.renewsAt ? `Active. Renews on ${day(row.renewsAt)}.` : "Active.";
    case "on_trial":
      return row.trialEndsAt ?? row.renewsAt ? `Free trial until ${day((row.trialEndsAt ?? row.renewsAt)!)}.` : "Free trial.";
    case "past_due":
      return "Payment failed: update your card to keep your plan. The charge will be tried again.";
    case "unpaid":
      return "Unpaid: the plan is off until the payment goes through. Update your card in Manage billing.";
    case "paused":
      return "Paused: the plan's features are off until you resume it.";
    case "cancelled":
      if (applies && row.endsAt) return `Cancelled: your plan stays until ${day(row.endsAt)}.`;
      return row.endsAt && row.endsAt <= at ? `Cancelled: your plan ended on ${day(row.endsAt)}.` : "Cancelled.";
    case "expired":
      return row.endsAt ? `Expired on ${day(row.endsAt)}.` : "Expired.";
    default:
      return row.status;
  }
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

    /** Moves the creator's subscription to another plan or period; the provider prorates. */
    async changePlan(user: { id: string; email: string }, request: CheckoutRequest): Promise<BillingSummary> {
      const variantId = settings.variants[variantKey(request.plan, request.period)];
      if (!deps.client || !variantId) throw notConfigured();
      const current = await deps.entitlements.currentSubscription(user.id);
      if (!current || !changeableStatuses.has(current.row.status)) throw new AppError("CONFLICT", "You have no subscription to change: choose a plan to subscribe.", undefined, { reason: "not_subscribed" });
      if (current.row.providerVariantId !== variantId) {
        const resource = await deps.client.changeVariant(current.row.providerSubscriptionId, variantId);
        // The answer is the subscription as the webhook will describe it: stored now, so the new limits apply at once.
        let event;
        try {
          event = parseWebhook(JSON.stringify({ meta: { event_name: "subscription_updated" }, data: resource }));
        } catch (error) {
          logger.warn({ err: error }, "plan change answer unreadable; waiting for the webhook");
          return this.summary(user.id);
        }
        if (event.kind === "subscription") {
          const facts = event.subscription;
          await db.transaction(async (tx) => {
            await applySubscription(tx, user.id, facts);
          });
          await deps.onSubscriptionChanged?.(user.id).catch((e: unknown) => logger.warn({ err: e }, "after-subscription hook failed"));
        }
      }
      return this.summary(user.id);
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
      return {
        plan: (row?.plan as BillingSummary["plan"]) ?? null,
        period: (row?.period as BillingSummary["period"]) ?? null,
        tier,
        status: (row?.status as BillingSummary["status"]) ?? null,
        statusText: statusText(row, current?.applies ?? false, at),
        renewsAt: row && (row.status === "active" || row.status === "on_trial") ? (row.renewsAt?.toISOString() ?? null) : null,
        endsAt: row?.endsAt?.toISOString() ?? null,
        canManage: Boolean(row && deps.client) || Boolean(settings.storeUrl),
        paymentsConfigured: options().configured,
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
        const eventId = await repo.insertEventOnce(tx, { bodySha256, eventName: event.eventName, outcome: "received" });
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
