import { authorizationInputSchema, autopilotInputSchema, confirmRecipientSchema, createTakedownsSchema, previewTakedownsSchema, leakTakedownsQuerySchema, markDelistingSchema, takedownListQuerySchema } from "@leakwarden/contracts/takedowns";
import { Hono } from "hono";
import { currentUser, idParam, readJson, readQuery, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import type { AutopilotService } from "./autopilot.service";
import type { TakedownsService } from "./takedowns.service";

export function takedownsRoutes(service: TakedownsService, autopilot?: AutopilotService) {
  const routes = new Hono<AppEnv>();
  // The service-wide figures: measured from every creator's records, nothing personal in them.
  routes.get("/v1/public/takedown-stats", async (c) => c.json(await service.overallStats()));
  routes.use("/v1/takedowns", requireUser);
  routes.use("/v1/takedowns/*", requireUser);

  routes.get("/v1/takedowns/authorization", async (c) => c.json(await service.getAuthorization(currentUser(c).id)));
  routes.put("/v1/takedowns/authorization", async (c) => {
    const body = await readJson(c, authorizationInputSchema);
    return c.json(await service.authorize(currentUser(c).id, body, { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? "" }));
  });
  routes.get("/v1/takedowns/stats", async (c) => c.json(await service.stats(currentUser(c).id)));
  routes.get("/v1/takedowns/latest", async (c) => c.json(await service.latestForLeaks(currentUser(c).id, readQuery(c, leakTakedownsQuerySchema).leakIds)));
  routes.get("/v1/takedowns/delisting", async (c) => c.json(await service.delisting(currentUser(c).id)));
  routes.post("/v1/takedowns/delisting/submitted", async (c) => c.json(await service.markDelisting(currentUser(c).id, await readJson(c, markDelistingSchema))));

  // The notices a request would send, rendered by the code that queues them; nothing is stored.
  routes.post("/v1/takedowns/preview", async (c) => c.json(await service.preview(currentUser(c).id, await readJson(c, previewTakedownsSchema))));
  if (autopilot) {
    routes.get("/v1/takedowns/autopilot", async (c) => c.json(await autopilot.get(currentUser(c).id)));
    routes.put("/v1/takedowns/autopilot", async (c) => c.json(await autopilot.update(currentUser(c).id, await readJson(c, autopilotInputSchema))));
  }
  // She confirms a mailbox a site's page named outside its domain; nothing is sent to one before.
  routes.post("/v1/takedowns/recipient-confirmations", async (c) => c.json(await service.confirmRecipient(currentUser(c).id, await readJson(c, confirmRecipientSchema))));
  routes.get("/v1/takedowns/attestation", (c) => c.json(service.attestationText()));
  routes.post("/v1/takedowns", async (c) => c.json(await service.create(currentUser(c).id, await readJson(c, createTakedownsSchema), { ip: c.get("clientIp") }), 202));
  routes.get("/v1/takedowns", async (c) => c.json(await service.list(currentUser(c).id, readQuery(c, takedownListQuerySchema))));
  routes.get("/v1/takedowns/:id", async (c) => c.json(await service.get(currentUser(c).id, idParam(c))));
  routes.post("/v1/takedowns/:id/cancel", async (c) => c.json(await service.cancel(currentUser(c).id, idParam(c))));
  routes.post("/v1/takedowns/:id/form-done", async (c) => c.json(await service.markFormDone(currentUser(c).id, idParam(c))));
  // The record of a missed TAKE IT DOWN deadline, to attach to a complaint to the FTC.
  routes.get("/v1/takedowns/:id/deadline-record", async (c) => {
    const { record, text } = await service.deadlineRecord(currentUser(c).id, idParam(c));
    const asText = c.req.query("format") === "text";
    c.header("content-disposition", `attachment; filename="take-it-down-record-${record.depiction.site.replace(/[^a-z0-9.-]/gi, "_")}.${asText ? "txt" : "json"}"`);
    return asText ? c.text(text) : c.json(record);
  });
  routes.post("/v1/takedowns/:id/resend", async (c) => c.json(await service.resend(currentUser(c).id, idParam(c)), 202));
  return routes;
}
