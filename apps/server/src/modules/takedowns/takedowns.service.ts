import type { AuthorizationInput, ConfirmRecipient, CreateTakedowns, MarkDelisting, TakedownListQuery } from "@leakwarden/contracts/takedowns";
import type { DbOrTx } from "../../db/client";
import { prepareTakedowns, sendNotice, cloudflareReport, markFormDone } from "./notice-pipeline";
import { confirmRecipient } from "./recipient-confirmations";
import type { InboundReply } from "./reply-listener";
import { authorize, getAuthorization } from "./takedown-authorization";
import { delistingPackages, markDelisting } from "./takedown-delisting";
import { overallStats, statsOf } from "./takedown-figures";
import { deadlineRecord, recheckTakedown } from "./takedown-rechecks";
import { recordReply } from "./takedown-replies";
import { attestationInfo, cancelTakedown, createAutomatic, createTakedowns, heldForProof, previewTakedowns, quotaOf, resendTakedown } from "./takedown-requests";
import { getTakedown, latestForLeaks, listTakedowns } from "./takedown-views";
import { takedownsContext, type TakedownsDeps } from "./takedowns.context";
import type { TakedownRow } from "./takedowns.repository";

export type { TakedownsDeps } from "./takedowns.context";
export { AUTHORIZATION_STATEMENT_VERSION } from "./takedown-authorization";
export { ACCURACY_STATEMENT, GOOD_FAITH_STATEMENT } from "./notice-template";
export { PREVIEW_REFERENCE, createTakedowns as createTakedownRequest } from "./takedown-requests";

/**
 * The takedowns module's service: its routes, jobs and other modules call it. Each method is a
 * plain function over the module's dependencies, in the file of its concern:
 * takedown-authorization (her agent authorization), takedown-requests (asking, previewing,
 * cancelling, sending again, the autopilot's requests), notice-pipeline (recipients, notices,
 * sending, Cloudflare reports), takedown-rechecks (re-checks, escalation, the TAKE IT DOWN
 * deadline), takedown-replies, takedown-delisting, takedown-figures and takedown-views.
 */
export function createTakedownsService(deps: TakedownsDeps) {
  const ctx = takedownsContext(deps);
  return {
    getAuthorization: (userId: string) => getAuthorization(ctx, userId),
    authorize: (userId: string, input: AuthorizationInput, client: { ip: string; userAgent: string }) => authorize(ctx, userId, input, client),
    create: (userId: string, input: CreateTakedowns, client: { ip: string } = { ip: "" }) => createTakedowns(ctx, userId, input, client),
    preview: (userId: string, input: CreateTakedowns) => previewTakedowns(ctx, userId, input),
    quota: (userId: string) => quotaOf(ctx, userId),
    createAutomatic: (userId: string, leakIds: string[], record: (tx: DbOrTx, rows: TakedownRow[]) => Promise<void>, max?: number) =>
      createAutomatic(ctx, userId, leakIds, record, max),
    heldForProof: (userId: string, leakIds: string[]) => heldForProof(ctx, userId, leakIds),
    prepare: (takedownIds: string[]) => prepareTakedowns(ctx, takedownIds),
    sendNotice: (noticeId: string, attempt: { retryCount: number; retryLimit: number }) => sendNotice(ctx, noticeId, attempt),
    cloudflareReport: (takedownIds: string[], attempt: { retryCount: number; retryLimit: number }) => cloudflareReport(ctx, takedownIds, attempt),
    markFormDone: (userId: string, id: string) => markFormDone(ctx, userId, id),
    recordReply: (reply: InboundReply) => recordReply(ctx, reply),
    attestationText: () => attestationInfo(),
    deadlineRecord: (userId: string, id: string) => deadlineRecord(ctx, userId, id),
    recheck: (takedownId: string, dueAt: string) => recheckTakedown(ctx, takedownId, dueAt),
    list: (userId: string, query: TakedownListQuery) => listTakedowns(ctx, userId, query),
    latestForLeaks: (userId: string, leakIds: string[]) => latestForLeaks(ctx, userId, leakIds),
    get: (userId: string, id: string) => getTakedown(ctx, userId, id),
    cancel: (userId: string, id: string) => cancelTakedown(ctx, userId, id),
    resend: (userId: string, id: string) => resendTakedown(ctx, userId, id),
    confirmRecipient: (userId: string, input: ConfirmRecipient) => confirmRecipient(ctx, userId, input),
    stats: (userId: string) => statsOf(ctx, userId),
    overallStats: () => overallStats(ctx),
    delisting: (userId: string) => delistingPackages(ctx, userId),
    markDelisting: (userId: string, input: MarkDelisting) => markDelisting(ctx, userId, input),
  };
}

export type TakedownsService = ReturnType<typeof createTakedownsService>;
