// Worker thread of PageParserPool: reads fetched bodies into page documents.
// Plain JavaScript, because a worker does not inherit the TypeScript loader of
// the thread that started it: it registers its own, then loads the parser.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { documentFromBody } = await import("./html-document.ts");

parentPort.on("message", (job) => {
  try {
    parentPort.postMessage({ id: job.id, doc: documentFromBody(job.src) });
  } catch (e) {
    parentPort.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
