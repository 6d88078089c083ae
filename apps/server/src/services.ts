import path from "node:path";
import { entitlements } from "@leakwarden/contracts/plans";
import { createAuth, type Auth } from "./auth/auth";
import { resolveAuthSecret } from "./auth/auth-secret";
import type { Database } from "./db/client";
import { sendEmailJob } from "./email/email.job-definitions";
import { createSendEmailJob } from "./email/email.jobs";
import { createMailer, type Mailer, type OutgoingEmail } from "./email/mailer";
import type { Env } from "./env";
import { createApp, type App } from "./http/app";
import { JobQueue } from "./jobs/queue";
import type { Logger } from "./lib/logger";
import { createAccountDeletionService, type AccountDeletionService } from "./modules/account/account-deletion";
import { createEraseAccountJob } from "./modules/account/account.jobs";
import { createAccountService } from "./modules/account/account.service";
import { createBillingService, type BillingService } from "./modules/billing/billing.service";
import { createEntitlementsService, type EntitlementsService } from "./modules/billing/entitlements.service";
import { createLemonSqueezyClient } from "./modules/billing/lemon-squeezy-client";
import { createOperationsService, type OperationsService } from "./modules/operations/operations.service";
import { createMonitoringTickJob } from "./modules/monitoring/monitoring.jobs";
import { createMonitoringService, type MonitoringService } from "./modules/monitoring/monitoring.service";
import { createBatchedAlertJob, createDigestJob, createNewLeaksAlertJob } from "./modules/alerts/alerts.jobs";
import { createAlertsService, type AlertsService } from "./modules/alerts/alerts.service";
import { createContactService, type ContactService } from "./modules/contact/contact.service";
import { createCrawlSiteJob, createCrawlTickJob } from "./modules/crawls/crawls.jobs";
import { listCreatorIds } from "./modules/crawls/crawls.repository";
import { createCrawlsService, type CrawlsService } from "./modules/crawls/crawls.service";
import { createIdentitiesService, type IdentitiesService } from "./modules/identities/identities.service";
import { handleDisputedMessage } from "./modules/identities/identity-templates";
import { createImpersonationCheckJob } from "./modules/impersonation/impersonation.jobs";
import { createImpersonationService, type ImpersonationService } from "./modules/impersonation/impersonation.service";
import { createMatchReferenceJob } from "./modules/image-index/image-index.jobs";
import { createImageIndexService, type ImageIndexService } from "./modules/image-index/image-index.service";
import { createProviders } from "./scanner/run-scan";
import { createRunScanJob } from "./modules/scans/scans.jobs";
import { createScansService, type ScansService } from "./modules/scans/scans.service";
import type { FileHostEndpoints } from "./scanner/file-host-gone";
import { createGuardedFetcher } from "./scanner/guarded-fetch";
import { createSiteService } from "./modules/site/site.service";
import { NetworkLookup } from "./modules/takedowns/network-lookup";
import { createRecipientFinder } from "./modules/takedowns/recipient-finder";
import { scheduleFromSettings } from "./modules/takedowns/takedown-schedule";
import { createCloudflareAbuseReports } from "./modules/takedowns/cloudflare-abuse";
import { createCloudflareReportJob, createPrepareTakedownsJob, createRecheckJob, createSendNoticeJob } from "./modules/takedowns/takedowns.jobs";
import { createTakedownsService, type TakedownsService } from "./modules/takedowns/takedowns.service";
import { createAutopilotDigestJob, createAutopilotSweepJob } from "./modules/takedowns/autopilot.jobs";
import { createAutopilotService, type AutopilotService } from "./modules/takedowns/autopilot.service";
import { loadLeakSiteCatalog } from "./scanner/leak-site-catalog";
import type { EntitlementTier, PlanId } from "@leakwarden/contracts/plans";
import { findPlatform, type Platform } from "@leakwarden/contracts/platforms";

export interface Services {
  env: Env;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  auth: Auth;
  app: App;
  scans: ScansService;
  imageIndex: ImageIndexService;
  billing: BillingService;
  /** tierFor(userId): the creator's plan now ("free" without one); every quota reads it. */
  entitlements: EntitlementsService;
  monitoring: MonitoringService;
  alerts: AlertsService;
  identities: IdentitiesService;
  takedowns: TakedownsService;
  /** Automatic takedowns of her high-confidence findings, per category she turned on. */
  autopilot: AutopilotService;
  operations: OperationsService;
  crawls: CrawlsService;
  impersonation: ImpersonationService;
  contact: ContactService;
  accountDeletion: AccountDeletionService;
  /** Queues an email; it is sent by the email job, with retries. */
  sendEmail(email: OutgoingEmail): Promise<void>;
}

export interface ServiceOptions {
  mailer?: Mailer;
  now?: () => Date;
  noticeMailer?: Mailer;
  tierFor?: (userId: string) => Promise<EntitlementTier>;
  demo?: boolean;
  /** A plan every new account gets, through the entitlements service (the demo's). */
  grantOnSignUp?: PlanId;
  /** Tests only: fake platforms are reached over http through the test proxy. */
  impersonation?: { profileScheme?: "http" | "https"; platforms?: readonly Platform[] };
  /** Tests only: file hosts' "is it gone" interfaces, faked on 127.0.0.1 behind the test proxy. */
  fileHostEndpoints?: FileHostEndpoints;
}

/** Wires the whole server: the one place where modules meet. */
export function createServices(env: Env, logger: Logger, database: Database, options: ServiceOptions = {}): Services {
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, replyTo: env.MAIL_REPLY_TO, outboxDir: path.join(env.dataDir, "outbox") }, logger);
  const queue = new JobQueue(database, logger, { pollSeconds: env.JOB_POLL_SECONDS, superviseSeconds: env.JOB_SUPERVISE_SECONDS });
  queue.register(createSendEmailJob(mailer));
  const sendEmail = async (email: OutgoingEmail) => {
    await queue.send(sendEmailJob, email);
  };

  const authSecret = resolveAuthSecret(env.AUTH_SECRET, env.dataDir);
  // One clock for every rule that depends on time (quotas, plan end dates, rescans): tests drive it.
  const now = options.now ?? (() => new Date());
  const entitlementsService = createEntitlementsService({ db: database.db, now, ...(options.grantOnSignUp ? { grantOnSignUp: options.grantOnSignUp } : {}) });
  const auth = createAuth(
    database.db,
    {
      publicUrl: env.publicUrl,
      secret: authSecret,
      googleClientId: env.GOOGLE_CLIENT_ID,
      googleClientSecret: env.GOOGLE_CLIENT_SECRET,
      rateLimitMax: env.AUTH_RATE_LIMIT_MAX,
      rateLimitWindowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      accountRateLimitMax: env.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      accountRateLimitWindowSeconds: env.AUTH_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS,
      secureCookies: env.publicUrl.startsWith("https://"),
      logger,
      onSignedIn: async (userId) => void (await accountDeletion.cancelOnSignIn(userId)),
      onUserCreated: (userId) => entitlementsService.accountCreated(userId),
    },
    sendEmail,
  );


  // Her account's deletion: a grace period, then erasure by a job (all but the legal record of notices sent in her name).
  queue.register(createEraseAccountJob(() => accountDeletion));
  const accountDeletion: AccountDeletionService = createAccountDeletionService({
    database,
    logger,
    queue,
    sendEmail,
    verifyPassword: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
    publicUrl: env.publicUrl,
    now,
    outboxDir: path.join(env.dataDir, "outbox"),
  });
  const tierFor = options.tierFor ?? ((userId: string) => entitlementsService.tierFor(userId));

  const account = createAccountService(database.db, { subscriptionNameFor: (userId) => entitlementsService.subscriptionNameFor(userId) });
  /** Where her alerts and summaries go: nowhere while her account waits to be erased (she asked to leave). */
  const alertAddressOf = async (userId: string) =>
    (await accountDeletion.isScheduled(userId)) ? null : ((await account.getUser(userId).catch(() => null))?.email ?? null);
  // Profile pages for ownership checks go through the same guarded fetcher as the scanner.
  const profileFetcher = createGuardedFetcher(env, { maxRetryWaitMs: 2_000 });
  const identities = createIdentitiesService({
    db: database.db,
    publicUrl: env.publicUrl,
    limitsFor: async (userId) => ({ ...(await entitlementsService.identityLimitsFor(userId)), allowlist: 100 }),
    now,
    fetchPage: (url) => profileFetcher.fetch(url, { maxBytes: Math.min(env.SCAN_MAX_BYTES, 2 * 1024 * 1024), robots: false, retries: 0 }),
    redditUrl: env.REDDIT_URL,
    verifyMinIntervalSeconds: env.VERIFY_MIN_INTERVAL_SECONDS,
    // One handle, one owner: the accounts that proved it first hear at once that another account proved it.
    onHandleDisputed: async (event) => {
      for (const userId of event.firstOwnerIds) {
        const to = (await account.getUser(userId).catch(() => null))?.email;
        if (to) await sendEmail(handleDisputedMessage(to, event, new URL("/dashboard/account", env.publicUrl).toString()));
        logger.warn({ disputeId: event.disputeId, platform: event.platform, firstOwner: userId, claimant: event.claimantId }, "a handle was proved by a second account: notices citing it are held");
      }
    },
  });
  queue.register(createRunScanJob(() => scans, { budgetMs: env.SCAN_BUDGET_MS, heartbeatSeconds: env.SCAN_HEARTBEAT_SECONDS, retryDelaySeconds: env.SCAN_RETRY_DELAY_SECONDS }));
  const scans: ScansService = createScansService({
    db: database.db,
    logger,
    settings: env,
    identities,
    queue,
    tierFor,
    now,
    onScanCompleted: async (event) => {
      await alerts.onScanCompleted(event);
      await impersonation.onScanCompleted(event);
      await autopilot.onLeaksFound(event.userId);
    },
    onHighConfidenceLeak: (event) => autopilot.onLeaksFound(event.userId),
    imageIndex: () => imageIndex,
    onReuploadsFound: (event) => alerts.onReuploadsFound(event),
  });

  // The shared image index: fed by scans (and crawls), matched against every creator's references.
  queue.register(createMatchReferenceJob(() => imageIndex));
  let indexCatalog: ReturnType<typeof loadLeakSiteCatalog> | undefined;
  const imageIndex: ImageIndexService = createImageIndexService({
    db: database.db,
    logger,
    queue,
    identities,
    catalog: () => (indexCatalog ??= loadLeakSiteCatalog(env.LEAK_SITE_CATALOG_PATH).catch(() => loadLeakSiteCatalog())),
    // Re-uploads are marked before the alert goes out, so that it can say so.
    onLeaksFound: async (event) => {
      await scans.detectReuploads(event.userId, event.since);
      await alerts.onLeaksFound(event);
      await autopilot.onLeaksFound(event.userId);
    },
    coveredReferences: (userId) => scans.coveredReferenceIds(userId),
    now,
    lookupConnections: database.engine === "postgres" ? env.IMAGE_INDEX_LOOKUP_CONNECTIONS : 1,
  });

  queue.register(createNewLeaksAlertJob(() => alerts), createDigestJob(() => alerts), createBatchedAlertJob(() => alerts));
  const alerts: AlertsService = createAlertsService({
    db: database.db,
    logger,
    queue,
    sendEmail,
    emailOf: alertAddressOf,
    newLeaks: (userId, filter, limit) => scans.newLeaks(userId, filter, limit),
    reuploadsSince: (userId, after, limit) => scans.reuploadsSince(userId, after, limit),
    impersonatorsSince: (userId, after, limit) => impersonation.listedSince(userId, after, limit),
    publicUrl: env.publicUrl,
    secret: authSecret,
    now,
  });

  queue.register(createMonitoringTickJob(() => monitoring));
  const monitoring = createMonitoringService({
    db: database.db,
    logger,
    queue,
    scans,
    entitlements: entitlementsService,
    tickSeconds: env.MONITORING_TICK_SECONDS,
    now,
  });
  const billing = createBillingService({
    db: database.db,
    logger,
    settings: {
      publicUrl: env.publicUrl,
      apiKey: env.LEMONSQUEEZY_API_KEY,
      storeId: env.LEMONSQUEEZY_STORE_ID,
      variants: env.LEMONSQUEEZY_VARIANTS,
      webhookSecret: env.LEMONSQUEEZY_WEBHOOK_SECRET,
      storeUrl: env.LEMONSQUEEZY_STORE_URL,
    },
    entitlements: entitlementsService,
    ...(env.LEMONSQUEEZY_API_KEY
      ? { client: createLemonSqueezyClient({ apiUrl: env.LEMONSQUEEZY_API_URL, apiKey: env.LEMONSQUEEZY_API_KEY, timeoutMs: env.LEMONSQUEEZY_TIMEOUT_MS }, logger) }
      : {}),
    usageFor: async (userId) => {
      const [ids, quota, images] = await Promise.all([identities.get(userId), scans.quota(userId), scans.listReferenceImages(userId)]);
      const tier = await tierFor(userId);
      return {
        stageNames: { use: ids.stageNames.length, limit: ids.limits.stageNames },
        nicknames: { use: ids.nicknames.length, limit: ids.limits.nicknames },
        referenceImages: { use: images.length, limit: entitlements[tier].referenceImages },
        manualScans: { use: quota.used, limit: quota.limit, per: quota.per, resetsAt: quota.nextAvailableAt },
      };
    },
    onSubscriptionChanged: async (userId) => {
      await monitoring.kick();
      await imageIndex.rematchCovered(userId);
    },
  });

  // Takedowns: notices leave from the agent's address; lookups and re-checks use the guarded fetcher.
  const noticeMailer =
    options.noticeMailer ??
    createMailer({ smtpUrl: env.SMTP_URL, from: env.NOTICE_FROM, replyTo: env.NOTICE_REPLY_TO ?? env.AGENT_EMAIL, outboxDir: path.join(env.dataDir, "outbox") }, logger);
  const takedownFetcher = createGuardedFetcher(env, { maxRetryWaitMs: 5_000 });
  const catalog = loadLeakSiteCatalog(env.LEAK_SITE_CATALOG_PATH);
  catalog.catch((error: unknown) => logger.error({ err: error }, "leak-site catalog unreadable: takedowns use no catalog contacts"));
  queue.register(
    createPrepareTakedownsJob(() => takedowns),
    createSendNoticeJob(() => takedowns, { limit: env.NOTICE_RETRY_LIMIT, delaySeconds: env.NOTICE_RETRY_DELAY_SECONDS }),
    createRecheckJob(() => takedowns),
    createCloudflareReportJob(() => takedowns),
  );
  const takedowns: TakedownsService = createTakedownsService({
    db: database.db,
    logger,
    queue,
    identities,
    scans,
    tierFor,
    finder: createRecipientFinder({
      fetcher: takedownFetcher,
      lookup: new NetworkLookup({
        fetcher: takedownFetcher,
        logger,
        dnsServers: env.DNS_SERVERS,
        bootstrapUrl: env.RDAP_BOOTSTRAP_URL,
        cloudflareUrl: env.CLOUDFLARE_IPS_URL,
        refreshMs: 24 * 3_600_000,
        timeoutMs: env.SCAN_FETCH_TIMEOUT_MS,
      }),
      catalog: () => catalog.catch(() => loadLeakSiteCatalog()),
      logger,
      timeoutMs: env.SCAN_FETCH_TIMEOUT_MS,
      now,
    }),
    fetchPage: (url, init) => takedownFetcher.fetch(url, { robots: false, retries: 1, ...init }),
    ...(options.fileHostEndpoints ? { fileHostEndpoints: options.fileHostEndpoints } : {}),
    mailer: noticeMailer,
    agent: { name: env.AGENT_NAME, address: env.AGENT_ADDRESS, email: env.AGENT_EMAIL, phone: env.AGENT_PHONE },
    agentPlace: { city: env.AGENT_CITY, state: env.AGENT_STATE, country: env.AGENT_COUNTRY },
    cloudflare:
      env.CLOUDFLARE_API_TOKEN && env.CLOUDFLARE_ACCOUNT_ID
        ? createCloudflareAbuseReports({ apiUrl: env.CLOUDFLARE_API_URL, token: env.CLOUDFLARE_API_TOKEN, accountId: env.CLOUDFLARE_ACCOUNT_ID, timeoutMs: env.SCAN_FETCH_TIMEOUT_MS })
        : null,
    messageIdDomain: env.NOTICE_FROM,
    noticesPerAddressPerDay: env.NOTICES_PER_ADDRESS_PER_DAY,
    schedule: scheduleFromSettings(env),
    onLinkRemoved: (event) => alerts.takedownSucceeded(event.userId, { url: event.url }),
    onCounterNotice: (event) => alerts.counterNoticeReceived(event.userId, event),
    onDeadlineMissed: (event) => alerts.takeItDownDeadlineMissed(event.userId, event),
    now,
  });

  // The autopilot: her high-confidence findings taken down as they are recorded, listed in a digest.
  const autopilotSweepJob = createAutopilotSweepJob(() => autopilot);
  const autopilotDigestJob = createAutopilotDigestJob(() => autopilot);
  queue.register(autopilotSweepJob, autopilotDigestJob);
  const autopilot: AutopilotService = createAutopilotService({
    db: database.db,
    logger,
    queue,
    takedowns,
    sendEmail,
    emailOf: async (userId) => (await account.getUser(userId).catch(() => null))?.email ?? null,
    publicUrl: env.publicUrl,
    digestDelayMs: env.AUTOPILOT_DIGEST_DELAY_SECONDS * 1000,
    maxPerDay: env.AUTOPILOT_MAX_NOTICES_PER_DAY,
    now,
  });

  // Crawling the catalog's leak sites: jobs on their own schedule, every creator's names at once.
  queue.register(createCrawlTickJob(() => crawls), createCrawlSiteJob(() => crawls, env.CRAWL_BUDGET_MS));
  const crawls: CrawlsService = createCrawlsService({
    db: database.db,
    logger,
    queue,
    settings: env,
    fetcher: createGuardedFetcher(env, { maxRetryWaitMs: 0 }),
    catalog: () => catalog.catch(() => loadLeakSiteCatalog()),
    creators: async () => {
      const out = [];
      for (const userId of await listCreatorIds(database.db)) {
        const [ids, tier] = await Promise.all([identities.get(userId), tierFor(userId)]);
        const covered = entitlements[tier];
        out.push({
          userId,
          identity: {
            stageNames: ids.stageNames.slice(0, covered.stageNames).map((s) => ({ platform: s.platform, username: s.username })),
            nicknames: ids.nicknames.slice(0, covered.nicknames).map((n) => n.value),
            allowlist: ids.allowlist.map((d) => d.domain),
            specific: ids.specific,
          },
        });
      }
      return out;
    },
    indexImages: (seen) => imageIndex.indexAndMatch(seen),
    knownImages: { indexedUrls: (urls) => imageIndex.indexedUrls(urls), seenAgain: (seen) => imageIndex.sightAgain(seen) },
    onNewLeaks: async (event) => {
      await scans.detectReuploads(event.userId, event.since);
      await alerts.onLeaksFound({ ...event, via: "crawl" });
      await autopilot.onLeaksFound(event.userId);
    },
    now,
  });

  const site = createSiteService(database.db, {
    landingUsers: env.LANDING_USERS,
    landingTakedowns: env.LANDING_TAKEDOWNS,
    landingRevenueIncrease: env.LANDING_REVENUE_INCREASE,
    landingFigureMin: env.LANDING_FIGURE_MIN,
    mixpanelToken: env.MIXPANEL_TOKEN,
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET,
    supportEmail: env.SUPPORT_EMAIL,
    // Only the demo command sets it: the banner that says scans search a fictional web.
    demo: options.demo === true,
  }, now);
  // Impersonation checks: public profile pages and avatars through the guarded fetcher, politely per platform.
  const impersonationFetcher = createGuardedFetcher(env, { maxRetryWaitMs: 5_000 });
  queue.register(createImpersonationCheckJob(() => impersonation));
  const impersonation: ImpersonationService = createImpersonationService({
    db: database.db,
    logger,
    queue,
    identities,
    tierFor,
    catalog: () => catalog.catch(() => loadLeakSiteCatalog()),
    fetchPage: (url) => impersonationFetcher.fetch(url, { robots: false, retries: 1, maxBytes: Math.min(env.SCAN_MAX_BYTES, 2 * 1024 * 1024) }),
    fetchImage: (url) => impersonationFetcher.fetch(url, { robots: false, retries: 1, maxBytes: 5 * 1024 * 1024, truncate: false }),
    redditUrl: env.REDDIT_URL,
    enabled: env.IMPERSONATION_ENABLED,
    handlesPerPlatform: env.IMPERSONATION_HANDLES_PER_PLATFORM,
    platformIntervalMs: env.IMPERSONATION_PLATFORM_INTERVAL_MS,
    emailOf: alertAddressOf,
    onImpersonatorsFound: (event) => alerts.onImpersonatorsFound(event),
    searchWeb: async (query) => {
      const web = createProviders(env, impersonationFetcher, await catalog.catch(() => loadLeakSiteCatalog())).providers.find((p) => p.kind === "web");
      return web ? (await web.search(query, 1)).hits.map((h) => h.url) : [];
    },
    searchQueries: env.IMPERSONATION_SEARCH_QUERIES,
    confirmLeak: (userId, leakId) => scans.reviewLeak(userId, leakId, "confirm"),
    takedowns,
    ...(options.impersonation?.profileScheme ? { profileScheme: options.impersonation.profileScheme } : {}),
    ...(options.impersonation?.platforms
      ? { platforms: options.impersonation.platforms }
      : env.IMPERSONATION_PLATFORMS.length
        ? { platforms: env.IMPERSONATION_PLATFORMS.map((name) => findPlatform(name)!).filter((p) => p.verification !== "none") }
        : {}),
    now,
  });

  const contact = createContactService({
    db: database.db,
    logger,
    sendEmail,
    now,
    settings: {
      supportEmail: env.SUPPORT_EMAIL,
      secret: authSecret,
      publicUrl: env.publicUrl,
      minSubmitSeconds: env.CONTACT_MIN_SUBMIT_SECONDS,
      rateLimitMax: env.CONTACT_RATE_LIMIT_MAX,
      rateLimitWindowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
    },
  });

  const operations = createOperationsService({ database, queue, autopilotMaxPerDay: env.AUTOPILOT_MAX_NOTICES_PER_DAY });
  const app = createApp({
    logger,
    database,
    auth,
    publicUrl: env.publicUrl,
    trustedProxies: env.TRUSTED_PROXIES,
    webDistDir: env.webDistDir,
    metricsToken: env.METRICS_TOKEN,
    operations,
    services: { account, identities, scans, site, alerts, billing, takedowns, autopilot, impersonation, contact },
    accountData: {
      deletion: accountDeletion,
      exportsPerHour: env.DATA_EXPORTS_PER_HOUR,
      passwordChecks: { max: env.AUTH_ACCOUNT_RATE_LIMIT_MAX, windowSeconds: env.AUTH_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS },
      now,
    },
  });

  return { env, logger, database, queue, mailer, auth, app, sendEmail, identities, scans, imageIndex, alerts, billing, entitlements: entitlementsService, monitoring, takedowns, autopilot, operations, crawls, impersonation, contact, accountDeletion };
}
