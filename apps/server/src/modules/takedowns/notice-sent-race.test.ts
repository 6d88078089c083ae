import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { until } from "@leakwarden/test-support/server-process";
import { readyForTakedowns } from "@leakwarden/test-support/takedown-creator";
import { createTakedownServices, startTakedownNetwork, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";
import { signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { takedownNotice, takedownNoticeLink } from "../../db/schema/takedowns";
import { moveTakedowns } from "./takedown-moves";
import * as repo from "./takedowns.repository";

// Two notices for one link (a TAKE IT DOWN request and a DMCA notice) are sent at once by two
// workers, or a re-check finds the link gone while a notice for it is out. The sent step reads
// the link again under a row lock: what the other wrote (the Act's deadline, a removal) stays.
// The race is made certain, not hoped for: the test holds the link's row lock until both senders
// wait on it (PostgreSQL hands a row lock to its waiters in the order they came).

const config = inject("testDb");
const SITE = "tubeleaks.example";
const ATTEMPT = { retryCount: 0, retryLimit: 3 };
const page = (n: number) => `<!doctype html><html><head><title>luna_rivers leak ${n}</title></head><body><h1>luna_rivers leak ${n}</h1><p>luna_rivers private pics, leaked.</p></body></html>`;

describe.skipIf(config.engine !== "postgres")("the notice sender's sent step, racing on PostgreSQL", { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-sent-race-"));
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  let ava: TestClient;
  let userId: string;
  let leakIds: string[];

  beforeAll(async () => {
    web = await startVirtualHostServer({
      [SITE]: {
        "/dmca": html(`<!doctype html><p>Removal requests: <a href="mailto:removals@${SITE}">removals@${SITE}</a></p>`),
        "/v/1": html(page(1)),
        "/v/2": html(page(2)),
      },
    });
    net = await startTakedownNetwork(web.port);
    services = await createTakedownServices(net, {}, { dataDir, serviceOptions: { tierFor: async () => "premium" } });
    ava = await signUpAndConfirm(services, "ava@example.com");
    userId = ((await (await ava.get("/api/auth/get-session")).json()) as { user: { id: string } }).user.id;
    await readyForTakedowns(services, ava);
    leakIds = await seedLeaks(
      services.database.db,
      userId,
      [1, 2].map((n) => {
        const url = `http://${SITE}/v/${n}`;
        return {
          url,
          seenAt: new Date(),
          title: `luna_rivers leak ${n}`,
          confidence: "high" as const,
          evidence: {
            matchedNames: ["luna_rivers"],
            snippet: "luna_rivers private pics, leaked.",
            title: `luna_rivers leak ${n}`,
            signals: [],
            imageMatches: [{ imageUrl: `${url}.jpg` }],
            httpStatus: 200,
            fetchedAt: new Date().toISOString(),
            sha256: createHash("sha256").update(page(n)).digest("hex"),
            finalUrl: url,
          },
        };
      }),
    );
  });

  afterAll(async () => {
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Her takedown of this leak as the API shows it, and the notices the sender has for it. */
  async function takedownOf(leakId: string) {
    const items = ((await (await ava.get("/v1/takedowns?pageSize=50")).json()) as { items: { id: string; leakId: string }[] }).items;
    const id = items.find((t) => t.leakId === leakId)!.id;
    const detail = (await (await ava.get(`/v1/takedowns/${id}`)).json()) as { id: string; status: string; removalDeadline: unknown; history: { type: string; message: string }[] };
    const notices = await services.database.db
      .select({ id: takedownNotice.id, kind: takedownNotice.kind, status: takedownNotice.status })
      .from(takedownNotice)
      .innerJoin(takedownNoticeLink, eq(takedownNoticeLink.noticeId, takedownNotice.id))
      .where(and(eq(takedownNotice.userId, userId), inArray(takedownNoticeLink.takedownId, [id])));
    return { ...detail, notices };
  }

  /** Backends of this database waiting for a lock. */
  const waiting = async () => Number((await services.database.executeSql("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%\"takedown\"%'")).rows[0]!.n);

  /** Holds the link's row lock (as another sender or a re-check would) until `release`; `during` runs under it first. */
  function holdLink(takedownId: string, during: (tx: Parameters<Parameters<TestServices["database"]["db"]["transaction"]>[0]>[0]) => Promise<void> = async () => {}) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const done = services.database.db.transaction(async (tx) => {
      await repo.lockTakedowns(tx, [takedownId]);
      await during(tx);
      held();
      await released;
    });
    return { holding, release, done };
  }

  it("two notices for one link sent at once: each reaches the mail server once and the Act's deadline is kept", async () => {
    expect((await ava.post("/v1/takedowns", { leakIds: [leakIds[0]], basis: "both", attest: true })).status).toBe(202);
    await services.queue.runDue(["takedowns.prepare"]);
    const before = await takedownOf(leakIds[0]!);
    expect(before.status).toBe("queued");
    const request = before.notices.find((n) => n.kind === "takeitdown")!;
    const notice = before.notices.find((n) => n.kind === "dmca")!;
    expect([request.status, notice.status]).toEqual(["queued", "queued"]);

    const lock = holdLink(before.id);
    await lock.holding;
    // The TAKE IT DOWN request's sender reaches its sent step first and waits; then the DMCA notice's.
    const first = services.takedowns.sendNotice(request.id, ATTEMPT);
    await until("the request's sender to wait for the link", async () => ((await waiting()) >= 1 ? true : undefined), 30_000);
    const second = services.takedowns.sendNotice(notice.id, ATTEMPT);
    await until("both senders to wait for the link", async () => ((await waiting()) >= 2 ? true : undefined), 30_000);
    lock.release();
    await Promise.all([lock.done, first, second]);

    const after = await takedownOf(leakIds[0]!);
    expect(after.notices.map((n) => n.status)).toEqual(["sent", "sent"]);
    const received = net.smtp.received.filter((m) => m.text.includes(`http://${SITE}/v/1`));
    expect(received.map((m) => m.headers.subject?.split(":")[0]).sort()).toEqual(["DMCA notice of copyright infringement", "TAKE IT DOWN Act removal request"]);
    expect(new Set(received.map((m) => m.headers["message-id"])).size).toBe(2);
    expect(after.status).toBe("sent");
    // Written by the request's sender, read again (not overwritten) by the notice's.
    expect(after.removalDeadline, "the Act's 48 hours, started by the request").not.toBeNull();
    const sent = after.history.filter((e) => e.type === "sent").map((e) => e.message.split(" (")[0]);
    expect(sent).toEqual([`TAKE IT DOWN request sent to removals@${SITE}`, `Notice sent to removals@${SITE}`]);
  });

  it("a re-check finds the link gone while its notice is out: the removal stays, the notice is recorded sent", async () => {
    expect((await ava.post("/v1/takedowns", { leakIds: [leakIds[1]] })).status).toBe(202);
    await services.queue.runDue(["takedowns.prepare"]);
    const before = await takedownOf(leakIds[1]!);
    const notice = before.notices[0]!;
    expect([before.status, notice.status]).toEqual(["queued", "queued"]);

    // A first notice went out and a re-check now sees the page gone: it moves the link under the row lock, as the sender does.
    const lock = holdLink(before.id, async (tx) => {
      const [row] = await repo.lockTakedowns(tx, [before.id]);
      const at = new Date();
      await moveTakedowns(tx, [row!], "sent", { at, message: "An earlier notice was sent." });
      await moveTakedowns(tx, [{ id: row!.id, status: "sent" }], "removed", { at, message: "The page is gone.", values: { removedAt: at, nextCheckAt: null } });
    });
    await lock.holding;
    const sending = services.takedowns.sendNotice(notice.id, ATTEMPT);
    await until("the sender to wait for the link", async () => ((await waiting()) >= 1 ? true : undefined), 30_000);
    lock.release();
    await Promise.all([lock.done, sending]);

    const after = await takedownOf(leakIds[1]!);
    expect(after.notices.map((n) => n.status)).toEqual(["sent"]);
    expect(net.smtp.received.filter((m) => m.text.includes(`http://${SITE}/v/2`))).toHaveLength(1);
    expect(after.status).toBe("removed");
    expect(after.history.map((e) => e.type).at(-1)).toBe("removed");
  });
});
