import { signBody } from "../../../apps/server/src/modules/billing/webhook-signature";

// Lemon Squeezy webhook deliveries in its published shape, signed as it signs them.

export const TEST_WEBHOOK_SECRET = "whsec-test-signing-secret";
export const TEST_STORE_ID = "4242";
export const TEST_VARIANTS = {
  "starter-monthly": "101",
  "starter-yearly": "102",
  "premium-monthly": "201",
  "premium-yearly": "202",
  "vip-monthly": "301",
  "vip-yearly": "302",
} as const;

/** Settings for a server that takes webhooks (no API key: checkout stays unconfigured). */
export const billingSettings = {
  LEMONSQUEEZY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  LEMONSQUEEZY_STORE_ID: TEST_STORE_ID,
  LEMONSQUEEZY_VARIANTS: Object.entries(TEST_VARIANTS)
    .map(([k, v]) => `${k}=${v}`)
    .join(","),
};

/** Lemon Squeezy's formatted statuses, of subscriptions and of subscription invoices. */
const statusFormatted: Record<string, string> = {
  on_trial: "On Trial",
  active: "Active",
  paused: "Paused",
  past_due: "Past due",
  unpaid: "Unpaid",
  cancelled: "Cancelled",
  expired: "Expired",
  paid: "Paid",
  pending: "Pending",
  void: "Void",
  refunded: "Refunded",
  partial_refund: "Partial refund",
};

export interface SubscriptionShape {
  id: string;
  variantId: string;
  variantName?: string;
  email: string;
  userName?: string;
  status: string;
  cancelled?: boolean;
  /** The day of the month it renews on. */
  billingAnchor?: number;
  renewsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  storeId?: string;
  /** Its signed links (the customer portal's is valid for a day). */
  urls?: { update_payment_method: string; customer_portal: string; customer_portal_update_subscription?: string };
}

/**
 * A subscription's attributes in Lemon Squeezy's published shape (https://docs.lemonsqueezy.com/api/subscriptions,
 * "The subscription object"): the one builder for the webhook deliveries below and the fake store's API answers.
 */
export function subscriptionAttributes(s: SubscriptionShape) {
  return {
    store_id: Number(s.storeId ?? TEST_STORE_ID),
    customer_id: 5001,
    order_id: 7001,
    order_item_id: 8001,
    product_id: 9001,
    variant_id: Number(s.variantId),
    product_name: "Leakwarden",
    variant_name: s.variantName ?? "Plan",
    user_name: s.userName ?? s.email.split("@")[0]!,
    user_email: s.email,
    status: s.status,
    status_formatted: statusFormatted[s.status] ?? s.status,
    card_brand: "visa",
    card_last_four: "4242",
    pause: null,
    cancelled: s.cancelled ?? s.status === "cancelled",
    trial_ends_at: null,
    billing_anchor: s.billingAnchor ?? 1,
    first_subscription_item: { id: 1, subscription_id: Number(s.id), price_id: 1, quantity: 1, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString() },
    urls: s.urls ?? {
      update_payment_method: `https://leakwarden-test.lemonsqueezy.com/subscription/${s.id}/payment-details?signature=old`,
      customer_portal: `https://leakwarden-test.lemonsqueezy.com/billing?signature=old`,
    },
    renews_at: s.renewsAt?.toISOString() ?? null,
    ends_at: s.endsAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    test_mode: true,
  };
}

export interface SubscriptionInvoiceShape {
  id: string;
  subscriptionId: string;
  email: string;
  userName?: string;
  /** initial (the purchase), renewal, or updated (a plan change's prorated invoice). */
  billingReason?: "initial" | "renewal" | "updated";
  status: string;
  totalCents: number;
  createdAt: Date;
  updatedAt?: Date;
  storeId?: string;
}

/** A subscription invoice's attributes in Lemon Squeezy's published shape (https://docs.lemonsqueezy.com/api/subscription-invoices): for the webhooks and the fake store. */
export function subscriptionInvoiceAttributes(i: SubscriptionInvoiceShape) {
  const money = `$${(i.totalCents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
  return {
    store_id: Number(i.storeId ?? TEST_STORE_ID),
    subscription_id: Number(i.subscriptionId),
    customer_id: 5001,
    user_name: i.userName ?? i.email.split("@")[0]!,
    user_email: i.email,
    billing_reason: i.billingReason ?? "renewal",
    card_brand: "visa",
    card_last_four: "4242",
    currency: "USD",
    currency_rate: "1.00000000",
    status: i.status,
    status_formatted: statusFormatted[i.status] ?? i.status,
    refunded: i.status === "refunded",
    refunded_at: null,
    subtotal: i.totalCents,
    discount_total: 0,
    tax: 0,
    tax_inclusive: false,
    total: i.totalCents,
    subtotal_usd: i.totalCents,
    discount_total_usd: 0,
    tax_usd: 0,
    total_usd: i.totalCents,
    subtotal_formatted: money,
    discount_total_formatted: "$0.00",
    tax_formatted: "$0.00",
    total_formatted: money,
    urls: { invoice_url: `https://app.lemonsqueezy.com/my-orders/test-order/subscription-invoice/${i.id}?signature=inv${i.id}` },
    created_at: i.createdAt.toISOString(),
    updated_at: (i.updatedAt ?? i.createdAt).toISOString(),
    test_mode: true,
  };
}

export interface SubscriptionEventInput {
  subscriptionId: string;
  userId?: string | null;
  email: string;
  variantId: string;
  status: string;
  updatedAt: Date;
  renewsAt?: Date | null;
  endsAt?: Date | null;
  storeId?: string;
}

export function subscriptionEvent(eventName: string, s: SubscriptionEventInput) {
  return {
    meta: {
      test_mode: true,
      event_name: eventName,
      webhook_id: "6f4c1f0e-3a0b-4d0a-9d7e-0e8f0a1b2c3d",
      ...(s.userId === null ? {} : { custom_data: { user_id: s.userId } }),
    },
    data: {
      type: "subscriptions",
      id: s.subscriptionId,
      attributes: subscriptionAttributes({
        id: s.subscriptionId,
        variantId: s.variantId,
        email: s.email,
        userName: "Creator",
        status: s.status,
        renewsAt: s.renewsAt === undefined ? new Date(s.updatedAt.getTime() + 30 * 86_400_000) : s.renewsAt,
        endsAt: s.endsAt ?? null,
        createdAt: s.updatedAt,
        updatedAt: s.updatedAt,
        ...(s.storeId ? { storeId: s.storeId } : {}),
      }),
      relationships: {},
      links: { self: `https://api.lemonsqueezy.com/v1/subscriptions/${s.subscriptionId}` },
    },
  };
}

export function invoiceEvent(
  eventName: string,
  i: { invoiceId: string; subscriptionId: string; userId?: string; email: string; status: string; total: number; at: Date; billingReason?: SubscriptionInvoiceShape["billingReason"]; updatedAt?: Date },
) {
  return {
    meta: { test_mode: true, event_name: eventName, ...(i.userId ? { custom_data: { user_id: i.userId } } : {}) },
    data: {
      type: "subscription-invoices",
      id: i.invoiceId,
      attributes: subscriptionInvoiceAttributes({
        id: i.invoiceId,
        subscriptionId: i.subscriptionId,
        email: i.email,
        userName: "Creator",
        ...(i.billingReason ? { billingReason: i.billingReason } : {}),
        status: i.status,
        totalCents: i.total,
        createdAt: i.at,
        ...(i.updatedAt ? { updatedAt: i.updatedAt } : {}),
      }),
      relationships: {},
    },
  };
}

export function orderEvent(o: { orderId: string; userId?: string; email: string; total: number; variantId: string; at: Date }) {
  return {
    meta: { test_mode: true, event_name: "order_created", ...(o.userId ? { custom_data: { user_id: o.userId } } : {}) },
    data: {
      type: "orders",
      id: o.orderId,
      attributes: {
        store_id: Number(TEST_STORE_ID),
        customer_id: 5001,
        identifier: "104e18a2-d755-4d4b-80c4-a6c1dcbe1c10",
        order_number: 1,
        user_name: "Creator",
        user_email: o.email,
        currency: "USD",
        status: "paid",
        subtotal: o.total,
        total: o.total,
        first_order_item: { variant_id: Number(o.variantId), product_id: 9001, price: o.total },
        urls: { receipt: "https://app.lemonsqueezy.com/my-orders/104e18a2?signature=abc" },
        created_at: o.at.toISOString(),
        updated_at: o.at.toISOString(),
        test_mode: true,
      },
    },
  };
}

/** Posts a delivery the way Lemon Squeezy does: no cookie, no Origin, `X-Signature` over the exact bytes. */
export function postWebhook(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  body: unknown,
  options: { signature?: string | null; secret?: string } = {},
): Promise<Response> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json", "x-event-name": "event" };
  const signature = options.signature === undefined ? signBody(options.secret ?? TEST_WEBHOOK_SECRET, raw) : options.signature;
  if (signature !== null) headers["x-signature"] = signature;
  return Promise.resolve(app.request("http://localhost:3000/v1/billing/webhook", { method: "POST", headers, body: raw }));
}
