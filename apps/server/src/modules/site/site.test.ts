import { siteConfigSchema } from "@leakwarden/contracts/site";
import { afterEach, describe, expect, it } from "vitest";
import { createTestServices, TestClient, type TestServices } from "../../testing/test-services";

describe("GET /v1/site/config", () => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.close();
    services = undefined;
  });

  it("answers the configured landing figures, analytics token, Google availability and support address", async () => {
    services = await createTestServices({
      LANDING_USERS: "12K",
      LANDING_TAKEDOWNS: "40K",
      LANDING_REVENUE_INCREASE: "25%",
      MIXPANEL_TOKEN: "token-123",
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      SUPPORT_EMAIL: "help@leakwarden.example",
    });
    const res = await new TestClient(services.app).get("/v1/site/config");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public/);
    const body = await res.json();
    expect(siteConfigSchema.parse(body)).toEqual({
      landing: { users: "12K", takedowns: "40K", revenueIncrease: "25%" },
      mixpanelToken: "token-123",
      googleEnabled: true,
      supportEmail: "help@leakwarden.example",
      demo: false,
    });
    // Never a removal rate: that figure is only ever measured.
    expect(JSON.stringify(body)).not.toMatch(/removal/i);
  });

  it("has safe defaults: no analytics, no Google, the default figures, not the demo, and needs no session", async () => {
    services = await createTestServices();
    const res = await new TestClient(services.app).get("/v1/site/config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      landing: { users: "3K", takedowns: "5K", revenueIncrease: "30%" },
      mixpanelToken: null,
      googleEnabled: false,
      supportEmail: "support@leakwarden.localhost",
      demo: false,
    });
  });

  it("reports Google as unavailable when only half of its settings are present", async () => {
    services = await createTestServices({ GOOGLE_CLIENT_ID: "google-id" });
    const res = await new TestClient(services.app).get("/v1/site/config");
    expect((await res.json()).googleEnabled).toBe(false);
  });
});
