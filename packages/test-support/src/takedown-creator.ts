import { recordStageNameCheck } from "../../../apps/server/src/modules/identities/identities.repository";
import type { Database } from "../../../apps/server/src/db/client";
import type { TestClient } from "./test-services";

/**
 * The takedown suites' set-up of a creator: her stage name on a platform, verified as if its
 * ownership check had found the snippet, and (unless told not to) her agent authorization signed.
 * Returns the verified stage name's id.
 */
export async function readyForTakedowns(
  services: { database: Pick<Database, "db"> },
  client: TestClient,
  options: { username?: string; fullName?: string; authorize?: boolean; verify?: boolean } = {},
): Promise<{ stageNameId: string }> {
  const { username = "luna_rivers", fullName = "Ava Marie Stone", authorize = true, verify = true } = options;
  const profile = await client.post("/v1/root/update-profile-all", { platforms: { onlyfans: username }, nicknames: [], allowlist: [], specific: "" });
  if (!profile.ok) throw new Error(`setting her stage name failed: HTTP ${profile.status}`);
  const stageNameId = ((await (await client.get("/v1/identities")).json()) as { stageNames: { id: string }[] }).stageNames[0]!.id;
  if (verify) await verifyStageName(services, stageNameId);
  if (authorize) {
    const signed = await client.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName, signature: fullName, agree: true } });
    if (signed.status !== 200) throw new Error(`signing the authorization failed: HTTP ${signed.status}`);
  }
  return { stageNameId };
}

/** Her stage name verified now, as if its ownership check had found the snippet. */
export async function verifyStageName(services: { database: Pick<Database, "db"> }, stageNameId: string): Promise<void> {
  const at = new Date();
  await recordStageNameCheck(services.database.db, [stageNameId], { lastCheckAt: at, lastCheckStatus: "verified", lastCheckReason: "", verifiedAt: at });
}
