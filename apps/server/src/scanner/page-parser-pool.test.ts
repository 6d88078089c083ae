import { afterEach, describe, expect, it } from "vitest";
import { fileLinksInMatchedBlock, type MatchedBlockInput } from "./file-hosts";
import { documentFromBody, type DocumentSource } from "./html-document";
import { buildNameMatchers } from "./name-match";
import { PageParserPool, PageTimeLimitError } from "./page-parser-pool";
import { readPage, type PageReadJob } from "./page-reading";

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

describe("PageParserPool reading pages", () => {
  const text = { matchers: buildNameMatchers({ stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: [] }), catalogSites: [], needContext: false };
  const job = (src: DocumentSource): PageReadJob => ({ src, text: { ...text, pageUrl: src.url } });

  it("finds her names and the leak context on a worker as it would here", async () => {
    pool = new PageParserPool({ size: 1 });
    const src = sources[0]!;
    const reading = await pool.read(job(src));
    expect(reading).toEqual(readPage(job(src)));
    expect(reading.names.all.map((m) => m.name)).toContain("luna_rivers");
    expect(reading.ctx?.leakTitle).toBe(true);
    expect(pool.counts).toEqual({ onWorkers: 1, here: 0 });
  });

  it("finds the file-host links of her post on a worker as it would here", async () => {
    pool = new PageParserPool({ size: 1 });
    const input: MatchedBlockInput = {
      html: '<div class="post" id="post-1">Luna Rivers pack <a href="https://gofile.io/d/Her1Go">dl</a></div><div class="post" id="post-2">other <a href="https://gofile.io/d/Oth1Go">dl</a></div>',
      pageUrl: "http://forum.example/t/1",
      matchers: text.matchers,
      matchedImages: [],
      namedInTitle: false,
    };
    const found = await pool.fileLinks(input);
    expect(found).toEqual(fileLinksInMatchedBlock(input));
    expect(found.links.map((l) => l.url)).toEqual(["https://gofile.io/d/Her1Go"]);
    expect(pool.counts).toEqual({ onWorkers: 1, here: 0 });
  });

  // Stalls for ever on a page whose address says so; answers every other page at once.
  const stalling = script(
    'import { parentPort } from "node:worker_threads"; parentPort.postMessage({ ready: true });' +
      'parentPort.on("message", ({ id, work }) => { const url = work.job ? work.job.src.url : work.input ? work.input.pageUrl : work.src.url; if (url.includes("stall")) for (;;); parentPort.postMessage({ id, doc: { url } }); });',
  );

  it("refuses a page past the time limit, stops its worker and reads the pages behind it on a fresh one", async () => {
    pool = new PageParserPool({ size: 1, workerUrl: stalling, pageTimeLimitMs: 300 });
    const page = (url: string): DocumentSource => ({ ...sources[0]!, url });
    const stalled = pool.parse(page("http://hostile.example/stall"));
    const behind = [pool.parse(page("http://a.example/1")), pool.parse(page("http://a.example/2"))];
    await expect(stalled).rejects.toThrow(PageTimeLimitError);
    await expect(stalled).rejects.toMatchObject({ url: "http://hostile.example/stall", limitMs: 300 });
    expect(await Promise.all(behind)).toEqual([{ url: "http://a.example/1" }, { url: "http://a.example/2" }]);
    // Nothing was read on this thread, and workers are still used.
    expect(pool.counts).toEqual({ onWorkers: 2, here: 0 });
    expect(pool.usesWorkers).toBe(true);
    // A later page with a limit of its own.
    await expect(pool.read(job(page("http://hostile.example/stall-again")), 150)).rejects.toMatchObject({ limitMs: 150 });
    // Reading a page's file links has the same limit.
    const links = pool.fileLinks({ html: "<p>x</p>", pageUrl: "http://hostile.example/stall-links", matchers: [], matchedImages: [], namedInTitle: false }, 150);
    await expect(links).rejects.toThrow(PageTimeLimitError);
    await expect(links).rejects.toMatchObject({ url: "http://hostile.example/stall-links", limitMs: 150 });
  });
});
