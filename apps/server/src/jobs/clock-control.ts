import type { Database } from "../db/client";

/**
 * A clock browser tests move forward (TEST_CLOCK_CONTROL, NODE_ENV=test only): `now` for the
 * services, and `advance`, which moves it and brings the queue's waiting jobs forward by as much,
 * so that what was due later is due now (as the unit tests' testClock does).
 */
export function controllableClock(database: Database) {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    async advance(ms: number) {
      offset += ms;
      await database.executeSql(`update pgboss.job set start_after = start_after - ($1::bigint * interval '1 millisecond') where state in ('created', 'retry')`, [ms]);
    },
  };
}

/** POST /__test/clock {"advanceMs": n}: moves the clock; every other request goes to the app. */
export function withClockControl<R extends unknown[]>(clock: ReturnType<typeof controllableClock>, handler: (request: Request, ...rest: R) => Response | Promise<Response>) {
  // The rest (the socket's bindings) goes on to the app, which reads the client's address from it.
  return async (request: Request, ...rest: R): Promise<Response> => {
    if (new URL(request.url).pathname !== "/__test/clock") return handler(request, ...rest);
    if (request.method !== "POST") return Response.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, { status: 404 });
    const body = (await request.json().catch(() => null)) as { advanceMs?: unknown } | null;
    const ms = body?.advanceMs;
    if (typeof ms !== "number" || !Number.isSafeInteger(ms) || ms < 0) {
      return Response.json({ error: { code: "VALIDATION", message: "advanceMs must be a whole number of milliseconds.", fields: { advanceMs: "a whole number ≥ 0" } } }, { status: 400 });
    }
    await clock.advance(ms);
    return Response.json({ now: clock.now().toISOString() });
  };
}
