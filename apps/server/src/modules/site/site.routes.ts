import { siteConfigSchema } from "@leakwarden/contracts/site";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import type { SiteService } from "./site.service";

export function siteRoutes(service: SiteService) {
  const routes = new Hono<AppEnv>();
  routes.get("/v1/site/config", async (c) => {
    // Public and the same for everyone: browsers may keep it for a minute.
    c.header("Cache-Control", "public, max-age=60");
    return c.json(siteConfigSchema.parse(await service.getConfig()));
  });
  return routes;
}
