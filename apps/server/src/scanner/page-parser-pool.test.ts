import { afterEach, describe, expect, it } from "vitest";
import { documentFromBody, type DocumentSource } from "./html-document";
import { PageParserPool } from "./page-parser-pool";

const script = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);

const sources: DocumentSource[] = [
  {
    body: Buffer.from('<title>Luna Rivers leaked</title><h1>Luna Rivers</h1><a href="/full.jpg">full</a><img src="a.jpg" alt="Luna">'),
    contentType: "text/html; charset=utf-8",
    url: "http://leaks.example/luna",
    kind: "html",
  },
  { body: Buffer.from("<p>Caf\xe9 Luna</p>", "latin1"), contentType: "text/html; charset=iso-8859-1", url: "http://a.example/", kind: "html" },
  { body: Buffer.from('{"title": "Luna Rivers"}'), contentType: "application/json", url: "http://api.example/x", kind: "text" },
];
const expected = sources.map(documentFromBody);

let pool: PageParserPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("PageParserPool", () => {
  it("reads pages on worker threads into the same documents as reading them here", async () => {
    pool = new PageParserPool({ size: 2 });
    const docs = await Promise.all([...sources, ...sources].map(pool.parse));
    expect(docs).toEqual([...expected, ...expected]);
    expect(docs[1]!.text).toBe("Café Luna");
    expect(pool.counts).toEqual({ onWorkers: 6, here: 0 });
  });

  it("reads pages here when workers cannot start", async () => {
    pool = new PageParserPool({ size: 1, workerUrl: script('throw new Error("no workers here")') });
    expect(await Promise.all(sources.map(pool.parse))).toEqual(expected);
    expect(pool.usesWorkers).toBe(false);
    expect(await pool.parse(sources[0]!)).toEqual(expected[0]);
    expect(pool.counts).toEqual({ onWorkers: 0, here: 4 });
  });

  it("reads pages here when a worker never gets ready", async () => {
    pool = new PageParserPool({ size: 1, startupTimeoutMs: 200, workerUrl: script("setInterval(() => {}, 1000);") });
    expect(await Promise.all(sources.map(pool.parse))).toEqual(expected);
    expect(pool.usesWorkers).toBe(false);
    expect(pool.counts).toEqual({ onWorkers: 0, here: 3 });
  });

  it("reads the pages of a worker that died here, starts another for later pages, and gives up after three losses", async () => {
    // Answers "ready", then dies on its first page.
    pool = new PageParserPool({
      size: 1,
      workerUrl: script(
        'import { parentPort } from "node:worker_threads"; parentPort.postMessage({ ready: true }); parentPort.on("message", () => process.exit(3));',
      ),
    });
    expect(await Promise.all(sources.map(pool.parse))).toEqual(expected);
    expect(pool.usesWorkers).toBe(true);
    expect(await pool.parse(sources[2]!)).toEqual(expected[2]);
    expect(pool.counts).toEqual({ onWorkers: 0, here: 4 });
    // A third loss in a row: workers are not tried again.
    expect(await pool.parse(sources[1]!)).toEqual(expected[1]);
    expect(pool.usesWorkers).toBe(false);
  });

  it("still answers pages in flight when closed", async () => {
    pool = new PageParserPool({ size: 1 });
    const pending = sources.map(pool.parse);
    await pool.close();
    expect(await Promise.all(pending)).toEqual(expected);
    expect(pool.usesWorkers).toBe(false);
  });
});
