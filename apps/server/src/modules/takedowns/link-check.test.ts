import { describe, expect, it } from "vitest";
import { FetchError, type FetchResult } from "../../scanner/guarded-fetch";
import { checkLink } from "./link-check";

const url = "http://leaks.example/luna";

function answer(status: number, body = ""): () => Promise<FetchResult> {
  return async () => ({
    url,
    finalUrl: url,
    status,
    headers: {},
    contentType: "text/html",
    body: Buffer.from(body),
    truncated: false,
    fetchedAt: new Date().toISOString(),
    sha256: "",
    redirects: [],
    robots: null,
  });
}

const evidence = { matchedNames: ["luna_rivers"], imageUrls: ["http://leaks.example/img/1.jpg"] };
const leakPage = `<!doctype html><title>luna_rivers leaked</title><p>Download the luna_rivers pack</p><img src="/img/1.jpg">`;

describe("re-checking a sent link", () => {
  it("is removed when the page answers 404 or 410", async () => {
    expect(await checkLink(answer(404, leakPage), evidence)).toEqual({ outcome: "removed", detail: "the page answers HTTP 404" });
    expect(await checkLink(answer(410, leakPage), evidence)).toEqual({ outcome: "removed", detail: "the page answers HTTP 410" });
  });

  it("is removed when the page is up but neither the names nor the images are on it any more", async () => {
    const check = await checkLink(answer(200, "<!doctype html><title>Removed</title><p>This file was removed after a DMCA complaint.</p>"), evidence);
    expect(check.outcome).toBe("removed");
    expect(check.detail).toContain("no longer shows");
  });

  it("is still up while the name or one of the images is there", async () => {
    expect(await checkLink(answer(200, leakPage), evidence)).toEqual({ outcome: "present", detail: "the page shows the name luna_rivers and 1 matching image" });
    expect(await checkLink(answer(200, `<p>Gallery</p><img src="http://leaks.example/img/1.jpg">`), evidence)).toEqual({ outcome: "present", detail: "the page shows 1 matching image" });
    expect((await checkLink(answer(200, "<p>LUNA RIVERS full set</p>"), { matchedNames: ["luna_rivers"], imageUrls: [] })).outcome).toBe("present");
  });

  it("proves nothing when the page cannot be read: an error answer, a refusal or a network failure", async () => {
    for (const status of [403, 500, 503, 301]) {
      expect(await checkLink(answer(status, ""), evidence), String(status)).toEqual({ outcome: "unreachable", detail: `the page answers HTTP ${status}` });
    }
    const down = await checkLink(async () => {
      throw new FetchError("connect", "connection refused", url);
    }, evidence);
    expect(down).toEqual({ outcome: "unreachable", detail: "the site did not accept a connection" });
  });

  it("does not hide a programming error as an unreachable page", async () => {
    await expect(
      checkLink(async () => {
        throw new TypeError("boom");
      }, evidence),
    ).rejects.toThrow("boom");
  });
});
