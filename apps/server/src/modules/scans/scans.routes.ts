import { leakListQuerySchema, leakTimelineQuerySchema, markForgerySchema, referenceImageInputSchema, startScanSchema } from "@leakwarden/contracts/scans";
import { Hono } from "hono";
import { currentUser, idParam, ownedId, readJson, readOptionalJson, readQuery, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import type { ScansService } from "./scans.service";

export function scansRoutes(service: ScansService) {
  const routes = new Hono<AppEnv>();
  routes.use("/v1/scans/*", requireUser);
  routes.use("/v1/leaks/*", requireUser);
  routes.use("/v1/reference-images/*", requireUser);

  routes.post("/v1/scans", requireUser, async (c) => {
    const body = await readOptionalJson(c, startScanSchema);
    return c.json(await service.start(currentUser(c).id, body.trigger), 202);
  });
  routes.get("/v1/scans/latest", async (c) => c.json(await service.latest(currentUser(c).id)));
  routes.get("/v1/scans/:id", async (c) => c.json(await service.get(currentUser(c).id, idParam(c))));
  routes.post("/v1/scans/:id/cancel", async (c) => c.json(await service.cancel(currentUser(c).id, idParam(c))));

  routes.get("/v1/root/multi-search", requireUser, async (c) => c.json(await service.multiSearch(currentUser(c).id)));
  routes.get("/v1/leaks", requireUser, async (c) => c.json(await service.listLeaks(currentUser(c).id, readQuery(c, leakListQuerySchema))));
  routes.get("/v1/leaks/timeline", async (c) => c.json(await service.timeline(currentUser(c).id, readQuery(c, leakTimelineQuerySchema).days)));
  routes.post("/v1/leaks/:id/confirm", async (c) => c.json(await service.reviewLeak(currentUser(c).id, idParam(c), "confirm")));
  routes.post("/v1/leaks/:id/dismiss", async (c) => c.json(await service.reviewLeak(currentUser(c).id, idParam(c), "dismiss")));
  // "A forgery / AI image of me": a takedown for it then rests on the TAKE IT DOWN Act only.
  routes.put("/v1/leaks/:id/forgery", async (c) => {
    // Her leak first: another creator's id answers 404 whatever the body says.
    const id = await ownedId(c, async (userId, leakId) => (await service.leaksOf(userId, [leakId])).length > 0, "No such leak.");
    return c.json(await service.markForgery(currentUser(c).id, id, (await readJson(c, markForgerySchema)).forgery));
  });

  routes.get("/v1/reference-images", requireUser, async (c) => c.json({ items: await service.listReferenceImages(currentUser(c).id) }));
  routes.post("/v1/reference-images", requireUser, async (c) =>
    c.json(await service.addReferenceImage(currentUser(c).id, await readJson(c, referenceImageInputSchema)), 201),
  );
  routes.delete("/v1/reference-images/:id", async (c) => {
    await service.removeReferenceImage(currentUser(c).id, idParam(c));
    return c.body(null, 204);
  });
  return routes;
}
