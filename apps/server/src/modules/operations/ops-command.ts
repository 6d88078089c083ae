import type { Writable } from "node:stream";
import type { HandleDisputes, HandleDisputeView } from "../identities/identities.service";
import { AppError } from "../../lib/app-error";
import type { OperationsService, ServiceStatus } from "./operations.service";

const USAGE = [
  "usage: npm run ops -- status [--json]",
  "       npm run ops -- disputes [--all] [--json]",
  "       npm run ops -- disputes resolve <dispute id> --owner <account id or email> [--note <text>]",
].join("\n");

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} d`;
}

export function formatStatus(status: ServiceStatus): string {
  const out: string[] = [`Leakwarden status at ${status.at}`, ""];
  const queues = new Map<string, { waiting: number; active: number; failed: number; completed: number; oldest: number | null }>();
  for (const j of status.jobs) {
    const q = queues.get(j.queue) ?? { waiting: 0, active: 0, failed: 0, completed: 0, oldest: null };
    if (j.state === "created" || j.state === "retry") q.waiting += j.jobs;
    else if (j.state === "active") q.active += j.jobs;
    else if (j.state === "failed") q.failed += j.jobs;
    else if (j.state === "completed") q.completed += j.jobs;
    if (j.oldestSeconds !== null) q.oldest = Math.max(q.oldest ?? 0, j.oldestSeconds);
    queues.set(j.queue, q);
  }
  out.push("Queues");
  out.push(
    queues.size === 0
      ? "  no jobs"
      : table([
          ["  queue", "waiting", "active", "failed", "completed", "oldest waiting"],
          ...[...queues].map(([name, q]) => [`  ${name}`, String(q.waiting), String(q.active), String(q.failed), String(q.completed), q.oldest === null ? "-" : duration(q.oldest)]),
        ]),
  );
  const line = (title: string, rows: { labels: Record<string, string>; value: number }[]) => {
    const parts = rows.map((r) => `${Object.values(r.labels).join(" ")}: ${r.value}`);
    out.push("", title, `  ${parts.length > 0 ? parts.join(", ") : "none"}`);
  };
  line("Scans by status", status.scans);
  line("Notices by status and recipient", status.notices);
  line("Takedowns by status", status.takedowns);
  line("Payment webhooks by outcome", status.webhooks);
  line("Accounts by plan", status.accounts);
  line("Crawls (all sites)", status.crawls);
  out.push("", "Failing crawls");
  if (status.failingCrawls.length === 0) out.push("  none");
  for (const c of status.failingCrawls) {
    out.push(`  ${c.site}  last run ${c.lastRunAt ?? "never"}, last success ${c.lastSuccessAt ?? "never"}, ${c.errors} errors: ${c.error ?? ""}`.trimEnd());
  }
  out.push("", "Notices held by the daily limit per address (NOTICES_PER_ADDRESS_PER_DAY)");
  if (status.heldNotices.length === 0) out.push("  none");
  for (const h of status.heldNotices) out.push(`  ${h.address}  ${h.held} held, the last until ${h.until}`);
  out.push("", `Creators at the autopilot's daily cap (AUTOPILOT_MAX_NOTICES_PER_DAY = ${status.autopilotCap}): their new findings wait`);
  if (status.autopilotAtCap.length === 0) out.push("  none");
  for (const a of status.autopilotAtCap) out.push(`  ${a.userId}  ${a.sent} started in 24 hours, room again from ${a.resumesAt}`);
  out.push("", "Failing notices (newest first)");
  if (status.failingNotices.length === 0) out.push("  none");
  for (const n of status.failingNotices) {
    out.push(`  ${n.at}  ${n.recipientKind} ${n.email ?? "(no address)"}  ${n.attempts} attempts  ${n.error ?? ""}`.trimEnd());
  }
  return `${out.join("\n")}\n`;
}

export function formatDisputes(disputes: HandleDisputeView[]): string {
  if (disputes.length === 0) return "No handle is proved by more than one account.\n";
  const out: string[] = [];
  for (const d of disputes) {
    const state = d.resolvedAt ? `resolved ${d.resolvedAt.toISOString()} for ${d.ownerUserId ?? "an erased account"}` : "open: notices citing it are held";
    out.push(`${d.id}  ${d.username} on ${d.platform}  opened ${d.openedAt.toISOString()}  ${state}`);
    for (const c of d.claims) out.push(`  proved ${c.verifiedAt.toISOString()} by ${c.userId} <${c.email ?? "no address"}>`);
    if (d.note) out.push(`  note: ${d.note}`);
  }
  return `${out.join("\n")}\n`;
}

/** `disputes`: the handles proved by several accounts; `disputes resolve`: one found to be an account's. */
async function runDisputes(rest: string[], disputes: HandleDisputes, io: { stdout: Writable; stderr: Writable }): Promise<number> {
  if (rest[0] === "resolve") {
    const [, id, ...flags] = rest;
    const owner = flags[flags.indexOf("--owner") + 1];
    const note = flags.includes("--note") ? (flags[flags.indexOf("--note") + 1] ?? null) : null;
    if (!id || !flags.includes("--owner") || !owner) {
      io.stderr.write(`${USAGE}\n`);
      return 2;
    }
    try {
      const done = await disputes.resolve(id, owner, note);
      io.stdout.write(`Resolved: the handle is ${done.ownerUserId}'s. Proofs withdrawn from ${done.withdrawn.length} other account${done.withdrawn.length === 1 ? "" : "s"}: ${done.withdrawn.join(", ") || "none"}.\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.stderr.write(`${Object.values(error.fields ?? {})[0] ?? error.message}\n`);
      return 1;
    }
  }
  if (rest.some((a) => a !== "--json" && a !== "--all")) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const list = await disputes.list({ all: rest.includes("--all") });
  io.stdout.write(rest.includes("--json") ? `${JSON.stringify(list, null, 2)}\n` : formatDisputes(list));
  return 0;
}

/** `npm run ops -- status`: the service's queues, failures and accounts, for an operator's terminal; `disputes`: handles proved twice. */
export async function runOpsCommand(args: string[], operations: OperationsService, io: { stdout: Writable; stderr: Writable }, disputes?: HandleDisputes): Promise<number> {
  const [sub, ...rest] = args;
  const known = (sub === "status" && rest.every((a) => a === "--json")) || (sub === "disputes" && !!disputes);
  if (!known) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { migrations } = await operations.readiness();
  if (migrations !== "ok") {
    io.stderr.write("The database is not up to date with this version's migrations: run `npm run migrate` (or start the server) first.\n");
    return 1;
  }
  if (sub === "disputes") return runDisputes(rest, disputes!, io);
  const status = await operations.status();
  io.stdout.write(rest.includes("--json") ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status));
  return 0;
}
