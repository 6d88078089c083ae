import { describe, expect, it } from "vitest";
import { classifyReply, counterNoticeElements, noticeIdsIn, ownText } from "./reply-classifier";

const plain = { subject: "Re: DMCA notice", autoSubmitted: "", xAutoreply: "", precedence: "" };

/** A counter-notice with each element § 512(g)(3) requires, as an uploader writes one. */
const COMPLETE = [
  "Counter-notification under 17 U.S.C. 512(g)(3).",
  "The material removed was the video at https://tubeleaks.example/v/3, where it appeared before it was removed.",
  "I swear, under penalty of perjury, that I have a good faith belief that the material was removed or disabled as a result of mistake or misidentification of the material to be removed or disabled.",
  "Name: Jordan Upload",
  "Address: 12 Elm Street, Springfield, IL 62701, USA",
  "Telephone: +1 (217) 555-0142",
  "I consent to the jurisdiction of the Federal District Court for the judicial district in which my address is located, and I will accept service of process from the person who provided the notification or an agent of such person.",
  "Signature: /s/ Jordan Upload",
].join("\n");

describe("counter-notices under § 512(g)(3)", () => {
  it("is one only with every element the statute requires", () => {
    expect(classifyReply(plain, COMPLETE)).toBe("counter_notice");
    expect(classifyReply({ ...plain, subject: "[Ticket #99] Counter notice" }, COMPLETE)).toBe("counter_notice");
  });

  it.each([
    ["signature", /Signature: \/s\/ Jordan Upload/],
    ["material", /https:\/\/tubeleaks\.example\/v\/3/],
    ["perjury", /under penalty of perjury, /],
    ["contact", /Telephone: \+1 \(217\) 555-0142/],
    ["consent", /I consent to the jurisdiction of the Federal District Court/],
  ] as const)("without its %s it is a dispute, never a counter-notice", (element, part) => {
    const without = COMPLETE.replace(part, "");
    expect(counterNoticeElements(without.toLowerCase().replace(/\s+/g, " "))[element]).toBe(false);
    expect(classifyReply(plain, without)).toBe("disputed");
  });

  it("is not one when a policy page explains what a counter-notice must say", () => {
    const policy =
      "Your counter notice must include your physical or electronic signature; identification of the material that has been removed and the location at which it appeared (see https://tubeleaks.example/policy); " +
      "a statement under penalty of perjury that you have a good faith belief that the material was removed as a result of mistake or misidentification; your name, address and telephone number " +
      "and a statement that you consent to the jurisdiction of the Federal District Court and will accept service of process. Call us at +1 217 555 0100. Signature: Tubeleaks Legal";
    expect(classifyReply(plain, policy)).not.toBe("counter_notice");
  });

  it("reads the elements in the reply, not in our notice quoted below it", () => {
    expect(classifyReply(plain, `This is a counter notice.\n\nOn Tue, Jun 2, 2026 Agent wrote:\n${COMPLETE.split("\n").map((l) => `> ${l}`).join("\n")}`)).toBe("disputed");
  });
});

describe("classifyReply", () => {
  it.each([
    ["removed", "Hello, the reported content has been removed from our servers."],
    ["removed", "We have disabled access to the URLs you listed."],
    ["refused", "The video has not been removed: we believe it is fair use."],
    ["refused", "We decline to take action on this complaint."],
    ["more_info", "We cannot remove it without more information: please provide the original work."],
    // Names a counter-notice without carrying one: a dispute, not a counter-notice.
    ["disputed", "Attached is the uploader's counter notice under section 512(g)."],
    ["disputed", "This is a counter notice. The video is mine."],
    // An abuse desk's boilerplate mentioning counter-notification says what it did, nothing more.
    ["removed", "The content has been removed. The uploader may send a counter-notification under 17 U.S.C. 512(g)."],
    ["other", "Thanks, forwarded to the team."],
  ] as const)("reads %s in %j", (kind, text) => {
    expect(classifyReply(plain, text)).toBe(kind);
  });

  it("knows an auto-reply by its headers or subject, whatever the body says", () => {
    expect(classifyReply({ ...plain, autoSubmitted: "auto-generated" }, COMPLETE)).toBe("auto_reply");
    expect(classifyReply({ ...plain, xAutoreply: "yes" }, COMPLETE)).toBe("auto_reply");
    expect(classifyReply({ ...plain, precedence: "list" }, COMPLETE)).toBe("auto_reply");
    expect(classifyReply({ ...plain, precedence: "auto_reply" }, "This is a counter notice.")).toBe("auto_reply");
    expect(classifyReply({ ...plain, autoSubmitted: "auto-replied" }, "The content has been removed.")).toBe("auto_reply");
    expect(classifyReply({ ...plain, autoSubmitted: "no" }, "The content has been removed.")).toBe("removed");
    expect(classifyReply({ ...plain, precedence: "bulk" }, "x")).toBe("auto_reply");
    expect(classifyReply({ ...plain, subject: "Out of Office: DMCA notice" }, "x")).toBe("auto_reply");
    expect(classifyReply({ ...plain, subject: "[Ticket #4411] We received your report" }, "x")).toBe("auto_reply");
  });

  it("reads only the reply, not our notice quoted below it", () => {
    const text = "We decline.\n\nOn Tue, Jun 2, 2026 at 10:00 Agent wrote:\n> Please remove the material; it has been removed elsewhere.";
    expect(ownText(text)).toBe("We decline.\n");
    expect(classifyReply(plain, "Thanks.\n> the material has been removed")).toBe("other");
  });

  it("reads hostile text of any size in bounded work", () => {
    const hostile = `${"re".repeat(400_000)} ${"(".repeat(100_000)}has been removed`;
    expect(classifyReply({ ...plain, subject: "a".repeat(100_000) }, hostile)).toBe("other"); // past the bound: not read
    expect(classifyReply(plain, `${"> quoted\n".repeat(1000)}It has been removed.`)).toBe("removed");
  });
});

describe("noticeIdsIn", () => {
  const a = "0b6d5a7e-1c1f-4c4e-9a55-6f1f0f1e2a3b";
  const b = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
  it("finds our notices in In-Reply-To first, then References from the newest", () => {
    expect(noticeIdsIn(`<notice-${a}@leakwarden.test>`, `<x@y> <notice-${b}@leakwarden.test>`)).toEqual([a, b]);
    expect(noticeIdsIn("", `<notice-${a}@leakwarden.test> <z@q> <notice-${b}@leakwarden.test>`)).toEqual([b, a]);
    expect(noticeIdsIn("<notice-not-a-uuid@x>", "<notice-@x> garbage <<<>>>")).toEqual([]);
  });
});
