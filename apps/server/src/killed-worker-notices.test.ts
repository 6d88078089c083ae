import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { html, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { buildServer, startServerProcess, until, type ServerProcess } from "@leakwarden/test-support/server-process";
import { readyForTakedowns } from "@leakwarden/test-support/takedown-creator";
import { createTakedownServices, startTakedownNetwork, takedownSettings, stopTakedownNetwork, type TakedownNetwork } from "@leakwarden/test-support/takedown-test-network";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { signUpAndConfirm, TEST_ORIGIN, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// A batch of takedown notices is being sent when its worker process is killed outright (SIGKILL)
// while the mail server holds its answer to a notice it already has, and the worker's other notice
// waits at its envelope. Another worker process takes the batch over: every notice reaches the mail
// server once, none twice, and every link is sent.

const config = inject("testDb");
const SITES = [1, 2, 3, 4, 5, 6].map((n) => `site${n}.example`);

const leakPage = (n: string) =>
  `<!doctype html><html><head><title>luna_rivers leaked ${n}</title></head><body><h1>luna_rivers leaked ${n}</h1>
<p>Download the full luna_rivers leaked pack, 2.3 GB of videos for free.</p><a href="https://mega.nz/folder/abc">mega</a></body></html>`;

describe.skipIf(config.engine !== "postgres")("a takedown batch whose worker is killed mid-send", { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-killed-sender-"));
  const workers: ServerProcess[] = [];
  let services: TestServices;
  let web: VirtualHostServer;
  let net: TakedownNetwork;
  let ava: TestClient;
  // The mail server answers a whole message only once this opens.
  let openAnswers = () => {};
  const answersOpen = new Promise<void>((resolve) => (openAnswers = resolve));
  let workerSettings: Record<string, string>;

  beforeAll(async () => {
    buildServer();
    web = await startVirtualHostServer(
      Object.fromEntries(SITES.map((host) => [host, { "/dmca": html(`<!doctype html><p>Notices: <a href="mailto:dmca@${host}">email us</a></p>`), "/luna": html(leakPage(host)) }])),
    );
    // The first notice gets through to its end; the others wait at their envelope, so that at the
    // kill one notice is delivered unanswered and the rest were never handed over.
    let recipients = 0;
    net = await startTakedownNetwork(web.port, {
      smtp: { answerAfter: () => answersOpen, acceptRecipientAfter: () => (recipients++ === 0 ? Promise.resolve() : answersOpen) },
    });

    const settings = { AUTH_SECRET: "killed-sender-test-auth-secret-0123456789", NOTICE_RETRY_DELAY_SECONDS: "1" };
    const database = await openTestDatabase();
    workerSettings = {
      ...takedownSettings(net, settings),
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      DATABASE_URL: database.connectionString!,
      DATABASE_POOL_SIZE: "3",
      SERVICES: "worker",
      PORT: "0",
      JOB_POLL_SECONDS: "0.5",
      JOB_SUPERVISE_SECONDS: "2",
    };

    // This process is the API (and prepares the batch); the worker processes send it.
    services = await createTakedownServices(net, settings, { dataDir, database, serviceOptions: { tierFor: async () => "premium" } });

    ava = await signUpAndConfirm(services, "ava@example.com");
    // luna_rivers on OnlyFans, verified, and her authorization signed as Ava Marie Stone.
    await readyForTakedowns(services, ava);
  });

  afterAll(async () => {
    openAnswers();
    for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await services?.close();
    await Promise.all([web?.close(), stopTakedownNetwork(net)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends each notice once: the killed worker's notices finish on another worker", async () => {
    const userId = ((await (await ava.get("/api/auth/get-session")).json()) as { user: { id: string } }).user.id;
    const leakIds = await seedLeaks(
      services.database.db,
      userId,
      SITES.map((host) => {
        const url = `http://${host}/luna`;
        const title = `luna_rivers leaked ${host}`;
        return {
          url,
          seenAt: new Date(),
          title,
          evidence: {
            matchedNames: ["luna_rivers"],
            snippet: "Download the full luna_rivers leaked pack",
            title,
            signals: ["file-host link: mega.nz"],
            imageMatches: [],
            httpStatus: 200,
            fetchedAt: new Date().toISOString(),
            sha256: createHash("sha256").update(leakPage(host)).digest("hex"),
            finalUrl: url,
          },
        };
      }),
    );
    expect((await ava.post("/v1/takedowns", { leakIds })).status).toBe(202);
    // The batch is prepared here: one notice per site, each waiting for a worker to send it.
    await services.queue.runDue(["takedowns.prepare"]);

    const first = startServerProcess(workerSettings);
    workers.push(first);
    // The mail server has a whole notice from the first worker and has not answered it yet: the worker dies.
    await until("the first worker to hand a notice over", () => (net.smtp.received.length > 0 ? true : undefined));
    first.child.kill("SIGKILL");
    await first.exited;
    const handedOverByTheKilled = net.smtp.received.length;
    expect(handedOverByTheKilled).toBe(1);

    openAnswers();
    const second = startServerProcess(workerSettings);
    workers.push(second);
    const takedowns = await until(
      "every link to be sent",
      async () => {
        const list = (await (await ava.get("/v1/takedowns?pageSize=100")).json()) as { items: { url: string; status: string }[] };
        return list.items.length === SITES.length && list.items.every((t) => t.status === "sent") ? list.items : undefined;
      },
      150_000,
    );
    expect(takedowns.map((t) => t.url).sort()).toEqual(SITES.map((host) => `http://${host}/luna`).sort());

    // Each notice reached the mail server once: one message per site, no Message-ID twice.
    const messageIds = net.smtp.received.map((m) => m.headers["message-id"]);
    expect(new Set(messageIds).size, `Message-IDs received: ${messageIds.join(", ")}`).toBe(messageIds.length);
    expect(net.smtp.received.map((m) => m.to.join(",")).sort()).toEqual(SITES.map((host) => `dmca@${host}`).sort());
    // The others went out from the second worker.
    expect(second.output()).toContain("email sent");
  });
});
