import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import * as repo from "./scans.repository";

describe("leak timeline", () => {
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;

  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    const avaId = (await (await ava.get("/v1/root/get-user")).json()).id as string;
    const db = services.database.db;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    await seedLeaks(db, avaId, [
      { url: "https://leaks.example/a", seenAt: day(0) },
      { url: "https://leaks.example/b", seenAt: day(0) },
      { url: "https://leaks.example/c", seenAt: day(2) },
      { url: "https://leaks.example/old", seenAt: day(40) },
    ]);
    const { items } = await repo.listLeaks(db, avaId, { q: "/c", limit: 1, offset: 0 });
    await repo.updateLeak(db, items[0]!.id, { status: "removed", removedAt: day(0) });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("counts leaks found and removed per day, every day of the window present", async () => {
    const res = await ava.get("/v1/leaks/timeline?days=7");
    expect(res.status).toBe(200);
    const { days } = await res.json();
    expect(days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(days.at(-1)).toEqual({ date: today, found: 2, removed: 1 });
    expect(days.find((d: { date: string }) => d.date === twoDaysAgo)).toEqual({ date: twoDaysAgo, found: 1, removed: 0 });
    expect(days.reduce((n: number, d: { found: number }) => n + d.found, 0)).toBe(3);
    expect((await (await ava.get("/v1/leaks/timeline")).json()).days).toHaveLength(30);
  });

  it("shows a creator only her own leaks, and checks its input", async () => {
    const { days } = await (await bea.get("/v1/leaks/timeline?days=7")).json();
    expect(days.every((d: { found: number; removed: number }) => d.found === 0 && d.removed === 0)).toBe(true);
    expect((await ava.get("/v1/leaks/timeline?days=0")).status).toBe(400);
    expect((await ava.get("/v1/leaks/timeline?days=1000")).status).toBe(400);
  });
});
