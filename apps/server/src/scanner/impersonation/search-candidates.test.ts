import { findPlatform } from "@leakwarden/contracts/platforms";
import { describe, expect, it } from "vitest";
import { handleFromProfileUrl, handlesFromResults, siteQueries } from "./search-candidates";

const instagram = findPlatform("Instagram")!;
const reddit = findPlatform("Reddit (u/username)")!;
const tiktok = findPlatform("TikTok")!;
const fanfix = findPlatform("Fanfix")!;

describe("site: search candidates", () => {
  it("asks for each of her names on each platform, a name on every platform before the next, within the limit", () => {
    const q = siteQueries([instagram, tiktok], ["Luna Rivers", "luna rivers", "lunarivers", "x"], 3);
    expect(q).toEqual([
      { platformId: instagram.id, query: 'site:instagram.com "Luna Rivers"' },
      { platformId: tiktok.id, query: 'site:tiktok.com "Luna Rivers"' },
      { platformId: instagram.id, query: 'site:instagram.com "lunarivers"' },
    ]);
    expect(siteQueries([instagram], ['Luna "the" Rivers'], 5)[0]!.query).toBe('site:instagram.com "Luna the Rivers"');
  });

  it("reads the handle of a profile address, and nothing from posts, tags, other sites or the platform's own pages", () => {
    expect(handleFromProfileUrl(instagram, "https://www.instagram.com/lr.fanpage/")).toBe("lr.fanpage");
    expect(handleFromProfileUrl(instagram, "https://instagram.com/lr.fanpage/reel/Cx12/")).toBe("lr.fanpage");
    expect(handleFromProfileUrl(instagram, "https://www.instagram.com/p/Cx12ab/")).toBeNull();
    expect(handleFromProfileUrl(instagram, "https://www.instagram.com/explore/tags/lunarivers/")).toBeNull();
    expect(handleFromProfileUrl(instagram, "https://www.instagram.com/")).toBeNull();
    expect(handleFromProfileUrl(instagram, "https://instagram.com.evil.example/lunarivers")).toBeNull();
    expect(handleFromProfileUrl(instagram, "javascript:alert(1)")).toBeNull();
    expect(handleFromProfileUrl(instagram, "https://www.instagram.com/bad%ZZ")).toBeNull();
    expect(handleFromProfileUrl(reddit, "https://www.reddit.com/user/luna_backup/comments/")).toBe("luna_backup");
    expect(handleFromProfileUrl(reddit, "https://www.reddit.com/r/onlyfans/comments/abc/")).toBeNull();
    expect(handleFromProfileUrl(tiktok, "https://www.tiktok.com/@luna.rivers.x/video/123")).toBe("luna.rivers.x");
    expect(handleFromProfileUrl(fanfix, "https://app.fanfix.io/@lunab")).toBe("lunab");
    expect(handleFromProfileUrl(instagram, `https://www.instagram.com/${"a".repeat(200)}/`)).toBeNull();
    // The other forms of a profile's address: Snapchat's canonical /@name beside /add/name, Reddit's /u/name.
    const snapchat = findPlatform("Snapchat")!;
    expect(handleFromProfileUrl(snapchat, "https://www.snapchat.com/add/mia.kisses")).toBe("mia.kisses");
    expect(handleFromProfileUrl(snapchat, "https://www.snapchat.com/@mia.kisses")).toBe("mia.kisses");
    expect(handleFromProfileUrl(snapchat, "https://www.snapchat.com/lens/abc")).toBeNull();
    expect(handleFromProfileUrl(reddit, "https://old.reddit.com/u/luna_backup/")).toBe("luna_backup");
    expect(handleFromProfileUrl(findPlatform("4Based")!, "https://4based.com/@lunab")).toBe("lunab");
  });

  it("keeps each handle once, as first written", () => {
    expect(handlesFromResults(instagram, ["https://www.instagram.com/LR.Fanpage/", "https://www.instagram.com/lr.fanpage/", "https://example.com/x", "https://www.instagram.com/mia/"])).toEqual(["LR.Fanpage", "mia"]);
  });
});
