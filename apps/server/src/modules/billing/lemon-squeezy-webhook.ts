import { subscriptionStatuses, type SubscriptionStatus } from "@leakwarden/contracts/billing";
import { z } from "zod";

// Lemon Squeezy's webhook bodies (https://docs.lemonsqueezy.com/help/webhooks): `meta` (event_name,
// custom_data) and a JSON:API `data` resource. Read into the few facts billing keeps.

export const subscriptionEvents = [
  "subscription_created",
  "subscription_updated",
  "subscription_cancelled",
  "subscription_resumed",
  "subscription_expired",
  "subscription_paused",
  "subscription_unpaused",
] as const;
export const invoiceEvents = ["subscription_payment_success", "subscription_payment_failed", "subscription_payment_recovered"] as const;
export const orderEvents = ["order_created"] as const;

// PostgreSQL text cannot hold U+0000. A name billing looks things up by (an id, an event name, a
// status) holding one is refused: dropping it could make it name another record. Text billing
// only keeps (an address, a card brand, a link) is stored without it; the delivery's bytes are
// kept as received (billing_event.body), so nothing the provider sent is lost.
const NUL = "\u0000";
const withoutNul = (s: string): string => s.replaceAll(NUL, "");
const identifierText = z.string().min(1).refine((s) => !s.includes(NUL), "holds a NUL character, which no Lemon Squeezy identifier does");

const id = z.union([z.string(), z.number().int()]).transform(String).pipe(identifierText);
const timestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a timestamp").transform((s) => new Date(s));
const optionalTimestamp = timestamp.nullish().transform((d) => d ?? null);
const optionalText = z.string().nullish().transform((s) => (s == null ? null : withoutNul(s)));
const optionalLink = z.string().nullish().transform((s) => (s == null ? undefined : withoutNul(s) || undefined));

const envelopeSchema = z.object({
  meta: z.object({
    event_name: identifierText,
    custom_data: z.record(z.string(), z.unknown()).nullish(),
  }),
  data: z.object({ type: z.string(), id, attributes: z.record(z.string(), z.unknown()) }),
});

const subscriptionAttributesSchema = z.object({
  store_id: id,
  customer_id: id,
  order_id: id.nullish(),
  variant_id: id,
  status: z.enum(subscriptionStatuses),
  user_email: optionalText,
  card_brand: optionalText,
  card_last_four: optionalText,
  renews_at: optionalTimestamp,
  ends_at: optionalTimestamp,
  trial_ends_at: optionalTimestamp,
  updated_at: timestamp,
  urls: z
    .object({ customer_portal: optionalLink, update_payment_method: optionalLink })
    .nullish()
    .transform((u) => ({ ...(u?.customer_portal ? { customerPortal: u.customer_portal } : {}), ...(u?.update_payment_method ? { updatePaymentMethod: u.update_payment_method } : {}) })),
});

const paymentAttributesSchema = z.object({
  store_id: id,
  customer_id: id.nullish(),
  subscription_id: id.nullish(),
  status: identifierText,
  // total_cents is a PostgreSQL integer.
  total: z.number().int().nonnegative().max(2_147_483_647).default(0),
  currency: identifierText.pipe(z.string().length(3)).default("USD"),
  user_email: optionalText,
  created_at: optionalTimestamp,
  updated_at: optionalTimestamp,
});

export interface SubscriptionFacts {
  providerSubscriptionId: string;
  storeId: string;
  customerId: string;
  orderId: string | null;
  variantId: string;
  status: SubscriptionStatus;
  userEmail: string | null;
  cardBrand: string | null;
  cardLastFour: string | null;
  renewsAt: Date | null;
  endsAt: Date | null;
  trialEndsAt: Date | null;
  updatedAt: Date;
  urls: { customerPortal?: string; updatePaymentMethod?: string };
}

export interface PaymentFacts {
  kind: "order" | "invoice";
  providerId: string;
  storeId: string;
  customerId: string | null;
  providerSubscriptionId: string | null;
  status: string;
  totalCents: number;
  currency: string;
  userEmail: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export type WebhookEvent =
  | { kind: "subscription"; eventName: string; customUserId: string | null; subscription: SubscriptionFacts }
  | { kind: "payment"; eventName: string; customUserId: string | null; payment: PaymentFacts }
  | { kind: "other"; eventName: string };

export class MalformedWebhookError extends Error {}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
}

/** Reads a verified body; throws MalformedWebhookError when it is not a Lemon Squeezy event billing can use. */
export function parseWebhook(text: string): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MalformedWebhookError("The body is not JSON.");
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new MalformedWebhookError(issues(envelope.error));
  const { meta, data } = envelope.data;
  const eventName = meta.event_name;
  const rawUserId = meta.custom_data?.user_id;
  if (typeof rawUserId === "string" && rawUserId.includes(NUL)) throw new MalformedWebhookError("meta.custom_data.user_id: holds a NUL character, which no user id does");
  const customUserId = typeof rawUserId === "string" && rawUserId.trim() ? rawUserId.trim() : typeof rawUserId === "number" ? String(rawUserId) : null;

  if ((subscriptionEvents as readonly string[]).includes(eventName)) {
    if (data.type !== "subscriptions") throw new MalformedWebhookError(`data.type: ${eventName} carries a subscription, not ${data.type}`);
    const a = subscriptionAttributesSchema.safeParse(data.attributes);
    if (!a.success) throw new MalformedWebhookError(issues(a.error));
    const s = a.data;
    return {
      kind: "subscription",
      eventName,
      customUserId,
      subscription: {
        providerSubscriptionId: data.id,
        storeId: s.store_id,
        customerId: s.customer_id,
        orderId: s.order_id ?? null,
        variantId: s.variant_id,
        status: s.status,
        userEmail: s.user_email,
        cardBrand: s.card_brand,
        cardLastFour: s.card_last_four,
        renewsAt: s.renews_at,
        endsAt: s.ends_at,
        trialEndsAt: s.trial_ends_at,
        updatedAt: s.updated_at,
        urls: s.urls,
      },
    };
  }

  const isInvoice = (invoiceEvents as readonly string[]).includes(eventName);
  const isOrder = (orderEvents as readonly string[]).includes(eventName);
  if (isInvoice || isOrder) {
    const expected = isInvoice ? "subscription-invoices" : "orders";
    if (data.type !== expected) throw new MalformedWebhookError(`data.type: ${eventName} carries ${expected}, not ${data.type}`);
    const a = paymentAttributesSchema.safeParse(data.attributes);
    if (!a.success) throw new MalformedWebhookError(issues(a.error));
    const p = a.data;
    return {
      kind: "payment",
      eventName,
      customUserId,
      payment: {
        kind: isInvoice ? "invoice" : "order",
        providerId: data.id,
        storeId: p.store_id,
        customerId: p.customer_id ?? null,
        providerSubscriptionId: p.subscription_id ?? null,
        status: p.status,
        totalCents: p.total,
        currency: p.currency.toUpperCase(),
        userEmail: p.user_email,
        createdAt: p.created_at,
        updatedAt: p.updated_at,
      },
    };
  }
  return { kind: "other", eventName };
}
