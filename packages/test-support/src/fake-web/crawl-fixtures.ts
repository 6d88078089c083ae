import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Pages and API answers as the forum, blog and imageboard packages render them (fixtures/crawl, see its SOURCES.md). */
const CRAWL_FIXTURES_DIR = fileURLToPath(new URL("./fixtures/crawl/", import.meta.url));

export function crawlFixture(name: string): string {
  return readFileSync(`${CRAWL_FIXTURES_DIR}${name}`, "utf8");
}
