import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshSession, SERVICE_UNAVAILABLE } from "../../lib/session";
import { RequireSession } from "./require-session";

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

const outage = () =>
  Response.json({ error: { code: "UNAVAILABLE", message: "Leakwarden is unavailable at the moment. You are still signed in: please try again in a few minutes." } }, { status: 503 });

describe("the session guard during an outage", () => {
  it("is not a sign-out: the page says the service is unavailable, offers to try again, and signs her back in when it answers", async () => {
    fetchMock.mockImplementation(async () => outage());
    expect(await refreshSession()).toEqual({ status: "unavailable", message: SERVICE_UNAVAILABLE });

    const router = createMemoryRouter([{ path: "/", element: <RequireSession />, children: [{ index: true, element: <p>Her dashboard</p> }] }], { initialEntries: ["/"] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe(SERVICE_UNAVAILABLE);
    expect(screen.queryByRole("heading", { name: /sign in/i })).toBeNull();
    expect(screen.queryByLabelText("Password")).toBeNull();

    fetchMock.mockImplementation(async () => Response.json({ user: { id: "u1", email: "ava@example.com", name: "Ava", emailVerified: true, ageConfirmed: true }, session: {} }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    expect(await screen.findByText("Her dashboard")).toBeTruthy();
  });

});
