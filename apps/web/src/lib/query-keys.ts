/**
 * Every TanStack Query key the web app uses, in one place. Keys nest: invalidating a prefix
 * (`queryKeys.takedowns.all`) refreshes every query under it, so a key's first element names the
 * server resource it mirrors.
 */
export const queryKeys = {
  user: ["user"] as const,
  alerts: ["alerts"] as const,
  account: {
    deletion: ["account", "deletion"] as const,
    sessions: ["account", "sessions"] as const,
  },
  twoFactor: ["auth", "two-factor"] as const,
  billing: {
    /** The plan and usage; also the prefix of the invoices. */
    current: ["billing"] as const,
    invoices: ["billing", "invoices"] as const,
    options: ["billing-options"] as const,
  },
  scans: {
    latest: ["scans", "latest"] as const,
    detail: (id: string) => ["scans", id] as const,
  },
  leaks: {
    all: ["leaks"] as const,
    timeline: (days: number) => ["leaks", "timeline", days] as const,
    list: (filter: { page: number; pageSize: number }) => ["leaks", "list", filter] as const,
  },
  identities: ["identities"] as const,
  publicCode: (code: string) => ["public-code", code] as const,
  impersonators: ["impersonators"] as const,
  referenceImages: ["reference-images"] as const,
  takedowns: {
    all: ["takedowns"] as const,
    autopilot: ["takedowns", "autopilot"] as const,
    attestation: ["takedowns", "attestation"] as const,
    authorization: ["takedowns", "authorization"] as const,
    delisting: ["takedowns", "delisting"] as const,
    stats: ["takedowns", "stats"] as const,
    overallStats: ["takedowns", "overall-stats"] as const,
    byLeak: (leakId: string) => ["takedowns", "by-leak", leakId] as const,
    detail: (id: string) => ["takedowns", "detail", id] as const,
    list: (page: number, pageSize: number) => ["takedowns", "list", page, pageSize] as const,
  },
};
