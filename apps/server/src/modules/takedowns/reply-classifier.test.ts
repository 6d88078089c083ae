import { describe, expect, it } from "vitest";
import { classifyReply, noticeIdsIn, ownText } from "./reply-classifier";

const plain = { subject: "Re: DMCA notice", autoSubmitted: "", xAutoreply: "", precedence: "" };

describe("classifyReply", () => {
  it.each([
    ["removed", "Hello, the reported content has been removed from our servers."],
    ["removed", "We have disabled access to the URLs you listed."],
    ["refused", "The video has not been removed: we believe it is fair use."],
    ["refused", "We decline to take action on this complaint."],
    ["more_info", "We cannot remove it without more information: please provide the original work."],
    ["counter_notice", "Attached is the uploader's counter notice under section 512(g)."],
    ["other", "Thanks, forwarded to the team."],
  ] as const)("reads %s in %j", (kind, text) => {
    expect(classifyReply(plain, text)).toBe(kind);
  });

  it("knows an auto-reply by its headers or subject, whatever the body says", () => {
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
