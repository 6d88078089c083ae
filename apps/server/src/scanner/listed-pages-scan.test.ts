import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeakSiteCatalog } from "./leak-site-catalog";
import { runScan } from "./run-scan";
import { parseScannerSettings } from "./scanner-settings";
import type { SearchProvider } from "./search-provider";

/**
 * A search finds another creator's video whose "Related Videos" lists two of hers (fixtures/tube): that page
 * is not her leak, and her videos it lists are read on their own pages, where the first is hers.
 */
const TUBE = fileURLToPath(new URL("../../../../packages/test-support/src/fake-web/fixtures/tube/", import.meta.url));
const identity = { stageNames: [{ platform: "OnlyFans", username: "sablewren" }], nicknames: ["Sable Wren"], allowlist: [], specific: "" };

let web: http.Server;
let origin: string;
const asked: string[] = [];

beforeAll(async () => {
  web = http.createServer((req, res) => {
    asked.push(req.url ?? "");
    const file = req.url === "/videos/61020/marla-quinn-shower-clip/" ? "kvs-video-other.html" : req.url === "/videos/61011/sable-wren-beach-clip/" ? "kvs-video-hers.html" : null;
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(readFileSync(`${TUBE}${file}`, "utf8").replaceAll("https://www.tubeleaks.example", origin));
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => web.close(r));
});

describe("a page listing her items, found by a search", () => {
  it("is not her leak; her items it lists are read on their own pages", async () => {
    const provider: SearchProvider = {
      id: "test",
      kind: "web",
      search: async (_q, p) => ({ hits: p === 1 ? [{ url: `${origin}/videos/61020/marla-quinn-shower-clip/`, title: "", snippet: "", source: "test" }] : [], hasMore: false }),
    };
    const result = await runScan(
      { identity, referenceHashes: [] },
      {
        settings: parseScannerSettings({ SCAN_ALLOW_PRIVATE_NETWORKS: "true", SCAN_MAX_QUERIES: "1" }),
        providers: [provider],
        catalog: new LeakSiteCatalog([]),
      },
    );
    expect(result.leaks.map((l) => l.url)).toEqual([`${origin}/videos/61011/sable-wren-beach-clip/`]);
    expect(result.leaks[0]!.evidence.sources).toEqual(["listed on a page read"]);
    // Her second listed video was asked for too (it is gone: a 404), the other creators' were not.
    expect(asked).toEqual(expect.arrayContaining(["/videos/61024/sable-wren-mirror-selfies/"]));
    expect(asked.filter((u) => u.startsWith("/videos/6102") && !u.includes("61020") && !u.includes("61024"))).toEqual([]);
  });
});
