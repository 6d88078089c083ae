import { siteConfigSchema } from "@leakwarden/contracts/site";
import { afterEach, describe, expect, it } from "vitest";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

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
      landing: {
        figures: [
          { kind: "creatorsProtected", value: "12K" },
          { kind: "noticesSent", value: "40K" },
        ],
        revenueIncrease: "25%",
      },
      mixpanelToken: "token-123",
      googleEnabled: true,
      supportEmail: "help@leakwarden.example",
      demo: false,
    });
    // Never a removal rate: that figure is only ever measured.
    expect(JSON.stringify(body)).not.toMatch(/removal/i);
  });

  it("has safe defaults: no analytics, no Google, no invented figure, not the demo, and needs no session", async () => {
    services = await createTestServices();
    const res = await new TestClient(services.app).get("/v1/site/config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      landing: { figures: [], revenueIncrease: null },
      mixpanelToken: null,
      googleEnabled: false,
      supportEmail: "support@leakwarden.localhost",
      demo: false,
    });
  });

  it("shows the figures measured from the service's records, each only from the threshold up", async () => {
    services = await createTestServices({ LANDING_FIGURE_MIN: "2" });
    for (const email of ["fig-a@example.com", "fig-b@example.com"]) {
      const client = await signUpAndConfirm(services, email);
      expect((await client.post("/v1/root/update-profile-all", { platforms: { onlyfans: email.slice(0, 5).replace("-", "_") } })).status).toBe(200);
    }
    const ava = await signUpAndConfirm(services, "fig-c@example.com");
    const userId = (await (await ava.get("/api/auth/get-session")).json()).user.id as string;
    await seedLeaks(services.database.db, userId, [1, 2, 3].map((i) => ({ url: `https://leaks.example/t/${i}`, seenAt: new Date() })));
    const body = await (await new TestClient(services.app).get("/v1/site/config")).json();
    // Two creators with a stage name, three leaks; no notice sent and no link removed yet: those are not shown.
    expect(body.landing).toEqual({
      figures: [
        { kind: "creatorsProtected", value: 2 },
        { kind: "leaksFound", value: 3 },
      ],
      revenueIncrease: null,
    });
  });

  it("reports Google as unavailable when only half of its settings are present", async () => {
    services = await createTestServices({ GOOGLE_CLIENT_ID: "google-id" });
    const res = await new TestClient(services.app).get("/v1/site/config");
    expect((await res.json()).googleEnabled).toBe(false);
  });
});
