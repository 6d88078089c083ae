import { describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { createRecipientFinder, REDDIT_COPYRIGHT_FORM } from "./recipient-finder";

// Reddit takes DMCA notices on its copyright report form: a link on Reddit's pages or its image
// hosts is answered with that form alone, without reading any of its pages or asking who hosts it.
describe("the recipients of a link on Reddit", () => {
  const asked: string[] = [];
  const finder = createRecipientFinder({
    fetcher: { fetch: async (url: string) => (asked.push(`fetch ${url}`), Promise.reject(new Error("no page is read here"))) },
    lookup: {
      addresses: async (host: string) => (asked.push(`dns ${host}`), []),
      mailHosts: async (domain: string) => (asked.push(`mx ${domain}`), []),
      cdnOf: async () => null,
      ipAbuse: async () => null,
      registrarAbuse: async (host: string) => (asked.push(`rdap ${host}`), null),
    },
    catalog: async () => ({ siteForUrl: () => undefined }),
    logger: createLogger("silent"),
    timeoutMs: 1000,
  });

  it.each([
    "https://www.reddit.com/r/u_fake_luna/comments/abc123/new_set/",
    "https://old.reddit.com/r/somesub/comments/abc123/x/",
    "https://reddit.com/user/fake_luna/",
    "https://i.redd.it/9x8y7z.jpeg",
    "https://preview.redd.it/9x8y7z.jpeg?width=640",
    "https://v.redd.it/abc/DASH_720.mp4",
    "https://i.redditmedia.com/abc.jpg",
  ])("%s: Reddit's copyright form, and nobody else", async (url) => {
    asked.length = 0;
    expect(await finder.find(url)).toEqual([
      expect.objectContaining({ kind: "site", email: null, webForm: REDDIT_COPYRIGHT_FORM, foundBy: "platform", name: "Reddit" }),
    ]);
    expect(asked).toEqual([]);
  });

  it.each(["https://notreddit.com/x", "https://reddit.com.leaks.example/x", "https://i.redd.it.example/x.jpg"])("%s is not Reddit: its own pages are read", async (url) => {
    asked.length = 0;
    const found = await finder.find(url);
    expect(found.some((r) => r.name === "Reddit")).toBe(false);
    expect(asked.some((a) => a.startsWith("fetch "))).toBe(true);
  });
});
