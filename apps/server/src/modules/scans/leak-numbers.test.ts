import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leak } from "../../db/schema/scans";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { insertIndexLeak } from "../image-index/image-index.repository";
import * as repo from "./scans.repository";

// Leak numbers are the creator's own: #1, #2, … for each, whichever code path inserts the leak.
describe("leak numbers", () => {
  let services: TestServices;
  let ava: TestClient;
  let avaId: string;
  let beaId: string;
  let scanId: string;
  const seenAt = new Date("2026-03-02T10:00:00Z");

  const found = (userId: string, url: string) =>
    repo.upsertLeak(services.database.db, {
      userId,
      scanId,
      canonicalUrl: url,
      url,
      domain: new URL(url).hostname,
      title: "Luna pack",
      category: "leak_site",
      confidence: "high",
      evidence: { snippet: "luna" },
      seenAt,
    });

  async function numbers(userId: string) {
    const rows = await services.database.db.select({ url: leak.canonicalUrl, number: leak.number }).from(leak).where(eq(leak.userId, userId)).orderBy(asc(leak.number));
    return rows.map((r) => [r.number, r.url]);
  }

  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "ava@example.com");
    const bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
    beaId = (await (await bea.get("/v1/root/get-user")).json()).id;
    scanId = (await repo.insertScan(services.database.db, avaId, "manual")).id;
  });
  afterAll(async () => {
    await services?.close();
  });

  it("numbers each creator's leaks from #1, and a second creator's start at #1 again", async () => {
    await found(avaId, "https://leaks-a.example/luna/1");
    await found(avaId, "https://leaks-b.example/luna/2");
    await found(beaId, "https://leaks-a.example/luna/1");
    expect(await numbers(avaId)).toEqual([
      [1, "https://leaks-a.example/luna/1"],
      [2, "https://leaks-b.example/luna/2"],
    ]);
    expect(await numbers(beaId)).toEqual([[1, "https://leaks-a.example/luna/1"]]);
  });

  it("keeps a leak's number when a later scan finds it again, without using one up", async () => {
    await found(avaId, "https://leaks-a.example/luna/1");
    await found(avaId, "https://leaks-c.example/luna/3");
    expect((await numbers(avaId)).map(([n]) => n)).toEqual([1, 2, 3]);
  });

  it("numbers a leak the image index inserts the same way, and ignores a number an insert brings", async () => {
    expect(await insertIndexLeak(services.database.db, { userId: beaId, canonicalUrl: "https://img.example/p/9", domain: "img.example", category: "leak_site", evidence: {}, seenAt })).toBe(true);
    expect(await insertIndexLeak(services.database.db, { userId: beaId, canonicalUrl: "https://img.example/p/9", domain: "img.example", category: "leak_site", evidence: {}, seenAt })).toBe(false);
    await services.database.db.insert(leak).values({ userId: beaId, number: 500, canonicalUrl: "https://x.example/a", url: "https://x.example/a", domain: "x.example", category: "leak_site", confidence: "high", evidence: {} });
    expect((await numbers(beaId)).map(([n]) => n)).toEqual([1, 2, 3]);
  });

  it("shows her own numbers in the Leaks list", async () => {
    const res = await ava.get("/v1/leaks?pageSize=10");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { number: number; url: string }[] };
    expect(body.items.map((i) => i.number).sort()).toEqual([1, 2, 3]);
    const search = (await (await ava.get("/v1/leaks?q=2")).json()) as { items: { number: number }[] };
    expect(search.items.map((i) => i.number)).toContain(2);
  });
});
