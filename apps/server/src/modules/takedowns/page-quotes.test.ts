import { describe, expect, it } from "vitest";
import { MAX_QUOTED_TITLE, oneLine, quotablePageWords } from "./page-quotes";

// What a hostile page can make the service repeat: nothing that reaches anyone.

describe("a page's words, as a notice may quote them", () => {
  it.each([
    ["a link with its scheme", "Juniper leaked https://evil.example/pay?x=1 now", "Juniper leaked [link removed] now"],
    ["a bare host name with a path", "full set at evil-mirror.example/juniper.", "full set at [link removed]"],
    ["a www. name", "see www.Evil.example", "see [link removed]"],
    ["a link hidden with [.]", "go to evil[.]example today", "go to [link removed] today"],
    ["a Telegram channel", "join t.me/attacker_chan for more", "join [link removed] for more"],
    ["an e-mail address", "write to Boss@Evil.example, fast", "write to [e-mail address removed] fast"],
    ["an address in words", "write boss [at] evil [dot] example today", "write [e-mail address removed] today"],
    ["an address with spaced @", "write boss @ evil . example today", "write [e-mail address removed] today"],
    ["a phone number", "call +1 (302) 555-0199 now", "call [phone number removed] now"],
    ["a phone number with dots", "call 302.555.0199", "call [phone number removed]"],
    ["full-width digits", "call ３０２５５５０１９９", "call [phone number removed]"],
  ])("removes %s", (_, raw, quoted) => {
    expect(quotablePageWords(raw, 200)).toBe(quoted);
  });

  it("keeps the words that identify the page: names, counts, a handle", () => {
    expect(quotablePageWords("juniper_vale OnlyFans leak: 412 pics, 37 videos (2026) @juniper_vale", 200)).toBe("juniper_vale OnlyFans leak: 412 pics, 37 videos (2026) @juniper_vale");
  });

  it("puts the quote on one line without quotation marks of its own, invisible characters or line breaks", () => {
    const quoted = quotablePageWords('Leak\r\nBcc: victim@target.example\u2028"quoted" \u201Cmore\u201D\u202Eevil\u200B', 200);
    expect(quoted).toBe("Leak Bcc: [e-mail address removed] 'quoted' 'more' evil");
    expect(quoted).not.toMatch(/[\r\n\u2028\u2029\u202E\u200B"\u201C\u201D]/u);
  });

  it("is bounded, cut at a word's end", () => {
    const quoted = quotablePageWords("word ".repeat(100), MAX_QUOTED_TITLE);
    expect([...quoted].length).toBeLessThanOrEqual(MAX_QUOTED_TITLE);
    expect(quoted.endsWith("word…")).toBe(true);
  });

  it("quotes nothing when nothing but what was removed is left", () => {
    expect(quotablePageWords("https://evil.example  +1 302 555 0199 boss@evil.example", 200)).toBe("");
    expect(quotablePageWords("", 200)).toBe("");
  });

  it("reads long hostile text in linear time", () => {
    const hostile = ["1 ".repeat(50_000), "a.".repeat(50_000), "(".repeat(50_000), "[at] ".repeat(20_000), "x@".repeat(50_000)];
    const started = performance.now();
    for (const text of hostile) expect([...quotablePageWords(text, 200)].length).toBeLessThanOrEqual(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("makes a header value one line", () => {
    expect(oneLine("Subject\r\nBcc: x@y.example")).toBe("Subject Bcc: x@y.example");
  });
});
