import type { SiteConfig } from "@leakwarden/contracts/site";
import { useSyncExternalStore } from "react";

// The public site's configuration (GET /v1/site/config), fetched once per page load. Plain fetch,
// no schema library: this module is part of the landing page's first load.

let current: SiteConfig | null = null;
let pending: Promise<SiteConfig | null> | null = null;
const listeners = new Set<() => void>();

export function loadSiteConfig(): Promise<SiteConfig | null> {
  pending ??= fetch("/v1/site/config", { credentials: "same-origin", headers: { accept: "application/json" } })
    .then(async (res) => (res.ok ? ((await res.json()) as SiteConfig) : null))
    .catch(() => null)
    .then((config) => {
      current = config;
      listeners.forEach((l) => l());
      return config;
    });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadSiteConfig();
  return () => listeners.delete(listener);
}

/** The site configuration, or null until it has arrived (and on the server while prerendering). */
export function useSiteConfig(): SiteConfig | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
