import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, type TestServices } from "@leakwarden/test-support/test-services";
import { listUserSubscriptions } from "./billing.repository";

// The plan granted on sign-up (the demo's): given by the entitlements service when the account is
// stored, as a subscription of its own, whatever page or request the sign-up came through.
describe("a plan granted on sign-up", () => {
  let granting: TestServices;
  let plain: TestServices;

  beforeAll(async () => {
    granting = await createTestServices({}, { serviceOptions: { grantOnSignUp: "premium" } });
    plain = await createTestServices({});
  });
  afterAll(async () => {
    await granting?.close();
    await plain?.close();
  });

  it("is every new account's plan, stored once, and the billing page tells the same", async () => {
    const mia = await signUpAndConfirm(granting, "mia.granted@example.com");
    const { id } = await (await mia.get("/v1/root/get-user")).json();
    expect(await granting.entitlements.tierFor(id)).toBe("premium");
    expect(await (await mia.get("/v1/billing")).json()).toMatchObject({ tier: "premium", status: "active" });

    // Told twice (a retried hook), the account still has one subscription.
    await granting.entitlements.accountCreated(id);
    const rows = await listUserSubscriptions(granting.database.db, id);
    expect(rows.map((r) => [r.plan, r.status])).toEqual([["premium", "active"]]);
  });

  it("is no one's without the option: a new account is on the free tier", async () => {
    const noa = await signUpAndConfirm(plain, "noa.plain@example.com");
    const { id } = await (await noa.get("/v1/root/get-user")).json();
    expect(await plain.entitlements.tierFor(id)).toBe("free");
    expect(await listUserSubscriptions(plain.database.db, id)).toEqual([]);
  });
});
