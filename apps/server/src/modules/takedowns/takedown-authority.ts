import type { Identities } from "@leakwarden/contracts/identities";
import { readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { FindingHold, ProfileToProve } from "@leakwarden/contracts/takedowns";
import { AppError } from "../../lib/app-error";
import { foldName } from "../../scanner/name-match";

/**
 * Authority per finding: a notice is sent for a link only when what matched there is hers. A
 * stage name counts once its profile is verified (and no other account proved it too); a nickname
 * once at least one profile is verified and she has stated that it is hers; one of her reference
 * images always; a post she reported as an impersonator's copy of her photo on her word. A link
 * matched only through anything else waits, with the reason, until she proves it.
 */

type StageNameView = Identities["stageNames"][number];

export type FindingAuthority =
  | {
      leakId: string;
      ok: true;
      basis: "stage_name" | "image" | "nickname" | "report";
      /** The verified profiles the notice cites as the original work. */
      cite: StageNameView[];
    }
  | ({ ok: false } & FindingHold);

/** The leak's fields the decision reads. */
export type LeakForAuthority = { id: string; evidence: unknown };

const profileOf = (s: StageNameView): ProfileToProve => ({ stageNameId: s.id, platform: s.platform, username: s.username, profileUrl: s.profileUrl });
const named = (profiles: ProfileToProve[]) => profiles.map((p) => `${p.username} on ${p.platform}`).join(" or ");
const uniqueById = <T extends { id: string }>(items: T[]) => [...new Map(items.map((i) => [i.id, i])).values()];

/** Her profiles a notice may cite: verified, and not disputed by another account. */
export const citableProfiles = (identities: Pick<Identities, "stageNames">) => identities.stageNames.filter((s) => s.verifiedAt && !s.dispute);

/** Whether the finding is hers to send a notice for, and which of her profiles the notice cites. */
export function authorityOf(identities: Pick<Identities, "stageNames" | "nicknames">, leak: LeakForAuthority): FindingAuthority {
  const evidence = readLeakEvidence(leak.evidence);
  const usable = citableProfiles(identities);
  const names = [...(evidence.matchedNames ?? []), ...(evidence.linkedFrom?.matchedNames ?? [])];
  const keys = new Set(names.map(foldName).filter(Boolean));
  const stageMatches = identities.stageNames.filter((s) => keys.has(foldName(s.username)));
  // A name that is one of her stage names is hers only by its proof: calling it a nickname proves nothing.
  const stageKeys = new Set(identities.stageNames.map((s) => foldName(s.username)));
  const nickMatches = identities.nicknames.filter((n) => keys.has(foldName(n.value)) && !stageKeys.has(foldName(n.value)));
  const proven = stageMatches.filter((s) => s.verifiedAt && !s.dispute);
  const disputed = stageMatches.filter((s) => s.verifiedAt && s.dispute);
  const unproven = stageMatches.filter((s) => !s.verifiedAt);
  // A file link whose linking page matched by image, or the page's own image matched one of her references.
  const byImage = (evidence.imageMatches ?? []).some((m) => m.referenceId) || evidence.linkedFrom?.matchedBy === "image";
  const reported = evidence.source === "impersonator" && (evidence.imageMatches ?? []).length > 0;

  if (proven.length > 0) return { leakId: leak.id, ok: true, basis: "stage_name", cite: uniqueById(proven) };
  if (usable.length > 0) {
    if (byImage) return { leakId: leak.id, ok: true, basis: "image", cite: usable };
    if (nickMatches.some((n) => n.attestedAt)) return { leakId: leak.id, ok: true, basis: "nickname", cite: usable };
    if (reported) return { leakId: leak.id, ok: true, basis: "report", cite: usable };
  }
  const hold = (code: FindingHold["code"], reason: string, prove: ProfileToProve[] = []): FindingAuthority => ({ ok: false, leakId: leak.id, code, reason, prove, nicknames: nickMatches.map((n) => n.value) });
  if (disputed.length > 0) {
    const handles = named(disputed.map(profileOf));
    return hold("disputed_handle", `Another account has also proved ${handles}: takedowns for this link are held until our team confirms who owns it.`, disputed.map(profileOf));
  }
  if (unproven.length > 0) {
    const prove = uniqueById(unproven).map(profileOf);
    return hold("unproven_profile", `Prove that you own ${named(prove)} to send takedowns for this link.`, prove);
  }
  if (nickMatches.length > 0) {
    const nicknames = nickMatches.map((n) => n.value).join(" or ");
    return usable.length === 0
      ? hold("unproven_profile", `Prove that you own one of your profiles, then confirm that the nickname ${nicknames} is yours, to send takedowns for this link.`)
      : hold("unattested_nickname", `Confirm that the nickname ${nicknames} is yours to send takedowns for this link.`);
  }
  if ((byImage || reported) && usable.length === 0) {
    return hold("unproven_profile", "Prove that you own one of your profiles to send takedowns for this link: a notice cites your verified profiles.");
  }
  return hold(
    "not_named",
    "Nothing on this link matches your verified profiles, your nicknames or your reference images any more, so no takedown can be sent for it.",
  );
}

/** Each leak's authority, by id. */
export function authorityOfAll(identities: Pick<Identities, "stageNames" | "nicknames">, leaks: LeakForAuthority[]): Map<string, FindingAuthority> {
  return new Map(leaks.map((l) => [l.id, authorityOf(identities, l)]));
}

/** The refusal of a request for links that are not hers to send for: 403, naming what to prove. */
export function notHersError(held: FindingHold[]): AppError {
  const prove = uniqueById(held.flatMap((h) => h.prove).map((p) => ({ ...p, id: p.stageNameId })));
  const reasons = [...new Set(held.map((h) => h.reason))];
  const message =
    held.length === 1
      ? held[0]!.reason
      : reasons.length === 1
        ? reasons[0]!.replace("for this link", "for these links")
        : `${held.length} of these links cannot be sent yet. ${reasons.join(" ")}`;
  return new AppError("FORBIDDEN", message, undefined, {
    reason: "not_proven",
    leakIds: held.map((h) => h.leakId),
    findings: held.map(({ leakId, code, reason, prove: p, nicknames }) => ({ leakId, code, reason, prove: p, nicknames })),
    prove: prove.map(({ id: _id, ...p }) => p),
  });
}

/** The links among these that she may send for; the others refused in one error. */
export function requireHers(identities: Pick<Identities, "stageNames" | "nicknames">, leaks: LeakForAuthority[]): Map<string, FindingAuthority & { ok: true }> {
  const all = authorityOfAll(identities, leaks);
  const held = [...all.values()].filter((a): a is FindingAuthority & { ok: false } => !a.ok);
  if (held.length > 0) throw notHersError(held);
  return all as Map<string, FindingAuthority & { ok: true }>;
}
