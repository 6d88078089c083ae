import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import type { Database } from "./db/client";
import { loadEnv } from "./env";
import { startServer, type RunningServer } from "./start-server";

let database: Database;
let running: RunningServer;

beforeAll(async () => {
  database = await openTestDatabase();
  const env = loadEnv({ NODE_ENV: "test", DATA_DIR: "/tmp/lw-unused", PORT: "0", LOG_LEVEL: "silent", AUTH_SECRET: "x".repeat(32) });
  running = await startServer({ env, database, workers: false, listen: true });
}, 60_000);

afterAll(async () => {
  await running?.close();
  await database?.close();
});

/** One HTTP/1.1 request on an open socket; resolves with the status line of its answer. */
function ask(socket: net.Socket, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received.slice(0, end))?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off("data", onData);
      socket.off("close", onClose);
      resolve(received.slice(0, received.indexOf("\r\n")));
    };
    const onClose = () => reject(new Error(`the server closed the connection (received: ${JSON.stringify(received)})`));
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe("the HTTP server", () => {
  it("keeps an idle kept-alive connection open past Node's 5 s, so a client reusing it is answered", async () => {
    const { port } = new URL(running.url!);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    try {
      expect(await ask(socket, `localhost:${port}`)).toBe("HTTP/1.1 200 OK");
      // Idle longer than Node's default keep-alive timeout (5 s), as a client busy with other work is.
      await new Promise((r) => setTimeout(r, 6_000));
      expect(socket.destroyed || socket.readableEnded).toBe(false);
      expect(await ask(socket, `localhost:${port}`)).toBe("HTTP/1.1 200 OK");
    } finally {
      socket.destroy();
    }
  }, 30_000);
});
