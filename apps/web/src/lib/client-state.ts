import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

// The spec's shared client state (§3), kept in local storage under a versioned key and restored
// on load. The server is the source of truth for identities; this mirrors what the pages show.

export interface StageNameEntry {
  platform: string;
  username: string;
}

export interface StateUser {
  id: string;
  email: string;
  name: string;
}

export interface ScanResultItem {
  link: string;
  [field: string]: unknown;
}

export type BillingChange = "monthly" | "yearly";

export interface ClientStateData {
  onboardingComplete: boolean;
  usernames: StageNameEntry[];
  nicknames: string[];
  specific: string;
  user: StateUser | null;
  onboardingIndex: number;
  billingChange: BillingChange;
  scanResults: ScanResultItem[];
  allowlist: string[];
  /** The address just signed up with, for 'Resend the mail' before there is a session. */
  pendingEmail: string | null;
}

export interface ClientStateActions {
  setOnboardingComplete(done: boolean): void;
  setOnboardingIndex(index: number): void;
  addUsername(entry: StageNameEntry): void;
  removeUsername(entry: StageNameEntry): void;
  addNickname(nickname: string): void;
  removeNickname(nickname: string): void;
  setSpecific(text: string): void;
  addAllowlist(domain: string): void;
  removeAllowlist(domain: string): void;
  setUser(user: StateUser | null): void;
  setBillingChange(period: BillingChange): void;
  setScanResults(results: ScanResultItem[]): void;
  setPendingEmail(email: string | null): void;
  /** Forgets everything (sign-out). */
  reset(): void;
}

export const CLIENT_STATE_KEY = "leakwarden-state";
export const CLIENT_STATE_VERSION = 3;

export const initialClientState: ClientStateData = {
  onboardingComplete: false,
  usernames: [],
  nicknames: [],
  specific: "",
  user: null,
  onboardingIndex: 0,
  billingChange: "monthly",
  scanResults: [],
  allowlist: [],
  pendingEmail: null,
};

export const useClientState = create<ClientStateData & ClientStateActions>()(
  persist(
    (set) => ({
      ...initialClientState,
      setOnboardingComplete: (onboardingComplete) => set({ onboardingComplete }),
      setOnboardingIndex: (onboardingIndex) => set({ onboardingIndex }),
      addUsername: (entry) => set((s) => ({ usernames: [...s.usernames, entry] })),
      removeUsername: (entry) =>
        set((s) => ({ usernames: s.usernames.filter((u) => !(u.platform === entry.platform && u.username === entry.username)) })),
      addNickname: (nickname) => set((s) => ({ nicknames: [...s.nicknames, nickname] })),
      removeNickname: (nickname) => set((s) => ({ nicknames: s.nicknames.filter((n) => n !== nickname) })),
      setSpecific: (specific) => set({ specific }),
      addAllowlist: (domain) => set((s) => ({ allowlist: [...s.allowlist, domain] })),
      removeAllowlist: (domain) => set((s) => ({ allowlist: s.allowlist.filter((d) => d !== domain) })),
      setUser: (user) => set({ user }),
      setBillingChange: (billingChange) => set({ billingChange }),
      setScanResults: (scanResults) => set({ scanResults }),
      setPendingEmail: (pendingEmail) => set({ pendingEmail }),
      reset: () => set(initialClientState),
    }),
    {
      name: CLIENT_STATE_KEY,
      version: CLIENT_STATE_VERSION,
      storage: createJSONStorage(() => localStorage),
      // Older shapes are not worth converting: start clean.
      migrate: () => ({ ...initialClientState }),
      partialize: (s): ClientStateData => ({
        onboardingComplete: s.onboardingComplete,
        usernames: s.usernames,
        nicknames: s.nicknames,
        specific: s.specific,
        user: s.user,
        onboardingIndex: s.onboardingIndex,
        billingChange: s.billingChange,
        scanResults: s.scanResults,
        allowlist: s.allowlist,
        pendingEmail: s.pendingEmail,
      }),
    },
  ),
);
