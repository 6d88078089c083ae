import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The store reads local storage when its module loads: each test gets a fresh module.
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe("the persisted client state", () => {
  it("is kept in local storage under its key with version 3", async () => {
    const { useClientState } = await import("./client-state");
    useClientState.getState().setOnboardingIndex(2);
    useClientState.getState().addUsername({ platform: "onlyfans", username: "ava" });
    const stored = JSON.parse(localStorage.getItem("leakwarden-state") ?? "null") as { state: Record<string, unknown>; version: number };
    expect(stored.version).toBe(3);
    expect(stored.state).toMatchObject({ onboardingIndex: 2, usernames: [{ platform: "onlyfans", username: "ava" }], billingChange: "monthly", onboardingComplete: false });
  });

  it("is restored on load", async () => {
    localStorage.setItem("leakwarden-state", JSON.stringify({ state: { onboardingIndex: 3, nicknames: ["Moon"], specific: "Beach set" }, version: 3 }));
    const { useClientState } = await import("./client-state");
    expect(useClientState.getState()).toMatchObject({ onboardingIndex: 3, nicknames: ["Moon"], specific: "Beach set", usernames: [] });
  });

  it("starts clean from an older version", async () => {
    localStorage.setItem("leakwarden-state", JSON.stringify({ state: { onboardingIndex: 3, nicknames: ["Moon"] }, version: 2 }));
    const { useClientState } = await import("./client-state");
    expect(useClientState.getState()).toMatchObject({ onboardingIndex: 0, nicknames: [] });
  });

  it("removes a stage name only when both platform and username match; nicknames and domains by exact value", async () => {
    const { useClientState } = await import("./client-state");
    const s = useClientState.getState();
    s.addUsername({ platform: "onlyfans", username: "ava" });
    s.addUsername({ platform: "fansly", username: "ava" });
    s.removeUsername({ platform: "fansly", username: "ava" });
    s.addNickname("Ava");
    s.addNickname("ava");
    s.removeNickname("ava");
    s.addAllowlist("ava.com");
    s.removeAllowlist("AVA.com");
    expect(useClientState.getState()).toMatchObject({ usernames: [{ platform: "onlyfans", username: "ava" }], nicknames: ["Ava"], allowlist: ["ava.com"] });
  });
});
