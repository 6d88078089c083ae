import { checkoutRequestSchema } from "@leakwarden/contracts/billing";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { currentUser, readJson, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import type { BillingService } from "./billing.service";

/**
 * Lemon Squeezy calls the webhook without a session: it is mounted ahead of the session and
 * Origin middleware, and the signature over the raw bytes is its only credential.
 */
export function billingWebhookRoutes(service: BillingService) {
  const routes = new Hono<AppEnv>();
  routes.post("/v1/billing/webhook", bodyLimit({ maxSize: 256 * 1024 }), async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    const result = await service.handleWebhook(body, c.req.header("x-signature"));
    return c.json({ received: true, outcome: result.outcome });
  });
  return routes;
}

export function billingRoutes(service: BillingService) {
  const routes = new Hono<AppEnv>();
  routes.get("/v1/billing/options", (c) => c.json(service.options()));
  routes.get("/v1/billing", requireUser, async (c) => c.json(await service.summary(currentUser(c).id)));
  routes.post("/v1/billing/checkout", requireUser, async (c) => {
    const request = await readJson(c, checkoutRequestSchema);
    return c.json(await service.checkout(currentUser(c), request));
  });
  routes.post("/v1/billing/change-plan", requireUser, async (c) => {
    const request = await readJson(c, checkoutRequestSchema);
    return c.json(await service.changePlan(currentUser(c), request));
  });
  routes.post("/v1/billing/cancel", requireUser, async (c) => c.json(await service.cancel(currentUser(c).id)));
  routes.post("/v1/billing/resume", requireUser, async (c) => c.json(await service.resume(currentUser(c).id)));
  routes.get("/v1/billing/invoices", requireUser, async (c) => c.json(await service.invoices(currentUser(c).id)));
  routes.post("/v1/billing/portal", requireUser, async (c) => c.json(await service.portal(currentUser(c).id)));
  return routes;
}
