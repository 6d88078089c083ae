import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite runs no autovacuum: without it the planner has no statistics (the Leaks list then
 * sorts thousands of rows instead of reading its index) and dead rows pile up. This does what
 * autovacuum does with its default thresholds, for the tables that passed them.
 */
export async function maintainPglite(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string; vacuum: boolean }>(`
    select format('%I.%I', schemaname, relname) as name,
      (n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup) as vacuum
    from pg_stat_user_tables
    where n_dead_tup > 50 + 0.2 * n_live_tup
       or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
       or n_mod_since_analyze > 50 + 0.1 * n_live_tup`);
  for (const row of rows) {
    if (client.closed) return;
    await client.exec(`${row.vacuum ? "vacuum (analyze)" : "analyze"} ${row.name}`);
  }
}

/** Runs maintainPglite every `intervalMs` (autovacuum's naptime is a minute) until stopped. */
export function startPgliteMaintenance(client: PGlite, intervalMs = 60_000, onError: (error: unknown) => void = () => undefined): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = true;
    maintainPglite(client)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
