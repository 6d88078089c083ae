import { parentPort } from "node:worker_threads";
import { fileLinksInMatchedBlock, type MatchedBlockInput } from "./file-hosts";
import { documentFromBody, type DocumentSource } from "./html-document";
import { readPage, type PageReadJob } from "./page-reading";
import { runCrawlWork, type CrawlWork } from "./crawl/crawl-work";

// Body of a PageParserPool worker: reads fetched bodies into page documents, and finds her
// names and the leak context in them (page-reading.ts), and the file-host links of the post that
// matched her (file-hosts.ts).
// The build bundles this file as the worker; from sources, page-parser-worker.mjs loads it.
const port = parentPort;
if (!port) throw new Error("page-parser-thread runs only as a worker thread");

type Work = { kind: "parse"; src: DocumentSource } | { kind: "read"; job: PageReadJob } | { kind: "fileLinks"; input: MatchedBlockInput } | CrawlWork;

port.on("message", ({ id, work }: { id: number; work: Work }) => {
  try {
    if (work.kind === "parse") port.postMessage({ id, doc: documentFromBody(work.src) });
    else if (work.kind === "read") port.postMessage({ id, reading: readPage(work.job) });
    else if (work.kind === "fileLinks") port.postMessage({ id, result: fileLinksInMatchedBlock(work.input) });
    else port.postMessage({ id, result: runCrawlWork(work) });
  } catch (e) {
    port.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
port.postMessage({ ready: true });
