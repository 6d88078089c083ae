import { domainInputSchema, nicknameAttestationSchema, nicknameInputSchema, profileUpdateSchema, specificInputSchema, stageNameInputSchema } from "@leakwarden/contracts/identities";
import { Hono } from "hono";
import { currentUser, idParam, ownedId, readJson, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import type { IdentitiesService } from "./identities.service";

export function identitiesRoutes(service: IdentitiesService) {
  const routes = new Hono<AppEnv>();

  // The spec's calls, paths and payloads kept.
  routes.post("/v1/root/update-profile", requireUser, async (c) =>
    c.json(await service.updateProfile(currentUser(c).id, await readJson(c, profileUpdateSchema), "merge")),
  );
  routes.post("/v1/root/update-profile-all", requireUser, async (c) =>
    c.json(await service.updateProfile(currentUser(c).id, await readJson(c, profileUpdateSchema), "replace")),
  );
  routes.get("/v1/root/get-bio", requireUser, async (c) => c.json(await service.verifyOwnership(currentUser(c).id)));

  // Resources for the identity page: every edit reaches the server.
  routes.get("/v1/identities", requireUser, async (c) => c.json(await service.get(currentUser(c).id)));
  routes.post("/v1/identities/stage-names", requireUser, async (c) => {
    const body = await readJson(c, stageNameInputSchema);
    const result = await service.addStageName(currentUser(c).id, body.platform, body.username);
    return c.json(result.identities, 201);
  });
  routes.post("/v1/identities/nicknames", requireUser, async (c) => {
    const body = await readJson(c, nicknameInputSchema);
    const result = await service.addNickname(currentUser(c).id, body.value, body.attested === true);
    return c.json(result.identities, 201);
  });
  // She states that a nickname is hers (or takes it back): a notice may rest on it only then.
  routes.put("/v1/identities/nicknames/:id/attestation", requireUser, async (c) => {
    // Another creator's id is no record, whatever the body says.
    const id = await ownedId(c, async (userId, nicknameId) => (await service.get(userId)).nicknames.some((n) => n.id === nicknameId), "No such entry.");
    const body = await readJson(c, nicknameAttestationSchema);
    return c.json(await service.setNicknameAttested(currentUser(c).id, id, body.attested));
  });
  routes.post("/v1/identities/domains", requireUser, async (c) => {
    const body = await readJson(c, domainInputSchema);
    const result = await service.addDomain(currentUser(c).id, body.domain);
    return c.json(result.identities, 201);
  });
  routes.put("/v1/identities/specific", requireUser, async (c) => {
    const body = await readJson(c, specificInputSchema);
    return c.json(await service.setSpecific(currentUser(c).id, body.specific));
  });
  for (const kind of ["stage-names", "nicknames", "domains"] as const) {
    routes.delete(`/v1/identities/${kind}/:id`, requireUser, async (c) => c.json(await service.remove(currentUser(c).id, kind, idParam(c))));
  }
  routes.post("/v1/identities/onboarding-complete", requireUser, async (c) => {
    await service.completeOnboarding(currentUser(c).id);
    return c.json(await service.get(currentUser(c).id));
  });

  // Public: the page behind the snippet's link.
  routes.get("/v1/public/codes/:code", async (c) => c.json(await service.publicCode(c.req.param("code"))));

  return routes;
}
