import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line written while serving one request carries (see createLogger's mixin). */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

// An id a proxy passes on is kept only when it looks like one: it reaches every log line.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the one a trusted proxy set, or a new one. */
export function requestIdFrom(forwarded: string | undefined): string {
  return forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}
