import type { EntitlementTier } from "@leakwarden/contracts/plans";
import { entitlements } from "@leakwarden/contracts/plans";
import type {
  AuthorizationInput,
  AttestationText,
  AuthorizationView,
  CreateTakedowns,
  CreateTakedownsResponse,
  DelistingEngine,
  DelistingResponse,
  LeakTakedowns,
  MarkDelisting,
  NoticeView,
  Recipient,
  TakedownDetail,
  TakedownList,
  TakedownListQuery,
  TakedownStats,
  TakedownsPreview,
  TakedownView,
} from "@leakwarden/contracts/takedowns";
import { delistingEngines } from "@leakwarden/contracts/takedowns";
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../db/client";
import type { StoredAttestation, StoredFormStep, StoredRecipient } from "../../db/schema/takedowns";
import type { Mailer } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import type { FetchResult } from "../../scanner/guarded-fetch";
import type { IdentitiesService } from "../identities/identities.service";
import type { ScansService } from "../scans/scans.service";
import { CLOUDFLARE_ABUSE_FORM, dmcaReportFields, missingFields, type CloudflareAbuseReports, type DmcaReportAnswer } from "./cloudflare-abuse";
import { checkLink } from "./link-check";
import { checkMailbox } from "./mailbox";
import { classifyReply, COUNTER_NOTICE_EXPLANATION, noticeIdsIn, ownText, replyKindLabels, type ReplyKind } from "./reply-classifier";
import type { InboundReply } from "./reply-listener";
import { describeWorks, renderNotice, type NoticeAgent, type NoticeItem, type NoticeRecipient } from "./notice-template";
import type { RecipientFinder } from "./recipient-finder";
import { ATTESTATION_VERSION, attestationText, REMOVAL_DEADLINE_MS, renderTakeItDownRequest } from "./takeitdown-template";
import { CANCELLABLE, FINAL, RESENDABLE } from "./takedown-lifecycle";
import { moveNotice, moveTakedowns, noteTakedowns } from "./takedown-moves";
import { nextCheckAt, type TakedownSchedule } from "./takedown-schedule";
import { cloudflareReportJob, prepareTakedownsJob, recheckJob, sendNoticeJob } from "./takedowns.job-definitions";
import * as repo from "./takedowns.repository";

export interface TakedownsDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  identities: IdentitiesService;
  scans: ScansService;
  /** The creator's plan (the billing module answers). */
  tierFor(userId: string): Promise<EntitlementTier>;
  finder: RecipientFinder;
  /** A page fetch through the guarded fetcher (re-checks). */
  fetchPage(url: string): Promise<FetchResult>;
  /** Sends notices: From and Reply-To are the agent's. */
  mailer: Mailer;
  agent: NoticeAgent;
  /** Where the agent is, as forms ask for it apart from the street address. */
  agentPlace?: { city: string | undefined; state: string | undefined; country: string | undefined };
  /** Cloudflare's Abuse Reports API, when it is configured; null: Cloudflare reports are the creator's step. */
  cloudflare?: CloudflareAbuseReports | null;
  /** The domain of our Message-IDs (a re-sent notice keeps its Message-ID). */
  messageIdDomain: string;
  schedule: TakedownSchedule;
  /** Told when a re-check finds a link gone (the creator's 'takedown succeeded' alert). */
  onLinkRemoved?: (event: { userId: string; takedownId: string; url: string; removedAt: Date }) => Promise<void>;
  now?: () => Date;
}

export const AUTHORIZATION_STATEMENT_VERSION = "2025-01";

/** What the creator signs; {name} and {agent} are filled in. */
const AUTHORIZATION_STATEMENT =
  "I, {name}, state that I own the copyright in the photographs and videos I publish on the profiles I have verified with Leakwarden. " +
  "I appoint {agent} as my authorized agent to send, in its own name and on my behalf, notices of copyright infringement under 17 U.S.C. § 512(c)(3) " +
  "to the sites, hosting providers, CDNs and registrars that can remove copies of my work, for the links I choose, and to sign those notices as my agent. " +
  "The notices show as copyright owner the name I choose (my stage name unless I choose my legal name). I understand that a notice must not be sent " +
  "for material I do not own or have authorized, and I can withdraw this authorization at any time.";

const DELISTING_FORMS: Record<DelistingEngine, string> = {
  google: "https://reportcontent.google.com/forms/dmca_search",
  bing: "https://www.microsoft.com/en-us/concern/bing",
};

const uuidPattern = /^[0-9a-f-]{36}$/i;
const upgradeFrom = (tier: EntitlementTier) => (tier === "free" ? "starter" : tier === "starter" ? "premium" : tier === "premium" ? "vip" : null);
const ESCALATE_KIND_LABEL: Record<StoredRecipient["kind"], string> = { site: "the site", host: "the hosting network", cdn: "the CDN", registrar: "the registrar" };

function recipientView(r: StoredRecipient): Recipient {
  return {
    kind: r.kind,
    email: r.email,
    webForm: r.webForm,
    foundBy: r.foundBy,
    source: r.source,
    note: r.note,
    name: r.name,
    refused: r.refused ?? null,
    address: r.address ?? null,
    resolvedAt: r.resolvedAt ?? null,
  };
}

function takedownView(row: repo.TakedownRow): TakedownView {
  const current = row.level !== null ? row.recipients[row.level] : undefined;
  return {
    id: row.id,
    leakId: row.leakId,
    url: row.url,
    domain: row.domain,
    status: row.status,
    recipient: current ? recipientView(current) : null,
    webForm: row.webForm,
    formStep: row.formStep ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    firstSentAt: row.firstSentAt?.toISOString() ?? null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
    nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
    lastCheckAt: row.lastCheckAt?.toISOString() ?? null,
    basis: row.basis,
    removalDeadline: row.removalDeadlineAt ? { dueAt: row.removalDeadlineAt.toISOString(), missedAt: row.deadlineMissedAt?.toISOString() ?? null } : null,
    counterNotice: row.counterNotice ? { ...row.counterNotice, explanation: COUNTER_NOTICE_EXPLANATION } : null,
  };
}

type NoticeKind = "dmca" | "takeitdown";
/** The requests a basis sends to the first recipient. */
const kindsOf = (basis: repo.TakedownRow["basis"]): NoticeKind[] => (basis === "both" ? ["dmca", "takeitdown"] : [basis]);
type NoticeGroup = { level: number; recipient: StoredRecipient; kind: NoticeKind; takedowns: repo.TakedownRow[] };
type RowPlan =
  | { type: "notice"; level: number; recipient: StoredRecipient; recipients: StoredRecipient[]; formStep: StoredFormStep | null }
  | { type: "cloudflare-api"; formStep: StoredFormStep }
  | { type: "manual"; webForm: string | null; reason: string; formStep: StoredFormStep | null };

/** A preview's notices carry this where the notice's reference (its id, given when it is queued) goes. */
export const PREVIEW_REFERENCE = "given when sent";

/** A takedown row before it is stored: what a preview renders notices for. */
const draftRow: Omit<repo.TakedownRow, "id" | "userId" | "leakId" | "url" | "domain" | "basis" | "attestation" | "createdAt" | "updatedAt"> = {
  status: "draft",
  recipients: [],
  level: null,
  webForm: null,
  formStep: null,
  reason: null,
  firstSentAt: null,
  countedAt: null,
  lastSentAt: null,
  removedAt: null,
  nextCheckAt: null,
  lastCheckAt: null,
  checks: 0,
  removalDeadlineAt: null,
  deadlineMissedAt: null,
  counterNotice: null,
};
const minuteOf = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function describeRecipient(r: StoredRecipient): string {
  const how = { catalog: "the leak-site catalog", "site-page": "the site's own page", "rdap-ip": "RDAP for the site's address", "cdn-ranges": "the CDN's published ranges", "rdap-domain": "RDAP for the domain" }[r.foundBy];
  const refused = r.refused ? `; the address ${r.refused.address} was refused: ${r.refused.reason}` : "";
  return `${ESCALATE_KIND_LABEL[r.kind]}: ${r.email ?? r.webForm ?? "no usable contact"} (found through ${how}: ${r.source}${refused})`;
}

/** Where a link's site resolved, for a notice to the network that serves it (its host or CDN). */
function resolutionOf(t: repo.TakedownRow, recipient: StoredRecipient): NoticeItem["resolved"] {
  if (recipient.kind !== "host" && recipient.kind !== "cdn") return null;
  const own = (t.level !== null ? t.recipients[t.level] : undefined) ?? recipient;
  const r = own.kind === recipient.kind && own.address ? own : recipient;
  return r.address && r.resolvedAt ? { address: r.address, at: r.resolvedAt } : null;
}

const isCloudflare = (r: StoredRecipient) => r.kind === "cdn" && r.name === "Cloudflare";

/** Cloudflare is the first party that can act: no recipient before it has an email address. */
function cloudflareFirst(recipients: StoredRecipient[]): boolean {
  const cf = recipients.findIndex(isCloudflare);
  const level = recipients.findIndex((r) => r.email);
  return cf >= 0 && (level < 0 || level > cf);
}

/** A message as PostgreSQL can store it: no NUL (text and jsonb refuse it), whatever an outside party wrote into it. */
const storable = (text: string) => text.replaceAll("\u0000", "\\u0000");

function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** The SMTP server refused for good (5xx): retrying will not help. */
function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function createTakedownsService(deps: TakedownsDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** A job's start time for a moment on our clock (tests move the clock; production's is the real one). */
  const startAfterFor = (at: Date) => new Date(Date.now() + Math.max(0, at.getTime() - now().getTime()));

  async function verifiedNames(userId: string) {
    const identities = await deps.identities.get(userId);
    return identities.stageNames.filter((s) => s.verifiedAt);
  }

  async function ownerOf(userId: string) {
    const verified = await verifiedNames(userId);
    const authorization = await repo.findAuthorization(db, userId);
    let displayed: string | null = null;
    if (authorization) {
      if (authorization.ownerName === "legal_name") displayed = authorization.fullName;
      else displayed = (verified.find((s) => s.id === authorization.stageNameId) ?? verified[0])?.username ?? null;
    }
    return { verified, authorization, displayed, examples: verified.map((s) => s.profileUrl).filter((u): u is string => !!u) };
  }

  function statementFor(name: string): string {
    return AUTHORIZATION_STATEMENT.replace("{name}", name).replace("{agent}", deps.agent.name);
  }

  async function requireReady(userId: string) {
    const owner = await ownerOf(userId);
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

  async function quotaFor(userId: string, at: Date) {
    const tier = await deps.tierFor(userId);
    const limit = entitlements[tier].takedownsPerMonth;
    const used = await repo.countLinksFirstTakenDownSince(db, userId, monthStart(at));
    return { tier, limit, used, resetsAt: nextMonthStart(at).toISOString() };
  }

  function quotaError(q: Awaited<ReturnType<typeof quotaFor>>, wanted: number): AppError {
    const message =
      q.limit === 0
        ? "Your plan shows results only: takedowns come with a paid plan."
        : `Your plan covers ${String(q.limit)} takedowns a month; ${q.used} used, ${wanted} more asked. The count starts again on ${q.resetsAt.slice(0, 10)}.`;
    return new AppError("QUOTA_EXCEEDED", message, undefined, {
      resource: "takedownsPerMonth",
      limit: q.limit,
      use: q.used,
      plan: q.tier,
      upgradeTo: upgradeFrom(q.tier),
      resetsAt: q.resetsAt,
    });
  }

  async function userTakedown(userId: string, id: string) {
    const row = uuidPattern.test(id) ? await repo.findUserTakedown(db, userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", "No such takedown.");
    return row;
  }

  /**
   * What a notice cites: the creator's authorization and verified profiles, the leaks' evidence.
   * Read before a transaction opens (the embedded database has one connection).
   */
  async function noticeContext(userId: string, leakIds: string[]) {
    const owner = await ownerOf(userId);
    const leaks = new Map((await deps.scans.leaksOf(userId, [...new Set(leakIds)])).map((l) => [l.id, l]));
    return { owner, leaks };
  }
  type NoticeContext = Awaited<ReturnType<typeof noticeContext>>;

  /** The notice's text for a recipient and links. */
  function composeNotice(
    context: NoticeContext,
    recipient: StoredRecipient,
    takedowns: repo.TakedownRow[],
    earlier: { name: string; email: string; sentAt: Date }[],
    reference: string,
    kind: NoticeKind = "dmca",
    missed: { name: string; email: string; sentAt: Date; deadlineAt: Date }[] = [],
  ) {
    const { owner, leaks } = context;
    const items: NoticeItem[] = takedowns.map((t) => {
      const leak = leaks.get(t.leakId);
      const evidence = (leak?.evidence ?? {}) as Record<string, unknown>;
      const reupload = leak?.reupload;
      return {
        url: t.url,
        title: typeof evidence.title === "string" ? evidence.title : "",
        matchedNames: Array.isArray(evidence.matchedNames) ? (evidence.matchedNames as string[]) : [],
        imageUrls: Array.isArray(evidence.imageMatches) ? (evidence.imageMatches as { imageUrl?: string }[]).map((m) => m.imageUrl ?? "").filter(Boolean) : [],
        snippet: typeof evidence.snippet === "string" ? evidence.snippet : "",
        fetchedAt: typeof evidence.fetchedAt === "string" ? evidence.fetchedAt : null,
        sha256: typeof evidence.sha256 === "string" ? evidence.sha256 : null,
        resolved: resolutionOf(t, recipient),
        reupload: reupload ? { url: reupload.url, removedAt: reupload.removedAt, noticeSentAt: reupload.noticeSentAt, sameSite: reupload.sameSite } : null,
      };
    });
    // A site whose links are all social-media posts is a platform: the notice is written to its copyright team.
    const onPlatform = recipient.kind === "site" && takedowns.length > 0 && takedowns.every((t) => leaks.get(t.leakId)?.category === "social_media");
    const addressed: NoticeRecipient = onPlatform ? { ...recipient, kind: "platform" } : recipient;
    const attestation = takedowns.find((t) => t.attestation)?.attestation;
    if (kind === "takeitdown" && attestation) {
      return renderTakeItDownRequest({
        reference,
        date: now(),
        agent: deps.agent,
        personName: owner.displayed ?? owner.verified[0]?.username ?? "the person depicted",
        profiles: owner.examples,
        recipient: addressed,
        items,
        attestation,
        missed,
      });
    }
    if (kind === "takeitdown") throw new Error("a TAKE IT DOWN request needs her attestation");
    return renderNotice({
      reference,
      date: now(),
      agent: deps.agent,
      ownerName: owner.displayed ?? owner.verified[0]?.username ?? "the copyright owner",
      profiles: owner.examples,
      recipient: addressed,
      items,
      earlier,
    });
  }

  async function queueNotice(
    tx: DbOrTx,
    context: NoticeContext,
    userId: string,
    level: number,
    recipient: StoredRecipient,
    takedowns: repo.TakedownRow[],
    earlier: { name: string; email: string; sentAt: Date }[],
    kind: NoticeKind = "dmca",
    missed: { name: string; email: string; sentAt: Date; deadlineAt: Date }[] = [],
  ) {
    const reference = randomUUID();
    const content = composeNotice(context, recipient, takedowns, earlier, reference.slice(0, 8), kind, missed);
    return repo.insertNotice(tx, { id: reference, userId, level, recipient, kind, ...content, status: "queued", createdAt: now() }, takedowns.map((t) => t.id));
  }

  async function detail(row: repo.TakedownRow): Promise<TakedownDetail> {
    const notices = await repo.listTakedownNotices(db, row.id);
    const events = await repo.listEvents(db, row.id);
    const replies = await repo.listRepliesOfTakedown(db, row.id);
    return {
      ...takedownView(row),
      recipients: row.recipients.map(recipientView),
      notices: notices.map(
        ({ notice, urls }): NoticeView => ({
          id: notice.id,
          recipient: recipientView(notice.recipient),
          level: notice.level,
          subject: notice.subject,
          text: notice.text,
          html: notice.html,
          urls,
          status: notice.status,
          messageId: notice.messageId,
          kind: notice.kind,
          attempts: notice.attempts,
          error: notice.error,
          createdAt: notice.createdAt.toISOString(),
          sentAt: notice.sentAt?.toISOString() ?? null,
        }),
      ),
      history: events.map((e) => ({ at: e.at.toISOString(), type: e.type, message: e.message })),
      replies: replies.map((r) => ({ noticeId: r.noticeId, receivedAt: r.receivedAt.toISOString(), from: r.fromAddress, subject: r.subject, kind: r.kind, excerpt: r.excerpt })),
      attestation: row.attestation ? { text: row.attestation.text, version: row.attestation.version, attestedAt: row.attestation.attestedAt, forgery: row.attestation.forgery } : null,
    };
  }

  /** The notices already sent for these links, oldest first, one line per address and day (an escalation names them). */
  async function earlierNotices(takedownIds: string[]) {
    const sent = (await Promise.all(takedownIds.map((id) => repo.listSentNoticesOf(db, id)))).flat().sort((a, b) => a.sentAt!.getTime() - b.sentAt!.getTime());
    const seen = new Set<string>();
    return sent
      .map((n) => ({ name: n.recipient.name ?? ESCALATE_KIND_LABEL[n.recipient.kind], email: n.recipient.email!, sentAt: n.sentAt! }))
      .filter((e) => {
        const key = `${e.email.toLowerCase()} ${e.sentAt.toISOString().slice(0, 10)}`;
        return !seen.has(key) && !!seen.add(key);
      });
  }

  async function scheduleCheck(takedownId: string, at: Date) {
    await deps.queue.send(recheckJob, { takedownId, dueAt: at.toISOString() }, { startAfter: startAfterFor(at) });
  }

  /** The next recipient after `level` that a notice can reach by email, or the first with only a web form. */
  function nextRecipient(row: repo.TakedownRow): { index: number; recipient: StoredRecipient } | null {
    const start = row.level === null ? 0 : row.level + 1;
    const rest = row.recipients.map((recipient, index) => ({ index, recipient })).slice(start);
    return rest.find((r) => r.recipient.email) ?? rest.find((r) => r.recipient.webForm) ?? null;
  }

  /** The Cloudflare report for a host's links: through the API when it is configured and our settings fill every required field, else hers. */
  function formStepFor(context: NoticeContext, urls: string[]): StoredFormStep {
    const fields = dmcaReportFields({
      agent: { ...deps.agent, city: deps.agentPlace?.city, state: deps.agentPlace?.state, country: deps.agentPlace?.country },
      ownerName: context.owner.displayed ?? context.owner.verified[0]?.username ?? "the copyright owner",
      authorizedExamples: context.owner.examples,
      urls,
    });
    const missing = missingFields(fields);
    const base = { party: "cloudflare" as const, formUrl: CLOUDFLARE_ABUSE_FORM, fields: { ...fields }, answer: null, submittedAt: null };
    if (deps.cloudflare && missing.length === 0) return { ...base, via: "api", status: "submitting", reason: null };
    const reason = deps.cloudflare
      ? `Cloudflare takes DMCA reports on its form or through its API; the API needs ${missing.join(", ")}, which are not set here. Every field is ready to copy: submit the report on Cloudflare's form, then press Done.`
      : "Cloudflare takes DMCA reports on its form, not by email. Every field is ready to copy: submit the report on Cloudflare's form, then press Done.";
    return { ...base, via: "creator", status: "waiting", reason };
  }

  function formStepMessage(step: StoredFormStep, alsoTo: StoredRecipient | null): string {
    const registrar = alsoTo?.email ? ` Meanwhile a notice goes to ${ESCALATE_KIND_LABEL[alsoTo.kind]} (${alsoTo.email}).` : "";
    return step.via === "api" ? `Reporting to Cloudflare through its Abuse Reports API.${registrar}` : `${step.reason}${registrar}`;
  }

  /** The report is in: the link is tracked from now, as after a notice (a link already sent to its registrar keeps its dates). */
  async function formSubmitted(tx: DbOrTx, row: repo.TakedownRow, step: StoredFormStep, at: Date, message: string) {
    const waiting = row.status === "needs_manual_action" || row.status === "queued";
    const firstCheck = waiting ? nextCheckAt(deps.schedule, at, at) : null;
    if (waiting) {
      await moveTakedowns(tx, [row], "sent", {
        at,
        event: "form_submitted",
        message: storable(message),
        values: { formStep: step, firstSentAt: row.firstSentAt ?? at, lastSentAt: at, nextCheckAt: firstCheck, reason: null, webForm: null },
      });
    } else {
      await repo.updateTakedowns(tx, [row.id], { formStep: step, updatedAt: at });
      await noteTakedowns(tx, [{ takedownId: row.id, at, type: "form_submitted", message: storable(message) }]);
    }
    await repo.markCounted(tx, [row.id], at);
    return firstCheck;
  }

  /**
   * The platform let the TAKE IT DOWN Act's 48 hours pass with the link still up: recorded, and a
   * request naming the missed deadline goes at once to every party after it that takes email
   * (the host, the registrar).
   */
  async function deadlineMissed(row: repo.TakedownRow, at: Date, checked: { checks: number; lastCheckAt: Date; updatedAt: Date }, detail: string) {
    const deadline = row.removalDeadlineAt!;
    const request = (await repo.listSentNoticesOf(db, row.id)).find((n) => n.kind === "takeitdown");
    const missed = request ? [{ name: request.recipient.name ?? request.recipient.email ?? row.domain, email: request.recipient.email ?? "", sentAt: request.sentAt!, deadlineAt: deadline }] : [];
    const targets = row.recipients.map((recipient, index) => ({ index, recipient })).filter((r) => r.index > (row.level ?? -1) && r.recipient.email);
    const context = targets.length > 0 ? await noticeContext(row.userId, [row.leakId]) : null;
    const following = targets.length > 0 ? null : nextCheckAt(deps.schedule, row.lastSentAt!, at);
    const missedMessage =
      `The platform missed its legal deadline: under the TAKE IT DOWN Act it had until ${minuteOf(deadline)} to remove the link, and it is still up: ${detail}. ` +
      (targets.length > 0 ? `Escalating to ${targets.map((t) => describeRecipient(t.recipient)).join(" and ")}. ` : "No host or registrar takes email for it. ") +
      "A record of the request and the missed deadline is ready for a complaint to the FTC.";
    const noticeIds = await db.transaction(async (tx) => {
      if (targets.length > 0) {
        await moveTakedowns(tx, [row], "escalated", {
          at,
          event: "deadline_missed",
          message: storable(missedMessage),
          values: { ...checked, deadlineMissedAt: at, nextCheckAt: following, level: targets.at(-1)!.index },
        });
      } else {
        await repo.updateTakedowns(tx, [row.id], { ...checked, deadlineMissedAt: at, nextCheckAt: following });
        await noteTakedowns(tx, [{ takedownId: row.id, at, type: "deadline_missed", message: storable(missedMessage) }]);
      }
      const ids: string[] = [];
      for (const target of targets) {
        const escalated = { ...row, status: "escalated" as const, level: target.index };
        const n = await queueNotice(tx, context!, row.userId, target.index, target.recipient, [escalated], [], "takeitdown", missed);
        ids.push(n.id);
        await noteTakedowns(tx, [{ takedownId: row.id, at, type: "escalated", message: storable(`Escalated to ${describeRecipient(target.recipient)}: the platform missed its deadline.`) }]);
      }
      return ids;
    });
    for (const noticeId of noticeIds) await deps.queue.send(sendNoticeJob, { noticeId });
    if (following) await scheduleCheck(row.id, following);
  }

  /** What create and preview both check before anything is stored or looked up. */
  async function checkRequest(userId: string, input: CreateTakedowns, client: { ip: string }) {
    const ids = [...new Set(input.leakIds.map((id) => id.toLowerCase()))];
    const basis = input.basis ?? "dmca";
    if (input.forgery && basis !== "takeitdown") {
      throw new AppError("VALIDATION", "Some fields are not valid.", {
        basis: "A forgery of you is not your copyrighted work: only a TAKE IT DOWN request can be sent for it.",
      });
    }
    if (basis !== "dmca" && input.attest !== true) {
      throw new AppError("VALIDATION", "Some fields are not valid.", { attest: "Confirm the statement: nothing is sent under the TAKE IT DOWN Act without it." });
    }
    const at = now();
    const attestation: StoredAttestation | null =
      basis === "dmca" ? null : { text: attestationText(!!input.forgery), version: ATTESTATION_VERSION, userId, attestedAt: at.toISOString(), clientIp: client.ip, forgery: !!input.forgery };
    const q = await quotaFor(userId, at);
    if (q.limit === 0) throw quotaError(q, ids.length);
    await requireReady(userId);

    const leaks = await deps.scans.leaksOf(userId, ids);
    const missing = ids.filter((id) => !leaks.some((l) => l.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", "Some of these leaks are not in your list.", undefined, { leakIds: missing });
    const refuse = (reason: string, message: string, rows: typeof leaks) => {
      if (rows.length > 0) throw new AppError("CONFLICT", message, undefined, { reason, leakIds: rows.map((l) => l.id) });
    };
    refuse("dismissed", "You dismissed some of these findings: confirm them first if they are leaks.", leaks.filter((l) => l.status === "dismissed"));
    refuse("removed", "Some of these links are already removed.", leaks.filter((l) => l.status === "removed"));
    refuse(
      "needs_confirmation",
      "Some of these findings are uncertain: look at them and confirm that they are your content before a notice goes out.",
      leaks.filter((l) => l.confidence !== "high" && l.status !== "confirmed" && l.status !== "takedown_sent"),
    );
    return { ids, basis, attestation, q, leaks, at };
  }

  function openError(open: { id: string; leakId: string }[]) {
    return new AppError("CONFLICT", "A takedown is already open for some of these links.", undefined, {
      reason: "open_takedown",
      leakIds: open.map((o) => o.leakId),
      takedownIds: open.map((o) => o.id),
    });
  }

  /** Each link's recipients (one lookup per host name), and the Cloudflare report of the links behind it with no email contact before it. */
  async function lookUpRecipients(drafts: repo.TakedownRow[], context: NoticeContext) {
    const byHost = new Map<string, Promise<StoredRecipient[]>>();
    const found = new Map<string, StoredRecipient[]>();
    for (const t of drafts) {
      const host = new URL(t.url).hostname;
      if (!byHost.has(host)) byHost.set(host, deps.finder.find(t.url));
      found.set(t.id, await byHost.get(host)!);
    }
    const cloudflareUrls = new Map<string, string[]>();
    for (const t of drafts) {
      if (t.basis === "takeitdown" || !cloudflareFirst(found.get(t.id) ?? [])) continue;
      const host = new URL(t.url).hostname;
      cloudflareUrls.set(host, [...(cloudflareUrls.get(host) ?? []), t.url]);
    }
    const steps = new Map([...cloudflareUrls].map(([host, urls]) => [host, formStepFor(context, urls)]));
    return { found, steps };
  }

  /** What happens to one link: a notice to its first recipient with email, a report through Cloudflare's API, or her step (a form, or nobody found). */
  function planRow(row: repo.TakedownRow, recipients: StoredRecipient[], steps: Map<string, StoredFormStep>): RowPlan {
    const level = recipients.findIndex((r) => r.email);
    const formStep = row.basis !== "takeitdown" && cloudflareFirst(recipients) ? (steps.get(new URL(row.url).hostname) ?? null) : null;
    if (level >= 0) return { type: "notice", level, recipient: recipients[level]!, recipients, formStep };
    if (formStep?.via === "api") return { type: "cloudflare-api", formStep };
    const webForm = formStep?.formUrl ?? recipients.find((r) => r.webForm)?.webForm ?? null;
    const refusals = recipients
      .filter((r) => r.refused)
      .map((r) => ` The address ${ESCALATE_KIND_LABEL[r.kind]} gives (${r.refused!.address}) was refused: ${r.refused!.reason}.`)
      .join("");
    const reason = formStep
      ? `${formStep.reason}${refusals}`
      : (webForm ? `No email address takes complaints for this site; use the web form: ${webForm}` : "No email address or web form was found for the site, its host or its registrar.") + refusals;
    return { type: "manual", webForm, reason, formStep };
  }

  /** One request per recipient and kind; a forgery's request is worded apart. */
  function addToGroups(groups: Map<string, NoticeGroup>, row: repo.TakedownRow, plan: { level: number; recipient: StoredRecipient }) {
    for (const kind of kindsOf(row.basis)) {
      const key = `${kind}:${kind === "takeitdown" && row.attestation?.forgery ? "forgery" : ""}:${plan.level}:${plan.recipient.email!.toLowerCase()}`;
      const group = groups.get(key) ?? { level: plan.level, recipient: plan.recipient, kind, takedowns: [] };
      group.takedowns.push(row);
      groups.set(key, group);
    }
  }

  return {
    async getAuthorization(userId: string): Promise<AuthorizationView> {
      const [owner, q] = await Promise.all([ownerOf(userId), quotaFor(userId, now())]);
      const a = owner.authorization;
      return {
        statement: statementFor(a?.fullName ?? "[your full legal name]"),
        statementVersion: AUTHORIZATION_STATEMENT_VERSION,
        ownershipVerified: owner.verified.length > 0,
        verifiedStageNames: owner.verified.map((s) => ({ id: s.id, platform: s.platform, username: s.username, profileUrl: s.profileUrl })),
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
    },

    /** The creator grants (or grants again) the authority to act as her agent. */
    async authorize(userId: string, input: AuthorizationInput, client: { ip: string; userAgent: string }): Promise<AuthorizationView> {
      const fold = (s: string) => s.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
      if (fold(input.signature) !== fold(input.fullName)) {
        throw new AppError("VALIDATION", "Some fields are not valid.", { signature: "Type your full name exactly as above to sign." });
      }
      const verified = await verifiedNames(userId);
      if (input.stageNameId && !verified.some((s) => s.id === input.stageNameId)) {
        throw new AppError("VALIDATION", "Some fields are not valid.", { stageNameId: "Choose one of your verified stage names." });
      }
      const fullName = input.fullName.replace(/\s+/g, " ");
      await repo.upsertAuthorization(db, {
        userId,
        fullName,
        signature: input.signature.replace(/\s+/g, " "),
        statement: statementFor(fullName),
        statementVersion: AUTHORIZATION_STATEMENT_VERSION,
        ownerName: input.ownerName,
        stageNameId: input.ownerName === "stage_name" ? (input.stageNameId ?? null) : null,
        grantedAt: now(),
        clientIp: client.ip,
        userAgent: client.userAgent.slice(0, 500),
      });
      return this.getAuthorization(userId);
    },

    /** Takedowns for the creator's chosen leaks: checked, counted, then prepared by a job. */
    async create(userId: string, input: CreateTakedowns, client: { ip: string } = { ip: "" }): Promise<CreateTakedownsResponse> {
      const { ids, basis, attestation, q, leaks, at } = await checkRequest(userId, input, client);

      const created = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const open = await repo.findOpenTakedownsForLeaks(tx, ids);
        if (open.length > 0) throw openError(open);
        if (q.limit !== "unlimited") {
          const used = await repo.countLinksFirstTakenDownSince(tx, userId, monthStart(at));
          const before = await repo.leaksEverTakenDown(tx, ids);
          const fresh = ids.filter((id) => !before.has(id)).length;
          if (used + fresh > q.limit) throw quotaError({ ...q, used }, fresh);
        }
        const rows = await repo.insertTakedowns(
          tx,
          leaks.map((l) => ({ userId, leakId: l.id, url: l.url, domain: l.domain, status: "draft", basis, attestation, createdAt: at, updatedAt: at })),
        );
        const asked = basis === "dmca" ? "" : basis === "both" ? " A DMCA notice and a TAKE IT DOWN Act request go out; she confirmed the statement." : " A TAKE IT DOWN Act request goes out; she confirmed the statement.";
        await repo.insertEvents(tx, rows.map((r) => ({ takedownId: r.id, at, type: "created", message: `Takedown requested; looking up who can remove the link.${asked}` })));
        return rows;
      });
      await deps.queue.send(prepareTakedownsJob, { takedownIds: created.map((r) => r.id) });
      const after = await quotaFor(userId, at);
      return { items: created.map(takedownView), quota: { limit: after.limit, used: after.used, resetsAt: after.resetsAt } };
    },

    /**
     * The notices a request would send, before anything is stored: the same checks as create, the
     * same recipient lookup, grouping and rendering as the job that queues them. Only the
     * reference (the notice's id) is given when it is sent.
     */
    async preview(userId: string, input: CreateTakedowns): Promise<TakedownsPreview> {
      const { ids, basis, attestation, q, leaks, at } = await checkRequest(userId, input, { ip: "" });
      const open = await repo.findOpenTakedownsForLeaks(db, ids);
      if (open.length > 0) throw openError(open);
      const before = await repo.leaksEverTakenDown(db, ids);
      const counted = ids.filter((id) => !before.has(id)).length;
      if (q.limit !== "unlimited" && q.used + counted > q.limit) throw quotaError(q, counted);
      // The rows create would insert, in memory only.
      const drafts: repo.TakedownRow[] = leaks.map((l) => ({
        ...draftRow,
        id: l.id,
        userId,
        leakId: l.id,
        url: l.url,
        domain: l.domain,
        basis,
        attestation,
        createdAt: at,
        updatedAt: at,
      }));
      const context = await noticeContext(userId, drafts.map((d) => d.leakId));
      const { found, steps } = await lookUpRecipients(drafts, context);
      const groups = new Map<string, NoticeGroup>();
      const manual: TakedownsPreview["manual"] = [];
      for (const row of drafts) {
        const plan = planRow(row, found.get(row.id) ?? [], steps);
        if (plan.type === "notice") addToGroups(groups, { ...row, recipients: plan.recipients, level: plan.level, formStep: plan.formStep }, plan);
        else if (plan.type === "cloudflare-api") manual.push({ leakId: row.leakId, url: row.url, reason: "Reported to Cloudflare through its Abuse Reports API: Cloudflare takes DMCA reports there, not by email.", webForm: null });
        else manual.push({ leakId: row.leakId, url: row.url, reason: plan.reason, webForm: plan.webForm });
      }
      return {
        notices: [...groups.values()].map((g) => {
          const content = composeNotice(context, g.recipient, g.takedowns, [], PREVIEW_REFERENCE, g.kind);
          return { recipient: recipientView(g.recipient), kind: g.kind, ...content, urls: g.takedowns.map((t) => t.url), leakIds: g.takedowns.map((t) => t.leakId) };
        }),
        manual,
        quota: { limit: q.limit, used: q.used, resetsAt: q.resetsAt, counted },
      };
    },

    /** Her month's takedowns: limit, use and when the count starts again. */
    async quota(userId: string) {
      const q = await quotaFor(userId, now());
      return { limit: q.limit, used: q.used, resetsAt: q.resetsAt };
    },

    /**
     * Takedowns the autopilot sends for her high-confidence findings, without her click: only for
     * leaks that never had a takedown (a leak found again, or sent before, is never sent twice),
     * only while she is ready (ownership proven, authorization signed), and within her month's
     * quota: the leaks beyond it are left for her (held). `record` writes, in the same
     * transaction, which leaks the autopilot sent.
     */
    async createAutomatic(
      userId: string,
      leakIds: string[],
      record: (tx: DbOrTx, rows: repo.TakedownRow[]) => Promise<void>,
    ): Promise<{ created: repo.TakedownRow[]; held: string[] }> {
      const at = now();
      const q = await quotaFor(userId, at);
      if (q.limit === 0 || leakIds.length === 0) return { created: [], held: [] };
      const owner = await ownerOf(userId);
      if (owner.verified.length === 0 || !owner.authorization || !owner.displayed) return { created: [], held: [] };
      const leaks = (await deps.scans.leaksOf(userId, leakIds.slice(0, 100))).filter((l) => l.confidence === "high" && (l.status === "new" || l.status === "confirmed"));
      const result = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const taken = await repo.leaksWithAnyTakedown(tx, leaks.map((l) => l.id));
        const candidates = leaks.filter((l) => !taken.has(l.id));
        let room = candidates.length;
        if (q.limit !== "unlimited") room = Math.max(0, q.limit - (await repo.countLinksFirstTakenDownSince(tx, userId, monthStart(at))));
        const chosen = candidates.slice(0, room);
        const held = candidates.slice(room).map((l) => l.id);
        const rows = await repo.insertTakedowns(
          tx,
          chosen.map((l) => ({ userId, leakId: l.id, url: l.url, domain: l.domain, status: "draft", basis: "dmca" as const, attestation: null, createdAt: at, updatedAt: at })),
        );
        await repo.insertEvents(
          tx,
          rows.map((r) => ({ takedownId: r.id, at, type: "created", message: "Sent by autopilot: a high-confidence finding, in a category she chose to have taken down automatically; looking up who can remove the link." })),
        );
        if (rows.length > 0) await record(tx, rows);
        return { created: rows, held };
      });
      if (result.created.length > 0) await deps.queue.send(prepareTakedownsJob, { takedownIds: result.created.map((r) => r.id) });
      return result;
    },

    /** The job: recipients for each link, then one notice per recipient grouping its links. */
    async prepare(takedownIds: string[]): Promise<void> {
      const drafts = (await Promise.all(takedownIds.map((id) => repo.findTakedown(db, id)))).filter((r): r is repo.TakedownRow => r?.status === "draft");
      if (drafts.length === 0) return;
      const context = await noticeContext(drafts[0]!.userId, drafts.map((d) => d.leakId));
      const { found, steps } = await lookUpRecipients(drafts, context);
      const at = now();
      const reportIds: string[] = [];
      const noticeIds = await db.transaction(async (tx) => {
        const rows = await repo.lockTakedownsInStatus(tx, drafts.map((d) => d.id), "draft");
        const groups = new Map<string, NoticeGroup>();
        for (const row of rows) {
          const recipients = found.get(row.id) ?? [];
          const plan = planRow(row, recipients, steps);
          const { formStep } = plan;
          await noteTakedowns(
            tx,
            recipients.length
              ? recipients.map((r) => ({ takedownId: row.id, at, type: "recipient_found", message: storable(`Found ${describeRecipient(r)}.`) }))
              : [{ takedownId: row.id, at, type: "recipient_found", message: "No contact found for the site, its host or its registrar." }],
          );
          if (formStep) {
            await noteTakedowns(tx, [{ takedownId: row.id, at, type: "form_step", message: formStepMessage(formStep, plan.type === "notice" ? plan.recipient : null) }]);
            if (formStep.via === "api") reportIds.push(row.id);
            // Handed to her as a form step: the link counts against the month now.
            else await repo.markCounted(tx, [row.id], at);
          }
          if (plan.type === "cloudflare-api") {
            // The report goes through Cloudflare's API; nothing to email.
            await moveTakedowns(tx, [row], "queued", {
              at,
              message: "Report queued for Cloudflare's Abuse Reports API.",
              values: { recipients, formStep: plan.formStep, webForm: plan.formStep.formUrl },
            });
            continue;
          }
          if (plan.type === "manual") {
            await moveTakedowns(tx, [row], "needs_manual_action", {
              at,
              message: storable(plan.reason),
              values: { recipients, webForm: plan.webForm, formStep, reason: storable(plan.reason) },
            });
            continue;
          }
          addToGroups(groups, { ...row, recipients, level: plan.level, formStep }, plan);
          await repo.updateTakedowns(tx, [row.id], { recipients, level: plan.level, formStep, updatedAt: at });
        }
        // Each takedown moves to queued with its first notice (a takedown on two bases is queued again with its second).
        const status = new Map(rows.map((r) => [r.id, r.status]));
        const ids: string[] = [];
        for (const group of groups.values()) {
          const notice = await queueNotice(tx, context, group.takedowns[0]!.userId, group.level, group.recipient, group.takedowns, [], group.kind);
          ids.push(notice.id);
          const what = group.kind === "takeitdown" ? "TAKE IT DOWN request" : "Notice";
          await moveTakedowns(
            tx,
            group.takedowns.map((t) => ({ id: t.id, status: status.get(t.id)! })),
            "queued",
            { at, message: `${what} queued for ${group.recipient.email} (${group.takedowns.length} link${group.takedowns.length === 1 ? "" : "s"}).` },
          );
          for (const t of group.takedowns) status.set(t.id, "queued");
        }
        return ids;
      });
      if (reportIds.length > 0) await deps.queue.send(cloudflareReportJob, { takedownIds: reportIds });
      for (const noticeId of noticeIds) await deps.queue.send(sendNoticeJob, { noticeId });
    },

    /** The job: one notice out through the mailer; retried on SMTP failures, never lost. */
    async sendNotice(noticeId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
      // What goes out is what the claim read: a notice rewritten until then (a cancelled link, a link that joined) is sent as rewritten.
      const notice = await repo.claimNotice(db, noticeId);
      if (!notice) return;
      // A link answered by a counter-notice gets no more notices.
      const linked = (await repo.listNoticeTakedowns(db, noticeId)).filter((t) => !FINAL.includes(t.status) && !t.counterNotice);
      if (linked.length === 0) {
        await moveNotice(db, notice, "cancelled");
        return;
      }
      const email = notice.recipient.email ?? "";
      const check = checkMailbox(email);
      if (!check.ok) {
        // An address that is not one plain mailbox never reaches the mail server: this notice fails, with why, and nothing else does.
        const at = now();
        const message = `The notice was not sent: the address ${check.shown} was refused (${check.reason}).`;
        await db.transaction(async (tx) => {
          await moveNotice(tx, notice, "failed", { attempts: notice.attempts + 1, error: storable(message) });
          await moveTakedowns(tx, linked, "failed", { at, message: storable(message), values: { reason: storable(message), nextCheckAt: null } });
        });
        return;
      }
      const domain = /@([^>\s@]+)>?\s*$/.exec(deps.messageIdDomain)?.[1] ?? deps.messageIdDomain;
      let messageId: string;
      try {
        const header = `<notice-${notice.id}@${domain}>`;
        const sent = notice.messageId
          ? { messageId: notice.messageId }
          : await deps.mailer.send({ to: check.address, subject: notice.subject, text: notice.text, html: notice.html, headers: { "Message-ID": header }, beforeHandOver: () => repo.updateNotice(db, noticeId, { messageId: header }) });
        messageId = sent.messageId;
      } catch (error) {
        const reason = storable(error instanceof Error ? error.message : String(error));
        const final = isPermanentSmtpFailure(error) || attempt.retryCount >= attempt.retryLimit;
        const at = now();
        if (!final) {
          await moveNotice(db, notice, "queued", { attempts: notice.attempts + 1, error: reason });
          await noteTakedowns(db, linked.map((t) => ({ takedownId: t.id, at, type: "send_retry", message: `Sending to ${email} failed (${reason}); it will be tried again.` })));
          throw error;
        }
        await db.transaction(async (tx) => {
          await moveNotice(tx, notice, "failed", { attempts: notice.attempts + 1, error: reason });
          const message = `The notice to ${email} could not be sent: ${reason}`;
          await moveTakedowns(tx, linked, "failed", { at, message, values: { reason: message, nextCheckAt: null } });
        });
        logger.warn({ noticeId, err: error }, "takedown notice failed for good");
        return;
      }

      const at = now();
      const firstCheck = nextCheckAt(deps.schedule, at, at);
      // A TAKE IT DOWN request starts the platform's 48 hours (once: an escalation keeps the first deadline); the deadline is a check of its own.
      const deadlineOf = (t: repo.TakedownRow) => t.removalDeadlineAt ?? (notice.kind === "takeitdown" ? new Date(at.getTime() + REMOVAL_DEADLINE_MS) : null);
      const checkOf = (t: repo.TakedownRow) => {
        const deadline = deadlineOf(t);
        const upcoming = deadline && deadline > at && !t.deadlineMissedAt ? deadline : null;
        return upcoming && (!firstCheck || upcoming < firstCheck) ? upcoming : firstCheck;
      };
      await db.transaction(async (tx) => {
        await moveNotice(tx, notice, "sent", { messageId, sentAt: at, attempts: notice.attempts + 1, error: null });
        await repo.markCounted(tx, linked.map((t) => t.id), at);
        const sentLine = (t: repo.TakedownRow) =>
          notice.kind === "takeitdown"
            ? `TAKE IT DOWN request sent to ${email} (Message-ID ${messageId}).${!t.removalDeadlineAt ? ` Under the Act the platform has until ${minuteOf(deadlineOf(t)!)} to remove it.` : ""}`
            : `Notice sent to ${email} (Message-ID ${messageId}).`;
        for (const t of linked) {
          await moveTakedowns(tx, [t], notice.level > 0 && t.firstSentAt ? "escalated" : "sent", {
            at,
            event: "sent",
            message: sentLine(t),
            values: { firstSentAt: t.firstSentAt ?? at, lastSentAt: at, nextCheckAt: checkOf(t), removalDeadlineAt: deadlineOf(t), reason: null },
          });
        }
      });
      for (const t of linked) {
        await deps.scans.markLeakTakedown(t.leakId, "takedown_sent", at);
        const check = checkOf(t);
        if (check) await scheduleCheck(t.id, check);
      }
    },

    /** The job: the Cloudflare report of these links through its API, one report per host name; a refusal makes it her step. */
    async cloudflareReport(takedownIds: string[], attempt: { retryCount: number; retryLimit: number }): Promise<void> {
      const rows = (await Promise.all(takedownIds.map((id) => repo.findTakedown(db, id)))).filter(
        (r): r is repo.TakedownRow => !!r && r.formStep?.via === "api" && r.formStep.status === "submitting" && r.status !== "cancelled",
      );
      const byReport = new Map<string, repo.TakedownRow[]>();
      for (const r of rows) byReport.set(r.formStep!.fields.urls ?? r.url, [...(byReport.get(r.formStep!.fields.urls ?? r.url) ?? []), r]);
      let retry: Error | null = null;
      for (const group of byReport.values()) {
        const step = group[0]!.formStep!;
        let answer: DmcaReportAnswer;
        if (!deps.cloudflare) answer = { outcome: "unauthorized", status: 0, errors: ["the API is no longer configured"] };
        else answer = await deps.cloudflare.submitDmca(step.fields as unknown as Parameters<CloudflareAbuseReports["submitDmca"]>[0]);
        if (answer.outcome === "unavailable" && attempt.retryCount < attempt.retryLimit) {
          retry = new Error(`Cloudflare's API is unavailable: ${answer.errors.join("; ")}`);
          continue;
        }
        const at = now();
        const checks: { id: string; leakId: string; at: Date | null }[] = [];
        await db.transaction(async (tx) => {
          for (const row of group) {
            if (answer.outcome === "submitted") {
              const done: StoredFormStep = { ...step, status: "submitted", answer: `HTTP ${answer.status}: ${answer.result}`, submittedAt: at.toISOString() };
              checks.push({ id: row.id, leakId: row.leakId, at: await formSubmitted(tx, row, done, at, `Reported to Cloudflare through its Abuse Reports API (answer: HTTP ${answer.status}, ${answer.result}).`) });
              continue;
            }
            const why =
              answer.outcome === "unauthorized"
                ? `Cloudflare's API refused the report (HTTP ${answer.status}: ${answer.errors.join("; ")}): the account has no abuse-reports entitlement.`
                : answer.outcome === "invalid"
                  ? `Cloudflare's API refused the report (HTTP ${answer.status}: ${answer.errors.join("; ")}).`
                  : `Cloudflare's API could not be reached (${answer.errors.join("; ")}).`;
            const reason = storable(`${why} Every field is ready to copy: submit the report on Cloudflare's form, then press Done.`);
            const hers: StoredFormStep = { ...step, via: "creator", status: "waiting", reason, answer: storable(answer.errors.join("; ")).slice(0, 1000) };
            const waiting = row.status === "queued" && row.level === null;
            if (waiting) {
              await moveTakedowns(tx, [row], "needs_manual_action", { at, message: reason, values: { formStep: hers, webForm: hers.formUrl, reason } });
            } else {
              await repo.updateTakedowns(tx, [row.id], { formStep: hers, updatedAt: at });
              await noteTakedowns(tx, [{ takedownId: row.id, at, type: "needs_manual_action", message: reason }]);
            }
            await repo.markCounted(tx, [row.id], at);
          }
        });
        for (const c of checks) {
          if (!c.at) continue;
          await deps.scans.markLeakTakedown(c.leakId, "takedown_sent", at);
          await scheduleCheck(c.id, c.at);
        }
      }
      if (retry) throw retry;
    },

    /** She says she submitted the form: recorded with the time, for every link of the same report. */
    async markFormDone(userId: string, id: string): Promise<TakedownDetail> {
      const row = await userTakedown(userId, id);
      if (row.formStep?.status !== "waiting") {
        throw new AppError("CONFLICT", row.formStep ? "This report is already recorded as submitted." : "This takedown has no form to submit.", undefined, { formStep: row.formStep?.status ?? null });
      }
      const at = now();
      const urls = row.formStep.fields.urls;
      const same = (await repo.listTakedowns(db, userId, { limit: 500, offset: 0 })).items.filter(
        (t) => t.id === row.id || (t.formStep?.status === "waiting" && t.formStep.fields.urls === urls && t.domain === row.domain),
      );
      const checks: { id: string; leakId: string; at: Date | null }[] = [];
      await db.transaction(async (tx) => {
        for (const t of same) {
          const done: StoredFormStep = { ...t.formStep!, status: "done", submittedAt: at.toISOString() };
          checks.push({ id: t.id, leakId: t.leakId, at: await formSubmitted(tx, t, done, at, `She submitted the report on Cloudflare's form (${t.formStep!.formUrl}).`) });
        }
      });
      for (const c of checks) {
        if (!c.at) continue;
        await deps.scans.markLeakTakedown(c.leakId, "takedown_sent", at);
        await scheduleCheck(c.id, c.at);
      }
      return detail((await repo.findTakedown(db, row.id))!);
    },

    /**
     * A reply to one of our notices (from the reply listener): threaded by In-Reply-To / References
     * to the notice, classified, and put on the timeline of each of its links. A counter-notice
     * stops re-sends and escalation of those links; a reply saying it was removed brings the next
     * check forward. A reply that names none of our notices is dropped.
     */
    async recordReply(reply: InboundReply): Promise<{ noticeId: string | null; kind: ReplyKind | null }> {
      let notice: repo.NoticeRow | undefined;
      for (const id of noticeIdsIn(reply.inReplyTo, reply.references)) {
        notice = await repo.findNotice(db, id);
        if (notice) break;
      }
      if (!notice) {
        logger.info({ messageId: reply.messageId.slice(0, 200) }, "a reply that names none of our notices was dropped");
        return { noticeId: null, kind: null };
      }
      const kind = classifyReply(reply, reply.text);
      const at = now();
      const mailbox = checkMailbox(reply.from);
      const from = mailbox.ok ? mailbox.address : "an unreadable address";
      const excerpt = storable(ownText(reply.text).replace(/\s+/g, " ").trim().slice(0, 500));
      const linked = (await repo.listNoticeTakedowns(db, notice.id)).filter((t) => t.status !== "cancelled");
      const recheck: string[] = [];
      const recorded = await db.transaction(async (tx) => {
        const row = await repo.insertReply(tx, {
          noticeId: notice.id,
          messageId: storable(reply.messageId.slice(0, 500)) || `<no-id-${randomUUID()}>`,
          fromAddress: from,
          subject: storable(reply.subject.replace(/\s+/g, " ").slice(0, 300)),
          kind,
          excerpt,
          receivedAt: at,
        });
        if (!row) return false;
        await noteTakedowns(
          tx,
          linked.map((t) => ({ takedownId: t.id, at, type: `reply_${kind}` as const, message: `A reply from ${from} ${replyKindLabels[kind]}${excerpt ? `: "${excerpt.slice(0, 300)}"` : "."}` })),
        );
        for (const t of linked) {
          if (t.status === "removed" || t.counterNotice) continue;
          if (kind === "counter_notice") {
            await repo.updateTakedowns(tx, [t.id], { counterNotice: { at: at.toISOString(), from }, nextCheckAt: null, updatedAt: at });
            await noteTakedowns(tx, [{ takedownId: t.id, at, type: "counter_notice", message: COUNTER_NOTICE_EXPLANATION }]);
          } else if (kind === "removed" && (t.status === "sent" || t.status === "escalated")) {
            await repo.updateTakedowns(tx, [t.id], { nextCheckAt: at, updatedAt: at });
            recheck.push(t.id);
          }
        }
        return true;
      });
      if (!recorded) return { noticeId: notice.id, kind };
      for (const id of recheck) await scheduleCheck(id, at);
      return { noticeId: notice.id, kind };
    },

    /** The statement she confirms before a TAKE IT DOWN request (product copy, not legal advice). */
    attestationText(): AttestationText {
      return { version: ATTESTATION_VERSION, intimate: attestationText(false), forgery: attestationText(true), deadlineHours: REMOVAL_DEADLINE_MS / 3_600_000 };
    },

    /** A record of the TAKE IT DOWN request and the missed deadline, for a complaint to the FTC. */
    async deadlineRecord(userId: string, id: string) {
      const row = await userTakedown(userId, id);
      if (!row.deadlineMissedAt || !row.removalDeadlineAt || !row.attestation) {
        throw new AppError("CONFLICT", "This takedown has no missed TAKE IT DOWN deadline to record.", undefined, { removalDeadline: row.removalDeadlineAt?.toISOString() ?? null });
      }
      const notices = (await repo.listTakedownNotices(db, row.id)).filter((n) => n.notice.kind === "takeitdown" && n.notice.status === "sent");
      const events = await repo.listEvents(db, row.id);
      const record = {
        about: "A removal request under the TAKE IT DOWN Act that the platform did not act on within 48 hours.",
        generatedAt: now().toISOString(),
        depiction: { url: row.url, site: row.domain, forgery: row.attestation.forgery },
        request: notices[0]
          ? {
              sentAt: notices[0].notice.sentAt?.toISOString() ?? null,
              to: notices[0].notice.recipient.email,
              recipientName: notices[0].notice.recipient.name,
              messageId: notices[0].notice.messageId,
              subject: notices[0].notice.subject,
              text: notices[0].notice.text,
            }
          : null,
        attestation: { text: row.attestation.text, version: row.attestation.version, confirmedAt: row.attestation.attestedAt },
        agent: { name: deps.agent.name, email: deps.agent.email, address: deps.agent.address ?? null, phone: deps.agent.phone ?? null },
        deadline: { dueAt: row.removalDeadlineAt.toISOString(), missedAt: row.deadlineMissedAt.toISOString() },
        status: row.status,
        removedAt: row.removedAt?.toISOString() ?? null,
        escalations: notices.slice(1).map((n) => ({ sentAt: n.notice.sentAt?.toISOString() ?? null, to: n.notice.recipient.email, kind: n.notice.recipient.kind, messageId: n.notice.messageId })),
        timeline: events.map((e) => ({ at: e.at.toISOString(), type: e.type, message: e.message })),
        complaintForm: "https://reportfraud.ftc.gov/",
      };
      const text = [
        "Record of a TAKE IT DOWN Act removal request and the missed 48-hour deadline",
        "",
        `Depiction: ${record.depiction.url}${record.depiction.forgery ? " (a forgery of the person depicted)" : ""}`,
        `Platform: ${record.request?.recipientName ?? row.domain} <${record.request?.to ?? ""}>`,
        `Request sent: ${record.request?.sentAt ?? "unknown"} (Message-ID ${record.request?.messageId ?? "unknown"})`,
        `Deadline: ${record.deadline.dueAt}`,
        `Still up when checked after the deadline: ${record.deadline.missedAt}`,
        `Status now: ${record.status}${record.removedAt ? ` (removed ${record.removedAt})` : ""}`,
        `Attestation confirmed: ${record.attestation.confirmedAt}: "${record.attestation.text}"`,
        `Sent by: ${record.agent.name}, authorized agent (${record.agent.email})`,
        ...record.escalations.map((e) => `Escalated: ${e.sentAt ?? ""} to the ${e.kind} <${e.to ?? ""}>`),
        "",
        "Timeline:",
        ...record.timeline.map((e) => `${e.at}  ${e.type}: ${e.message}`),
        "",
        "The request as sent:",
        record.request?.subject ?? "",
        "",
        record.request?.text ?? "",
        "",
        `File a complaint with the FTC: ${record.complaintForm}`,
        "",
      ].join("\n");
      return { record, text };
    },

    /** The job: is the link still up? Removed, escalated, checked again later, or no response. */
    async recheck(takedownId: string, dueAt: string): Promise<void> {
      const row = await repo.findTakedown(db, takedownId);
      if (!row || (row.status !== "sent" && row.status !== "escalated") || row.counterNotice) return;
      if (!row.nextCheckAt || row.nextCheckAt.toISOString() !== dueAt || !row.lastSentAt) return;
      const [leak] = await deps.scans.leaksOf(row.userId, [row.leakId]);
      const evidence = (leak?.evidence ?? {}) as { matchedNames?: string[]; imageMatches?: { imageUrl?: string }[] };
      const result = await checkLink(() => deps.fetchPage(row.url), {
        matchedNames: evidence.matchedNames ?? [],
        imageUrls: (evidence.imageMatches ?? []).map((m) => m.imageUrl ?? "").filter(Boolean),
      });
      const at = now();
      const checked = { checks: row.checks + 1, lastCheckAt: at, updatedAt: at };

      if (result.outcome === "removed") {
        await db.transaction(async (tx) => {
          await moveTakedowns(tx, [row], "removed", { at, message: `The link is down: ${result.detail}.`, values: { ...checked, removedAt: at, nextCheckAt: null, reason: null } });
        });
        await deps.scans.markLeakTakedown(row.leakId, "removed", at);
        // The removal is recorded whatever happens to the alert: a failing hook must not undo it.
        await deps.onLinkRemoved?.({ userId: row.userId, takedownId: row.id, url: row.url, removedAt: at }).catch((error: unknown) => {
          logger.warn({ err: error, takedownId: row.id }, "takedown-removed hook failed");
        });
        return;
      }

      if (row.removalDeadlineAt && !row.deadlineMissedAt && at >= row.removalDeadlineAt) {
        await deadlineMissed(row, at, checked, result.detail);
        return;
      }

      const sinceNotice = at.getTime() - row.lastSentAt.getTime();
      if (sinceNotice >= deps.schedule.escalateAfterMs) {
        const next = nextRecipient(row);
        // Escalating past Cloudflare (no email: its form or its API) files its report as well.
        const cf = row.recipients.findIndex(isCloudflare);
        if (cf > (row.level ?? -1) && !row.formStep && (!next || next.index >= cf)) {
          const step = formStepFor(await noticeContext(row.userId, [row.leakId]), [row.url]);
          const alsoTo = next && next.index > cf && next.recipient.email ? next.recipient : null;
          await repo.updateTakedowns(db, [row.id], { formStep: step, updatedAt: at });
          await noteTakedowns(db, [{ takedownId: row.id, at, type: "form_step", message: formStepMessage(step, alsoTo) }]);
          if (step.via === "api") await deps.queue.send(cloudflareReportJob, { takedownIds: [row.id] });
          if (!alsoTo && step.via === "creator") {
            const reason = step.reason ?? "Still up after the notice: report it on Cloudflare's form.";
            await moveTakedowns(db, [row], "needs_manual_action", { at, message: reason, values: { ...checked, level: cf, webForm: step.formUrl, reason, nextCheckAt: null } });
            return;
          }
        }
        if (next?.recipient.email) {
          const escalated = { ...row, level: next.index, status: "escalated" as const };
          // Links escalating to the same party together (a site's links, due at the same time) go in one notice.
          const kind: NoticeKind = row.basis === "takeitdown" ? "takeitdown" : "dmca";
          const found = await repo.findQueuedEscalationTo(db, row.userId, next.recipient.email);
          const joinable = found && found.notice.kind === kind ? found : undefined;
          const together = joinable ? [...joinable.takedowns.filter((t) => t.id !== row.id), escalated] : [escalated];
          const earlier = await earlierNotices(together.map((t) => t.id));
          const ownEarlier = joinable ? await earlierNotices([row.id]) : earlier;
          const context = await noticeContext(row.userId, together.map((t) => t.leakId));
          const notice = await db.transaction(async (tx) => {
            await noteTakedowns(tx, [{ takedownId: row.id, at, type: "checked", message: `Still up ${Math.floor(sinceNotice / 86_400_000)} days after the notice: ${result.detail}.` }]);
            const escalate = () =>
              moveTakedowns(tx, [row], "escalated", { at, message: `Escalated to ${describeRecipient(next.recipient)}.`, values: { ...checked, level: next.index, nextCheckAt: null } });
            const open = joinable && (await repo.lockQueuedNotice(tx, joinable.notice.id));
            if (open) {
              await repo.linkNotice(tx, open.id, [row.id]);
              await repo.updateNotice(tx, open.id, composeNotice(context, open.recipient, together, earlier, open.id.slice(0, 8), kind));
              await escalate();
              return { id: open.id, joined: true };
            }
            const n = await queueNotice(tx, context, row.userId, next.index, next.recipient, [escalated], ownEarlier, kind);
            await escalate();
            return { id: n.id, joined: false };
          });
          // Sent a little later, so that the other links due now can join it.
          if (!notice.joined) await deps.queue.send(sendNoticeJob, { noticeId: notice.id }, { startAfter: startAfterFor(new Date(at.getTime() + deps.schedule.escalationGatherMs)) });
          return;
        }
        if (next?.recipient.webForm && row.level !== next.index && !isCloudflare(next.recipient)) {
          const reason = `Still up after the notice; ${ESCALATE_KIND_LABEL[next.recipient.kind]} takes complaints only through its web form: ${next.recipient.webForm}`;
          await moveTakedowns(db, [row], "needs_manual_action", { at, message: reason, values: { ...checked, level: next.index, webForm: next.recipient.webForm, reason, nextCheckAt: null } });
          return;
        }
      }

      const following = nextCheckAt(deps.schedule, row.lastSentAt, at);
      if (!following) {
        const reason = `No removal ${Math.round(deps.schedule.trackForMs / 86_400_000)} days after the last notice, and no one else to write to.`;
        await moveTakedowns(db, [row], "no_response", { at, message: `${reason} Last check: ${result.detail}.`, values: { ...checked, nextCheckAt: null, reason } });
        return;
      }
      await repo.updateTakedowns(db, [row.id], { ...checked, nextCheckAt: following });
      await noteTakedowns(db, [{ takedownId: row.id, at, type: "checked", message: result.outcome === "present" ? `Still up: ${result.detail}.` : `Could not check: ${result.detail}.` }]);
      await scheduleCheck(row.id, following);
    },

    async list(userId: string, query: TakedownListQuery): Promise<TakedownList> {
      const { items, total } = await repo.listTakedowns(db, userId, { status: query.status, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { items: items.map(takedownView), total, page: query.page, pageSize: query.pageSize };
    },

    /** Each leak's latest takedown: the leaks list shows its status. */
    async latestForLeaks(userId: string, leakIds: string[]): Promise<LeakTakedowns> {
      const ids = [...new Set(leakIds.map((id) => id.toLowerCase()))];
      return { items: (await repo.latestTakedownsForLeaks(db, userId, ids)).map(takedownView) };
    },

    async get(userId: string, id: string): Promise<TakedownDetail> {
      return detail(await userTakedown(userId, id));
    },

    /** Cancels a takedown whose notice has not gone out; the notice is rewritten without its link. */
    async cancel(userId: string, id: string): Promise<TakedownDetail> {
      const row = await userTakedown(userId, id);
      const at = now();
      const linked = (await repo.listTakedownNotices(db, row.id)).filter((n) => n.notice.status === "queued");
      const siblings = (await Promise.all(linked.map((n) => repo.listNoticeTakedowns(db, n.notice.id)))).flat();
      const context = await noticeContext(userId, siblings.map((t) => t.leakId));
      const requeue = await db.transaction(async (tx) => {
        const [locked] = await repo.lockTakedownsInStatus(tx, [row.id], row.status);
        if (!locked || !CANCELLABLE.includes(locked.status)) {
          throw new AppError("CONFLICT", "This notice has already been sent: it cannot be cancelled.", undefined, { status: row.status });
        }
        const pending = (await repo.listTakedownNotices(tx, row.id)).filter((n) => n.notice.status === "queued" || n.notice.status === "sending");
        if (pending.some((n) => n.notice.status === "sending")) throw new AppError("CONFLICT", "This notice is being sent right now.", undefined, { status: row.status });
        await moveTakedowns(tx, [locked], "cancelled", { at, message: "Cancelled before the notice was sent.", values: { nextCheckAt: null } });
        for (const { notice } of pending) {
          const rest = (await repo.listNoticeTakedowns(tx, notice.id)).filter((t) => t.id !== row.id && t.status !== "cancelled");
          if (rest.length === 0) await moveNotice(tx, notice, "cancelled");
          else await repo.updateNotice(tx, notice.id, composeNotice(context, notice.recipient, rest, [], notice.id.slice(0, 8), notice.kind));
        }
        return pending.length > 0;
      });
      if (requeue) logger.debug({ takedownId: id }, "takedown cancelled; its notice was rewritten");
      return detail((await repo.findTakedown(db, row.id))!);
    },

    /** Sends again a takedown that failed or got no response (free: the link was counted already). */
    async resend(userId: string, id: string): Promise<TakedownDetail> {
      const row = await userTakedown(userId, id);
      if (row.counterNotice) {
        throw new AppError("CONFLICT", "A counter-notice answered this link's notice: it is not sent again.", undefined, { reason: "counter_notice" });
      }
      if (!RESENDABLE.includes(row.status)) {
        throw new AppError("CONFLICT", "Only a failed, unanswered or manual takedown can be sent again.", undefined, { status: row.status });
      }
      await requireReady(userId);
      const at = now();
      // A link that never counted (it stalled before anything went out) counts when it is sent: it needs room in the month.
      if (!(await repo.leaksEverTakenDown(db, [row.leakId])).has(row.leakId)) {
        const q = await quotaFor(userId, at);
        if (q.limit !== "unlimited" && q.used + 1 > q.limit) throw quotaError(q, 1);
      }
      try {
        await db.transaction(async (tx) => {
          const [locked] = await repo.lockTakedownsInStatus(tx, [row.id], row.status);
          if (!locked) throw new AppError("CONFLICT", "This takedown changed meanwhile; reload it.");
          await moveTakedowns(tx, [locked], "draft", {
            at,
            message: "Sent again at the creator's request; looking up recipients afresh.",
            values: { level: null, webForm: null, reason: null, nextCheckAt: null },
          });
        });
      } catch (error) {
        if (String((error as { cause?: unknown }).cause ?? error).includes("takedown_one_open_per_leak")) {
          throw new AppError("CONFLICT", "Another takedown is open for this link.", undefined, { reason: "open_takedown" });
        }
        throw error;
      }
      await deps.queue.send(prepareTakedownsJob, { takedownIds: [row.id] });
      return detail((await repo.findTakedown(db, row.id))!);
    },

    async stats(userId: string): Promise<TakedownStats> {
      return figures(userId);
    },

    /** The service-wide figures (e.g. for the landing page): measured, never configured. */
    async overallStats(): Promise<TakedownStats> {
      return figures(undefined);
    },

    async delisting(userId: string): Promise<DelistingResponse> {
      const tier = await deps.tierFor(userId);
      if (!entitlements[tier].searchDelisting) {
        throw new AppError("QUOTA_EXCEEDED", "Search delisting packages come with the Premium and VIP plans.", undefined, {
          resource: "searchDelisting",
          limit: 0,
          use: 0,
          plan: tier,
          upgradeTo: tier === "vip" ? null : "premium",
        });
      }
      const owner = await requireReady(userId);
      const links = await repo.listLinksStillUp(db, userId);
      const submitted = await repo.listDelistings(db, userId);
      const urls = links.map((l) => l.url);
      return {
        packages: delistingEngines.map((engine) => ({
          engine,
          formUrl: DELISTING_FORMS[engine],
          fields: {
            copyrightOwner: owner.displayed,
            descriptionOfWork: `${describeWorks(owner.displayed, owner.examples)} Notice sent by ${deps.agent.name}, authorized agent of ${owner.displayed} (${deps.agent.email}).`,
            authorizedExampleUrls: owner.examples.join("\n"),
            infringingUrls: urls.join("\n"),
          },
          urlList: urls.join("\n"),
          items: links.map((l) => ({
            leakId: l.leakId,
            url: l.url,
            submittedAt: submitted.find((s) => s.leakId === l.leakId && s.engine === engine)?.submittedAt.toISOString() ?? null,
          })),
        })),
      };
    },

    /** The creator says she submitted the package (or some of its links) to an engine. */
    async markDelisting(userId: string, input: MarkDelisting): Promise<DelistingResponse> {
      const current = await this.delisting(userId);
      const pack = current.packages.find((p) => p.engine === input.engine)!;
      const ids = input.leakIds ?? pack.items.map((i) => i.leakId);
      const unknown = ids.filter((id) => !pack.items.some((i) => i.leakId === id));
      if (unknown.length > 0) throw new AppError("VALIDATION", "Some of these links are not in the delisting package.", { leakIds: "Only links still up after a notice can be delisted." }, { leakIds: unknown });
      await repo.insertDelistings(db, ids.map((leakId) => ({ userId, leakId, engine: input.engine, submittedAt: now() })));
      return this.delisting(userId);
    },
  };

  async function figures(userId: string | undefined): Promise<TakedownStats> {
    const s = await repo.stats(db, userId, now(), 7 * 86_400_000);
    return {
      noticesSent: s.noticesSent,
      linksTakenDown: s.linksTakenDown,
      linksRemoved: s.linksRemoved,
      linksDelistingSubmitted: s.linksDelisted,
      medianHoursToRemoval: s.medianSeconds === null ? null : Math.round((s.medianSeconds / 3600) * 10) / 10,
      removalRate: s.rateBase > 0 ? s.rateRemoved / s.rateBase : null,
      removalRateBase: s.rateBase,
    };
  }
}

export type TakedownsService = ReturnType<typeof createTakedownsService>;
