import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The Mixpanel client is replaced by a recorder: what the product asks of it is what is checked.
const mp = vi.hoisted(() => ({
  init: vi.fn(),
  track: vi.fn(),
  identify: vi.fn(),
  reset: vi.fn(),
  people: { set: vi.fn() },
}));
vi.mock("mixpanel-browser", () => ({ default: mp }));

function siteConfig(mixpanelToken: string | null) {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(
        JSON.stringify({ landing: { figures: [], revenueIncrease: null }, mixpanelToken, googleEnabled: false, supportEmail: null, demo: false }),
        { status: 200, headers: { "content-type": "application/json" } },
      ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** Lets the lazily loaded client run what was queued. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// The client is created once per page load: each test gets a fresh module.
beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe("analytics with a token", () => {
  it("starts Mixpanel with the spec's settings", async () => {
    siteConfig("tok_123");
    const { trackPageView } = await import("./analytics");
    trackPageView("landing");
    await settle();
    expect(mp.init).toHaveBeenCalledTimes(1);
    expect(mp.init).toHaveBeenCalledWith("tok_123", {
      persistence: "localStorage",
      track_pageview: true,
      batch_requests: true,
      batch_size: 50,
      batch_flush_interval_ms: 5000,
      batch_request_timeout_ms: 90000,
      cookie_expiration: 365,
      track_links_timeout: 300,
    });
  });

  it("sends 'Page View' with the page's name, starting the client once", async () => {
    siteConfig("tok_123");
    const { trackPageView } = await import("./analytics");
    trackPageView("landing");
    trackPageView("signin");
    await settle();
    expect(mp.init).toHaveBeenCalledTimes(1);
    expect(mp.track.mock.calls).toEqual([
      ["Page View", { page: "landing" }],
      ["Page View", { page: "signin" }],
    ]);
  });

  it("identifies the creator and sets her profile once after sign-in, and again after someone else signs in", async () => {
    siteConfig("tok_123");
    const { identify, resetAnalytics } = await import("./analytics");
    identify({ id: "u1", email: "ava@example.com", name: "Ava" });
    identify({ id: "u1", email: "ava@example.com", name: "Ava" });
    await settle();
    expect(mp.identify.mock.calls).toEqual([["u1"]]);
    expect(mp.people.set.mock.calls).toEqual([[{ $email: "ava@example.com", $name: "Ava" }]]);

    resetAnalytics();
    identify({ id: "u2", email: "mia@example.com", name: "" });
    await settle();
    expect(mp.reset).toHaveBeenCalledTimes(1);
    expect(mp.identify.mock.calls).toEqual([["u1"], ["u2"]]);
    expect(mp.people.set.mock.calls.at(-1)).toEqual([{ $email: "mia@example.com" }]);
  });
});

describe("analytics without a token", () => {
  it("never starts Mixpanel and fails nothing", async () => {
    const fetch = siteConfig(null);
    const { identify, resetAnalytics, trackPageView } = await import("./analytics");
    trackPageView("landing");
    identify({ id: "u1", email: "ava@example.com" });
    resetAnalytics();
    await settle();
    expect(mp.init).not.toHaveBeenCalled();
    expect(mp.track).not.toHaveBeenCalled();
    expect(mp.identify).not.toHaveBeenCalled();
    // The only request is the site's own configuration.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(["/v1/site/config"]);
  });

  it("stays silent when the configuration cannot be read", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    const { trackPageView } = await import("./analytics");
    trackPageView("landing");
    await settle();
    expect(mp.init).not.toHaveBeenCalled();
  });
});
