import { createHmac, timingSafeEqual } from "node:crypto";
import type { AlertRules, AlertRulesInput, DigestFrequency } from "@leakwarden/contracts/alerts";
import type { LeakView } from "@leakwarden/contracts/scans";
import type { Db } from "../../db/client";
import type { OutgoingEmail } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import type { DigestJob, NewLeaksAlertJob } from "./alerts.jobs";
import * as repo from "./alerts.repository";

export interface AlertsDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  newLeaksAlertJob: () => NewLeaksAlertJob;
  digestJob: () => DigestJob;
  /** Queues an email (sent by the email job). */
  sendEmail(email: OutgoingEmail): Promise<void>;
  /** The account's address, or null when the account is gone. */
  emailOf(userId: string): Promise<string | null>;
  /** Leaks first seen in a scan or since a time (the scans service). */
  newLeaks(userId: string, filter: { scanId?: string; since?: Date }, limit?: number): Promise<{ items: LeakView[]; total: number }>;
  publicUrl: string;
  /** The server's secret: unsubscribe tokens are signed with a key derived from it. */
  secret: string;
  now?: () => Date;
}

const periodMs: Record<Exclude<DigestFrequency, "off">, number> = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 };
const defaults = { newLeak: false, digest: "off" as DigestFrequency, takedownSucceeded: false };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

export function createAlertsService(deps: AlertsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const tokenKey = createHmac("sha256", deps.secret).update("leakwarden alerts unsubscribe").digest();

  const sign = (userId: string) => createHmac("sha256", tokenKey).update(userId).digest();

  function unsubscribeToken(userId: string): string {
    return `${b64url(userId)}.${b64url(sign(userId))}`;
  }

  /** The user a token was made for, or null when it is not one of ours. */
  function verifyToken(token: string): string | null {
    const [idPart, sigPart] = token.split(".");
    if (!idPart || !sigPart) return null;
    const userId = Buffer.from(idPart, "base64url").toString("utf8");
    const given = Buffer.from(sigPart, "base64url");
    const expected = sign(userId);
    return userId && given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  function view(row: repo.AlertRuleRow | undefined, email: string): AlertRules {
    return {
      newLeak: row?.newLeak ?? defaults.newLeak,
      digest: (row?.digest as DigestFrequency | undefined) ?? defaults.digest,
      takedownSucceeded: row?.takedownSucceeded ?? defaults.takedownSucceeded,
      email,
      nextDigestAt: row?.nextDigestAt?.toISOString() ?? null,
      lastDigestAt: row?.lastDigestAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function scheduleDigest(userId: string, dueAt: Date) {
    await deps.queue.send(deps.digestJob(), { userId, dueAt: dueAt.toISOString() }, { startAfter: dueAt });
  }

  function email(to: string, userId: string, subject: string, intro: string, leaks: { url: string }[], more: number): OutgoingEmail {
    const leaksUrl = `${deps.publicUrl}/dashboard/leaks`;
    const alertsUrl = `${deps.publicUrl}/dashboard/alerts`;
    const unsubscribeUrl = `${deps.publicUrl}/v1/alerts/unsubscribe?token=${unsubscribeToken(userId)}`;
    const lines = leaks.map((l) => `- ${l.url}`);
    if (more > 0) lines.push(`- and ${more} more`);
    const text = [
      intro,
      "",
      ...lines,
      ...(lines.length ? [""] : []),
      `Review them and send takedowns: ${leaksUrl}`,
      "",
      `You get this email because of your alert settings (${alertsUrl}).`,
      `Stop these emails: ${unsubscribeUrl}`,
      "",
    ].join("\n");
    const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>${escapeHtml(intro)}</p>
${leaks.length ? `<ul>${leaks.map((l) => `<li style="word-break:break-all">${escapeHtml(l.url)}</li>`).join("")}${more > 0 ? `<li>and ${more} more</li>` : ""}</ul>` : ""}
<p><a href="${escapeHtml(leaksUrl)}">Review them and send takedowns</a></p>
<p style="color:#666;font-size:12px;margin-top:32px">You get this email because of your <a href="${escapeHtml(alertsUrl)}">alert settings</a>. <a href="${escapeHtml(unsubscribeUrl)}">Stop these emails</a>.</p></body></html>`;
    return { to, subject, text, html };
  }

  return {
    unsubscribeToken,

    async get(userId: string): Promise<AlertRules> {
      const address = (await deps.emailOf(userId)) ?? "";
      return view(await repo.findRule(db, userId), address);
    },

    async update(userId: string, input: AlertRulesInput): Promise<AlertRules> {
      const current = await repo.findRule(db, userId);
      const at = now();
      let nextDigestAt: Date | null = current?.nextDigestAt ?? null;
      const digestChanged = (current?.digest ?? "off") !== input.digest;
      if (input.digest === "off") nextDigestAt = null;
      else if (digestChanged || !nextDigestAt) nextDigestAt = new Date(at.getTime() + periodMs[input.digest]);
      const row = await repo.upsertRule(db, userId, { ...input, nextDigestAt, updatedAt: at });
      if (nextDigestAt && (digestChanged || !current?.nextDigestAt)) await scheduleDigest(userId, nextDigestAt);
      return view(row, (await deps.emailOf(userId)) ?? "");
    },

    /** The public unsubscribe link: every rule off. */
    async unsubscribe(token: string): Promise<void> {
      const userId = verifyToken(token);
      if (!userId) throw new AppError("VALIDATION", "This unsubscribe link is not valid.");
      if (!(await repo.findRule(db, userId))) return;
      await repo.upsertRule(db, userId, { newLeak: false, digest: "off", takedownSucceeded: false, nextDigestAt: null, updatedAt: now() });
    },

    /** The scans service's completion hook: queues the new-leaks email when the creator wants it. */
    async onScanCompleted(event: { userId: string; scanId: string; newLeaks: number }): Promise<void> {
      if (event.newLeaks === 0) return;
      const rule = await repo.findRule(db, event.userId);
      if (!rule?.newLeak) return;
      await deps.queue.send(deps.newLeaksAlertJob(), { userId: event.userId, scanId: event.scanId });
    },

    /** Leaks found outside a scan (the shared image index, a crawl of leak sites): the same rule, the same email. */
    async onLeaksFound(event: { userId: string; since: Date; newLeaks: number; via?: "images" | "crawl" }): Promise<void> {
      if (event.newLeaks === 0) return;
      const rule = await repo.findRule(db, event.userId);
      if (!rule?.newLeak) return;
      await deps.queue.send(deps.newLeaksAlertJob(), { userId: event.userId, since: event.since.toISOString(), ...(event.via ? { via: event.via } : {}) });
    },

    async sendNewLeaksAlert(userId: string, of: string | { since: Date; via?: "images" | "crawl" }): Promise<void> {
      const rule = await repo.findRule(db, userId);
      const to = await deps.emailOf(userId);
      if (!rule?.newLeak || !to) return;
      const { items, total } = await deps.newLeaks(userId, typeof of === "string" ? { scanId: of } : { since: of.since }, 10);
      if (total === 0) return;
      const subject = total === 1 ? "1 new leak found" : `${total} new leaks found`;
      const found = typeof of === "string" ? "Your latest scan found" : of.via === "crawl" ? "Reading leak sites, we found" : "Images matching your reference photos were found at";
      await deps.sendEmail(email(to, userId, subject, `${found} ${total === 1 ? "a new link" : `${total} new links`} to your content:`, items, total - items.length));
    },

    async runDigest(userId: string, dueAtIso: string): Promise<void> {
      const rule = await repo.findRule(db, userId);
      if (!rule || rule.digest === "off" || rule.nextDigestAt?.toISOString() !== dueAtIso) return;
      const frequency = rule.digest as Exclude<DigestFrequency, "off">;
      const dueAt = new Date(dueAtIso);
      const at = now();
      const to = await deps.emailOf(userId);
      if (to) {
        const since = rule.lastDigestAt ?? new Date(dueAt.getTime() - periodMs[frequency]);
        const { items, total } = await deps.newLeaks(userId, { since }, 10);
        const word = frequency === "daily" ? "Daily" : "Weekly";
        const subject = total === 0 ? `${word} summary: no new leaks` : `${word} summary: ${total} new ${total === 1 ? "leak" : "leaks"}`;
        const intro =
          total === 0
            ? `No new links to your content were found since ${since.toISOString().slice(0, 10)}.`
            : `Found since ${since.toISOString().slice(0, 10)}: ${total === 1 ? "1 new link" : `${total} new links`} to your content.`;
        await deps.sendEmail(email(to, userId, subject, intro, items, total - items.length));
      }
      let next = new Date(dueAt.getTime() + periodMs[frequency]);
      if (next <= at) next = new Date(at.getTime() + periodMs[frequency]);
      await repo.upsertRule(db, userId, { lastDigestAt: at, nextDigestAt: next });
      await scheduleDigest(userId, next);
    },

    /** For the takedowns module: the link of a takedown is gone. */
    async takedownSucceeded(userId: string, takedown: { url: string }): Promise<void> {
      const rule = await repo.findRule(db, userId);
      const to = await deps.emailOf(userId);
      if (!rule?.takedownSucceeded || !to) return;
      await deps.sendEmail(email(to, userId, "A takedown succeeded", "This link to your content is gone:", [{ url: takedown.url }], 0));
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
