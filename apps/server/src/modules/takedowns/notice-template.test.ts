import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import type { StoredAttestation } from "../../db/schema/takedowns";
import { utcMinute } from "../../lib/dates";
import { describeWorks, renderNotice, type NoticeInput, type NoticeRecipient, type NoticeRecipientKind } from "./notice-template";
import { renderTakeItDownRequest } from "./takeitdown-template";

// The notice as each party receives it: who it is written to, whose name is on it, which works,
// the agent's contact, and dates as people write them.

const agent = { name: "Leakwarden Copyright Agent", address: "1 Agent Street, Wilmington, DE 19801, USA", email: "dmca@leakwarden.test", phone: "+1 302 555 0100" };
const at = new Date("2026-11-24T21:05:42Z");

function recipient(kind: NoticeRecipientKind, name: string | null): NoticeRecipient {
  return { kind, email: "abuse@party.example", webForm: null, foundBy: "catalog", source: "test", note: null, name };
}

function input(kind: NoticeRecipientKind, name: string | null, overrides: Partial<NoticeInput> = {}): NoticeInput {
  return {
    reference: "ab12cd34",
    date: at,
    agent,
    ownerName: "Mia Rose",
    profiles: ["https://onlyfans.com/miarose", "https://fansly.com/miarose"],
    recipient: recipient(kind, name),
    items: [
      {
        url: "https://leakforum.demo/t/mia-rose-leak",
        title: "Mia Rose leaked pack",
        matchedNames: ["Mia Rose"],
        imageUrls: ["https://leakforum.demo/i/1.jpg"],
        snippet: "Mia Rose onlyfans leak, full pack",
        fetchedAt: "2026-11-23T08:30:00.000Z",
        sha256: "a".repeat(64),
        resolved: kind === "host" || kind === "cdn" ? { address: "198.51.100.7", at: "2026-11-24T20:59:00.000Z" } : null,
      },
    ],
    earlier: [],
    ...overrides,
  };
}

const greetings: [NoticeRecipientKind, string | null, string][] = [
  ["site", "LeakForum", "To the copyright agent of leakforum.demo:"],
  ["platform", "Reddit", "To the copyright team of Reddit:"],
  ["host", "HOSTNET Ltd", "To the abuse desk of HOSTNET Ltd, which hosts leakforum.demo:"],
  ["cdn", "Cloudflare, Inc.", "To the abuse desk of Cloudflare, Inc. that serves leakforum.demo:"],
  ["registrar", "Other Registrar LLC", "To the abuse desk of Other Registrar LLC, registrar of leakforum.demo:"],
  ["search-engine", "Google Search", "To the copyright removals team of Google Search:"],
];

describe("the DMCA notice, per recipient", () => {
  it.each(greetings)("to a %s reads naturally, names her as she chose, cites her profiles, and carries the agent's contact", (kind, name, greeting) => {
    const notice = renderNotice(input(kind, name));
    const shown = cheerio.load(notice.html).text();
    expect(notice.text.split("\n")[0]).toBe(greeting);
    for (const body of [notice.text, shown]) {
      // The service sends it, in its own name, as her agent; she is the owner, by the name she chose.
      expect(body).toContain("Leakwarden Copyright Agent sends it as the authorized agent of Mia Rose, the copyright owner.");
      expect(body).toContain("Copyright owner: Mia Rose");
      // The works are her content, published on her verified profiles; no profile is an "example".
      expect(body).toMatch(/The works: original photographs and videos created by Mia Rose, who owns their copyright, and published by her on her profiles:\s*https:\/\/onlyfans\.com\/miarose\s*https:\/\/fansly\.com\/miarose/);
      expect(body).toContain("The material listed in section 2 copies her content published there, without her authorization.");
      expect(body).not.toMatch(/authorized example/i);
      // The agent's postal address, telephone and email.
      expect(body).toMatch(/Name: Leakwarden Copyright Agent\s*Postal address: 1 Agent Street, Wilmington, DE 19801, USA\s*Telephone: \+1 302 555 0100\s*Email: dmca@leakwarden\.test/);
      // Dates as people write them, in UTC with the zone named.
      expect(body).toContain("Date: 24 November 2026, 21:05 UTC");
      expect(body).toContain("Seen on: 23 November 2026, 08:30 UTC");
      expect(body).not.toMatch(/\d{4}-\d\d-\d\dT/);
      expect(body).toMatch(/Signature: \/s\/ Leakwarden Copyright Agent\s*Leakwarden Copyright Agent, authorized agent for Mia Rose/);
    }
    expect(notice.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it("says why the notice comes to a host, a CDN, a registrar, a platform or a search engine", () => {
    expect(renderNotice(input("host", "HOSTNET Ltd")).text).toContain("The site is hosted on your network (leakforum.demo resolved to 198.51.100.7 on 24 November 2026, 20:59 UTC).");
    expect(renderNotice(input("cdn", "Cloudflare, Inc.")).text).toContain("Please forward this notice to the site's host and tell us who it is");
    expect(renderNotice(input("registrar", "Other Registrar LLC")).text).toContain("The domain is registered through you.");
    expect(renderNotice(input("platform", "Reddit")).text).toContain("was posted on your platform by users who do not own it");
    expect(renderNotice(input("search-engine", "Google Search")).text).toContain("Please remove these URLs from your search results.");
    expect(renderNotice(input("site", null)).text).not.toContain("hosted on your network");
  });

  it("tells the host of a likely origin behind a CDN which name resolved to its network, when, and that it appears to be the origin", () => {
    const base = input("host", "HostingCo B.V.");
    const origin = { address: "5.39.10.25", at: "2026-11-24T20:59:00.000Z", origin: { name: "mail.leakforum.demo", via: "mx" as const, behind: "Cloudflare" } };
    const notice = renderNotice({ ...base, items: base.items.map((i) => ({ ...i, resolved: origin })) });
    const shown = cheerio.load(notice.html).text();
    for (const body of [notice.text, shown]) {
      expect(body).toContain("To the abuse desk of HostingCo B.V., which appears to host leakforum.demo:");
      expect(body).toContain(
        "The site is served through Cloudflare, which hides the server it runs on. That server appears to be on your network: mail.leakforum.demo (the domain's own mail server, by its MX record) resolved to 5.39.10.25 on 24 November 2026, 20:59 UTC, an address outside Cloudflare's published ranges.",
      );
      expect(body).toContain("Likely origin behind Cloudflare: mail.leakforum.demo (the domain's own mail server, by its MX record) resolved to 5.39.10.25 on 24 November 2026, 20:59 UTC");
      expect(body).not.toContain("hosted on your network");
    }
  });

  it("names earlier recipients with the date and time they were written to", () => {
    const notice = renderNotice(input("host", "HOSTNET Ltd", { earlier: [{ name: "leakforum.demo", email: "dmca@leakforum.demo", sentAt: new Date("2026-11-17T09:00:00Z") }] }));
    expect(notice.text).toContain("A notice for this material was sent to leakforum.demo <dmca@leakforum.demo> on 17 November 2026, 09:00 UTC; the material is still available.");
  });

  it("greets the party of several sites without naming one of them", () => {
    const base = input("host", "HOSTNET Ltd");
    const notice = renderNotice({ ...base, items: [...base.items, { ...base.items[0]!, url: "https://mirror.demo/x" }, { ...base.items[0]!, url: "https://third.demo/y" }] });
    expect(notice.text.split("\n")[0]).toBe("To the abuse desk of HOSTNET Ltd, which hosts the 3 sites listed below:");
    expect(notice.subject).toBe("DMCA notice of copyright infringement: 3 URLs on 3 sites [ref ab12cd34]");
  });

  it("describes the works the same way for search-engine forms", () => {
    expect(describeWorks("Mia Rose", ["https://onlyfans.com/miarose"])).toBe(
      "Original photographs and videos created by Mia Rose, who owns their copyright, and published by her on her own profile: https://onlyfans.com/miarose. The material listed copies this content without authorization.",
    );
  });
});

describe("the TAKE IT DOWN Act request, per recipient", () => {
  const attestation: StoredAttestation = { text: "I am the person shown.", version: "2026-05", userId: "u1", attestedAt: "2026-11-24T20:00:00.000Z", forgery: false, clientIp: "127.0.0.1" };
  const request = (kind: NoticeRecipientKind, name: string | null) => {
    const { ownerName, profiles, ...rest } = input(kind, name);
    return renderTakeItDownRequest({ ...rest, personName: ownerName, profiles, attestation, missed: [] });
  };

  it.each([
    ["site", "LeakForum", "To the removal desk of LeakForum:"],
    ["platform", "Reddit", "To the removal desk of Reddit:"],
    ["host", "HOSTNET Ltd", "To the abuse desk of HOSTNET Ltd, which hosts leakforum.demo:"],
    ["registrar", "Other Registrar LLC", "To the abuse desk of Other Registrar LLC, registrar of leakforum.demo:"],
  ] as const)("to a %s: the same owner, profiles, agent contact and UTC dates", (kind, name, greeting) => {
    const text = request(kind, name).text;
    expect(text.split("\n")[0]).toBe(greeting);
    expect(text).toContain("Mia Rose publishes her own content only on her verified profiles:");
    expect(text).toContain("https://onlyfans.com/miarose");
    expect(text).toMatch(/On behalf of: Mia Rose\s*Authorized agent: Leakwarden Copyright Agent\s*Postal address: 1 Agent Street, Wilmington, DE 19801, USA\s*Telephone: \+1 302 555 0100\s*Email: dmca@leakwarden\.test/);
    expect(text).toContain("Electronic signature: /s/ Leakwarden Copyright Agent, authorized agent for Mia Rose");
    expect(text).toContain(`Date: ${utcMinute(at)}`);
    expect(text).toContain("She confirmed this statement on 24 November 2026, 20:00 UTC.");
    if (kind === "site" || kind === "platform") expect(text).toContain("Please remove the depiction by 26 November 2026, 21:05 UTC (48 hours from this request)");
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it("to the host of a likely origin behind a CDN: the network that appears to host the site", () => {
    const { ownerName, profiles, recipient: host, ...rest } = input("host", "HostingCo B.V.");
    const text = renderTakeItDownRequest({ ...rest, recipient: { ...host, origin: { name: "mail.leakforum.demo", via: "mx", behind: "Cloudflare" } }, personName: ownerName, profiles, attestation, missed: [] }).text;
    expect(text.split("\n")[0]).toBe("To the abuse desk of HostingCo B.V., which appears to host leakforum.demo:");
  });
});

describe("every statement of a notice is one the record shows", () => {
  const item = input("site", "LeakForum").items[0]!;
  const plain = { ...item, title: "", snippet: "", matchedNames: [], imageUrls: [] };
  const render = (overrides: Partial<NoticeInput>) => renderNotice(input("site", "LeakForum", overrides));
  const bodies = (n: { text: string; html: string }) => [n.text, cheerio.load(n.html).text()];

  it("names: the page names the names that matched, as matched, and nothing else", () => {
    for (const body of bodies(render({ ownerName: "juniper_vale", items: [{ ...plain, matchedNames: ["juniper_vale"] }] }))) {
      expect(body).toContain("Where on the page: the page names juniper_vale.");
      expect(body).not.toMatch(/offers copies/);
    }
    expect(render({ ownerName: "juniper_vale", items: [{ ...plain, matchedNames: ["juniper_vale", "Juni V"] }] }).text).toContain("the page names juniper_vale and Juni V.");
    // No name matched: no sentence about names at all.
    expect(render({ items: [plain] }).text).not.toContain("the page names");
  });

  it("owner with her stage name: the stage name, alone", () => {
    const text = render({ ownerName: "juniper_vale", items: [{ ...plain, matchedNames: ["juniper_vale"] }] }).text;
    expect(text).toContain("sends it as the authorized agent of juniper_vale, the copyright owner.");
    expect(text).toContain("Copyright owner: juniper_vale\n");
    expect(text).not.toContain("who publishes as");
  });

  it("owner with her legal name: she publishes as the stage name, and the page is never said to name her legal name", () => {
    const notice = render({ ownerName: "Valerie Rose", publishesAs: ["juniper_vale"], items: [{ ...plain, matchedNames: ["juniper_vale"] }] });
    for (const body of bodies(notice)) {
      expect(body).toContain("sends it as the authorized agent of the copyright owner, Valerie Rose, who publishes as juniper_vale.");
      expect(body).toContain("Copyright owner: Valerie Rose, who publishes as juniper_vale");
      expect(body).toContain("the page names juniper_vale.");
      expect(body).not.toMatch(/names Valerie Rose/);
    }
  });

  it("original work: her profiles, each listed", () => {
    const text = render({ profiles: ["https://onlyfans.com/juniper_vale"] }).text;
    expect(text).toMatch(/published by her on her profile:\s*https:\/\/onlyfans\.com\/juniper_vale\s*The material listed in section 2 copies her content published there/);
  });

  it("image: which of her reference photos each image copies, with the image's address", () => {
    const images = [
      { url: "https://leakforum.demo/i/1.jpg", reference: { number: 2, id: "1a2b3c4d-0000-4000-8000-000000000000" } },
      { url: "https://leakforum.demo/i/2.jpg", reference: { number: null, id: "9f8e7d6c-0000-4000-8000-000000000000" } },
      { url: "https://leakforum.demo/i/3.jpg", reference: null },
    ];
    for (const body of bodies(render({ items: [{ ...plain, imageUrls: images.map((i) => i.url), images }] }))) {
      expect(body).toContain("The image on the page https://leakforum.demo/i/1.jpg is a copy of her reference photo no. 2 (ref. 1a2b3c4d).");
      expect(body).toContain("The image on the page https://leakforum.demo/i/2.jpg is a copy of one of her reference photos (ref. 9f8e7d6c).");
      expect(body).toContain("The image on the page https://leakforum.demo/i/3.jpg is her image, which she identified herself.");
    }
  });

  it("file-host link: found in a post that names her, never 'matched by image' without an image", () => {
    const file = { ...plain, url: "https://mega.nz/file/AbCdEfGh" };
    const byName = render({ items: [{ ...file, linkedFrom: { pageUrl: "https://forum.example/t/1", foundIn: "post", names: ["juniper_vale"], images: [] } }] }).text;
    expect(byName).toContain("Found in a post at https://forum.example/t/1 that names juniper_vale.");
    expect(byName).not.toMatch(/image/i);
    const byImage = render({
      items: [{ ...file, linkedFrom: { pageUrl: "https://forum.example/t/1", foundIn: "post", names: [], images: [{ url: "https://forum.example/i/9.jpg", reference: { number: 1, id: "abcdef12-0000-4000-8000-000000000000" } }] } }],
    }).text;
    expect(byImage).toContain("Found in a post at https://forum.example/t/1 that shows an image of hers.");
    expect(byImage).toContain("The image https://forum.example/i/9.jpg is a copy of her reference photo no. 1 (ref. abcdef12).");
    const byTitle = render({ items: [{ ...file, linkedFrom: { pageUrl: "https://forum.example/t/2", foundIn: "thread", names: ["juniper_vale"], images: [] } }] }).text;
    expect(byTitle).toContain("Found in the opening post of a thread at https://forum.example/t/2 whose title names juniper_vale.");
    // The file's own page names nothing: nothing is said of it.
    expect(byTitle).not.toContain("Where on the page");
  });

  it("quotes the page's title and text as its words, bounded, and a hostile title brings no link, address or number", () => {
    const hostile = {
      ...plain,
      title: "juniper_vale leak\r\nBcc: victim@target.example — pay at https://evil.example/pay or call +1 (302) 555-0199, mail boss@evil.example",
      snippet: `juniper_vale full pack, visit evil-mirror.example/juni ${"more words ".repeat(60)}`,
      matchedNames: ["juniper_vale"],
    };
    const notice = render({ items: [hostile] });
    const tid = renderTakeItDownRequest({
      ...input("site", "LeakForum", { items: [hostile] }),
      personName: "juniper_vale",
      attestation: { text: "I am the person shown.", version: "2026-05", userId: "u1", attestedAt: "2026-11-24T20:00:00.000Z", forgery: false, clientIp: "127.0.0.1" },
      missed: [],
    });
    for (const body of [...bodies(notice), ...bodies(tid), notice.html, tid.html]) {
      expect(body).not.toContain("evil.example");
      expect(body).not.toContain("evil-mirror");
      expect(body).not.toContain("victim@target.example");
      expect(body).not.toContain("boss@");
      expect(body).not.toMatch(/555.?0199/);
    }
    expect(notice.text).toContain("The page's title reads: \u201Cjuniper_vale leak Bcc: [e-mail address removed] \u2014 pay at [link removed] or call [phone number removed], mail\u2026\u201D");
    const text = /The page's text reads: \u201C(.*)\u201D/u.exec(notice.text)![1]!;
    expect(text.startsWith("juniper_vale full pack, visit [link removed] more words")).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(200);
    // No header takes a line break from anything quoted.
    for (const subject of [notice.subject, tid.subject]) expect(subject).not.toMatch(/[\r\n]/);
  });

  it("carries no line break from a recipient's or an earlier recipient's name into a line of its own", () => {
    const notice = renderNotice(input("host", "HOSTNET\r\nTo: victim@target.example", { earlier: [{ name: "x\r\nBcc: y@z.example", email: "dmca@leakforum.demo", sentAt: at }] }));
    expect(notice.text.split("\n")[0]).toBe("To the abuse desk of HOSTNET To: victim@target.example, which hosts leakforum.demo:");
    expect(notice.text).not.toMatch(/^Bcc:/m);
  });
});
