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
