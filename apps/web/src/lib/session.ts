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

export type SessionState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: SessionUser };

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
    .then(async (res) => {
      if (!res.ok) return { status: "signed-out" } as const;
      const body = (await res.json()) as { user?: SessionUser } | null;
      return body?.user ? ({ status: "signed-in", user: body.user } as const) : ({ status: "signed-out" } as const);
    })
    .catch((): SessionState => ({ status: "signed-out" }))
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
