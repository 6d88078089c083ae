import { describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { recogniseFileHostLink } from "../../scanner/file-hosts";
import { fileHostChannels } from "./file-host-channels";
import { createRecipientFinder } from "./recipient-finder";

// The shipped, sourced copyright channels of the file hosts the scanner recognises: a file-host
// link is written to the host's published address, or is her form step on its report page.
describe("file hosts' published copyright channels", () => {
  const asked: string[] = [];
  const finder = createRecipientFinder({
    fetcher: { fetch: async (url: string) => (asked.push(`fetch ${url}`), Promise.reject(new Error("no page is read here"))) },
    lookup: {
      addresses: async (host: string) => (asked.push(`dns ${host}`), []),
      mailHosts: async () => [],
      cdnOf: async () => null,
      ipAbuse: async () => null,
      registrarAbuse: async (host: string) => (asked.push(`rdap ${host}`), null),
    },
    catalog: async () => ({ siteForUrl: () => undefined }),
    logger: createLogger("silent"),
    timeoutMs: 1000,
  });

  const examples: Record<string, string> = {
    mega: "https://mega.nz/folder/AbCd1234",
    gofile: "https://gofile.io/d/AbC123",
    pixeldrain: "https://pixeldrain.com/u/AbCd1234",
    bunkr: "https://bunkr.si/a/AbCd1234",
    krakenfiles: "https://krakenfiles.com/view/AbCd1234/file.html",
    mediafire: "https://www.mediafire.com/file/abcdef123",
    cyberdrop: "https://cyberdrop.me/a/AbCd1234",
    workupload: "https://workupload.com/file/AbCd1234",
    "1fichier": "https://1fichier.com/?abcdef123456",
    rapidgator: "https://rapidgator.net/file/AbCd1234ef",
    catbox: "https://files.catbox.moe/abc123.mp4",
    sendspace: "https://www.sendspace.com/file/abc123",
  };

  it("has an entry for every recognised host, each with its source page, date and a sentence of what she does next", () => {
    const channels = fileHostChannels();
    expect([...channels.keys()].sort()).toEqual(Object.keys(examples).sort());
    for (const c of channels.values()) {
      expect(c.email ?? c.formUrl, c.service).toBeTruthy();
      expect(c.source, c.service).toMatch(/^https:\/\//);
      expect(c.checkedOn, c.service).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.next, c.service).toMatch(/\.$/);
    }
  });

  it.each(Object.entries(examples))("%s: its channel, and no dead end", async (service, url) => {
    expect(recogniseFileHostLink(url)?.service).toBe(service);
    asked.length = 0;
    const found = await finder.find(url);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: "site", foundBy: "file-host", name: fileHostChannels().get(service as never)!.name });
    expect(found[0]!.email ?? found[0]!.webForm).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it("MEGA's links go to its published copyright address; Gofile's to its report form", async () => {
    expect(await finder.find("https://mega.nz/file/AbCd1234")).toEqual([
      expect.objectContaining({ email: "copyright@mega.nz", webForm: null, source: expect.stringContaining("https://mega.io/takedown"), note: expect.stringContaining("copyright@mega.nz") }),
    ]);
    expect(await finder.find("https://gofile.io/d/AbC123")).toEqual([
      expect.objectContaining({ email: null, webForm: "https://gofile.io/contact", note: expect.stringContaining("then press Done") }),
    ]);
  });
});
