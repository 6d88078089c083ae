import { Hono } from "hono";
import { currentUser, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import type { AccountService } from "./account.service";

export function accountRoutes(service: AccountService) {
  const routes = new Hono<AppEnv>();
  routes.get("/v1/root/get-user", requireUser, async (c) => c.json(await service.getUser(currentUser(c).id)));
  return routes;
}
