import type { AuthorizationView, FindingHold } from "@leakwarden/contracts/takedowns";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TakedownAction } from "./takedown-action";

const leakId = "11111111-1111-4111-8111-111111111111";
const hold: FindingHold = {
  leakId,
  code: "unproven_profile",
  reason: "Prove that you own juniper_vale on OnlyFans to send takedowns for this link.",
  prove: [{ stageNameId: "44444444-4444-4444-8444-444444444444", platform: "OnlyFans", username: "juniper_vale", profileUrl: "https://onlyfans.com/juniper_vale" }],
  nicknames: [],
};
const signed: AuthorizationView = {
  statement: "I, Mallory Exe, state that I own the copyright …",
  statementVersion: "2025-01",
  ownershipVerified: true,
  verifiedStageNames: [{ id: "55555555-5555-4555-8555-555555555555", platform: "Reddit (u/username)", username: "mallory_x", profileUrl: "https://www.reddit.com/user/mallory_x/" }],
  takedownsIncluded: true,
  authorization: {
    fullName: "Mallory Exe",
    signature: "Mallory Exe",
    statementVersion: "2025-01",
    ownerName: "stage_name",
    stageNameId: null,
    displayedOwnerName: "mallory_x",
    grantedAt: "2026-11-01T10:00:00.000Z",
    clientIp: "127.0.0.1",
  },
};
let posts: string[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      if (init?.method === "POST") posts.push(url.pathname);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      if (url.pathname === "/v1/takedowns/latest") return json({ items: [], held: [hold] });
      if (url.pathname === "/v1/takedowns/authorization") return json(signed);
      return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "no" } }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a finding matched only through a profile she has not proved", () => {
  it("shows the reason on its row and explains it instead of asking for notices; the button opens the proof", async () => {
    const prove = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const element = (
      <QueryClientProvider client={client}>
        <TakedownAction
          leak={{ id: leakId, number: 12, status: "confirmed", confidence: "high", url: "https://leaks.example/j1", forgeryMarkedAt: null }}
          ownershipVerified
          onProveOwnership={prove}
          takedownsHref="/dashboard/takedowns"
          upgradeHref="/dashboard/upgrade"
        />
      </QueryClientProvider>
    );
    render(<RouterProvider router={createMemoryRouter([{ path: "*", element }], { initialEntries: ["/dashboard/leaks"] })} />);
    expect((await screen.findByTestId("takedown-hold")).textContent).toBe(hold.reason);
    fireEvent.click(screen.getByRole("button", { name: "Takedown finding #12" }));
    expect(await screen.findByText("Prove that it is yours first")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Prove ownership" }));
    await waitFor(() => expect(prove).toHaveBeenCalledOnce());
    expect(posts).toEqual([]);
  });
});
