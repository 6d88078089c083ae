import type { Impersonator, ImpersonationCheck, ImpersonationReport, ImpersonatorsResponse } from "@leakwarden/contracts/impersonation";
import { entitlements, planThatLifts, type EntitlementTier } from "@leakwarden/contracts/plans";
import { findPlatform, profileUrlOf, type Platform } from "@leakwarden/contracts/platforms";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import type { FetchResult } from "../../scanner/guarded-fetch";
import { prepareReferences } from "../../scanner/image-match";
import { checkImpersonators } from "../../scanner/impersonation/check";
import { checkablePlatforms, PlatformPacer } from "../../scanner/impersonation/profile-adapters";
import { handlesFromResults, siteQueries } from "../../scanner/impersonation/search-candidates";
import type { LeakSiteCatalog } from "../../scanner/leak-site-catalog";
import type { IdentitiesService } from "../identities/identities.service";
import type { TakedownsService } from "../takedowns/takedowns.service";
import { referenceHashesOf } from "../image-index/image-index.service";
import { referenceImagesOf } from "../scans/scans.service";
import { impersonationCheckJob } from "./impersonation.job-definitions";
import * as repo from "./impersonation.repository";
import { recordReportedPosts, type ConfirmLeak } from "./reported-posts";
import { reportRouteFor } from "./report-routes";

export interface ImpersonationDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  identities: IdentitiesService;
  tierFor: (userId: string) => Promise<EntitlementTier>;
  catalog: () => Promise<LeakSiteCatalog>;
  fetchPage: (url: string) => Promise<FetchResult>;
  fetchImage: (url: string) => Promise<FetchResult>;
  redditUrl: string;
  /** false: no check is run (the server may not contact the platforms). */
  enabled: boolean;
  handlesPerPlatform: number;
  platformIntervalMs: number;
  emailOf?: (userId: string) => Promise<string | null>;
  /** A web search (the scans' provider): result addresses for a query. Absent: no `site:` queries. */
  searchWeb?: (query: string) => Promise<string[]>;
  /** How many `site:` queries (her names on each platform) a check may ask. */
  searchQueries?: number;
  /** A check listed likely impersonators new to her (alerts); a failure is logged. */
  onImpersonatorsFound?: (event: { userId: string; count: number }) => Promise<void>;
  /** "http" only where tests reach fake platforms through a forward proxy. */
  profileScheme?: "https" | "http";
  /** Her confirmation of a leak, as she gives it on the Leaks page: the posts she reports are confirmed through it. */
  confirmLeak?: ConfirmLeak;
  /** Her takedowns: Report asks one of the posts showing her photos. */
  takedowns?: Pick<TakedownsService, "create">;
  /** The platforms looked at (default: every one that has public profiles). */
  platforms?: readonly Platform[];
  now?: () => Date;
}

/** The statuses she sees; dismissed ones stay stored (so they are not listed again) but out of sight. */
const VISIBLE = ["open", "reported", "gone"] as const;
/** A check still queued or running after this long is taken as lost and may be asked for again. */
const CHECK_STALE_MS = 30 * 60_000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function view(row: repo.ImpersonatorRow): Impersonator {
  const platform = findPlatform(row.platformId);
  return {
    id: row.id,
    platformId: row.platformId,
    platform: platform?.name ?? "Unknown",
    handle: row.handle,
    profileUrl: row.profileUrl,
    displayName: row.displayName,
    bio: row.bio,
    avatarPath: row.avatarJpeg ? `/v1/impersonators/${row.id}/avatar` : null,
    links: row.links,
    followers: row.followers,
    accountCreatedAt: iso(row.accountCreatedAt),
    score: row.score,
    evidence: row.evidence as Impersonator["evidence"],
    status: row.status as Impersonator["status"],
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastCheckedAt: row.lastCheckedAt.toISOString(),
    reportedAt: iso(row.reportedAt),
    goneAt: iso(row.goneAt),
  };
}

function checkView(row: repo.CheckRow | undefined): ImpersonationCheck {
  if (!row) return { status: "never", requestedAt: null, finishedAt: null, uncheckable: [], profilesChecked: 0 };
  return { status: row.status as ImpersonationCheck["status"], requestedAt: row.requestedAt.toISOString(), finishedAt: iso(row.finishedAt), uncheckable: row.uncheckable, profilesChecked: row.profilesChecked };
}

export function createImpersonationService(deps: ImpersonationDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const pacer = new PlatformPacer(deps.platformIntervalMs);

  const allowedFor = async (userId: string) => {
    const tier = await deps.tierFor(userId);
    return { tier, allowed: entitlements[tier].impersonationMonitoring, upgradeTo: planThatLifts(tier, "impersonationMonitoring") };
  };

  /**
   * Candidates from a web search: her names with `site:` each platform, the result addresses read
   * back into handles. A search that fails ends the searching (the generated handles still run).
   */
  const searchedHandles = async (userId: string, names: string[]): Promise<Array<{ platformId: number; handle: string }>> => {
    const limit = deps.searchQueries ?? 0;
    if (!deps.searchWeb || limit <= 0) return [];
    const list = deps.platforms ?? checkablePlatforms();
    const out: Array<{ platformId: number; handle: string }> = [];
    for (const { platformId, query } of siteQueries(list, names, limit)) {
      const platform = list.find((p) => p.id === platformId)!;
      try {
        for (const handle of handlesFromResults(platform, await deps.searchWeb(query))) out.push({ platformId, handle });
      } catch (error) {
        deps.logger.warn({ err: error, userId }, "impersonation search failed; the check goes on without it");
        break;
      }
    }
    return out;
  };

  const mine = async (userId: string, id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "No such account on your list.");
    const row = await repo.findImpersonator(db, userId, id);
    if (!row) throw new AppError("NOT_FOUND", "No such account on your list.");
    return row;
  };

  /** The posts its evidence says show her photos. */
  const postsOf = (row: repo.ImpersonatorRow) => (row.evidence as Impersonator["evidence"]).find((e) => e.kind === "post-image")?.posts ?? [];

  /**
   * The DMCA takedown of its posts showing her photos, to the platform: the posts become her
   * confirmed findings, and her takedowns module asks it (with her rules: ownership proven,
   * authorization signed, her plan's takedowns). What it did is said to her, never thrown.
   */
  const takedownOfPosts = async (userId: string, row: repo.ImpersonatorRow, posts: { url: string; imageUrl: string }[], platformName: string): Promise<NonNullable<ImpersonationReport["dmca"]>> => {
    const urls = posts.map((p) => p.url);
    const count = urls.length === 1 ? "its post" : `its ${urls.length} posts`;
    if (!deps.takedowns || !deps.confirmLeak) return { status: "not-sent", urls, message: "Takedowns are not available on this server: report the posts with the fields below.", missing: null };
    const recorded = await recordReportedPosts(
      db,
      deps.confirmLeak,
      userId,
      posts.map((p) => ({ ...p, title: `Post by @${row.handle} on ${platformName}`, detail: `Posted by ${row.profileUrl}, an account pretending to be her, showing her photo.` })),
      // Seen by the account's last check: Report itself reads no page.
      row.lastCheckedAt,
    );
    // A post already removed (after an earlier takedown) has nothing left to take down.
    const leakIds = recorded.filter((r) => !r.removed).map((r) => r.id);
    if (leakIds.length === 0) return { status: "not-sent", urls, message: `No DMCA notice was sent: ${urls.length === 1 ? "its post showing your photos is" : `its ${urls.length} posts showing your photos are`} already removed.`, missing: null };
    try {
      await deps.takedowns.create(userId, { leakIds, basis: "dmca" });
      return { status: "requested", urls, message: `A DMCA notice to ${platformName} for ${count} showing your photos is on its way: follow it in Takedown Requests.`, missing: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === "CONFLICT" && error.details?.reason === "open_takedown") {
        return { status: "open", urls, message: `A takedown of ${count} showing your photos is already open: follow it in Takedown Requests.`, missing: null };
      }
      const missing = error.code === "QUOTA_EXCEEDED" ? "plan" : error.details?.missing === "ownership" || error.details?.missing === "authorization" ? error.details.missing : null;
      return { status: "not-sent", urls, message: `No DMCA notice was sent for ${count} showing your photos: ${error.message}`, missing };
    }
  };

  const service = {
    /** Likely impersonators first listed after a time, for the new-impersonator email. */
    async listedSince(userId: string, after: Date | null, limit = 10) {
      const { items, total } = await repo.listListedSince(db, userId, after, limit);
      return { items: items.map((r) => ({ handle: r.handle, platform: findPlatform(r.platformId)?.name ?? "a platform", profileUrl: r.profileUrl })), total };
    },

    async list(userId: string): Promise<ImpersonatorsResponse> {
      const { allowed, upgradeTo } = await allowedFor(userId);
      const [rows, check] = await Promise.all([allowed ? repo.listImpersonators(db, userId, VISIBLE) : [], repo.findCheck(db, userId)]);
      return { allowed, upgradeTo, impersonators: rows.map(view), check: checkView(check) };
    },

    /** Queues her check (at most one at a time); Premium and VIP only. */
    async requestCheck(userId: string): Promise<ImpersonationCheck> {
      const { tier, allowed, upgradeTo } = await allowedFor(userId);
      if (!allowed) {
        throw new AppError("QUOTA_EXCEEDED", "Impersonation monitoring is part of the Premium and VIP plans.", undefined, { resource: "impersonationMonitoring", plan: tier, upgradeTo });
      }
      if (!deps.enabled) throw new AppError("UNAVAILABLE", "Impersonation checks are switched off on this server.");
      const ids = await deps.identities.get(userId);
      if (ids.stageNames.length === 0 && ids.nicknames.length === 0) {
        throw new AppError("VALIDATION", "Add a stage name first: the check looks for accounts using your names.", { stageNames: "Add at least one stage name." });
      }
      const current = await repo.findCheck(db, userId);
      if (current && (current.status === "queued" || current.status === "running") && now().getTime() - current.requestedAt.getTime() < CHECK_STALE_MS) return checkView(current);
      await repo.saveCheck(db, userId, { status: "queued", requestedAt: now(), finishedAt: null, uncheckable: current?.uncheckable ?? [], profilesChecked: current?.profilesChecked ?? 0 });
      await deps.queue.send(impersonationCheckJob, { userId }, { singletonKey: `impersonation:${userId}` });
      return checkView(await repo.findCheck(db, userId));
    },

    /** After a completed scan: a check too, when her plan has monitoring and the last one is older than her plan's rescan interval. */
    async onScanCompleted(event: { userId: string }): Promise<void> {
      if (!deps.enabled) return;
      const { tier, allowed } = await allowedFor(event.userId);
      if (!allowed) return;
      const last = await repo.findCheck(db, event.userId);
      const everyMs = (entitlements[tier].monitoringEveryHours ?? 24 * 7) * 3_600_000;
      if (last && now().getTime() - last.requestedAt.getTime() < everyMs) return;
      await service.requestCheck(event.userId).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
      });
    },

    async runCheck(userId: string): Promise<void> {
      const { allowed } = await allowedFor(userId);
      const started = now();
      const prior = await repo.findCheck(db, userId);
      if (!allowed || !deps.enabled) {
        if (prior) await repo.saveCheck(db, userId, { ...prior, status: "failed", finishedAt: started });
        return;
      }
      await repo.saveCheck(db, userId, { status: "running", requestedAt: prior?.requestedAt ?? started, finishedAt: null, uncheckable: prior?.uncheckable ?? [], profilesChecked: prior?.profilesChecked ?? 0 });
      try {
        const ids = await deps.identities.get(userId);
        const refs = await referenceImagesOf(db, userId);
        const existing = await repo.listAll(db, userId);
        const searched = await searchedHandles(
          userId,
          // Her names as people write them first (a fan page is titled "Luna Rivers"), then her handles.
          [...ids.nicknames.map((n) => n.value), ...ids.stageNames.map((n) => n.username)],
        );
        const result = await checkImpersonators({
          stageNames: ids.stageNames.map((s) => ({ platform: s.platform, username: s.username })),
          nicknames: ids.nicknames.map((n) => n.value),
          allowlist: ids.allowlist.map((a) => a.domain),
          references: prepareReferences(refs.flatMap(referenceHashesOf)),
          catalog: await deps.catalog(),
          searched,
          now: now(),
          adapter: { fetchPage: deps.fetchPage, redditUrl: deps.redditUrl, scheme: deps.profileScheme ?? "https" },
          fetchImage: deps.fetchImage,
          handlesPerPlatform: deps.handlesPerPlatform,
          ...(deps.platforms ? { platforms: deps.platforms } : {}),
          pacer,
          known: existing.filter((r) => r.status === "open" || r.status === "reported").map((r) => ({ platformId: r.platformId, handle: r.handle })),
        });
        const byKey = new Map(existing.map((r) => [`${r.platformId}:${r.handleKey}`, r]));
        const at = now();
        let listed = 0;
        for (const c of result.checked) {
          const p = c.profile;
          const row = byKey.get(`${p.platformId}:${p.handle.toLowerCase()}`);
          if (p.status === "absent") {
            // An account on her list that the platform no longer has: gone.
            if (row && (row.status === "open" || row.status === "reported")) await repo.updateImpersonator(db, userId, row.id, { status: "gone", goneAt: at, lastCheckedAt: at });
            continue;
          }
          if (!c.verdict.likely) {
            if (row) await repo.updateImpersonator(db, userId, row.id, { lastCheckedAt: at });
            continue;
          }
          if (!row) listed++;
          await repo.upsertImpersonator(db, userId, {
            firstSeenAt: at,
            platformId: p.platformId,
            handle: p.handle,
            handleKey: p.handle.toLowerCase(),
            profileUrl: p.url,
            displayName: p.displayName,
            bio: p.bio,
            avatarUrl: p.avatarUrl,
            avatarJpeg: c.thumbnail ? c.thumbnail.bytes.toString("base64") : null,
            links: p.links,
            followers: p.followers,
            accountCreatedAt: p.createdAt,
            score: c.verdict.score,
            evidence: c.verdict.evidence,
            lastCheckedAt: at,
          });
          // Back after it was gone: on her list again.
          if (row?.status === "gone") await repo.updateImpersonator(db, userId, row.id, { status: row.reportedAt ? "reported" : "open", goneAt: null });
        }
        if (listed > 0) {
          await deps.onImpersonatorsFound?.({ userId, count: listed }).catch((e: unknown) => deps.logger.warn({ err: e, userId }, "impersonator alert hook failed"));
        }
        await repo.saveCheck(db, userId, {
          status: "done",
          requestedAt: prior?.requestedAt ?? started,
          finishedAt: now(),
          uncheckable: result.uncheckable.map((u) => ({ platform: u.platformName, reason: u.reason })),
          profilesChecked: result.requests,
        });
      } catch (error) {
        await repo.saveCheck(db, userId, { status: "failed", requestedAt: prior?.requestedAt ?? started, finishedAt: now(), uncheckable: prior?.uncheckable ?? [], profilesChecked: 0 });
        throw error;
      }
    },

    async avatar(userId: string, id: string): Promise<Buffer> {
      const row = await mine(userId, id);
      if (!row.avatarJpeg) throw new AppError("NOT_FOUND", "This account has no picture.");
      return Buffer.from(row.avatarJpeg, "base64");
    },

    /** "This is me": the account becomes one of her stage names and leaves the list. */
    async thisIsMe(userId: string, id: string): Promise<ImpersonatorsResponse> {
      const row = await mine(userId, id);
      await deps.identities.addStageName(userId, row.platformId, row.handle);
      await repo.deleteImpersonator(db, userId, row.id);
      return service.list(userId);
    },

    async dismiss(userId: string, id: string): Promise<Impersonator> {
      const row = await mine(userId, id);
      const updated = await repo.updateImpersonator(db, userId, row.id, { status: "dismissed", dismissedAt: now() });
      return view(updated ?? row);
    },

    /** Marks it reported and gives her the platform's report route with every field ready to copy. */
    async report(userId: string, id: string): Promise<ImpersonationReport> {
      const row = await mine(userId, id);
      const updated = row.status === "gone" ? row : ((await repo.updateImpersonator(db, userId, row.id, { status: "reported", reportedAt: row.reportedAt ?? now() })) ?? row);
      const platform = findPlatform(row.platformId);
      const ids = await deps.identities.get(userId);
      const own = ids.stageNames
        .map((s) => {
          const p = findPlatform(s.platformId);
          return p ? { platformId: s.platformId, url: profileUrlOf(p, s.username), label: `${p.name === "{host}" ? "Website" : p.name}: ${s.username}` } : null;
        })
        .filter((s): s is { platformId: number; url: string | null; label: string } => !!s);
      const onSamePlatform = own.find((o) => o.platformId === row.platformId);
      const herName = ids.nicknames[0]?.value ?? ids.stageNames[0]?.username ?? "";
      const email = deps.emailOf ? await deps.emailOf(userId) : null;
      const why = (row.evidence as { detail: string }[]).map((e) => `- ${e.detail.replace(/\byour\b/g, "my").replace(/\byou\b/g, "me")}`).join("\n");
      const description = [
        `The account ${row.profileUrl} (@${row.handle}) is pretending to be me, ${herName}.`,
        onSamePlatform?.url ? `My real account on ${platform?.name ?? "this platform"} is ${onSamePlatform.url}.` : `I am not on ${platform?.name ?? "this platform"} under this name; my real accounts are listed below.`,
        "Why this account is impersonating me:",
        why,
        ...(postsOf(row).length ? ["Its posts showing my photos:", ...postsOf(row).map((p) => `- ${p.url}`)] : []),
        "Please remove it.",
      ].join("\n");
      const route = reportRouteFor(platform, row.profileUrl);
      const posts = postsOf(row);
      return {
        // A gone account's posts went with it: nothing to take down.
        dmca: posts.length && row.status !== "gone" ? await takedownOfPosts(userId, row, posts, platform?.name ?? "the platform") : null,
        impersonator: view(updated),
        platform: platform?.name ?? "Unknown",
        reportUrl: route.reportUrl,
        steps: route.steps,
        fields: [
          { label: "Account pretending to be you", value: row.profileUrl },
          { label: "Its username", value: row.handle },
          { label: "Your name", value: herName },
          ...(onSamePlatform?.url ? [{ label: `Your own ${platform?.name ?? ""} account`.replace(/\s+/g, " "), value: onSamePlatform.url }] : []),
          { label: "Your accounts", value: own.map((o) => o.url ?? o.label).join("\n") },
          ...(email ? [{ label: "Your email", value: email }] : []),
          { label: "Description", value: description },
        ],
      };
    },
  };
  return service;
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
