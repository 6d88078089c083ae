import type { AuthorizationInput, AuthorizationView } from "@leakwarden/contracts/takedowns";
import { AppError } from "../../lib/app-error";
import { citableProfiles } from "./takedown-authority";
import { quotaFor } from "./takedown-quota";
import type { TakedownsContext } from "./takedowns.context";
import * as repo from "./takedowns.repository";

/** Her authorization of the service as her agent, and whether she is ready to send takedowns (a verified stage name, a signed authorization). */

export const AUTHORIZATION_STATEMENT_VERSION = "2025-01";

/** What the creator signs; {name} and {agent} are filled in. */
const AUTHORIZATION_STATEMENT =
  "I, {name}, state that I own the copyright in the photographs and videos I publish on the profiles I have verified with Leakwarden. " +
  "I appoint {agent} as my authorized agent to send, in its own name and on my behalf, notices of copyright infringement under 17 U.S.C. § 512(c)(3) " +
  "to the sites, hosting providers, CDNs and registrars that can remove copies of my work, for the links I choose, and to sign those notices as my agent. " +
  "The notices show as copyright owner the name I choose (my stage name unless I choose my legal name). I understand that a notice must not be sent " +
  "for material I do not own or have authorized, and I can withdraw this authorization at any time.";

export async function verifiedNames(ctx: TakedownsContext, userId: string) {
  const identities = await ctx.identities.get(userId);
  return identities.stageNames.filter((s) => s.verifiedAt);
}

/**
 * Her authorization and the profiles a notice may cite: verified and not disputed by another
 * account (`verified`); `disputed`: verified, but proved by another account too (held).
 */
export async function ownerOf(ctx: TakedownsContext, userId: string) {
  const identities = await ctx.identities.get(userId);
  const verified = citableProfiles(identities);
  const disputed = identities.stageNames.filter((s) => s.verifiedAt && s.dispute);
  const authorization = await repo.findAuthorization(ctx.db, userId);
  let displayed: string | null = null;
  if (authorization) {
    if (authorization.ownerName === "legal_name") displayed = authorization.fullName;
    else displayed = (verified.find((s) => s.id === authorization.stageNameId) ?? verified[0])?.username ?? null;
  }
  return { identities, verified, disputed, authorization, displayed, examples: verified.map((s) => s.profileUrl).filter((u): u is string => !!u) };
}

export function statementFor(ctx: TakedownsContext, name: string): string {
  return AUTHORIZATION_STATEMENT.replace("{name}", name).replace("{agent}", ctx.agent.name);
}

export async function requireReady(ctx: TakedownsContext, userId: string) {
  const owner = await ownerOf(ctx, userId);
  if (owner.verified.length === 0 && owner.disputed.length > 0) {
    const handles = owner.disputed.map((s) => `${s.username} on ${s.platform}`).join(" and ");
    throw new AppError(
      "FORBIDDEN",
      `Another account has also proved ${handles}: takedowns citing it are held until our team confirms who owns it. We will write to you.`,
      undefined,
      { missing: "dispute", disputed: owner.disputed.map((s) => ({ stageNameId: s.id, platform: s.platform, username: s.username, profileUrl: s.profileUrl })) },
    );
  }
  if (owner.verified.length === 0) {
    throw new AppError(
      "FORBIDDEN",
      "Prove that you own at least one stage name before sending takedowns: add the snippet to your profile's bio and verify it. Notices cite your verified profiles.",
      undefined,
      { missing: "ownership" },
    );
  }
  if (!owner.authorization || !owner.displayed) {
    throw new AppError("FORBIDDEN", "Authorize us to act as your agent before the first takedown.", undefined, { missing: "authorization" });
  }
  return { ...owner, authorization: owner.authorization, displayed: owner.displayed };
}

export async function getAuthorization(ctx: TakedownsContext, userId: string): Promise<AuthorizationView> {
  const [owner, q] = await Promise.all([ownerOf(ctx, userId), quotaFor(ctx, userId, ctx.now())]);
  const a = owner.authorization;
  return {
    statement: statementFor(ctx, a?.fullName ?? "[your full legal name]"),
    statementVersion: AUTHORIZATION_STATEMENT_VERSION,
    ownershipVerified: owner.verified.length + owner.disputed.length > 0,
    verifiedStageNames: [...owner.verified, ...owner.disputed].map((s) => ({ id: s.id, platform: s.platform, username: s.username, profileUrl: s.profileUrl })),
    takedownsIncluded: q.limit !== 0,
    authorization: a
      ? {
          fullName: a.fullName,
          signature: a.signature,
          statementVersion: a.statementVersion,
          ownerName: a.ownerName as "stage_name" | "legal_name",
          stageNameId: a.stageNameId,
          displayedOwnerName: owner.displayed,
          grantedAt: a.grantedAt.toISOString(),
          clientIp: a.clientIp,
        }
      : null,
  };
}

/** The creator grants (or grants again) the authority to act as her agent. */
export async function authorize(ctx: TakedownsContext, userId: string, input: AuthorizationInput, client: { ip: string; userAgent: string }): Promise<AuthorizationView> {
  const fold = (s: string) => s.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
  if (fold(input.signature) !== fold(input.fullName)) {
    throw new AppError("VALIDATION", "Some fields are not valid.", { signature: "Type your full name exactly as above to sign." });
  }
  const verified = await verifiedNames(ctx, userId);
  if (input.stageNameId && !verified.some((s) => s.id === input.stageNameId)) {
    throw new AppError("VALIDATION", "Some fields are not valid.", { stageNameId: "Choose one of your verified stage names." });
  }
  const fullName = input.fullName.replace(/\s+/g, " ");
  await repo.upsertAuthorization(ctx.db, {
    userId,
    fullName,
    signature: input.signature.replace(/\s+/g, " "),
    statement: statementFor(ctx, fullName),
    statementVersion: AUTHORIZATION_STATEMENT_VERSION,
    ownerName: input.ownerName,
    stageNameId: input.ownerName === "stage_name" ? (input.stageNameId ?? null) : null,
    grantedAt: ctx.now(),
    clientIp: client.ip,
    userAgent: client.userAgent.slice(0, 500),
  });
  return getAuthorization(ctx, userId);
}
