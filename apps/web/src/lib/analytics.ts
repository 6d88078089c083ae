import type { OverridedMixpanel } from "mixpanel-browser";
import { useEffect } from "react";
import { loadSiteConfig } from "./site-config";

// Product analytics: the Mixpanel browser client, downloaded only when the deployment has a token.
// Without one nothing is loaded and nothing is sent.

let client: Promise<OverridedMixpanel | null> | null = null;

function mixpanel(): Promise<OverridedMixpanel | null> {
  client ??= loadSiteConfig()
    .then(async (config) => {
      if (!config?.mixpanelToken) return null;
      const { default: mp } = await import("mixpanel-browser");
      mp.init(config.mixpanelToken, {
        persistence: "localStorage",
        track_pageview: true,
        batch_requests: true,
        batch_size: 50,
        batch_flush_interval_ms: 5000,
        batch_request_timeout_ms: 90000,
        cookie_expiration: 365,
        track_links_timeout: 300,
      });
      return mp;
    })
    .catch(() => null);
  return client;
}

export function track(event: string, properties?: Record<string, unknown>) {
  void mixpanel().then((mp) => mp?.track(event, properties));
}

export function trackPageView(page: string) {
  track("Page View", { page });
}

/** Sends a 'Page View' event with the page's name once the page is shown. */
export function usePageView(page: string) {
  useEffect(() => {
    trackPageView(page);
  }, [page]);
}

/** The creator analytics knows in this page load: she is identified once, however she signed in. */
let identified: string | null = null;

/** Ties the events to the signed-in creator and sets her profile (after any sign-in: password, link or Google). */
export function identify(user: { id: string; email: string; name?: string | null }) {
  if (identified === user.id) return;
  identified = user.id;
  void mixpanel().then((mp) => {
    if (!mp) return;
    mp.identify(user.id);
    mp.people.set({ $email: user.email, ...(user.name ? { $name: user.name } : {}) });
  });
}

export function resetAnalytics() {
  identified = null;
  void mixpanel().then((mp) => mp?.reset());
}
