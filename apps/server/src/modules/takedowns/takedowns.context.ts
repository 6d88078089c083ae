import type { EntitlementTier } from "@leakwarden/contracts/plans";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import type { Logger } from "../../lib/logger";
import type { FileHostEndpoints } from "../../scanner/file-host-gone";
import type { FetchResult } from "../../scanner/guarded-fetch";
import type { IdentitiesService } from "../identities/identities.service";
import type { ScansService } from "../scans/scans.service";
import type { CloudflareAbuseReports } from "./cloudflare-abuse";
import type { NoticeAgent } from "./notice-template";
import type { RecipientFinder } from "./recipient-finder";
import type { TakedownSchedule } from "./takedown-schedule";

/** What the takedowns module's functions work with: its outside services, settings and clock. */
export interface TakedownsDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  identities: IdentitiesService;
  scans: ScansService;
  /** The creator's plan (the billing module answers). */
  tierFor(userId: string): Promise<EntitlementTier>;
  finder: RecipientFinder;
  /** A page fetch through the guarded fetcher (re-checks; a file host's API may need a POST). */
  fetchPage(url: string, init?: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string }): Promise<FetchResult>;
  /** Where file hosts' "is it gone" interfaces are (scanner/file-host-gone.ts); default: the hosts' own. Tests point them at fakes. */
  fileHostEndpoints?: FileHostEndpoints;
  /** Sends notices: From and Reply-To are the agent's. */
  mailer: Mailer;
  agent: NoticeAgent;
  /** Where the agent is, as forms ask for it apart from the street address. */
  agentPlace?: { city: string | undefined; state: string | undefined; country: string | undefined };
  /** Cloudflare's Abuse Reports API, when it is configured; null: Cloudflare reports are the creator's step. */
  cloudflare?: CloudflareAbuseReports | null;
  /** The domain of our Message-IDs (a re-sent notice keeps its Message-ID). */
  messageIdDomain: string;
  /** Notices to one address per 24 hours, all accounts together (NOTICES_PER_ADDRESS_PER_DAY); the excess is held. */
  noticesPerAddressPerDay?: number;
  schedule: TakedownSchedule;
  /** Told when a re-check finds a link gone (the creator's 'takedown succeeded' alert). */
  onLinkRemoved?: (event: { userId: string; takedownId: string; url: string; removedAt: Date }) => Promise<void>;
  /** Told when a counter-notice answers a notice for her links (her email: what §512(g) means, what happens next). */
  onCounterNotice?: (event: { userId: string; takedownIds: string[]; urls: string[]; from: string; at: Date }) => Promise<void>;
  /** Told when a platform misses its TAKE IT DOWN deadline (her email: what it means, who we escalated to, the FTC record). */
  onDeadlineMissed?: (event: { userId: string; takedownId: string; url: string; platform: string; deadlineAt: Date; escalatedTo: string[] }) => Promise<void>;
  now?: () => Date;
}

/** The dependencies with the clock settled: the first argument of every takedowns function. */
export type TakedownsContext = Omit<TakedownsDeps, "now"> & { now: () => Date };

export function takedownsContext(deps: TakedownsDeps): TakedownsContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}

/** A job's start time for a moment on our clock (tests move the clock; production's is the real one). */
export function startAfterFor(ctx: TakedownsContext, at: Date): Date {
  return new Date(Date.now() + Math.max(0, at.getTime() - ctx.now().getTime()));
}
