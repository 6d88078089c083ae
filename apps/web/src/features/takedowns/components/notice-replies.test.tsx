import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NoticeReplies } from "./notice-replies";

afterEach(cleanup);

const reply = {
  noticeId: "99999999-9999-4999-8999-999999999999",
  receivedAt: "2026-06-02T10:00:00.000Z",
  subject: "Counter-notification",
  excerpt: "I swear, under penalty of perjury…",
};

describe("NoticeReplies", () => {
  it("marks a reply not shown to come from the recipient as unverified, with why", () => {
    render(
      <NoticeReplies
        replies={[
          {
            ...reply,
            from: "removals@tubeleaks.example",
            kind: "counter_notice",
            verified: false,
            trust: "Unverified: nothing in the message proves that tubeleaks.example sent it. It changes nothing, and re-checks go on.",
          },
          { ...reply, from: "removals@tubeleaks.example", kind: "disputed", verified: true, trust: "Verified: it is from removals@tubeleaks.example, the address the notice went to." },
        ]}
      />,
    );
    const items = screen.getByTestId("replies").querySelectorAll("li");
    expect(items[0]!.textContent).toContain("Counter-notice, from removals@tubeleaks.example");
    expect(items[0]!.textContent).toContain("Unverified");
    expect(items[0]!.textContent).toContain("It changes nothing, and re-checks go on.");
    expect(items[1]!.textContent).toContain("Disputes the notice (not a complete counter-notice)");
    expect(items[1]!.textContent).not.toContain("Unverified");
  });

  it("shows nothing when no reply came", () => {
    const { container } = render(<NoticeReplies replies={[]} />);
    expect(container.textContent).toBe("");
  });
});
