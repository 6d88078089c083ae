import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";

// The adapter to Lemon Squeezy's JSON:API (https://docs.lemonsqueezy.com/api): the two calls billing makes.

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

function upstream(message: string): AppError {
  return new AppError("UPSTREAM", message);
}

export function createLemonSqueezyClient(settings: LemonSqueezySettings, logger: Logger) {
  async function call(method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<Record<string, unknown>> {
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

    /** PATCH /v1/subscriptions/{id}: moves a subscription to another variant (prorated by the provider); answers the subscription resource. */
    async changeVariant(subscriptionId: string, variantId: string): Promise<unknown> {
      const doc = await call("PATCH", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        data: { type: "subscriptions", id: subscriptionId, attributes: { variant_id: Number(variantId) } },
      });
      return doc.data;
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
