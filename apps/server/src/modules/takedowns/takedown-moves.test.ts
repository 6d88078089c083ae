import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, type TestServices } from "@leakwarden/test-support/test-services";
import { takedown, takedownEvent, takedownNotice, type StoredRecipient } from "../../db/schema/takedowns";
import { IllegalMoveError, moveNotice, moveTakedowns } from "./takedown-moves";
import * as repo from "./takedowns.repository";

const site: StoredRecipient = { kind: "site", email: "dmca@site.example", webForm: null, foundBy: "site-page", source: "http://site.example/dmca", note: null, name: "site.example" };
const NOW = new Date("2026-06-01T12:00:00.000Z");

/** Every status write goes through these: a move the lifecycle allows is written with its event; any other is refused, and nothing is written. */
describe("takedown and notice moves", () => {
  let services: TestServices;
  let userId: string;
  let leakIds: string[];

  beforeAll(async () => {
    services = await createTestServices({}, { now: () => NOW });
    const client = await signUpAndConfirm(services, "moves@example.com");
    userId = (await (await client.get("/api/auth/get-session")).json()).user.id as string;
    leakIds = await seedLeaks(services.database.db, userId, [1, 2].map((i) => ({ url: `http://site.example/v/${i}`, seenAt: NOW })));
  });
  afterAll(async () => {
    await services?.close();
  });

  const row = async (leakId: string) => {
    const db = services.database.db;
    const [t] = await repo.insertTakedowns(db, [{ userId, leakId, url: "http://site.example/v", domain: "site.example", status: "draft", basis: "dmca", createdAt: NOW, updatedAt: NOW }]);
    return t!;
  };
  const events = (id: string) => services.database.db.select().from(takedownEvent).where(eq(takedownEvent.takedownId, id));

  it("writes an allowed move with its event, and the event the caller names when the move may write it", async () => {
    const db = services.database.db;
    const t = await row(leakIds[0]!);
    await moveTakedowns(db, [t], "queued", { at: NOW, message: "Notice queued.", values: { recipients: [site], level: 0 } });
    await moveTakedowns(db, [{ ...t, status: "queued" }], "sent", { at: NOW, message: "Reported on the form.", event: "form_submitted", values: { firstSentAt: NOW } });
    const [stored] = await db.select().from(takedown).where(eq(takedown.id, t.id));
    expect(stored).toMatchObject({ status: "sent", level: 0, firstSentAt: NOW });
    expect((await events(t.id)).map((e) => [e.type, e.message])).toEqual([
      ["queued", "Notice queued."],
      ["form_submitted", "Reported on the form."],
    ]);
  });

  it("refuses a move the lifecycle does not allow, or an event the move does not write, and writes nothing", async () => {
    const db = services.database.db;
    const t = await row(leakIds[1]!);
    await expect(moveTakedowns(db, [t], "removed", { at: NOW, message: "gone" })).rejects.toBeInstanceOf(IllegalMoveError);
    await expect(moveTakedowns(db, [t], "queued", { at: NOW, message: "x", event: "removed" })).rejects.toThrow(/cannot go from draft to queued/);
    // One illegal row in a batch stops the whole batch.
    const other = { id: t.id, status: "cancelled" as const };
    await expect(moveTakedowns(db, [t, other], "queued", { at: NOW, message: "x" })).rejects.toMatchObject({ code: "CONFLICT", details: { from: "cancelled", to: "queued" } });
    const [stored] = await db.select().from(takedown).where(eq(takedown.id, t.id));
    expect(stored!.status).toBe("draft");
    expect(await events(t.id)).toEqual([]);
  });

  it("moves a notice only along its own lifecycle", async () => {
    const db = services.database.db;
    const [n] = await db.insert(takedownNotice).values({ userId, level: 0, recipient: site, subject: "s", text: "t", html: "h", status: "queued", createdAt: NOW }).returning();
    await expect(moveNotice(db, n!, "sent")).rejects.toBeInstanceOf(IllegalMoveError);
    const claimed = await repo.claimNotice(db, n!.id);
    await moveNotice(db, claimed!, "sent", { sentAt: NOW });
    await expect(moveNotice(db, { id: n!.id, status: "sent" }, "queued")).rejects.toThrow(/cannot go from sent to queued/);
    expect((await repo.findNotice(db, n!.id))!).toMatchObject({ status: "sent", sentAt: NOW });
  });
});
