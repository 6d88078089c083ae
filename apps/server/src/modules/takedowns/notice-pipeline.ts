import { type ImageMatch, type LeakEvidence, readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { NoticeKind, TakedownDetail } from "@leakwarden/contracts/takedowns";
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/client";
import type { StoredFormStep, StoredRecipient } from "../../db/schema/takedowns";
import { AppError } from "../../lib/app-error";
import { CLOUDFLARE_ABUSE_FORM, type DmcaReportAnswer, dmcaReportFields, dmcaReportFieldsSchema, missingFields } from "./cloudflare-abuse";
import { isFileHostForm } from "./file-host-channels";
import { checkMailbox } from "./mailbox";
import { type NoticeImage, type NoticeItem, type NoticeRecipient, renderNotice } from "./notice-template";
import { authorityOfAll, type FindingAuthority } from "./takedown-authority";
import { ownerOf } from "./takedown-authorization";
import { FINAL } from "./takedown-lifecycle";
import { moveNotice, moveTakedowns, noteTakedowns } from "./takedown-moves";
import { nextCheckAt } from "./takedown-schedule";
import { REDDIT_COPYRIGHT_FORM } from "./recipient-finder";
import { awaitsConfirmation, cloudflareFirst, describeRecipient, mailable, describeSendFailure, ESCALATE_KIND_LABEL, isCloudflare, isPermanentSmtpFailure, isRedditForm, kindsOf, minuteOf, storable } from "./takedown-shared";
import { detail, userTakedown } from "./takedown-views";
import { startAfterFor, type TakedownsContext } from "./takedowns.context";
import { cloudflareReportJob, recheckJob, sendNoticeJob } from "./takedowns.job-definitions";
import { REMOVAL_DEADLINE_MS, renderTakeItDownRequest } from "./takeitdown-template";
import * as repo from "./takedowns.repository";

/** The notice pipeline: who can remove each link, the notices grouped per recipient, sending them, Cloudflare's reports (its API, or her form step). */

export type NoticeGroup = { level: number; recipient: StoredRecipient; kind: NoticeKind; takedowns: repo.TakedownRow[] };

export type RowPlan =
  | {
      type: "notice";
      /** The last recipient written to now (escalation goes on after it). */
      level: number;
      /** Every recipient written to now: the first with email or, behind Cloudflare, every one after it with email. */
      targets: { level: number; recipient: StoredRecipient }[];
      recipients: StoredRecipient[];
      formStep: StoredFormStep | null;
    }
  | { type: "cloudflare-api"; formStep: StoredFormStep }
  | {
      type: "manual";
      webForm: string | null;
      reason: string;
      formStep: StoredFormStep | null;
      /** A mailbox the site's page named outside its domain, which she may confirm. */
      pendingConfirmation: { address: string; source: string; reason: string } | null;
    };

/** Where a link's site resolved, for a notice to the network that serves it (its host or CDN). */
function resolutionOf(t: repo.TakedownRow, recipient: StoredRecipient): NoticeItem["resolved"] {
  if (recipient.kind !== "host" && recipient.kind !== "cdn") return null;
  const own = (t.level !== null ? t.recipients[t.level] : undefined) ?? recipient;
  const r = own.kind === recipient.kind && own.address ? own : recipient;
  return r.address && r.resolvedAt ? { address: r.address, at: r.resolvedAt, origin: r.origin ?? null } : null;
}

/**
 * What a notice cites: the creator's authorization and verified profiles, the leaks' evidence.
 * Read before a transaction opens (the embedded database has one connection).
 */
export async function noticeContext(ctx: TakedownsContext, userId: string, leakIds: string[]) {
  const owner = await ownerOf(ctx, userId);
  const leaks = new Map((await ctx.scans.leaksOf(userId, [...new Set(leakIds)])).map((l) => [l.id, l]));
  // Her reference photos by id, numbered as her list shows them (oldest first): a notice says which one an image copies.
  const references = new Map((await ctx.scans.listReferenceImages(userId)).map((r, i) => [r.id, i + 1]));
  // Whether each link is hers to send for, and which of her profiles its notice cites.
  const authority = authorityOfAll(owner.identities, [...leaks.values()]);
  return { owner, leaks, references, authority };
}

export type NoticeContext = Awaited<ReturnType<typeof noticeContext>>;

/** An image match as a notice states it: the image's address and the reference photo it copies (none recorded: one she pointed out herself). */
function noticeImage(references: ReadonlyMap<string, number>, m: ImageMatch): NoticeImage {
  return { url: m.imageUrl, reference: m.referenceId ? { number: references.get(m.referenceId) ?? null, id: m.referenceId } : null };
}

/** What a link's notice may say of it, from its evidence alone; `references`: her reference photos' numbers by id. */
export function noticeEvidence(references: ReadonlyMap<string, number>, evidence: LeakEvidence): Pick<NoticeItem, "title" | "matchedNames" | "imageUrls" | "images" | "linkedFrom" | "snippet"> {
  const images = (evidence.imageMatches ?? []).filter((m) => m.imageUrl);
  const from = evidence.linkedFrom;
  return {
    title: evidence.title ?? "",
    matchedNames: evidence.matchedNames ?? [],
    imageUrls: images.map((m) => m.imageUrl),
    images: images.map((m) => noticeImage(references, m)),
    linkedFrom: from
      ? {
          pageUrl: from.pageUrl,
          // Recorded before the part of the page was: the page's own names, said of the page.
          foundIn: from.foundIn ?? "page",
          names: from.matchedNames,
          images: (from.imageMatches ?? []).filter((m) => m.imageUrl).map((m) => noticeImage(references, m)),
        }
      : null,
    snippet: evidence.snippet ?? "",
  };
}

/** With her legal name as owner, the stage names she publishes under: those the links' pages name, else all her verified ones. */
function publishesAs(context: NoticeContext, items: NoticeItem[]): string[] {
  if (context.owner.authorization?.ownerName !== "legal_name") return [];
  const verified = context.owner.verified.map((s) => s.username);
  const named = new Set(items.flatMap((i) => [...i.matchedNames, ...(i.linkedFrom?.names ?? [])]).map((n) => n.toLowerCase()));
  const matched = verified.filter((u) => named.has(u.toLowerCase()));
  return matched.length > 0 ? matched : verified;
}

/** The link's hold (what she must prove first), or null when she may send for it. */
export function holdOf(context: NoticeContext, leakId: string): (FindingAuthority & { ok: false }) | null {
  const a = context.authority.get(leakId);
  if (!a) return { ok: false, leakId, code: "not_named", reason: "This finding is no longer in your list.", prove: [], nicknames: [] };
  return a.ok ? null : a;
}

/**
 * The original work a notice for these links cites: her verified profiles on the platform of the
 * stage name that matched, or all of them when that is unknown (an image match, a nickname).
 */
export function citedProfiles(context: NoticeContext, leakIds: string[]): string[] {
  const cited = leakIds.flatMap((id) => {
    const a = context.authority.get(id);
    return a?.ok ? a.cite : [];
  });
  const urls = [...new Set(cited.map((s) => s.profileUrl).filter((u): u is string => !!u))];
  return urls.length > 0 ? urls : context.owner.examples;
}

/** The leaks of these links (a form step knows its links by URL). */
const leakIdsOfUrls = (context: NoticeContext, urls: string[]) => [...context.leaks.values()].filter((l) => urls.includes(l.url)).map((l) => l.id);

/** The notice's text for a recipient and links. */
export function composeNotice(
  ctx: TakedownsContext,
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
    const evidence = readLeakEvidence(leak?.evidence);
    const reupload = leak?.reupload;
    return {
      url: t.url,
      ...noticeEvidence(context.references, evidence),
      fetchedAt: evidence.fetchedAt ?? null,
      sha256: evidence.sha256 ?? null,
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
      date: ctx.now(),
      agent: ctx.agent,
      personName: owner.displayed ?? owner.verified[0]?.username ?? "the person depicted",
      publishesAs: publishesAs(context, items),
      profiles: citedProfiles(context, takedowns.map((t) => t.leakId)),
      recipient: addressed,
      items,
      attestation,
      missed,
    });
  }
  if (kind === "takeitdown") throw new Error("a TAKE IT DOWN request needs her attestation");
  return renderNotice({
    reference,
    date: ctx.now(),
    agent: ctx.agent,
    ownerName: owner.displayed ?? owner.verified[0]?.username ?? "the copyright owner",
    publishesAs: publishesAs(context, items),
    profiles: citedProfiles(context, takedowns.map((t) => t.leakId)),
    recipient: addressed,
    items,
    earlier,
  });
}

export async function queueNotice(
  ctx: TakedownsContext,
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
  const content = composeNotice(ctx, context, recipient, takedowns, earlier, reference.slice(0, 8), kind, missed);
  return repo.insertNotice(tx, { id: reference, userId, level, recipient, kind, ...content, status: "queued", createdAt: ctx.now() }, takedowns.map((t) => t.id));
}

/** The notices already sent for these links, oldest first, one line per address and day (an escalation names them). */
export async function earlierNotices(ctx: TakedownsContext, takedownIds: string[]) {
  const sent = (await Promise.all(takedownIds.map((id) => repo.listSentNoticesOf(ctx.db, id)))).flat().sort((a, b) => a.sentAt!.getTime() - b.sentAt!.getTime());
  const seen = new Set<string>();
  return sent
    .map((n) => ({ name: n.recipient.name ?? ESCALATE_KIND_LABEL[n.recipient.kind], email: n.recipient.email!, sentAt: n.sentAt! }))
    .filter((e) => {
      const key = `${e.email.toLowerCase()} ${e.sentAt.toISOString().slice(0, 10)}`;
      return !seen.has(key) && !!seen.add(key);
    });
}

export async function scheduleCheck(ctx: TakedownsContext, takedownId: string, at: Date) {
  await ctx.queue.send(recheckJob, { takedownId, dueAt: at.toISOString() }, { startAfter: startAfterFor(ctx, at) });
}

const DAY_MS = 86_400_000;
/** NOTICES_PER_ADDRESS_PER_DAY's default, for a context built without it. */
export const DEFAULT_NOTICES_PER_ADDRESS_PER_DAY = 30;

/**
 * The per-address daily limit, all accounts together: a page cannot make the service a mail
 * cannon aimed at one mailbox. Over it, the notice is held (queued again for when the 24 hours
 * free a place), her links say so, and the operator is warned. Returns whether it was held.
 */
async function holdOverLimit(ctx: TakedownsContext, notice: repo.NoticeRow, linked: repo.TakedownRow[], address: string): Promise<boolean> {
  const limit = ctx.noticesPerAddressPerDay ?? DEFAULT_NOTICES_PER_ADDRESS_PER_DAY;
  const at = ctx.now();
  const since = new Date(at.getTime() - DAY_MS);
  const heldUntil = await ctx.db.transaction(async (tx) => {
    await repo.lockAddress(tx, address);
    const sent = await repo.countNoticesToAddressSince(tx, address, since, notice.id);
    if (sent < limit) {
      if (notice.heldUntil) await repo.updateNotice(tx, notice.id, { heldUntil: null, error: null });
      return null;
    }
    // The window frees a place when the oldest of the last `limit` sends is a day old.
    const oldest = await repo.nthLatestSendTo(tx, address, since, limit);
    const until = new Date(Math.max(at.getTime() + 60_000, (oldest ?? at).getTime() + DAY_MS + 1_000));
    const why = `Held: ${address} has had ${sent} notices in the last 24 hours from this service (the limit is ${limit} a day, for every account together). It goes out after ${minuteOf(until)}; nothing is lost.`;
    await moveNotice(tx, notice, "queued", { heldUntil: until, error: storable(why) });
    if (!notice.heldUntil) await noteTakedowns(tx, linked.map((t) => ({ takedownId: t.id, at, type: "held", message: storable(why) })));
    await repo.updateTakedowns(tx, linked.filter((t) => t.status === "queued").map((t) => t.id), { reason: storable(why), updatedAt: at });
    return { until, sent };
  });
  if (!heldUntil) return false;
  ctx.logger.warn({ noticeId: notice.id, address, sentToday: heldUntil.sent, limit, heldUntil: heldUntil.until.toISOString() }, "notice held: the daily limit of notices to this address is reached");
  await ctx.queue.send(sendNoticeJob, { noticeId: notice.id }, { startAfter: startAfterFor(ctx, heldUntil.until) });
  return true;
}

/** The Cloudflare report for a host's links: through the API when it is configured and our settings fill every required field, else hers. */
export function formStepFor(ctx: TakedownsContext, context: NoticeContext, urls: string[]): StoredFormStep {
  const fields = dmcaReportFields({
    agent: { ...ctx.agent, city: ctx.agentPlace?.city, state: ctx.agentPlace?.state, country: ctx.agentPlace?.country },
    ownerName: context.owner.displayed ?? context.owner.verified[0]?.username ?? "the copyright owner",
    authorizedExamples: citedProfiles(context, leakIdsOfUrls(context, urls)),
    urls,
  });
  const missing = missingFields(fields);
  const base = { party: "cloudflare" as const, formUrl: CLOUDFLARE_ABUSE_FORM, fields: { ...fields }, answer: null, submittedAt: null };
  if (ctx.cloudflare && missing.length === 0) return { ...base, via: "api", status: "submitting", reason: null };
  const reason = ctx.cloudflare
    ? `Cloudflare takes DMCA reports on its form or through its API; the API needs ${missing.join(", ")}, which are not set here. Every field is ready to copy: submit the report on Cloudflare's form, then press Done.`
    : "Cloudflare takes DMCA reports on its form, not by email. Every field is ready to copy: submit the report on Cloudflare's form, then press Done.";
  return { ...base, via: "creator", status: "waiting", reason };
}

/** The DMCA report's fields (as Cloudflare's form has them), without what only Cloudflare asks: for another party's form. */
function plainReportFields(ctx: TakedownsContext, context: NoticeContext, urls: string[]): Record<string, string> {
  const fields: Record<string, string> = {
    ...dmcaReportFields({
      agent: { ...ctx.agent, city: ctx.agentPlace?.city, state: ctx.agentPlace?.state, country: ctx.agentPlace?.country },
      ownerName: context.owner.displayed ?? context.owner.verified[0]?.username ?? "the copyright owner",
      authorizedExamples: citedProfiles(context, leakIdsOfUrls(context, urls)),
      urls,
    }),
  };
  for (const cloudflareOnly of ["act", "email2", "agree", "host_notification", "owner_notification"]) delete fields[cloudflareOnly];
  return fields;
}

/** Reddit's copyright form, hers to submit: Reddit takes DMCA notices on its form, not by email. */
export function redditFormStep(ctx: TakedownsContext, context: NoticeContext, urls: string[]): StoredFormStep {
  return {
    party: "reddit",
    via: "creator",
    status: "waiting",
    formUrl: REDDIT_COPYRIGHT_FORM,
    fields: plainReportFields(ctx, context, urls),
    reason: "Reddit takes DMCA notices on its copyright form, not by email. Every field is ready to copy: submit the report on Reddit's form, then press Done.",
    answer: null,
    submittedAt: null,
  };
}

/** A file host's report page (its published channel, data/file-host-channels.json), hers to submit with every field ready. */
export function fileHostFormStep(ctx: TakedownsContext, context: NoticeContext, urls: string[], host: StoredRecipient): StoredFormStep {
  return {
    party: "file-host",
    partyName: host.name,
    via: "creator",
    status: "waiting",
    formUrl: host.webForm!,
    fields: plainReportFields(ctx, context, urls),
    reason: host.note ?? `${host.name ?? "The file host"} takes copyright reports on its form, not by email. Every field is ready to copy: submit the report there, then press Done.`,
    answer: null,
    submittedAt: null,
  };
}

/** The party a form step is filed with, as she reads it. */
const FORM_PARTY: Record<StoredFormStep["party"], string> = { cloudflare: "Cloudflare", reddit: "Reddit", "file-host": "the file host" };
export const formParty = (step: StoredFormStep) => (step.party === "file-host" && step.partyName) || FORM_PARTY[step.party];

/** "the hosting network of the site's likely origin (abuse@host.example)", "the registrar (abuse@registrar.example)". */
const partyWithAddress = (r: StoredRecipient) => `${r.origin ? "the hosting network of the site's likely origin" : ESCALATE_KIND_LABEL[r.kind]} (${r.email})`;

export function formStepMessage(step: StoredFormStep, alsoTo: StoredRecipient[]): string {
  const to = alsoTo.filter((r) => r.email);
  const meanwhile = to.length === 0 ? "" : ` Meanwhile ${to.length === 1 ? "a notice goes" : "notices go"} to ${to.map(partyWithAddress).join(" and ")}.`;
  return step.via === "api" ? `Reporting to Cloudflare through its Abuse Reports API.${meanwhile}` : `${step.reason}${meanwhile}`;
}

/**
 * Who is written to at once: the first recipient with email; behind Cloudflare (which takes no
 * email, and whose report is filed apart), every recipient after it with email: the host of the
 * site's likely origin and the registrar, together.
 */
export function atOnce(recipients: StoredRecipient[], from = 0): { level: number; recipient: StoredRecipient }[] {
  // A mailbox awaiting her confirmation is passed over: the next party is written to meanwhile.
  const withEmail = recipients.map((recipient, level) => ({ level, recipient })).filter((r) => r.level >= from && mailable(r.recipient));
  const first = withEmail[0];
  if (!first) return [];
  const cf = recipients.findIndex(isCloudflare);
  return cf >= from && cf < first.level ? withEmail : [first];
}

/** The report is in: the link is tracked from now, as after a notice (a link already sent to its registrar keeps its dates). */
export async function formSubmitted(ctx: TakedownsContext, tx: DbOrTx, row: repo.TakedownRow, step: StoredFormStep, at: Date, message: string) {
  const waiting = row.status === "needs_manual_action" || row.status === "queued";
  const firstCheck = waiting ? nextCheckAt(ctx.schedule, at, at) : null;
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

/** Each link's recipients (one lookup per host name), and the Cloudflare report of the links behind it with no email contact before it. */
export async function lookUpRecipients(ctx: TakedownsContext, drafts: repo.TakedownRow[], context: NoticeContext) {
  const byHost = new Map<string, Promise<StoredRecipient[]>>();
  const found = new Map<string, StoredRecipient[]>();
  for (const t of drafts) {
    const host = new URL(t.url).hostname;
    if (!byHost.has(host)) byHost.set(host, ctx.finder.find(t.url));
    found.set(t.id, await byHost.get(host)!);
  }
  // A mailbox awaiting confirmation that she has confirmed (once, for every site naming it) is written to.
  const pending = [...found.values()].flat().filter(awaitsConfirmation);
  const userId = drafts[0]?.userId;
  if (pending.length > 0 && userId) {
    const confirmed = await repo.confirmedAddresses(ctx.db, userId, pending.map((r) => r.email!));
    for (const [id, recipients] of found) found.set(id, applyConfirmations(recipients, confirmed));
  }
  const cloudflareUrls = new Map<string, string[]>();
  for (const t of drafts) {
    if (t.basis === "takeitdown" || !cloudflareFirst(found.get(t.id) ?? [])) continue;
    const host = new URL(t.url).hostname;
    cloudflareUrls.set(host, [...(cloudflareUrls.get(host) ?? []), t.url]);
  }
  const steps = new Map([...cloudflareUrls].map(([host, urls]) => [host, formStepFor(ctx, context, urls)]));
  // Reddit's links (its pages and its image hosts): one report on its form for all of them.
  const reddit = drafts.filter((t) => t.basis !== "takeitdown" && (found.get(t.id) ?? []).some(isRedditForm));
  if (reddit.length > 0) {
    const step = redditFormStep(ctx, context, reddit.map((t) => t.url));
    for (const t of reddit) steps.set(new URL(t.url).hostname, step);
  }
  // A file host that takes reports on its form: one report per host name, on its page.
  const fileHostUrls = new Map<string, { host: StoredRecipient; urls: string[] }>();
  for (const t of drafts) {
    const host = t.basis === "takeitdown" ? undefined : (found.get(t.id) ?? []).find(isFileHostForm);
    if (!host) continue;
    const name = new URL(t.url).hostname;
    fileHostUrls.set(name, { host, urls: [...(fileHostUrls.get(name)?.urls ?? []), t.url] });
  }
  for (const [name, { host, urls }] of fileHostUrls) steps.set(name, fileHostFormStep(ctx, context, urls, host));
  return { found, steps };
}

/** The recipients with her confirmations (lower-case address → when) marked on the mailboxes that awaited them. */
export function applyConfirmations(recipients: StoredRecipient[], confirmed: Map<string, Date>): StoredRecipient[] {
  return recipients.map((r) => {
    const at = r.email && awaitsConfirmation(r) ? confirmed.get(r.email.toLowerCase()) : undefined;
    return at ? { ...r, confirmation: { ...r.confirmation!, confirmedAt: at.toISOString() } } : r;
  });
}

/** What she is asked, for a mailbox awaiting her confirmation. */
export const confirmationStep = (r: StoredRecipient) => `${r.confirmation!.reason} Confirm ${r.email} on this takedown if it is the site's copyright contact.`;

/** What happens to one link: a notice to its first recipient with email, a report through Cloudflare's API, or her step (a form, or nobody found). */
export function planRow(row: repo.TakedownRow, recipients: StoredRecipient[], steps: Map<string, StoredFormStep>): RowPlan {
  const targets = atOnce(recipients);
  const formStep = row.basis !== "takeitdown" && (cloudflareFirst(recipients) || recipients.some(isRedditForm) || recipients.some(isFileHostForm)) ? (steps.get(new URL(row.url).hostname) ?? null) : null;
  if (targets.length > 0) return { type: "notice", level: targets.at(-1)!.level, targets, recipients, formStep };
  if (formStep?.via === "api") return { type: "cloudflare-api", formStep };
  const webForm = formStep?.formUrl ?? recipients.find((r) => r.webForm)?.webForm ?? null;
  const refusals = recipients
    .filter((r) => r.refused)
    .map((r) => ` The address ${ESCALATE_KIND_LABEL[r.kind]} gives (${r.refused!.address}) was refused: ${r.refused!.reason}.`)
    .join("");
  const unconfirmed = recipients.find(awaitsConfirmation);
  const reason = formStep
    ? `${formStep.reason}${refusals}`
    : unconfirmed
      ? `${confirmationStep(unconfirmed)} No one else who can remove it takes email.${refusals}`
      : (webForm ? `No email address takes complaints for this site; use the web form: ${webForm}` : "No email address or web form was found for the site, its host or its registrar.") + refusals;
  const pendingConfirmation = unconfirmed?.email ? { address: unconfirmed.email, source: unconfirmed.source, reason: unconfirmed.confirmation!.reason } : null;
  return { type: "manual", webForm, reason, formStep, pendingConfirmation };
}

/** One request per recipient and kind; a forgery's request is worded apart. */
export function addToGroups(groups: Map<string, NoticeGroup>, row: repo.TakedownRow, plan: { level: number; recipient: StoredRecipient }) {
  for (const kind of kindsOf(row.basis)) {
    const key = `${kind}:${kind === "takeitdown" && row.attestation?.forgery ? "forgery" : ""}:${plan.level}:${plan.recipient.email!.toLowerCase()}`;
    const group = groups.get(key) ?? { level: plan.level, recipient: plan.recipient, kind, takedowns: [] };
    group.takedowns.push(row);
    groups.set(key, group);
  }
}

/** The job: recipients for each link, then one notice per recipient grouping its links. */
export async function prepareTakedowns(ctx: TakedownsContext, takedownIds: string[]): Promise<{ noticeIds: string[] }> {
  const drafts = (await Promise.all(takedownIds.map((id) => repo.findTakedown(ctx.db, id)))).filter((r): r is repo.TakedownRow => r?.status === "draft");
  if (drafts.length === 0) return { noticeIds: [] };
  const context = await noticeContext(ctx, drafts[0]!.userId, drafts.map((d) => d.leakId));
  // A link that is not (or no longer) hers to send for waits for her: nothing is looked up or sent for it.
  const hers = drafts.filter((d) => !holdOf(context, d.leakId));
  const { found, steps } = await lookUpRecipients(ctx, hers, context);
  const at = ctx.now();
  const reportIds: string[] = [];
  const noticeIds = await ctx.db.transaction(async (tx) => {
    const rows = await repo.lockTakedownsInStatus(tx, drafts.map((d) => d.id), "draft");
    const groups = new Map<string, NoticeGroup>();
    for (const row of rows) {
      const hold = holdOf(context, row.leakId);
      if (hold) {
        await moveTakedowns(tx, [row], "needs_manual_action", { at, message: storable(hold.reason), values: { reason: storable(hold.reason), webForm: null, formStep: null } });
        continue;
      }
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
        await noteTakedowns(tx, [{ takedownId: row.id, at, type: "form_step", message: formStepMessage(formStep, plan.type === "notice" ? plan.targets.map((t) => t.recipient) : []) }]);
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
      const unconfirmed = recipients.find(awaitsConfirmation);
      if (unconfirmed) {
        await noteTakedowns(tx, [{ takedownId: row.id, at, type: "needs_manual_action", message: storable(`${confirmationStep(unconfirmed)} Meanwhile the notice goes to ${plan.targets.map((t) => partyWithAddress(t.recipient)).join(" and ")}.`) }]);
      }
      for (const target of plan.targets) addToGroups(groups, { ...row, recipients, level: target.level, formStep }, target);
      await repo.updateTakedowns(tx, [row.id], { recipients, level: plan.level, formStep, updatedAt: at });
    }
    // Each takedown moves to queued with its first notice (a takedown on two bases is queued again with its second).
    const status = new Map(rows.map((r) => [r.id, r.status]));
    const ids: string[] = [];
    for (const group of groups.values()) {
      const notice = await queueNotice(ctx, tx, context, group.takedowns[0]!.userId, group.level, group.recipient, group.takedowns, [], group.kind);
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
  if (reportIds.length > 0) await ctx.queue.send(cloudflareReportJob, { takedownIds: reportIds });
  for (const noticeId of noticeIds) await ctx.queue.send(sendNoticeJob, { noticeId });
  return { noticeIds };
}

/** The link's first notice went out before this one was written: this one escalates (one written with it, at once, does not). */
const sentBefore = (notice: repo.NoticeRow, t: repo.TakedownRow) => t.firstSentAt !== null && notice.createdAt > t.firstSentAt;

/**
 * A notice failed for good: its links fail, with why, except those another notice written with it
 * (at once: the origin's host and the registrar behind Cloudflare, or a DMCA notice and a TAKE IT
 * DOWN request) already reached; they stay as they are, with a note.
 */
async function failLinks(tx: DbOrTx, notice: repo.NoticeRow, linked: repo.TakedownRow[], at: Date, message: string) {
  const fresh = (await repo.lockTakedowns(tx, linked.map((t) => t.id))).filter((t) => !FINAL.includes(t.status) && !t.counterNotice);
  const reached = fresh.filter((t) => t.firstSentAt !== null && !sentBefore(notice, t));
  await moveTakedowns(tx, fresh.filter((t) => !reached.includes(t)), "failed", { at, message, values: { reason: message, nextCheckAt: null } });
  await noteTakedowns(tx, reached.map((t) => ({ takedownId: t.id, at, type: "send_failed", message })));
}

/** The job: one notice out through the mailer; retried on SMTP failures, never lost. */
export async function sendNotice(ctx: TakedownsContext, noticeId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
  // What goes out is what the claim read: a notice rewritten until then (a cancelled link, a link that joined) is sent as rewritten.
  const notice = await repo.claimNotice(ctx.db, noticeId);
  if (!notice) return;
  // A link answered by a counter-notice gets no more notices.
  const linked = (await repo.listNoticeTakedowns(ctx.db, noticeId)).filter((t) => !FINAL.includes(t.status) && !t.counterNotice);
  // A Message-ID on a claimed notice: an earlier attempt handed it to the mail server and died before the answer. It may have arrived, so it is not sent again.
  if (linked.length === 0 && !notice.messageId) {
    await moveNotice(ctx.db, notice, "cancelled");
    return;
  }
  // A link that stopped being hers to send for since the notice was written (a handle disputed
  // meanwhile) waits for her; the notice goes without it, or not at all.
  if (!notice.messageId) {
    const context = await noticeContext(ctx, notice.userId, linked.map((t) => t.leakId));
    const held = linked.filter((t) => holdOf(context, t.leakId));
    if (held.length > 0) {
      const rest = linked.filter((t) => !held.includes(t));
      const earlier = rest.length > 0 ? await earlierNotices(ctx, rest.map((t) => t.id)) : [];
      const at = ctx.now();
      await ctx.db.transaction(async (tx) => {
        for (const t of held) {
          const reason = storable(holdOf(context, t.leakId)!.reason);
          await moveTakedowns(tx, [t], "needs_manual_action", { at, message: reason, values: { reason, nextCheckAt: null } });
        }
        if (rest.length === 0) await moveNotice(tx, notice, "cancelled");
        else await repo.updateNotice(tx, notice.id, composeNotice(ctx, context, notice.recipient, rest, earlier, notice.id.slice(0, 8), notice.kind));
      });
      if (rest.length === 0) return;
      Object.assign(notice, composeNotice(ctx, context, notice.recipient, rest, earlier, notice.id.slice(0, 8), notice.kind));
      linked.splice(0, linked.length, ...rest);
    }
  }
  const email = notice.recipient.email ?? "";
  const check = checkMailbox(email);
  if (!check.ok) {
    // An address that is not one plain mailbox never reaches the mail server: this notice fails, with why, and nothing else does.
    const at = ctx.now();
    const message = `The notice was not sent: the address ${check.shown} was refused (${check.reason}).`;
    await ctx.db.transaction(async (tx) => {
      await moveNotice(tx, notice, "failed", { attempts: notice.attempts + 1, error: storable(message) });
      await failLinks(tx, notice, linked, at, storable(message));
    });
    return;
  }
  // A notice an earlier attempt handed over was counted then; any other waits for a place under the daily limit.
  if (!notice.messageId && (await holdOverLimit(ctx, notice, linked, check.address))) return;
  const domain = /@([^>\s@]+)>?\s*$/.exec(ctx.messageIdDomain)?.[1] ?? ctx.messageIdDomain;
  let messageId: string;
  try {
    const header = `<notice-${notice.id}@${domain}>`;
    const sent = notice.messageId
      ? { messageId: notice.messageId }
      : await ctx.mailer.send({ to: check.address, subject: notice.subject, text: notice.text, html: notice.html, headers: { "Message-ID": header }, beforeHandOver: () => repo.updateNotice(ctx.db, noticeId, { messageId: header }) });
    messageId = sent.messageId;
  } catch (error) {
    const reason = storable(describeSendFailure(error));
    const final = isPermanentSmtpFailure(error) || attempt.retryCount >= attempt.retryLimit;
    const at = ctx.now();
    if (!final) {
      await moveNotice(ctx.db, notice, "queued", { messageId: null, attempts: notice.attempts + 1, error: reason });
      await noteTakedowns(ctx.db, linked.map((t) => ({ takedownId: t.id, at, type: "send_retry", message: `Sending to ${email} failed: ${reason}. It will be tried again.` })));
      throw error;
    }
    await ctx.db.transaction(async (tx) => {
      await moveNotice(tx, notice, "failed", { messageId: null, attempts: notice.attempts + 1, error: reason });
      await failLinks(tx, notice, linked, at, `The notice to ${email} could not be sent: ${reason}`);
    });
    ctx.logger.warn({ noticeId, err: error }, "takedown notice failed for good");
    return;
  }

  const at = ctx.now();
  const firstCheck = nextCheckAt(ctx.schedule, at, at);
  // A TAKE IT DOWN request starts the platform's 48 hours (once: an escalation keeps the first deadline); the deadline is a check of its own.
  const deadlineOf = (t: repo.TakedownRow) => t.removalDeadlineAt ?? (notice.kind === "takeitdown" ? new Date(at.getTime() + REMOVAL_DEADLINE_MS) : null);
  const checkOf = (t: repo.TakedownRow) => {
    const deadline = deadlineOf(t);
    const upcoming = deadline && deadline > at && !t.deadlineMissedAt ? deadline : null;
    return upcoming && (!firstCheck || upcoming < firstCheck) ? upcoming : firstCheck;
  };
  const sentRows = await ctx.db.transaction(async (tx) => {
    await moveNotice(tx, notice, "sent", { messageId, sentAt: at, attempts: notice.attempts + 1, error: null });
    // Read again under a lock: the other request for the same link may have been sent meanwhile,
    // and what it wrote (its deadline, a removal) must not be overwritten with what was read before.
    const fresh = (await repo.lockTakedowns(tx, linked.map((t) => t.id))).filter((t) => !FINAL.includes(t.status) && !t.counterNotice);
    await repo.markCounted(tx, fresh.map((t) => t.id), at);
    const sentLine = (t: repo.TakedownRow) =>
      notice.kind === "takeitdown"
        ? `TAKE IT DOWN request sent to ${email} (Message-ID ${messageId}).${!t.removalDeadlineAt ? ` Under the Act the platform has until ${minuteOf(deadlineOf(t)!)} to remove it.` : ""}`
        : `Notice sent to ${email} (Message-ID ${messageId}).`;
    for (const t of fresh) {
      await moveTakedowns(tx, [t], notice.level > 0 && sentBefore(notice, t) ? "escalated" : "sent", {
        at,
        event: "sent",
        message: sentLine(t),
        values: { firstSentAt: t.firstSentAt ?? at, lastSentAt: at, nextCheckAt: checkOf(t), removalDeadlineAt: deadlineOf(t), reason: null },
      });
    }
    return fresh;
  });
  for (const t of sentRows) {
    await ctx.scans.markLeakTakedown(t.leakId, "takedown_sent", at);
    const check = checkOf(t);
    if (check) await scheduleCheck(ctx, t.id, check);
  }
}

/** The job: the Cloudflare report of these links through its API, one report per host name; a refusal makes it her step. */
export async function cloudflareReport(ctx: TakedownsContext, takedownIds: string[], attempt: { retryCount: number; retryLimit: number }): Promise<void> {
  const rows = (await Promise.all(takedownIds.map((id) => repo.findTakedown(ctx.db, id)))).filter(
    (r): r is repo.TakedownRow => !!r && r.formStep?.via === "api" && r.formStep.status === "submitting" && r.status !== "cancelled",
  );
  // A link that is no longer hers to send for (a handle disputed since) is not reported: it waits for her.
  const context = rows.length > 0 ? await noticeContext(ctx, rows[0]!.userId, rows.map((r) => r.leakId)) : null;
  const held = context ? rows.filter((r) => holdOf(context, r.leakId)) : [];
  if (held.length > 0) {
    const at = ctx.now();
    await ctx.db.transaction(async (tx) => {
      for (const row of held) {
        const reason = storable(holdOf(context!, row.leakId)!.reason);
        if (row.status === "queued" && row.level === null) await moveTakedowns(tx, [row], "needs_manual_action", { at, message: reason, values: { formStep: null, webForm: null, reason } });
        else {
          await repo.updateTakedowns(tx, [row.id], { formStep: null, updatedAt: at });
          await noteTakedowns(tx, [{ takedownId: row.id, at, type: "needs_manual_action", message: reason }]);
        }
      }
    });
  }
  const byReport = new Map<string, repo.TakedownRow[]>();
  for (const r of rows.filter((row) => !held.includes(row))) byReport.set(r.formStep!.fields.urls ?? r.url, [...(byReport.get(r.formStep!.fields.urls ?? r.url) ?? []), r]);
  let retry: Error | null = null;
  for (const group of byReport.values()) {
    const step = group[0]!.formStep!;
    let answer: DmcaReportAnswer;
    if (!ctx.cloudflare) answer = { outcome: "unauthorized", status: 0, errors: ["the API is no longer configured"] };
    else {
      // The fields were stored as dmcaReportFields made them; a step stored otherwise becomes hers, on Cloudflare's form.
      const fields = dmcaReportFieldsSchema.safeParse(step.fields);
      answer = fields.success ? await ctx.cloudflare.submitDmca(fields.data) : { outcome: "invalid", status: 0, errors: ["the stored report is incomplete"] };
    }
    if (answer.outcome === "unavailable" && attempt.retryCount < attempt.retryLimit) {
      retry = new Error(`Cloudflare's API is unavailable: ${answer.errors.join("; ")}`);
      continue;
    }
    const at = ctx.now();
    const checks: { id: string; leakId: string; at: Date | null }[] = [];
    await ctx.db.transaction(async (tx) => {
      for (const row of group) {
        if (answer.outcome === "submitted") {
          const done: StoredFormStep = { ...step, status: "submitted", answer: `HTTP ${answer.status}: ${answer.result}`, submittedAt: at.toISOString() };
          checks.push({ id: row.id, leakId: row.leakId, at: await formSubmitted(ctx, tx, row, done, at, `Reported to Cloudflare through its Abuse Reports API (answer: HTTP ${answer.status}, ${answer.result}).`) });
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
      await ctx.scans.markLeakTakedown(c.leakId, "takedown_sent", at);
      await scheduleCheck(ctx, c.id, c.at);
    }
  }
  if (retry) throw retry;
}

/** She says she submitted the form: recorded with the time, for every link of the same report. */
export async function markFormDone(ctx: TakedownsContext, userId: string, id: string): Promise<TakedownDetail> {
  const row = await userTakedown(ctx, userId, id);
  if (row.formStep?.status !== "waiting") {
    throw new AppError("CONFLICT", row.formStep ? "This report is already recorded as submitted." : "This takedown has no form to submit.", undefined, { formStep: row.formStep?.status ?? null });
  }
  const at = ctx.now();
  const urls = row.formStep.fields.urls;
  const same = (await repo.listTakedowns(ctx.db, userId, { limit: 500, offset: 0 })).items.filter(
    (t) => t.id === row.id || (t.formStep?.status === "waiting" && t.formStep.fields.urls === urls && t.domain === row.domain),
  );
  const checks: { id: string; leakId: string; at: Date | null }[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const t of same) {
      const done: StoredFormStep = { ...t.formStep!, status: "done", submittedAt: at.toISOString() };
      checks.push({ id: t.id, leakId: t.leakId, at: await formSubmitted(ctx, tx, t, done, at, `She submitted the report on ${formParty(t.formStep!)}'s form (${t.formStep!.formUrl}).`) });
    }
  });
  for (const c of checks) {
    if (!c.at) continue;
    await ctx.scans.markLeakTakedown(c.leakId, "takedown_sent", at);
    await scheduleCheck(ctx, c.id, c.at);
  }
  return detail(ctx, (await repo.findTakedown(ctx.db, row.id))!);
}
