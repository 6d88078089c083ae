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
      attributes: {
        store_id: Number(s.storeId ?? TEST_STORE_ID),
        customer_id: 5001,
        order_id: 7001,
        order_item_id: 8001,
        product_id: 9001,
        variant_id: Number(s.variantId),
        product_name: "Leakwarden",
        variant_name: "Plan",
        user_name: "Creator",
        user_email: s.email,
        status: s.status,
        status_formatted: s.status,
        card_brand: "visa",
        card_last_four: "4242",
        pause: null,
        cancelled: s.status === "cancelled",
        trial_ends_at: null,
        billing_anchor: 1,
        urls: {
          update_payment_method: `https://leakwarden-test.lemonsqueezy.com/subscription/${s.subscriptionId}/payment-details?signature=old`,
          customer_portal: `https://leakwarden-test.lemonsqueezy.com/billing?signature=old`,
        },
        renews_at: s.renewsAt === undefined ? new Date(s.updatedAt.getTime() + 30 * 86_400_000).toISOString() : (s.renewsAt?.toISOString() ?? null),
        ends_at: s.endsAt?.toISOString() ?? null,
        created_at: s.updatedAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
        test_mode: true,
      },
      relationships: {},
      links: { self: `https://api.lemonsqueezy.com/v1/subscriptions/${s.subscriptionId}` },
    },
  };
}

export function invoiceEvent(eventName: string, i: { invoiceId: string; subscriptionId: string; userId?: string; email: string; status: string; total: number; at: Date }) {
  return {
    meta: { test_mode: true, event_name: eventName, ...(i.userId ? { custom_data: { user_id: i.userId } } : {}) },
    data: {
      type: "subscription-invoices",
      id: i.invoiceId,
      attributes: {
        store_id: Number(TEST_STORE_ID),
        subscription_id: Number(i.subscriptionId),
        customer_id: 5001,
        user_name: "Creator",
        user_email: i.email,
        billing_reason: "renewal",
        card_brand: "visa",
        card_last_four: "4242",
        currency: "USD",
        status: i.status,
        status_formatted: i.status,
        refunded: false,
        subtotal: i.total,
        tax: 0,
        total: i.total,
        total_usd: i.total,
        created_at: i.at.toISOString(),
        updated_at: i.at.toISOString(),
        test_mode: true,
      },
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
