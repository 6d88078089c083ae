import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseVariantKey, planPrice, findPlan } from "@leakwarden/contracts/plans";
import { invoiceEvent, subscriptionAttributes, subscriptionInvoiceAttributes, TEST_VARIANTS } from "../billing-events";

// A stand-in for Lemon Squeezy's JSON:API on 127.0.0.1 (https://docs.lemonsqueezy.com/api): checkouts,
// subscriptions (retrieve, update: variant change with proration, cancel, resume) and subscription
// invoices, in its published shapes (the builders in billing-events.ts, shared with the webhook
// deliveries), with the state a real store keeps. It records what it was sent.
//
// A plan change follows the documented sequence (docs.lemonsqueezy.com: "Changing a Subscriber's
// Plan" tutorial, the developer guide's "Managing subscriptions", and the API reference of
// invoice_immediately / disable_prorations): the PATCH moves the subscription to the new variant at
// once and answers it. By default the proration goes on the next renewal's charge; with
// invoice_immediately "a new prorated invoice will be generated and payment attempted": the invoice
// (billing_reason "updated") exists at once, status "pending", and the payment attempt settles it
// afterwards (settlePayments here), which Lemon Squeezy reports with a subscription_payment_success
// webhook carrying the subscription invoice. disable_prorations overrides invoice_immediately: no
// proration, the new price from the next renewal.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeSubscription {
  id: string;
  variantId: string;
  email: string;
  userName: string;
  status: "on_trial" | "active" | "paused" | "past_due" | "unpaid" | "cancelled" | "expired";
  cancelled: boolean;
  /** The current billing period. */
  periodStart: Date;
  renewsAt: Date;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FakeInvoice {
  id: string;
  subscriptionId: string;
  billingReason: "initial" | "renewal" | "updated";
  status: "paid" | "pending" | "void" | "refunded" | "partial_refund";
  totalCents: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface SeedSubscription {
  id: string;
  variantId: string;
  email: string;
  status?: FakeSubscription["status"];
  /** The start of the current period (default: now); the period lasts the variant's interval. */
  periodStart?: Date;
}

export interface FakeLemonSqueezy {
  url: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, FakeSubscription>;
  invoices: FakeInvoice[];
  /** Make the next answers fail with this HTTP status (null: answer normally). */
  failWith: number | null;
  /** The store's clock (tests set it to know the proration). */
  now: () => Date;
  /** A subscription bought through the store, with its first invoice; answers it as the API would. */
  addSubscription(seed: SeedSubscription): FakeSubscription;
  /**
   * The store's payment attempts on its pending invoices (a plan change's prorated invoice): each
   * is paid, and the subscription_payment_success deliveries Lemon Squeezy then sends are returned,
   * for the test to post to the webhook.
   */
  settlePayments(): unknown[];
  close(): Promise<void>;
}

const JSON_API = "application/vnd.api+json";

/** Lists what the fake was sent, as JSON, to tests in another process (the browser journeys). */
export const RECORDED_REQUESTS_PATH = "/__fake/requests";
/** POST a SeedSubscription (dates as ISO strings) from another process: the store now knows that subscription. */
export const SEED_SUBSCRIPTION_PATH = "/__fake/subscriptions";
/** POST: settlePayments() from another process; answers the webhook deliveries it made. */
export const SETTLE_PAYMENTS_PATH = "/__fake/settle-payments";

/** The test store's variants: each plan and period at the catalog's price. */
function defaultVariants(): Map<string, { name: string; priceCents: number; months: number }> {
  const variants = new Map<string, { name: string; priceCents: number; months: number }>();
  for (const [key, id] of Object.entries(TEST_VARIANTS)) {
    const parsed = parseVariantKey(key)!;
    const plan = findPlan(parsed.plan);
    variants.set(id, { name: `${plan.name} (${parsed.period})`, priceCents: planPrice(plan, parsed.period).billedCents, months: parsed.period === "yearly" ? 12 : 1 });
  }
  return variants;
}

const addMonths = (d: Date, months: number) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};


export async function startFakeLemonSqueezy(options: { apiKey: string; storeId: string; port?: number }): Promise<FakeLemonSqueezy> {
  const variants = defaultVariants();
  const fake: FakeLemonSqueezy = {
    url: "",
    requests: [],
    subscriptions: new Map(),
    invoices: [],
    failWith: null,
    now: () => new Date(),
    addSubscription: (seed) => {
      const variant = variants.get(seed.variantId);
      if (!variant) throw new Error(`the test store has no variant ${seed.variantId}`);
      const start = seed.periodStart ?? fake.now();
      const sub: FakeSubscription = {
        id: seed.id,
        variantId: seed.variantId,
        email: seed.email,
        userName: seed.email.split("@")[0]!,
        status: seed.status ?? "active",
        cancelled: false,
        periodStart: start,
        renewsAt: addMonths(start, variant.months),
        endsAt: null,
        createdAt: start,
        updatedAt: start,
      };
      fake.subscriptions.set(sub.id, sub);
      invoice(sub.id, "initial", variant.priceCents, start, "paid");
      return sub;
    },
    settlePayments: () => {
      const at = fake.now();
      return fake.invoices
        .filter((i) => i.status === "pending")
        .map((i) => {
          i.status = "paid";
          i.updatedAt = at;
          const sub = fake.subscriptions.get(i.subscriptionId);
          return invoiceEvent("subscription_payment_success", {
            invoiceId: i.id,
            subscriptionId: i.subscriptionId,
            email: sub?.email ?? "customer@example.com",
            status: i.status,
            total: i.totalCents,
            at: i.createdAt,
            updatedAt: at,
            billingReason: i.billingReason,
          });
        });
    },
    close: async () => undefined,
  };
  let checkouts = 0;
  let invoiceIds = 0;

  function invoice(subscriptionId: string, billingReason: FakeInvoice["billingReason"], totalCents: number, at: Date, status: FakeInvoice["status"]): FakeInvoice {
    invoiceIds++;
    const row: FakeInvoice = { id: String(600000 + invoiceIds), subscriptionId, billingReason, status, totalCents, createdAt: at, updatedAt: at };
    fake.invoices.push(row);
    return row;
  }

  function subscriptionResource(s: FakeSubscription) {
    return {
      type: "subscriptions",
      id: s.id,
      attributes: subscriptionAttributes({
        id: s.id,
        storeId: options.storeId,
        variantId: s.variantId,
        variantName: variants.get(s.variantId)?.name ?? "Plan",
        email: s.email,
        userName: s.userName,
        status: s.status,
        cancelled: s.cancelled,
        billingAnchor: s.periodStart.getUTCDate(),
        renewsAt: s.renewsAt,
        endsAt: s.endsAt,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        urls: {
          update_payment_method: `https://leakwarden-test.lemonsqueezy.com/subscription/${s.id}/payment-details?expires=1&signature=def`,
          customer_portal: `https://leakwarden-test.lemonsqueezy.com/billing?expires=1&user=1&signature=fresh-${s.id}`,
          customer_portal_update_subscription: `https://leakwarden-test.lemonsqueezy.com/billing/${s.id}/update?expires=1&signature=upd`,
        },
      }),
      relationships: {},
      links: { self: `${fake.url}/v1/subscriptions/${s.id}` },
    };
  }

  function invoiceResource(i: FakeInvoice) {
    const sub = fake.subscriptions.get(i.subscriptionId);
    return {
      type: "subscription-invoices",
      id: i.id,
      attributes: subscriptionInvoiceAttributes({
        id: i.id,
        storeId: options.storeId,
        subscriptionId: i.subscriptionId,
        email: sub?.email ?? "customer@example.com",
        ...(sub ? { userName: sub.userName } : {}),
        billingReason: i.billingReason,
        status: i.status,
        totalCents: i.totalCents,
        createdAt: i.createdAt,
        updatedAt: i.updatedAt,
      }),
      relationships: {},
      links: { self: `${fake.url}/v1/subscription-invoices/${i.id}` },
    };
  }

  /**
   * A variant change, prorated as the store does: the unused part of the period on the old price is
   * credited against the new one; with invoice_immediately a positive difference is invoiced at once
   * (billing_reason "updated", pending until settlePayments attempts the payment), otherwise it is
   * carried to the next renewal; disable_prorations overrides both. A change of interval starts a new period.
   */
  function changeVariant(s: FakeSubscription, variantId: string, invoiceImmediately: boolean, disableProrations: boolean) {
    const from = variants.get(s.variantId)!;
    const to = variants.get(variantId)!;
    const at = fake.now();
    const span = s.renewsAt.getTime() - s.periodStart.getTime();
    const unused = span > 0 ? Math.max(0, Math.min(1, (s.renewsAt.getTime() - at.getTime()) / span)) : 0;
    let charge: number;
    if (from.months !== to.months) {
      charge = to.priceCents - Math.round(from.priceCents * unused);
      s.periodStart = at;
      s.renewsAt = addMonths(at, to.months);
    } else {
      charge = Math.round((to.priceCents - from.priceCents) * unused);
    }
    s.variantId = variantId;
    if (!disableProrations && invoiceImmediately && charge > 0) invoice(s.id, "updated", charge, at, "pending");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const url = new URL(req.url ?? "/", "http://fake.local");
      const path = url.pathname;
      const send = (status: number, doc: unknown) => {
        res.statusCode = status;
        res.setHeader("content-type", JSON_API);
        res.end(JSON.stringify(doc));
      };
      const unprocessable = (detail: string) => send(422, { errors: [{ status: "422", title: "Unprocessable Entity", detail }] });
      if (req.method === "GET" && path === RECORDED_REQUESTS_PATH) return send(200, fake.requests);
      if (req.method === "POST" && path === SETTLE_PAYMENTS_PATH) return send(200, fake.settlePayments());
      if (req.method === "POST" && path === SEED_SUBSCRIPTION_PATH) {
        const seed = body as { id: string; variantId: string; email: string; status?: FakeSubscription["status"]; periodStart?: string };
        try {
          const { periodStart, ...rest } = seed;
          const sub = fake.addSubscription({ ...rest, ...(periodStart ? { periodStart: new Date(periodStart) } : {}) });
          return send(201, { data: subscriptionResource(sub) });
        } catch (error) {
          return unprocessable(String(error));
        }
      }
      fake.requests.push({ method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) return send(401, { errors: [{ status: "401", title: "Unauthenticated" }] });
      if (fake.failWith) return send(fake.failWith, { errors: [{ status: String(fake.failWith), title: "Server Error" }] });
      if (req.headers.accept !== JSON_API) return send(406, { errors: [{ status: "406", title: "Not Acceptable" }] });
      if ((req.method === "POST" || req.method === "PATCH") && req.headers["content-type"] !== JSON_API) return send(415, { errors: [{ status: "415", title: "Unsupported Media Type" }] });
      if (req.method === "POST" && path === "/v1/checkouts") {
        const data = (body as { data?: { type?: string; attributes?: Record<string, unknown>; relationships?: Record<string, { data?: { id?: string } }> } })?.data;
        const storeId = data?.relationships?.store?.data?.id;
        const variantId = data?.relationships?.variant?.data?.id;
        if (data?.type !== "checkouts" || !storeId || !variantId) return unprocessable("store and variant are required");
        checkouts++;
        const id = `c0ffee00-0000-4000-8000-${String(checkouts).padStart(12, "0")}`;
        return send(201, {
          jsonapi: { version: "1.0" },
          links: { self: `${fake.url}/v1/checkouts/${id}` },
          data: {
            type: "checkouts",
            id,
            attributes: {
              store_id: Number(storeId),
              variant_id: Number(variantId),
              custom_price: null,
              product_options: data.attributes?.product_options ?? {},
              checkout_options: {},
              checkout_data: data.attributes?.checkout_data ?? {},
              expires_at: null,
              created_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
              test_mode: true,
              url: `https://leakwarden-test.lemonsqueezy.com/checkout/custom/${id}?signature=abc123`,
            },
            relationships: {},
            links: { self: `${fake.url}/v1/checkouts/${id}` },
          },
        });
      }
      if (req.method === "GET" && path === "/v1/subscription-invoices") {
        const bySubscription = url.searchParams.get("filter[subscription_id]");
        const size = Math.min(100, Math.max(1, Number(url.searchParams.get("page[size]") ?? 10) || 10));
        const rows = fake.invoices
          .filter((i) => bySubscription === null || i.subscriptionId === bySubscription)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || Number(b.id) - Number(a.id));
        const page = rows.slice(0, size);
        return send(200, {
          meta: { page: { currentPage: 1, from: page.length ? 1 : null, lastPage: Math.max(1, Math.ceil(rows.length / size)), perPage: size, to: page.length || null, total: rows.length } },
          jsonapi: { version: "1.0" },
          links: { first: `${fake.url}/v1/subscription-invoices?page%5Bnumber%5D=1&page%5Bsize%5D=${size}`, last: `${fake.url}/v1/subscription-invoices?page%5Bnumber%5D=1&page%5Bsize%5D=${size}` },
          data: page.map(invoiceResource),
        });
      }
      const match = /^\/v1\/subscriptions\/(\d+)$/.exec(path);
      if (match) {
        const id = match[1]!;
        const sub = fake.subscriptions.get(id);
        if (req.method === "GET") {
          if (sub) return send(200, { jsonapi: { version: "1.0" }, links: { self: `${fake.url}/v1/subscriptions/${id}` }, data: subscriptionResource(sub) });
          // A subscription this fake was not told about (a webhook-only test): its portal links, as before.
          return send(200, {
            jsonapi: { version: "1.0" },
            data: {
              type: "subscriptions",
              id,
              attributes: {
                status: "active",
                urls: {
                  update_payment_method: `https://leakwarden-test.lemonsqueezy.com/subscription/${id}/payment-details?expires=1&signature=def`,
                  customer_portal: `https://leakwarden-test.lemonsqueezy.com/billing?expires=1&user=1&signature=fresh-${id}`,
                },
              },
            },
          });
        }
        if (!sub) return send(404, { errors: [{ status: "404", title: "Not Found" }] });
        const at = fake.now();
        if (req.method === "DELETE") {
          // Cancel: the subscription stays until the end of the period it is paid for.
          if (sub.status === "expired") return unprocessable("The subscription has expired.");
          sub.status = "cancelled";
          sub.cancelled = true;
          sub.endsAt = sub.renewsAt;
          sub.updatedAt = at;
          return send(200, { jsonapi: { version: "1.0" }, links: { self: `${fake.url}/v1/subscriptions/${id}` }, data: subscriptionResource(sub) });
        }
        if (req.method === "PATCH") {
          const data = (body as { data?: { type?: string; id?: string; attributes?: Record<string, unknown> } })?.data;
          const a = data?.attributes ?? {};
          if (data?.type !== "subscriptions" || data.id !== id) return unprocessable("data.type must be subscriptions and data.id the subscription's id");
          const allowed = ["variant_id", "product_id", "billing_anchor", "invoice_immediately", "disable_prorations", "pause", "cancelled", "trial_ends_at"];
          const unknown = Object.keys(a).filter((k) => !allowed.includes(k));
          if (unknown.length) return unprocessable(`unknown attributes: ${unknown.join(", ")}`);
          if (a.variant_id !== undefined) {
            const variantId = String(a.variant_id);
            if (typeof a.variant_id !== "number" || !variants.has(variantId)) return unprocessable("variant_id is not a variant of this store");
            if (sub.status === "expired" || sub.status === "cancelled") return unprocessable("A cancelled or expired subscription cannot change variant.");
            if (variantId !== sub.variantId) changeVariant(sub, variantId, a.invoice_immediately === true, a.disable_prorations === true);
          }
          if (a.cancelled === false) {
            if (sub.status !== "cancelled" || (sub.endsAt && sub.endsAt <= at)) return unprocessable("Only a cancelled subscription in its grace period can be resumed.");
            sub.status = "active";
            sub.cancelled = false;
            sub.endsAt = null;
          } else if (a.cancelled === true) {
            sub.status = "cancelled";
            sub.cancelled = true;
            sub.endsAt = sub.renewsAt;
          }
          sub.updatedAt = at;
          return send(200, { jsonapi: { version: "1.0" }, links: { self: `${fake.url}/v1/subscriptions/${id}` }, data: subscriptionResource(sub) });
        }
      }
      send(404, { errors: [{ status: "404", title: "Not Found" }] });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
