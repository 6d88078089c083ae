import { randomBytes } from "node:crypto";
import type { GetBioResponse, Identities, ProfileUpdate, StageNameView } from "@leakwarden/contracts/identities";
import { ownershipSnippet } from "@leakwarden/contracts/identities";
import { planThatLifts, type EntitlementTier } from "@leakwarden/contracts/plans";
import { findPlatform, normalizeDomain, normalizeUsername, platforms, profileUrlOf, usernameProblem } from "@leakwarden/contracts/platforms";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { createHandleDisputes, WITHDRAWN_REASON } from "./handle-disputes";
import { checkStageName, type PageFetcher } from "./ownership-check";
import * as repo from "./identities.repository";

export type { HandleDisputes, HandleDisputeView } from "./handle-disputes";

export interface IdentityLimits {
  stageNames: number;
  nicknames: number;
  allowlist: number;
  /** The tier these limits come from, named in a refusal with the plan that lifts it. */
  plan?: EntitlementTier;
}

export interface IdentitiesDeps {
  db: Db;
  publicUrl: string;
  /** What the creator's plan allows (the billing module answers; a sane default until then). */
  limitsFor(userId: string): Promise<IdentityLimits>;
  fetchPage: PageFetcher;
  redditUrl: string;
  verifyMinIntervalSeconds: number;
  /**
   * Told at once when an account proves a handle other accounts proved before: the first owners
   * are written to (the app queues their email).
   */
  onHandleDisputed?: (event: HandleDisputedEvent) => Promise<void>;
  now?: () => Date;
}

export type HandleDisputedEvent = { disputeId: string; platform: string; username: string; profileUrl: string | null; firstOwnerIds: string[]; claimantId: string; openedAt: Date };

/** What a creator reads on a stage name another account proved too. */
export function disputeReason(platform: string, username: string): string {
  return `Another account has also proved that it owns ${username} on ${platform}. Takedown notices that cite it are held for both accounts until our team confirms who owns it; we will write to you.`;
}



const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function newVerificationCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

interface ResolvedStageName {
  platformId: number;
  username: string;
}

type Fields = Record<string, string>;

function resolveStageName(platformRef: string | number, rawUsername: string, path: string, fields: Fields): ResolvedStageName | null {
  const platform = findPlatform(platformRef);
  if (!platform) {
    fields[`${path}.platform`] = `Unknown platform: ${String(platformRef)}.`;
    return null;
  }
  const username = normalizeUsername(platform, rawUsername);
  const problem = usernameProblem(platform, username);
  if (problem) {
    fields[`${path}.username`] = problem;
    return null;
  }
  return { platformId: platform.id, username };
}

function resolveNickname(raw: string, path: string, fields: Fields): string | null {
  const value = raw.trim().replace(/\s+/g, " ");
  if (!value) fields[path] = "Enter a nickname.";
  else if (value.length > 64) fields[path] = "A nickname has at most 64 characters.";
  else return value;
  return null;
}

function resolveDomain(raw: string, path: string, fields: Fields): string | null {
  const domain = normalizeDomain(raw);
  if (!domain) {
    fields[path] = "Not a domain: enter a site's address such as yourdomain.com (no IP addresses or localhost).";
    return null;
  }
  return domain;
}

const uniqueBy = <T>(items: T[], key: (t: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

const stageKey = (s: { platformId: number; username: string }) => `${s.platformId}:${s.username.toLowerCase()}`;

function quotaError(resource: "stageNames" | "nicknames" | "allowlist", limit: number, use: number, plan?: EntitlementTier): AppError {
  const label = { stageNames: "stage names", nicknames: "nicknames", allowlist: "allow-listed domains" }[resource];
  const upgradeTo = plan && resource !== "allowlist" ? planThatLifts(plan, resource) : null;
  return new AppError("QUOTA_EXCEEDED", `Your plan covers ${limit} ${label}.`, undefined, { resource, limit, use, ...(plan ? { plan, upgradeTo } : {}) });
}

export function createIdentitiesService(deps: IdentitiesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function ensureProfile(userId: string): Promise<repo.ProfileRow> {
    const existing = await repo.findProfile(db, userId);
    if (existing) return existing;
    await repo.insertProfileIfMissing(db, userId, newVerificationCode());
    const created = await repo.findProfile(db, userId);
    if (!created) throw new Error("creator profile could not be created");
    return created;
  }

  function stageNameView(row: repo.StageNameRow): StageNameView {
    const platform = findPlatform(row.platformId);
    return {
      id: row.id,
      platformId: row.platformId,
      platform: platform?.name ?? "Other",
      username: row.username,
      profileUrl: platform ? profileUrlOf(platform, row.username) : null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      lastCheck:
        row.lastCheckAt && row.lastCheckStatus
          ? { at: row.lastCheckAt.toISOString(), status: row.lastCheckStatus as NonNullable<StageNameView["lastCheck"]>["status"], reason: row.lastCheckReason ?? "" }
          : null,
    };
  }

  async function get(userId: string): Promise<Identities> {
    const profile = await ensureProfile(userId);
    const [stageNames, nicknames, domains, limits] = await Promise.all([
      repo.listStageNames(db, userId),
      repo.listNicknames(db, userId),
      repo.listDomains(db, userId),
      deps.limitsFor(userId),
    ]);
    const disputes = await repo.openDisputesFor(
      db,
      stageNames.filter((s) => s.verifiedAt).map((s) => ({ platformId: s.platformId, usernameKey: s.usernameKey })),
    );
    const disputeOf = (s: repo.StageNameRow) => (s.verifiedAt ? disputes.find((d) => d.platformId === s.platformId && d.usernameKey === s.usernameKey) : undefined);
    return {
      stageNames: stageNames.map((s) => {
        const view = stageNameView(s);
        const d = disputeOf(s);
        return { ...view, dispute: d ? { openedAt: d.openedAt.toISOString(), reason: disputeReason(view.platform, view.username) } : null };
      }),
      nicknames: nicknames.map((n) => ({ id: n.id, value: n.value, attestedAt: n.attestedAt?.toISOString() ?? null })),
      allowlist: domains.map((d) => ({ id: d.id, domain: d.domain })),
      specific: profile.specific,
      verificationCode: profile.verificationCode,
      snippet: ownershipSnippet(deps.publicUrl, profile.verificationCode),
      limits: { stageNames: limits.stageNames, nicknames: limits.nicknames, allowlist: limits.allowlist },
      onboardingComplete: profile.onboardingCompletedAt !== null && stageNames.length > 0,
    };
  }

  /**
   * A list takes a new entry only if it then fits the plan. A list already over it (after a
   * downgrade) is read-only: it may shrink, but not grow or trade an entry for a new one.
   */
  function checkGrowth(resource: "stageNames" | "nicknames" | "allowlist", before: string[], after: string[], limit: number, plan?: EntitlementTier) {
    const existing = new Set(before);
    const added = after.some((key) => !existing.has(key));
    if (added && after.length > limit) throw quotaError(resource, limit, before.length, plan);
  }

  /** An operator already found this handle to be another account's: her proof of it is not taken. */
  async function provenOwnerElsewhere(userId: string, row: repo.StageNameRow): Promise<boolean> {
    const resolved = await repo.findResolvedDispute(db, row.platformId, row.usernameKey);
    return !!resolved && resolved.ownerUserId !== null && resolved.ownerUserId !== userId;
  }

  /**
   * One handle, one owner: proved by a second account, the handle is disputed (notices citing it
   * are held for every account that proved it) and its first owners are told at once.
   */
  async function claimHandle(userId: string, row: repo.StageNameRow, at: Date) {
    const opened = await db.transaction(async (tx) => {
      await repo.lockHandle(tx, row.platformId, row.usernameKey);
      const others = await repo.otherVerifiedClaims(tx, userId, row.platformId, row.usernameKey);
      if (others.length === 0 || (await repo.findOpenDispute(tx, row.platformId, row.usernameKey))) return null;
      const dispute = await repo.insertDispute(tx, { platformId: row.platformId, usernameKey: row.usernameKey, openedAt: at });
      return { dispute, firstOwnerIds: [...new Set(others.map((o) => o.userId))] };
    });
    if (!opened || !deps.onHandleDisputed) return;
    // Named as its first owner wrote it.
    const view = stageNameView((await repo.otherVerifiedClaims(db, userId, row.platformId, row.usernameKey))[0] ?? row);
    await deps
      .onHandleDisputed({ disputeId: opened.dispute.id, platform: view.platform, username: view.username, profileUrl: view.profileUrl, firstOwnerIds: opened.firstOwnerIds, claimantId: userId, openedAt: at })
      .catch(() => undefined);
  }

  return {
    get,

    /** The handles proved by more than one account, and their resolution (the operations CLI's). */
    disputes: createHandleDisputes({ db, now }),

    /**
     * The spec's update-profile (merge) and update-profile-all (replace). Everything is
     * validated first; then all of it is written in one transaction, or nothing is.
     * In replace mode a list that is left out of the body is left as it is.
     */
    async updateProfile(userId: string, body: ProfileUpdate, mode: "merge" | "replace"): Promise<Identities> {
      const fields: Fields = {};
      const stageInputs: ResolvedStageName[] = [];
      for (const [key, username] of Object.entries(body.platforms ?? {})) {
        const r = resolveStageName(key, username, `platforms.${key}`, fields);
        if (r) stageInputs.push(r);
      }
      (body.stageNames ?? []).forEach((s, i) => {
        const r = resolveStageName(s.platform, s.username, `stageNames.${i}`, fields);
        if (r) stageInputs.push(r);
      });
      const nicknameInputs = (body.nicknames ?? []).map((n, i) => resolveNickname(n, `nicknames.${i}`, fields)).filter((n): n is string => n !== null);
      const domainInputs = (body.allowlist ?? []).map((d, i) => resolveDomain(d, `allowlist.${i}`, fields)).filter((d): d is string => d !== null);
      if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "Some entries are not valid; nothing was saved.", fields);

      const stageNames = uniqueBy(stageInputs, stageKey);
      const nicknames = uniqueBy(nicknameInputs, (n) => n.toLowerCase());
      const domains = uniqueBy(domainInputs, (d) => d);
      const touchesStageNames = body.platforms !== undefined || body.stageNames !== undefined;

      await ensureProfile(userId);
      const limits = await deps.limitsFor(userId);
      await db.transaction(async (tx) => {
        // One change to a creator's lists at a time: the counts below stay true until the writes.
        await repo.lockCreatorLists(tx, userId);
        const [currentStage, currentNick, currentDomains] = await Promise.all([
          repo.listStageNames(tx, userId),
          repo.listNicknames(tx, userId),
          repo.listDomains(tx, userId),
        ]);
        /** The keys of a list after this change: merged into what is there, or in its place. */
        const afterKeys = <T>(existing: string[], incoming: T[], key: (t: T) => string) => [...new Set([...(mode === "merge" ? existing : []), ...incoming.map(key)])];
        const existingStageKeys = currentStage.map((s) => `${s.platformId}:${s.usernameKey}`);
        const existingNickKeys = currentNick.map((n) => n.valueKey);
        const existingDomains = currentDomains.map((d) => d.domain);

        if (touchesStageNames) {
          const after = afterKeys(existingStageKeys, stageNames, stageKey);
          checkGrowth("stageNames", existingStageKeys, after, limits.stageNames, limits.plan);
        }
        if (body.nicknames !== undefined) {
          const after = afterKeys(existingNickKeys, nicknames, (n) => n.toLowerCase());
          checkGrowth("nicknames", existingNickKeys, after, limits.nicknames, limits.plan);
        }
        if (body.allowlist !== undefined) {
          const after = afterKeys(existingDomains, domains, (d) => d);
          checkGrowth("allowlist", existingDomains, after, limits.allowlist);
        }

        if (mode === "replace") {
          // Entries that stay keep their rows, so a verified stage name stays verified.
          if (touchesStageNames) await repo.deleteStageNamesExcept(tx, userId, stageNames.map((s) => ({ platformId: s.platformId, usernameKey: s.username.toLowerCase() })));
          if (body.nicknames !== undefined) await repo.deleteNicknamesExcept(tx, userId, nicknames.map((n) => n.toLowerCase()));
          if (body.allowlist !== undefined) await repo.deleteDomainsExcept(tx, userId, domains);
        }
        await repo.insertStageNames(tx, userId, stageNames);
        await repo.insertNicknames(tx, userId, nicknames);
        await repo.insertDomains(tx, userId, domains);
        if (body.specific !== undefined) await repo.updateProfile(tx, userId, { specific: body.specific.trim() });
      });
      return get(userId);
    },

    async addStageName(userId: string, platformRef: string | number, username: string) {
      const fields: Fields = {};
      const resolved = resolveStageName(platformRef, username, "stageName", fields);
      if (!resolved) throw new AppError("VALIDATION", Object.values(fields)[0] ?? "Not valid.", Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace("stageName.", ""), v])));
      const before = await this.get(userId);
      // Adding one by hand, a stage name she has already is a mistake to point out, not a silent no-op.
      const existing = before.stageNames.find((s) => stageKey(s) === stageKey(resolved));
      if (existing) {
        const message = `You have already added ${existing.username} on ${findPlatform(existing.platformId)?.name ?? "this platform"}.`;
        throw new AppError("CONFLICT", message, { username: message });
      }
      return { created: true, identities: await this.updateProfile(userId, { stageNames: [{ platform: resolved.platformId, username: resolved.username }] }, "merge") };
    },

    async addNickname(userId: string, value: string, attested = false) {
      const fields: Fields = {};
      const nick = resolveNickname(value, "value", fields);
      if (!nick) throw new AppError("VALIDATION", fields.value ?? "Not valid.", fields);
      const before = await this.get(userId);
      // Adding one by hand, a nickname she has already is a mistake to point out, not a silent no-op.
      const same = before.nicknames.find((n) => n.value.toLowerCase() === nick.toLowerCase());
      if (same) {
        const message = `You have already added the nickname ${same.value}.`;
        throw new AppError("CONFLICT", message, { value: message });
      }
      await this.updateProfile(userId, { nicknames: [nick] }, "merge");
      if (attested) await repo.attestNicknames(db, userId, [nick.toLowerCase()], now());
      return { created: true, identities: await get(userId) };
    },

    /** She states (or takes back) that a nickname is hers: only then may a notice rest on a page that names her by it. */
    async setNicknameAttested(userId: string, id: string, attested: boolean): Promise<Identities> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "No such entry.");
      if (!(await repo.setNicknameAttested(db, userId, id, attested ? now() : null))) throw new AppError("NOT_FOUND", "No such entry.");
      return get(userId);
    },

    async addDomain(userId: string, value: string) {
      const fields: Fields = {};
      const domain = resolveDomain(value, "domain", fields);
      if (!domain) throw new AppError("VALIDATION", fields.domain ?? "Not valid.", fields);
      const before = await this.get(userId);
      if (before.allowlist.some((d) => d.domain === domain)) {
        const message = `${domain} is already on your allow list.`;
        throw new AppError("CONFLICT", message, { domain: message });
      }
      return { created: true, identities: await this.updateProfile(userId, { allowlist: [domain] }, "merge") };
    },

    async setSpecific(userId: string, specific: string) {
      return this.updateProfile(userId, { specific }, "merge");
    },

    async remove(userId: string, kind: "stage-names" | "nicknames" | "domains", id: string): Promise<Identities> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "No such entry.");
      const deleted =
        kind === "stage-names" ? await repo.deleteStageName(db, userId, id) : kind === "nicknames" ? await repo.deleteNickname(db, userId, id) : await repo.deleteDomain(db, userId, id);
      if (!deleted) throw new AppError("NOT_FOUND", "No such entry.");
      return get(userId);
    },

    async completeOnboarding(userId: string): Promise<void> {
      await ensureProfile(userId);
      await repo.updateProfile(db, userId, { onboardingCompletedAt: now() });
    },

    /**
     * The spec's get-bio: checks now the profiles of stage names not yet verified (at most once
     * per interval per creator) and answers whether at least one is verified.
     */
    async verifyOwnership(userId: string): Promise<GetBioResponse> {
      const profile = await ensureProfile(userId);
      const rows = await repo.listStageNames(db, userId);
      const at = now();
      const pending = rows.filter((r) => !r.verifiedAt);
      const intervalStart = new Date(at.getTime() - deps.verifyMinIntervalSeconds * 1000);
      if (pending.length > 0 && (await repo.claimVerifySlot(db, userId, at, intervalStart))) {
        const results = await Promise.all(
          pending.map(async (row) => {
            const platform = findPlatform(row.platformId) ?? platforms.at(-1)!;
            return { row, result: await checkStageName(platform, row.username, profile.verificationCode, deps.fetchPage, deps.redditUrl) };
          }),
        );
        for (const { row, result } of results) {
          if (result.status === "verified" && (await provenOwnerElsewhere(userId, row))) {
            await repo.recordStageNameCheck(db, [row.id], { lastCheckAt: at, lastCheckStatus: "unsupported", lastCheckReason: WITHDRAWN_REASON });
            continue;
          }
          await repo.recordStageNameCheck(db, [row.id], {
            lastCheckAt: at,
            lastCheckStatus: result.status,
            lastCheckReason: result.reason,
            ...(result.status === "verified" ? { verifiedAt: at } : {}),
          });
          if (result.status === "verified") await claimHandle(userId, row, at);
        }
      }
      const after = (await repo.listStageNames(db, userId)).map(stageNameView);
      return {
        isverified: after.some((s) => s.verifiedAt !== null),
        stageNames: after.map((s) => ({
          platform: s.platform,
          username: s.username,
          verifiedAt: s.verifiedAt,
          status: s.verifiedAt ? "verified" : (s.lastCheck?.status ?? "snippet-missing"),
          reason: s.verifiedAt ? "Verified." : (s.lastCheck?.reason ?? "Not checked yet."),
        })),
      };
    },

    /** Public: which creator a snippet's code belongs to (verified profiles only, nothing private). */
    async publicCode(code: string) {
      if (!/^[a-z0-9]{6,32}$/.test(code)) throw new AppError("NOT_FOUND", "Unknown code.");
      const profile = await repo.findProfileByCode(db, code);
      if (!profile) throw new AppError("NOT_FOUND", "Unknown code.");
      const verified = (await repo.listStageNames(db, profile.userId)).filter((r) => r.verifiedAt).map(stageNameView);
      return {
        code,
        verifiedProfiles: verified.map((s) => ({ platform: s.platform, username: s.username, profileUrl: s.profileUrl })),
        since: profile.createdAt.toISOString(),
      };
    },
  };
}

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
