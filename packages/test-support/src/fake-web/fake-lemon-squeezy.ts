import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Lemon Squeezy's JSON:API on 127.0.0.1: answers checkouts and subscriptions in its
// published shape and records what it was sent.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeLemonSqueezy {
  url: string;
  requests: RecordedRequest[];
  /** Make the next answers fail with this HTTP status (null: answer normally). */
  failWith: number | null;
  close(): Promise<void>;
}

const JSON_API = "application/vnd.api+json";

/** Lists what the fake was sent, as JSON, to tests in another process (the browser journeys). */
export const RECORDED_REQUESTS_PATH = "/__fake/requests";

export async function startFakeLemonSqueezy(options: { apiKey: string; storeId: string; port?: number }): Promise<FakeLemonSqueezy> {
  const fake: FakeLemonSqueezy = { url: "", requests: [], failWith: null, close: async () => undefined };
  let checkouts = 0;
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
      const path = req.url ?? "/";
      const send = (status: number, doc: unknown) => {
        res.statusCode = status;
        res.setHeader("content-type", JSON_API);
        res.end(JSON.stringify(doc));
      };
      if (req.method === "GET" && path === RECORDED_REQUESTS_PATH) return send(200, fake.requests);
      fake.requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) return send(401, { errors: [{ status: "401", title: "Unauthenticated" }] });
      if (fake.failWith) return send(fake.failWith, { errors: [{ status: String(fake.failWith), title: "Server Error" }] });
      if (req.method === "POST" && path === "/v1/checkouts") {
        if (req.headers["content-type"] !== JSON_API || req.headers.accept !== JSON_API) return send(415, { errors: [{ status: "415", title: "Unsupported Media Type" }] });
        const data = (body as { data?: { type?: string; attributes?: Record<string, unknown>; relationships?: Record<string, { data?: { id?: string } }> } })?.data;
        const storeId = data?.relationships?.store?.data?.id;
        const variantId = data?.relationships?.variant?.data?.id;
        if (data?.type !== "checkouts" || !storeId || !variantId) return send(422, { errors: [{ status: "422", title: "Unprocessable Entity", detail: "store and variant are required" }] });
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
      const subscription = /^\/v1\/subscriptions\/(\d+)$/.exec(path);
      if (req.method === "PATCH" && subscription) {
        const data = (body as { data?: { type?: string; id?: string; attributes?: { variant_id?: number } } })?.data;
        if (data?.type !== "subscriptions" || data.id !== subscription[1] || !data.attributes?.variant_id) return send(422, { errors: [{ status: "422", title: "Unprocessable Entity" }] });
        const now = new Date();
        return send(200, {
          jsonapi: { version: "1.0" },
          data: {
            type: "subscriptions",
            id: subscription[1],
            attributes: {
              store_id: Number(options.storeId),
              customer_id: 5001,
              order_id: 7001,
              variant_id: data.attributes.variant_id,
              user_email: "customer@example.com",
              status: "active",
              renews_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
              ends_at: null,
              trial_ends_at: null,
              created_at: now.toISOString(),
              updated_at: now.toISOString(),
              urls: { customer_portal: "https://leakwarden-test.lemonsqueezy.com/billing?signature=patched" },
            },
          },
        });
      }
      if (req.method === "GET" && subscription) {
        const id = subscription[1];
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
