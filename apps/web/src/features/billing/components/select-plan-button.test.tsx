import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshSession } from "../../../lib/session";
import { ResumeCheckout } from "./resume-checkout";
import { SelectPlanButton } from "./select-plan-button";

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const allVariants = ["starter-monthly", "starter-yearly", "premium-monthly", "premium-yearly", "vip-monthly", "vip-yearly"];

function stubServer(signedIn: boolean, checkout: Route) {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/api/auth/get-session")) return signedIn ? json(200, { user: { id: "u1", email: "ava@example.com", name: "ava", emailVerified: true } }) : json(200, null);
    if (url.includes("/v1/billing/options")) return json(200, { configured: true, available: allVariants });
    if (url.includes("/v1/billing/checkout")) return checkout(url, init);
    return json(404, { error: { code: "NOT_FOUND", message: "No such endpoint." } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderAt(element: React.ReactNode, path = "/pricing") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/pricing", element },
      { path: "/signin", element: <p>sign in page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("SelectPlanButton", () => {
  it("says 'Redirecting...' and sends the browser to the checkout it gets", async () => {
    let release: (r: Response) => void = () => undefined;
    const fetch = stubServer(true, () => new Promise<Response>((resolve) => (release = resolve)));
    await act(() => refreshSession());
    renderAt(<SelectPlanButton plan="premium" period="yearly" />);
    const button = await screen.findByRole("button", { name: "Select Plan" });
    fireEvent.click(button);
    await screen.findByRole("button", { name: "Redirecting..." });
    const call = fetch.mock.calls.find(([u]) => String(u).includes("/v1/billing/checkout"))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ plan: "premium", period: "yearly" });
    release(json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/abc" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://store.lemonsqueezy.com/checkout/custom/abc"));
  });

  it("logs 'Error creating checkout:' and clears the loading state on failure", async () => {
    stubServer(true, () => json(502, { error: { code: "UPSTREAM", message: "The payment provider refused the request." } }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(() => refreshSession());
    renderAt(<SelectPlanButton plan="starter" period="monthly" />);
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith("Error creating checkout:", expect.objectContaining({ code: "UPSTREAM" })));
    expect(await screen.findByRole("button", { name: "Select Plan" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("says when payments are not configured", async () => {
    stubServer(true, () => json(503, { error: { code: "UNAVAILABLE", message: "Payments are not configured on this server yet.", details: { reason: "payments_not_configured" } } }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(() => refreshSession());
    renderAt(<SelectPlanButton plan="vip" period="monthly" />);
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    const button = (await screen.findByRole("button", { name: "Payments not configured" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it("signed out: goes to sign-in with the plan, and the checkout follows once signed in", async () => {
    stubServer(false, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/later" }));
    await act(() => refreshSession());
    const router = renderAt(
      <>
        <SelectPlanButton plan="premium" period="monthly" />
      </>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    await screen.findByText("sign in page");
    expect(router.state.location.pathname + router.state.location.search).toBe("/signin?plan=premium&period=monthly");
    cleanup();

    const fetch = stubServer(true, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/later" }));
    await act(() => refreshSession());
    renderAt(<ResumeCheckout />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://store.lemonsqueezy.com/checkout/custom/later"));
    const call = fetch.mock.calls.find(([u]) => String(u).includes("/v1/billing/checkout"))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ plan: "premium", period: "monthly" });
  });
});
