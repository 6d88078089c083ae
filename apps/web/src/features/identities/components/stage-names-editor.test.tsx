import type { Identities } from "@leakwarden/contracts/identities";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { NicknamesEditor } from "./nicknames-editor";
import { StageNamesEditor } from "./stage-names-editor";
import { queryKeys } from "../../../lib/query-keys";

afterEach(cleanup);

const stageName = (id: string, username: string, verified = false): Identities["stageNames"][number] => ({
  id,
  platformId: 1,
  platform: "OnlyFans",
  username,
  profileUrl: null,
  verifiedAt: verified ? "2026-11-01T00:00:00.000Z" : null,
  lastCheck: null,
});

/** A creator who downgraded: 3 stage names and 2 nicknames kept on a plan that covers 1 of each. */
function identities(overrides: Partial<Identities> = {}): Identities {
  return {
    stageNames: [stageName("s1", "jane", true), stageName("s2", "jane_two", true), stageName("s3", "jane_three")],
    nicknames: [
      { id: "n1", value: "Janie" },
      { id: "n2", value: "JD" },
    ],
    allowlist: [],
    specific: "",
    verificationCode: "LW-TEST",
    snippet: "",
    limits: { stageNames: 1, nicknames: 1, allowlist: 3 },
    onboardingComplete: true,
    ...overrides,
  };
}

function renderWith(data: Identities, editor: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.identities, data);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{editor}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The entry's badges, in order, joined with " + " (null when it has none). */
const badgeOf = (name: string) =>
  within(screen.getByText(name).closest("li")!)
    .queryAllByText(/^(Not searched|Verified)$/)
    .map((b) => b.textContent)
    .join(" + ") || null;

describe("entries beyond the plan's limit", () => {
  it("marks the stage names scans skip (those added last) and says how many", () => {
    renderWith(identities(), <StageNamesEditor />);
    expect(badgeOf("onlyfans.com/jane")).toBe("Verified");
    // Verified, but beyond the limit: both are true, and both are shown.
    expect(badgeOf("onlyfans.com/jane_two")).toBe("Verified + Not searched");
    expect(badgeOf("onlyfans.com/jane_three")).toBe("Not searched");
    expect(screen.getByRole("status").textContent).toContain("Your plan covers 1 stage names. Scans skip the 2 added last, marked 'Not searched'.");
  });

  it("marks the nicknames scans skip", () => {
    renderWith(identities(), <NicknamesEditor />);
    expect(badgeOf("Janie")).toBeNull();
    expect(badgeOf("JD")).toBe("Not searched");
    expect(screen.getByRole("status").textContent).toContain("Your plan covers 1 nicknames. Scans skip the one added last, marked 'Not searched'.");
  });

  it("at the limit, only says what the plan covers; below it, says nothing", () => {
    const { unmount } = renderWith(identities({ limits: { stageNames: 3, nicknames: 5, allowlist: 3 } }), <StageNamesEditor />);
    expect(screen.queryByText("Not searched")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("Your plan covers 3 stage names.");
    expect(screen.getByRole("status").textContent).not.toContain("skip");
    unmount();
    renderWith(identities({ limits: { stageNames: 3, nicknames: 5, allowlist: 3 } }), <NicknamesEditor />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
