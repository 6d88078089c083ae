import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RemovalDeadline } from "./removal-deadline";

afterEach(cleanup);

const base = { id: "99999999-9999-4999-8999-999999999999", status: "sent" as const, removedAt: null };

describe("RemovalDeadline", () => {
  it("shows the hours the site has left under the Act", () => {
    render(<RemovalDeadline d={{ ...base, removalDeadline: { dueAt: "2026-06-03T10:00:00.000Z", missedAt: null } }} now={new Date("2026-06-02T10:30:00.000Z")} />);
    expect(screen.getByTestId("removal-deadline").textContent).toMatch(/must remove it by .* \(24 hours left\)/);
  });

  it("says the site missed its legal deadline and offers the record for the FTC", () => {
    render(<RemovalDeadline d={{ ...base, status: "escalated", removalDeadline: { dueAt: "2026-06-03T10:00:00.000Z", missedAt: "2026-06-03T11:00:00.000Z" } }} />);
    expect(screen.getByText("The site missed its legal deadline.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download the record (text)" }).getAttribute("href")).toBe(`/v1/takedowns/${base.id}/deadline-record?format=text`);
    expect(screen.getByRole("link", { name: "Download the record (JSON)" }).getAttribute("href")).toBe(`/v1/takedowns/${base.id}/deadline-record`);
  });

  it("shows nothing for a DMCA-only takedown", () => {
    const { container } = render(<RemovalDeadline d={{ ...base, removalDeadline: null }} />);
    expect(container.textContent).toBe("");
  });
});
