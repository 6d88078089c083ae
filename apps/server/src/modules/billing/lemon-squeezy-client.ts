import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";

// The adapter to Lemon Squeezy's JSON:API (https://docs.lemonsqueezy.com/api): the calls billing makes.

export interface LemonSqueezySettings {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export interface CreateCheckoutInput {
  storeId: string;
  variantId: string;
  email: string;
  userId: string;
  /** Where the customer goes after paying. */
  redirectUrl: string;
}

const JSON_API = "application/vnd.api+json";

const id = z.union([z.string().min(1), z.number().int()]).transform(String);

/** A subscription-invoices resource: the attributes billing shows. */
const invoiceResourceSchema = z.object({
  type: z.literal("subscription-invoices"),
  id,
  attributes: z.object({
    subscription_id: id,
    billing_reason: z.string(),
    status: z.string(),
    status_formatted: z.string().nullish(),
    total: z.number().int(),
    total_formatted: z.string().nullish(),
    currency: z.string().length(3),
    urls: z.object({ invoice_url: z.string().nullish() }).nullish(),
    created_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a timestamp"),
  }),
});

export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  /** initial | renewal | updated (a plan change's prorated charge) */
  billingReason: string;
  status: string;
  statusFormatted: string | null;
  totalCents: number;
  totalFormatted: string | null;
  currency: string;
  invoiceUrl: string | null;
  createdAt: Date;
}

function upstream(message: string): AppError {
  return new AppError("UPSTREAM", message);
}

export function createLemonSqueezyClient(settings: LemonSqueezySettings, logger: Logger) {
  async function call(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: { Accept: JSON_API, "Content-Type": JSON_API, Authorization: `Bearer ${settings.apiKey}` },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      logger.warn({ err: error, path }, "payment provider unreachable");
      throw upstream("The payment provider could not be reached. Please try again in a moment.");
    }
    const text = await response.text().catch(() => "");
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok || typeof data !== "object" || data === null) {
      const errors = (data as { errors?: unknown } | undefined)?.errors;
      logger.warn({ path, status: response.status, errors }, "payment provider refused a request");
      throw upstream("The payment provider refused the request. Please try again in a moment.");
    }
    return data as Record<string, unknown>;
  }

  const attributesOf = (doc: Record<string, unknown>) =>
    ((doc.data as { attributes?: Record<string, unknown> } | undefined)?.attributes ?? {}) as Record<string, unknown>;

  return {
    /** POST /v1/checkouts: a hosted checkout for one variant, prefilled with the creator's email and tagged with her id. */
    async createCheckout(input: CreateCheckoutInput): Promise<string> {
      const doc = await call("POST", "/v1/checkouts", {
        data: {
          type: "checkouts",
          attributes: {
            checkout_data: { email: input.email, custom: { user_id: input.userId } },
            product_options: { redirect_url: input.redirectUrl },
          },
          relationships: {
            store: { data: { type: "stores", id: input.storeId } },
            variant: { data: { type: "variants", id: input.variantId } },
          },
        },
      });
      const url = attributesOf(doc).url;
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) {
        logger.warn({ doc }, "checkout answer without a URL");
        throw upstream("The payment provider answered without a checkout page. Please try again in a moment.");
      }
      return url;
    },

    /**
     * PATCH /v1/subscriptions/{id} with variant_id: moves a subscription to another variant at once
     * and answers the subscription resource. Lemon Squeezy prorates by default onto the next
     * renewal's charge; invoice_immediately has it generate a prorated invoice now (billing_reason
     * "updated") and attempt the payment, reported by a subscription_payment_success webhook
     * (docs.lemonsqueezy.com: the "Changing a Subscriber's Plan" tutorial; the API reference of
     * invoice_immediately and disable_prorations, the latter overriding the former).
     */
    async changeVariant(subscriptionId: string, variantId: string): Promise<unknown> {
      const doc = await call("PATCH", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        data: { type: "subscriptions", id: subscriptionId, attributes: { variant_id: Number(variantId), invoice_immediately: true } },
      });
      return doc.data;
    },

    /** DELETE /v1/subscriptions/{id}: cancels at the end of the period paid for (status cancelled, ends_at set); answers the subscription resource. */
    async cancel(subscriptionId: string): Promise<unknown> {
      const doc = await call("DELETE", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
      return doc.data;
    },

    /** PATCH /v1/subscriptions/{id} with cancelled: false: resumes a cancelled subscription during its grace period. */
    async resume(subscriptionId: string): Promise<unknown> {
      const doc = await call("PATCH", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        data: { type: "subscriptions", id: subscriptionId, attributes: { cancelled: false } },
      });
      return doc.data;
    },

    /** GET /v1/subscription-invoices?filter[subscription_id]=…: the subscription's invoices, newest first. */
    async listInvoices(subscriptionId: string, pageSize = 25): Promise<ProviderInvoice[]> {
      const doc = await call("GET", `/v1/subscription-invoices?filter[subscription_id]=${encodeURIComponent(subscriptionId)}&page[size]=${pageSize}`);
      const rows = Array.isArray(doc.data) ? (doc.data as unknown[]) : [];
      return rows.flatMap((row) => {
        const parsed = invoiceResourceSchema.safeParse(row);
        if (!parsed.success) {
          logger.warn({ issues: parsed.error.issues.slice(0, 3) }, "subscription invoice unreadable; left out");
          return [];
        }
        const { id, attributes: a } = parsed.data;
        return [
          {
            id,
            subscriptionId: a.subscription_id,
            billingReason: a.billing_reason,
            status: a.status,
            statusFormatted: a.status_formatted ?? null,
            totalCents: a.total,
            totalFormatted: a.total_formatted ?? null,
            currency: a.currency.toUpperCase(),
            invoiceUrl: a.urls?.invoice_url && /^https:\/\//.test(a.urls.invoice_url) ? a.urls.invoice_url : null,
            createdAt: new Date(a.created_at),
          },
        ];
      });
    },

    /** GET /v1/subscriptions/{id}: its customer-portal link is signed and valid for a day, so it is fetched fresh. */
    async customerPortalUrl(subscriptionId: string): Promise<string> {
      const doc = await call("GET", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
      const urls = attributesOf(doc).urls as { customer_portal?: unknown } | undefined;
      const url = urls?.customer_portal;
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw upstream("The payment provider answered without a billing page.");
      return url;
    },
  };
}

export type LemonSqueezyClient = ReturnType<typeof createLemonSqueezyClient>;
