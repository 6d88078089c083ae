import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RecipientConfirmation } from "./recipient-confirmation";

let posts: { path: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      posts.push({ path: new URL(input, "http://localhost").pathname, body: JSON.parse(String(init?.body ?? "null")) });
      return new Response(JSON.stringify({ address: "complaints@victim-law.example", confirmedAt: "2026-05-20T10:00:00.000Z", takedownIds: ["a", "b"] }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("RecipientConfirmation", () => {
  it("shows the address, where it was read and why it needs her, and confirms it once asked", async () => {
    const reason = "The site's page (http://steered.example/dmca) names complaints@victim-law.example, which is not on the site's domain (steered.example).";
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecipientConfirmation pending={{ address: "complaints@victim-law.example", source: "http://steered.example/dmca", reason }} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading").textContent).toBe("Your step: is complaints@victim-law.example the site's copyright contact?");
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByRole("link", { name: "http://steered.example/dmca" }).getAttribute("href")).toBe("http://steered.example/dmca");
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Confirm complaints@victim-law.example" }));
    await waitFor(() => expect(posts).toEqual([{ path: "/v1/takedowns/recipient-confirmations", body: { address: "complaints@victim-law.example" } }]));
  });

  it("from the notice preview, names the leak and reads the preview again once confirmed", async () => {
    const onConfirmed = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecipientConfirmation pending={{ address: "lonely@gmail.com", source: "http://lonely.example/dmca", reason: "Not on the site's domain." }} leakId="11111111-1111-4111-8111-111111111111" onConfirmed={onConfirmed} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Confirm lonely@gmail.com" }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(posts).toEqual([{ path: "/v1/takedowns/recipient-confirmations", body: { address: "lonely@gmail.com", leakId: "11111111-1111-4111-8111-111111111111" } }]);
  });
});
