import { Hono } from "hono";
import { signedInUser, type AppEnv } from "../../http/context";
import { requireSession } from "../../http/middleware";
import type { AccountService } from "./account.service";

export function accountRoutes(service: AccountService) {
  const routes = new Hono<AppEnv>();
  // Answers before the 18+ confirmation too: the client reads age_confirmed here.
  routes.get("/v1/root/get-user", requireSession, async (c) => c.json(await service.getUser(signedInUser(c).id)));
  return routes;
}
