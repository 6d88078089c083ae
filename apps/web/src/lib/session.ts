import { useSyncExternalStore } from "react";

// The signed-in state, read from the auth server's session endpoint with a plain fetch so that the
// landing page does not need the auth client to know who is there.

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** False until an account made by Google sign-up has given the 18+ confirmation. */
  ageConfirmed?: boolean;
}

/**
 * "unavailable": the server could not say who is signed in (it answered 5xx, or could not be
 * reached). That is not a sign-out: nothing of hers is forgotten, and the page says so.
 */
export type SessionState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: SessionUser } | { status: "unavailable"; message: string };

export const SERVICE_UNAVAILABLE = "Leakwarden is unavailable at the moment. You are still signed in: please try again in a few minutes.";
export const SERVICE_UNREACHABLE = "Leakwarden cannot be reached just now. Check your connection; you are still signed in, so try again in a moment.";

const loading: SessionState = { status: "loading" };
let current: SessionState = loading;
let pending: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function set(state: SessionState) {
  current = state;
  listeners.forEach((l) => l());
}

/** Asks the server who is signed in (again), updates every reader, and answers the new state. */
export function refreshSession(): Promise<SessionState> {
  pending = fetch("/api/auth/get-session", { credentials: "same-origin", headers: { accept: "application/json" } })
    .then(async (res): Promise<SessionState> => {
      // A server error (a database outage answers 503) says nothing about her session.
      if (res.status >= 500) return { status: "unavailable", message: SERVICE_UNAVAILABLE };
      if (!res.ok) return { status: "signed-out" };
      const body = (await res.json()) as { user?: SessionUser } | null;
      return body?.user ? { status: "signed-in", user: body.user } : { status: "signed-out" };
    })
    .catch((): SessionState => ({ status: "unavailable", message: SERVICE_UNREACHABLE }))
    .then((state) => {
      set(state);
      return state;
    });
  return pending;
}

/** Forgets the session at once (after signing out). */
export function clearSession() {
  set({ status: "signed-out" });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!pending) void refreshSession();
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => loading,
  );
}
