import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const config = (demo: boolean) => ({
  landing: { figures: [], revenueIncrease: null },
  mixpanelToken: null,
  googleEnabled: false,
  supportEmail: "support@leakwarden.localhost",
  demo,
});

// The site configuration is fetched once per page load: each test gets a fresh module.
async function renderWith(demo: boolean) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(config(demo)), { status: 200, headers: { "content-type": "application/json" } })));
  const { DemoBanner } = await import("./demo-banner");
  const { loadSiteConfig } = await import("../lib/site-config");
  render(<DemoBanner />);
  await loadSiteConfig();
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DemoBanner", () => {
  it("says on the demo that scans search a fictional web", async () => {
    await renderWith(true);
    const banner = await screen.findByRole("complementary", { name: "Demo mode" });
    expect(banner.textContent).toBe("Demo mode — scans search a built-in fictional web, not the internet");
  });

  it("is absent outside the demo", async () => {
    await renderWith(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole("complementary", { name: "Demo mode" })).toBeNull();
    expect(document.body.textContent).not.toMatch(/demo/i);
  });
});
