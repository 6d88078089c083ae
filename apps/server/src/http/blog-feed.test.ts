import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { FEED_ORIGIN_PLACEHOLDER } from "./app";

// The web build writes the blog's feed with a stand-in origin; the server answers it with PUBLIC_URL in its place.
describe("GET /blog/rss.xml", () => {
  let services: TestServices;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "lw-dist-"));
    fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, "blog"));
    fs.writeFileSync(
      path.join(dist, "blog", "rss.xml"),
      `<?xml version="1.0"?><rss version="2.0"><channel><link>${FEED_ORIGIN_PLACEHOLDER}/blog</link><item><link>${FEED_ORIGIN_PLACEHOLDER}/blog/a-post</link></item></channel></rss>`,
    );
    services = await createTestServices({ WEB_DIST_DIR: dist, PUBLIC_URL: "https://leakwarden.example" });
  });
  afterAll(async () => {
    await services?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("answers the feed as RSS with the deployment's origin in every link", async () => {
    const res = await new TestClient(services.app, "https://leakwarden.example").get("/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain("<link>https://leakwarden.example/blog</link>");
    expect(xml).toContain("<link>https://leakwarden.example/blog/a-post</link>");
    expect(xml).not.toContain(FEED_ORIGIN_PLACEHOLDER);
  });
});
