import { Hono } from "hono";
import { currentUser, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import type { ImpersonationService } from "./impersonation.service";

export function impersonationRoutes(service: ImpersonationService) {
  const routes = new Hono<AppEnv>();
  routes.get("/v1/impersonators", requireUser, async (c) => c.json(await service.list(currentUser(c).id)));
  routes.post("/v1/impersonators/check", requireUser, async (c) => c.json(await service.requestCheck(currentUser(c).id), 202));
  routes.get("/v1/impersonators/:id/avatar", requireUser, async (c) => {
    const jpeg = await service.avatar(currentUser(c).id, c.req.param("id"));
    return c.body(new Uint8Array(jpeg), 200, { "content-type": "image/jpeg", "x-content-type-options": "nosniff" });
  });
  routes.post("/v1/impersonators/:id/this-is-me", requireUser, async (c) => c.json(await service.thisIsMe(currentUser(c).id, c.req.param("id"))));
  routes.post("/v1/impersonators/:id/report", requireUser, async (c) => c.json(await service.report(currentUser(c).id, c.req.param("id"))));
  routes.post("/v1/impersonators/:id/dismiss", requireUser, async (c) => c.json(await service.dismiss(currentUser(c).id, c.req.param("id"))));
  return routes;
}
