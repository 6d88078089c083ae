import { parentPort } from "node:worker_threads";
import { documentFromBody, type DocumentSource } from "./html-document";

// Body of a PageParserPool worker: reads fetched bodies into page documents.
// The build bundles this file as the worker; from sources, page-parser-worker.mjs loads it.
const port = parentPort;
if (!port) throw new Error("page-parser-thread runs only as a worker thread");

port.on("message", (job: { id: number; src: DocumentSource }) => {
  try {
    port.postMessage({ id: job.id, doc: documentFromBody(job.src) });
  } catch (e) {
    port.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
port.postMessage({ ready: true });
