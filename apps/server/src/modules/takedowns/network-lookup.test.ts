import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { createGuardedFetcher } from "../../scanner/guarded-fetch";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { listenOnLoopback } from "@leakwarden/test-support/loopback";
import { NetworkLookup } from "./network-lookup";

describe("the registrar of a host's domain", () => {
  let server: http.Server;
  let lookup: NetworkLookup;
  const asked: string[] = [];

  beforeAll(async () => {
    // An RDAP bootstrap naming this server for .uk, and a registry that knows only example.co.uk.
    server = http.createServer((req, res) => {
      const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      res.setHeader("content-type", "application/json");
      if (req.url === "/bootstrap/dns.json") {
        res.end(JSON.stringify({ version: "1.0", services: [[["uk"], [`${origin}/rdap/`]]] }));
        return;
      }
      asked.push(req.url ?? "");
      if (req.url === "/rdap/domain/example.co.uk") {
        res.end(
          JSON.stringify({
            objectClassName: "domain",
            ldhName: "example.co.uk",
            entities: [
              {
                objectClassName: "entity",
                roles: ["registrar"],
                vcardArray: ["vcard", [["fn", {}, "text", "Example Registrar Ltd"]]],
                entities: [{ objectClassName: "entity", roles: ["abuse"], vcardArray: ["vcard", [["fn", {}, "text", "Abuse"], ["email", {}, "text", "abuse@registrar.example"]]] }],
              },
            ],
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end("{}");
    });
    const { origin } = await listenOnLoopback(server);
    lookup = new NetworkLookup({
      fetcher: createGuardedFetcher(parseScannerSettings({ SCAN_ALLOW_PRIVATE_NETWORKS: "true" })),
      logger: createLogger("silent"),
      dnsServers: [],
      bootstrapUrl: `${origin}/bootstrap/`,
      refreshMs: 60_000,
      timeoutMs: 2_000,
    });
  });
  afterAll(() => server?.close());

  it("asks the registry for the registered name the public suffix list gives, not a guess one label above the TLD", async () => {
    const found = await lookup.registrarAbuse("cdn.leaks.example.co.uk");
    expect(found).toMatchObject({ email: "abuse@registrar.example", registrar: "Example Registrar Ltd" });
    expect(asked[0]).toBe("/rdap/domain/example.co.uk");
    expect(asked).not.toContain("/rdap/domain/co.uk");
  });
});
