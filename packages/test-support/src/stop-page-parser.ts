import { afterAll } from "vitest";
import { closeSharedPageParser } from "../../../apps/server/src/scanner/page-parser-pool";

// Every server suite stops the page-reader workers it started before its process ends, rather than
// leaving threads mid-parse to the process's exit.
afterAll(async () => {
  await closeSharedPageParser();
});
