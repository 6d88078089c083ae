import { describe, expect, it } from "vitest";
import { leakSiteSchema, type LeakSite } from "../../scanner/leak-site-catalog";
import type { CrawlConfig } from "../../scanner/leak-site-catalog";
import { entryPages } from "./crawl-runner";

const site = (crawl: Record<string, unknown>) => leakSiteSchema.parse({ id: "s", name: "S", domains: ["social.example"], crawl }) as LeakSite & { crawl: CrawlConfig };

describe("the listing pages a crawl walks", () => {
  it("the hashtags a catalog entry names add their timelines on Mastodon-API and Misskey servers, and nothing elsewhere", () => {
    expect(entryPages(site({ family: "mastodon", tags: ["OFleaks", "ルナ"] }))).toEqual([
      "https://social.example/api/v1/timelines/public?local=true&limit=40",
      "https://social.example/api/v1/timelines/tag/OFleaks?limit=40",
      `https://social.example/api/v1/timelines/tag/${encodeURIComponent("ルナ")}?limit=40`,
    ]);
    expect(entryPages(site({ family: "misskey", tags: ["OFleaks"] }))).toEqual([
      "https://social.example/api/notes/local-timeline?limit=30&withRenotes=false",
      "https://social.example/api/notes/search-by-tag?tag=OFleaks&limit=30",
    ]);
    expect(entryPages(site({ family: "discourse", tags: ["OFleaks"] }))).toEqual(["https://social.example/latest.json"]);
    expect(() => site({ family: "mastodon", tags: ["#OFleaks"] })).toThrow();
    expect(() => site({ family: "mastodon", tags: ["a/../../admin"] })).toThrow();
  });
});
