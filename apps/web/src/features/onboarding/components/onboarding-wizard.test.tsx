import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useClientState } from "../../../lib/client-state";
import { SEARCHING_FOOTER_DELAY_MS, SEARCHING_STEP } from "../wizard-steps";
import { OnboardingWizard } from "./onboarding-wizard";

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.scrollTo = () => {};
  // Every call answers the same harmless body: no scan yet, onboarding marked complete.
  fetchMock.mockImplementation(async () => Response.json({ scan: null, onboardingComplete: true }));
  useClientState.getState().setOnboardingIndex(SEARCHING_STEP);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  fetchMock.mockReset();
});

function renderWizard(hasPlan: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/onboardings", element: <OnboardingWizard userName="Ava" stageNamesEditor={null} nicknamesEditor={null} profileReady hasPlan={hasPlan} finalExtra={<p>The autopilot offer</p>} /> },
      { path: "/dashboard", element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ["/onboardings"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function pressNextAfterSearching(label: string) {
  await act(async () => {
    vi.advanceTimersByTime(SEARCHING_FOOTER_DELAY_MS + 10);
  });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: label }));
  });
}

describe("the wizard's end", () => {
  it("skips the plan screen for an account that has a plan: Searching leads to the dashboard", async () => {
    const router = renderWizard(true);
    expect(screen.getByText("Step 4 / 4")).toBeTruthy();
    // Searching is her last step: it offers the autopilot.
    expect(screen.getByText("The autopilot offer")).toBeTruthy();
    await pressNextAfterSearching("Show Full Report");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/v1/identities/onboarding-complete"))).toBe(true);
  });

  it("shows the plan screen after Searching to an account without one", async () => {
    const router = renderWizard(false);
    expect(screen.getByText("Step 4 / 5")).toBeTruthy();
    expect(screen.queryByText("The autopilot offer")).toBeNull();
    await pressNextAfterSearching("Next");
    expect(await screen.findByRole("heading", { level: 1, name: "Choose the right plan for you" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/onboardings");
    // The plan screen is her last step: it offers the autopilot.
    expect(screen.getByText("The autopilot offer")).toBeTruthy();
  });
});
