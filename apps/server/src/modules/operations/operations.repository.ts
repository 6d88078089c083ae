import type { Database } from "../../db/client";

/**
 * What an operator reads of the whole service, straight from the records every process shares,
 * so that any API process reports the same figures. Raw SQL: the job tables belong to pg-boss.
 */

export interface QueueRow {
  queue: string;
  state: string;
  jobs: number;
  oldestSeconds: number | null;
}

export async function jobCounts(database: Database): Promise<QueueRow[]> {
  // The queue makes its tables when a process first starts it.
  const { rows: exists } = await database.executeSql(`select to_regclass('pgboss.job') is not null as present`);
  if (exists[0]?.present !== true) return [];
  const { rows } = await database.executeSql(`
    select name as queue, state::text as state, count(*)::int as jobs,
      extract(epoch from (now() - min(case when state in ('created', 'retry') and start_after <= now() then start_after end)))::float8 as oldest_seconds
    from pgboss.job
    group by name, state
    order by name, state`);
  return rows.map((r) => ({
    queue: String(r.queue),
    state: String(r.state),
    jobs: Number(r.jobs),
    oldestSeconds: r.oldest_seconds === null || r.oldest_seconds === undefined ? null : Math.max(0, Number(r.oldest_seconds)),
  }));
}

export interface CountRow {
  labels: Record<string, string>;
  value: number;
}

async function counts(database: Database, text: string, labelColumns: string[]): Promise<CountRow[]> {
  const { rows } = await database.executeSql(text);
  return rows.map((r) => ({
    labels: Object.fromEntries(labelColumns.map((c) => [c, r[c] === null || r[c] === undefined ? "none" : String(r[c])])),
    value: Number(r.value ?? 0),
  }));
}

export const scansByStatus = (database: Database) =>
  counts(database, `select status, count(*)::int as value from scan group by status`, ["status"]);

/** Pages and links a scan read, summed over the scans of each outcome. */
export const scanWork = (database: Database) =>
  counts(
    database,
    `select status, sum(pages_done)::bigint as value from scan where status in ('completed', 'failed', 'cancelled') group by status`,
    ["status"],
  );

export const noticesByStatus = (database: Database) =>
  counts(
    database,
    `select status, recipient->>'kind' as recipient_kind, count(*)::int as value from takedown_notice group by status, recipient->>'kind'`,
    ["status", "recipient_kind"],
  );

export const takedownsByStatus = (database: Database) =>
  counts(database, `select status, count(*)::int as value from takedown group by status`, ["status"]);

export const removalRechecks = (database: Database) =>
  counts(database, `select status, sum(checks)::bigint as value from takedown group by status`, ["status"]);

export const webhookDeliveries = (database: Database) =>
  counts(database, `select outcome, count(*)::int as value from billing_event group by outcome`, ["outcome"]);

/** Accounts by their plan now, by the rule tierFor applies: the best plan of a subscription that still gives it. */
export const accountsByPlan = (database: Database) =>
  counts(
    database,
    `select coalesce(best.plan, 'free') as plan, count(*)::int as value
     from "user" u
     left join lateral (
       select s.plan from subscription s
       where s.user_id = u.id
         and (s.status in ('active', 'on_trial', 'past_due') or (s.status = 'cancelled' and s.ends_at > now()))
       order by case s.plan when 'vip' then 3 when 'premium' then 2 when 'starter' then 1 else 0 end desc
       limit 1
     ) best on true
     group by 1`,
    ["plan"],
  );

/** Crawl work summed over the sites (pages read, items read, errors, blocked, leaks found). */
export async function crawlTotals(database: Database): Promise<CountRow[]> {
  const { rows } = await database.executeSql(
    `select coalesce(sum(pages_read), 0)::bigint as pages, coalesce(sum(items_read), 0)::bigint as items, coalesce(sum(errors), 0)::bigint as errors,
            coalesce(sum(blocked), 0)::bigint as blocked, coalesce(sum(leaks_found), 0)::bigint as leaks from crawl_site`,
  );
  const r = rows[0] ?? {};
  return ["pages", "items", "errors", "blocked", "leaks"].map((what) => ({ labels: { what }, value: Number(r[what] ?? 0) }));
}

/** Sites whose last crawl failed, or that have not succeeded for a day: what an operator looks at. */
export async function failingCrawls(database: Database, limit: number) {
  const { rows } = await database.executeSql(
    `select site_id, last_run_at, last_success_at, last_error, errors from crawl_site
     where last_error is not null and (last_success_at is null or last_success_at < last_run_at or last_success_at < now() - interval '1 day')
     order by last_run_at desc nulls last limit $1`,
    [limit],
  );
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
  return rows.map((r) => ({
    site: String(r.site_id),
    lastRunAt: iso(r.last_run_at),
    lastSuccessAt: iso(r.last_success_at),
    error: r.last_error === null ? null : String(r.last_error),
    errors: Number(r.errors),
  }));
}

/** Notices that did not go out, newest first: what an operator looks at first. */
export async function failingNotices(database: Database, limit: number) {
  const { rows } = await database.executeSql(
    `select id, recipient->>'kind' as recipient_kind, recipient->>'email' as email, attempts, error, created_at
     from takedown_notice where status = 'failed' order by created_at desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    recipientKind: String(r.recipient_kind ?? "unknown"),
    email: r.email === null ? null : String(r.email),
    attempts: Number(r.attempts),
    error: r.error === null ? null : String(r.error),
    at: new Date(String(r.created_at)).toISOString(),
  }));
}

/**
 * Creators whose autopilot started at least `cap` takedowns in the last 24 hours
 * (AUTOPILOT_MAX_NOTICES_PER_DAY): their new findings wait. Most first.
 */
export async function autopilotAtCap(database: Database, cap: number, limit: number) {
  const { rows } = await database.executeSql(
    `select user_id, count(*)::int as sent, min(created_at) as oldest
     from autopilot_send where created_at > now() - interval '24 hours'
     group by 1 having count(*) >= $1 order by 2 desc, 1 limit $2`,
    [cap, limit],
  );
  return rows.map((r) => ({ userId: String(r.user_id), sent: Number(r.sent), resumesAt: new Date(new Date(String(r.oldest)).getTime() + 24 * 3600_000).toISOString() }));
}

/** Notices held by the per-address daily limit (NOTICES_PER_ADDRESS_PER_DAY), per address, most held first. */
export async function heldNotices(database: Database, limit: number) {
  const { rows } = await database.executeSql(
    `select lower(recipient->>'email') as address, count(*)::int as held, max(held_until) as until
     from takedown_notice where status = 'queued' and held_until is not null
     group by 1 order by 2 desc, 1 limit $1`,
    [limit],
  );
  return rows.map((r) => ({ address: String(r.address), held: Number(r.held), until: new Date(String(r.until)).toISOString() }));
}
