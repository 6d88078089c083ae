import { contactRequestSchema } from "@leakwarden/contracts/contact";
import { Hono } from "hono";
import { readJson, type AppEnv } from "../../http/context";
import { AppError } from "../../lib/app-error";
import type { ContactService } from "./contact.service";

/**
 * The contact form, signed in or not. A browser always sends Origin with a POST: one from another
 * site (or none, as a script would send) is refused even without a cookie, so that no other page
 * can post the form in someone's name.
 */
export function contactRoutes(service: ContactService, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const routes = new Hono<AppEnv>();
  routes.get("/v1/contact/form", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(service.formToken());
  });
  routes.post("/v1/contact", async (c) => {
    if (c.req.header("origin") !== origin) throw new AppError("FORBIDDEN", "This request came from another site and was refused. Reload the page and try again.");
    const input = await readJson(c, contactRequestSchema);
    const user = c.get("user");
    return c.json(await service.submit(input, { ip: c.get("clientIp"), user: user ? { id: user.id, email: user.email } : null }), 201);
  });
  return routes;
}
