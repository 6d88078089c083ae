import { eq, getTableColumns, getTableName, isTable } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// Every API route whose path takes an id, read from the app's own route table, called by one
// creator with another creator's ids: each answers as if the object did not exist (404 in the
// error shape) and none of the other creator's rows changes. A route this sweep cannot map to an
// object kind fails it by name, so a new id route is covered the day it is added.

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

type Kind = "stageName" | "nickname" | "domain" | "scan" | "leak" | "referenceImage" | "takedown" | "impersonator" | "session" | "verificationCode";

/** The object kind each id-taking route prefix names. */
const KIND_BY_PREFIX: Record<string, Kind> = {
  "/v1/identities/stage-names/:id": "stageName",
  "/v1/identities/nicknames/:id": "nickname",
  "/v1/identities/domains/:id": "domain",
  "/v1/scans/:id": "scan",
  "/v1/leaks/:id": "leak",
  "/v1/reference-images/:id": "referenceImage",
  "/v1/takedowns/:id": "takedown",
  "/v1/impersonators/:id": "impersonator",
  "/v1/account/sessions/:id": "session",
  "/v1/public/codes/:code": "verificationCode",
};

/**
 * Kinds that are public by design and answer everyone alike: the verification code a creator
 * puts in her bio opens a page anyone may read (her verified profiles). Changing nothing still holds.
 */
const PUBLIC_KINDS = new Set<Kind>(["verificationCode"]);

/** A body no route accepts: every field a route reads, of the wrong type, NUL-bearing or missing. */
const MALFORMED_BODY = JSON.stringify({ forgery: "\u0000", leakIds: 7, basis: ["?"], label: "\u0000".repeat(3), status: {}, format: null });
const MALFORMED_QUERY = "?page=-1&pageSize=%00&status=%00&format=%00&days=x";

/** Every table with a user_id column, for a snapshot of one creator's rows. */
const OWNED_TABLES: { table: PgTable; name: string; userId: PgColumn }[] = (Object.values(schema as Record<string, unknown>).filter((t) => isTable(t)) as PgTable[]).flatMap((table) => {
  const userId = (getTableColumns(table) as Record<string, PgColumn | undefined>).userId;
  return userId ? [{ table, name: getTableName(table), userId }] : [];
});

describe("every id route under another creator's ids", { timeout: 60_000 }, () => {
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;
  let avaId: string;
  const avaIds = {} as Record<Kind, string>;

  async function snapshot(userId: string): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const { table, name, userId: column } of OWNED_TABLES) {
      const rows = await services.database.db.select().from(table).where(eq(column, userId));
      out[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  }

  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "authz-ava@example.com");
    bea = await signUpAndConfirm(services, "authz-bea@example.com");
    for (const [client, handle] of [
      [ava, "authz_ava"],
      [bea, "authz_bea"],
    ] as const) {
      const res = await client.post("/v1/root/update-profile-all", { platforms: { onlyfans: handle }, nicknames: [`Nick ${handle}`], allowlist: [`${handle.replace("_", "-")}.example`], specific: "" });
      expect(res.status).toBe(200);
    }
    const { db } = services.database;
    const [avaUser] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, "authz-ava@example.com"));
    avaId = avaUser!.id;

    // One real object of every kind an id route takes, all hers.
    avaIds.stageName = (await db.select({ id: schema.stageName.id }).from(schema.stageName).where(eq(schema.stageName.userId, avaId)))[0]!.id;
    avaIds.nickname = (await db.select({ id: schema.nickname.id }).from(schema.nickname).where(eq(schema.nickname.userId, avaId)))[0]!.id;
    avaIds.domain = (await db.select({ id: schema.allowedDomain.id }).from(schema.allowedDomain).where(eq(schema.allowedDomain.userId, avaId)))[0]!.id;
    const [leakId] = await seedLeaks(db, avaId, [{ url: "https://tube.example/v/ava-1", seenAt: new Date() }]);
    avaIds.leak = leakId!;
    const [leakRow] = await db.select({ scanId: schema.leak.firstScanId }).from(schema.leak).where(eq(schema.leak.id, leakId!));
    avaIds.scan = leakRow!.scanId!;
    const [ref] = await db.insert(schema.referenceImage).values({ userId: avaId, label: "me", hashes: {} as never, quality: 90 }).returning({ id: schema.referenceImage.id });
    avaIds.referenceImage = ref!.id;
    const now = new Date();
    const [td] = await db
      .insert(schema.takedown)
      .values({ userId: avaId, leakId: leakId!, url: "https://tube.example/v/ava-1", domain: "tube.example", status: "sent", createdAt: now, updatedAt: now, firstSentAt: now, lastSentAt: now })
      .returning({ id: schema.takedown.id });
    avaIds.takedown = td!.id;
    const [imp] = await db
      .insert(schema.impersonator)
      .values({ userId: avaId, platformId: 1, handle: "fake_ava", handleKey: "fake_ava", profileUrl: "https://social.example/fake_ava", avatarJpeg: Buffer.from("jpeg").toString("base64"), score: 90 })
      .returning({ id: schema.impersonator.id });
    avaIds.impersonator = imp!.id;
    const [sess] = await db.select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, avaId));
    avaIds.session = sess!.id;
    const [profile] = await db.select({ code: schema.creatorProfile.verificationCode }).from(schema.creatorProfile).where(eq(schema.creatorProfile.userId, avaId));
    avaIds.verificationCode = profile!.code;
  });
  afterAll(async () => {
    await services?.close();
  });

  it("answers 404 in the error shape and changes none of her rows", async () => {
    const routes = [...new Map(services.app.routes.filter((r) => METHODS.has(r.method) && r.path.startsWith("/v1/") && r.path.includes("/:")).map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(routes.length).toBeGreaterThan(10);

    const unmapped: string[] = [];
    const failures: string[] = [];
    const before = await snapshot(avaId);
    expect(before.takedown).toHaveLength(1);
    expect(before.impersonator).toHaveLength(1);
    expect(before.stage_name).toHaveLength(1);
    let swept = 0;

    for (const route of routes) {
      const prefix = /^(.*?\/:[A-Za-z]+)/.exec(route.path)?.[1] ?? "";
      const kind = KIND_BY_PREFIX[prefix];
      if (!kind || route.path.slice(prefix.length).includes(":")) {
        unmapped.push(`${route.method} ${route.path}`);
        continue;
      }
      const path = route.path.replace(/:[A-Za-z]+/, encodeURIComponent(avaIds[kind]));
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      swept++;
      if (PUBLIC_KINDS.has(kind)) {
        const res = await bea.request(path, { method: route.method, ...(hasBody ? { json: {} } : {}) });
        const text = await res.text();
        const anonymous = await services.app.request(new URL(path, "http://localhost:3000").toString());
        if (res.status !== anonymous.status || text !== (await anonymous.text())) failures.push(`${route.method} ${route.path} → answers her differently from anyone: ${res.status} ${text.slice(0, 200)}`);
        continue;
      }
      // Her id is answered as no record before any input is read: an empty body, a malformed one and
      // wrong-typed, NUL-bearing fields (and such a query) all get the same 404, never a validation message.
      for (const probe of hasBody ? [{ body: "{}" }, { body: "{not json" }, { body: MALFORMED_BODY }, { body: MALFORMED_BODY, query: MALFORMED_QUERY }] : [{}, { query: MALFORMED_QUERY }]) {
        const res = await bea.request(`${path}${probe.query ?? ""}`, { method: route.method, ...(probe.body !== undefined ? { body: probe.body, headers: { "content-type": "application/json" } } : {}) });
        const text = await res.text();
        let body = null as { error?: { code?: unknown; message?: unknown } } | null;
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          // judged below
        }
        if (res.status !== 404 || body?.error?.code !== "NOT_FOUND" || typeof body.error.message !== "string") {
          failures.push(`${route.method} ${route.path} (body ${probe.body ?? "none"}, query ${probe.query ?? "none"}) → ${res.status} ${text.slice(0, 200)}`);
        }
      }
    }
    await services.queue.runDue();

    expect(unmapped, "id routes this sweep cannot map to an object kind").toEqual([]);
    expect(failures).toEqual([]);
    expect(swept).toBe(routes.length);
    expect(await snapshot(avaId)).toEqual(before);

    // The sweep reached real objects: her own client gets her takedown and her scan.
    expect((await ava.get(`/v1/takedowns/${avaIds.takedown}`)).status).toBe(200);
    expect((await ava.get(`/v1/scans/${avaIds.scan}`)).status).toBe(200);
    expect((await ava.get(`/v1/impersonators/${avaIds.impersonator}/avatar`)).status).toBe(200);
  });
});
