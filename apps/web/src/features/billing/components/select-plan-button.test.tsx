import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import { refreshSession } from "../../../lib/session";
import { ResumeCheckout } from "./resume-checkout";
import { SelectPlanButton } from "./select-plan-button";
import { queryKeys } from "../../../lib/query-keys";

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const allVariants = ["starter-monthly", "starter-yearly", "premium-monthly", "premium-yearly", "vip-monthly", "vip-yearly"];

function stubServer(signedIn: boolean, checkout: Route, extra: { available?: string[]; billing?: Route } = {}) {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/api/auth/get-session")) return signedIn ? json(200, { user: { id: "u1", email: "ava@example.com", name: "ava", emailVerified: true } }) : json(200, null);
    if (url.includes("/v1/billing/options")) return json(200, { configured: (extra.available ?? allVariants).length > 0, available: extra.available ?? allVariants });
    if (url.includes("/v1/billing/checkout")) return checkout(url, init);
    if (url.includes("/v1/identities/onboarding-complete")) return checkout(url, init);
    if (url.endsWith("/v1/billing") && extra.billing) return extra.billing(url, init);
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
      {
        path: "/signin",
        element: (
          <>
            {element}
            <p>sign in page</p>
          </>
        ),
      },
      { path: "/dashboard", element },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
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

  it("logs 'Error creating checkout:', clears the loading state and says what went wrong", async () => {
    stubServer(true, () => json(502, { error: { code: "UPSTREAM", message: "The payment provider refused the request." } }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const said = vi.spyOn(toast, "error");
    await act(() => refreshSession());
    renderAt(<SelectPlanButton plan="starter" period="monthly" />);
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith("Error creating checkout:", expect.objectContaining({ code: "UPSTREAM" })));
    expect(await screen.findByRole("button", { name: "Select Plan" })).toBeTruthy();
    expect(said).toHaveBeenCalledWith("Could not open the checkout", { description: "The payment provider refused the request." });
    expect(assign).not.toHaveBeenCalled();
  });

  it("says when the server refuses because payments are not configured", async () => {
    stubServer(true, () => json(503, { error: { code: "UNAVAILABLE", message: "Payments are not configured on this server yet.", details: { reason: "payments_not_configured" } } }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(() => refreshSession());
    renderAt(<SelectPlanButton plan="vip" period="monthly" />);
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    expect(await screen.findByText("Plans open soon")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("without payment settings says plans open soon: a visitor can still sign up, nothing looks like a dead button", async () => {
    for (const signedIn of [false, true]) {
      const fetch = stubServer(signedIn, () => json(500, {}), { available: [] });
      await act(() => refreshSession());
      renderAt(<SelectPlanButton plan="premium" period="yearly" />);
      expect(await screen.findByText("Plans open soon")).toBeTruthy();
      expect(screen.queryByRole("button")).toBeNull();
      expect(screen.queryByText(/not configured/i)).toBeNull();
      if (signedIn) expect(screen.queryByRole("link")).toBeNull();
      else expect(screen.getByRole("link", { name: "Sign up for a free scan" }).getAttribute("href")).toBe("/signup");
      expect(fetch.mock.calls.some(([u]) => String(u).includes("/v1/billing/checkout"))).toBe(false);
      cleanup();
    }
  });

  it("runs beforeCheckout first, and a failure there opens no checkout", async () => {
    const order: string[] = [];
    const fetch = stubServer(true, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/after" }));
    await act(() => refreshSession());
    renderAt(<SelectPlanButton plan="premium" period="yearly" beforeCheckout={async () => void order.push("before")} />);
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://store.lemonsqueezy.com/checkout/custom/after"));
    expect(order).toEqual(["before"]);
    cleanup();

    fetch.mockClear();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt(<SelectPlanButton plan="premium" period="yearly" beforeCheckout={() => Promise.reject(new Error("no"))} />);
    fireEvent.click(await screen.findByRole("button", { name: "Select Plan" }));
    expect(await screen.findByRole("button", { name: "Select Plan" })).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/v1/billing/checkout"))).toBe(false);
  });

  it("signed out: a link to sign-in with the plan, and the checkout follows once signed in", async () => {
    stubServer(false, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/later" }));
    await act(() => refreshSession());
    const { router } = renderAt(<SelectPlanButton plan="premium" period="monthly" />);
    const link = await screen.findByRole("link", { name: "Select Plan" });
    expect(link.getAttribute("href")).toBe("/signin?plan=premium&period=monthly");
    fireEvent.click(link);
    await screen.findByText("sign in page");
    expect(router.state.location.pathname + router.state.location.search).toBe("/signin?plan=premium&period=monthly");
    cleanup();

    const fetch = stubServer(true, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/later" }));
    await act(() => refreshSession());
    renderAt(<ResumeCheckout />);
    await screen.findByRole("status");
    expect(screen.getByRole("status").textContent).toBe("Redirecting...");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://store.lemonsqueezy.com/checkout/custom/later"));
    const call = fetch.mock.calls.find(([u]) => String(u).includes("/v1/billing/checkout"))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ plan: "premium", period: "monthly" });
    // Taken once: the next page opens no second checkout.
    cleanup();
    fetch.mockClear();
    renderAt(<ResumeCheckout />);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/v1/billing/checkout"))).toBe(false);
  });
});

describe("ResumeCheckout", () => {
  it("keeps the plan of a sign-in URL followed before the page could run code", async () => {
    const fetch = stubServer(false, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/url" }));
    await act(() => refreshSession());
    renderAt(<ResumeCheckout />, "/signin?plan=vip&period=yearly");
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/v1/billing/checkout"))).toBe(false);
    cleanup();

    const signedIn = stubServer(true, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/url" }));
    await act(() => refreshSession());
    renderAt(<ResumeCheckout />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://store.lemonsqueezy.com/checkout/custom/url"));
    const call = signedIn.mock.calls.find(([u]) => String(u).includes("/v1/billing/checkout"))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ plan: "vip", period: "yearly" });
  });

  it("ignores plan parameters away from sign-in", async () => {
    const fetch = stubServer(true, () => json(200, { url: "https://store.lemonsqueezy.com/checkout/custom/no" }));
    await act(() => refreshSession());
    renderAt(<ResumeCheckout />, "/pricing?plan=vip&period=yearly");
    await new Promise((r) => setTimeout(r, 20));
    expect(sessionStorage.length).toBe(0);
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/v1/billing/checkout"))).toBe(false);
  });

  it("back from the checkout: waits for the plan, then the badge's user record is asked again", async () => {
    let tier = "free";
    const summary = () => json(200, { plan: tier === "free" ? null : tier, period: "yearly", tier, status: tier === "free" ? null : "active" });
    stubServer(true, () => json(500, {}), { billing: summary });
    const said = vi.spyOn(toast, "success");
    await act(() => refreshSession());
    const { router, client } = renderAt(<ResumeCheckout />, "/dashboard?billing=success");
    const invalidated = vi.spyOn(client, "invalidateQueries");
    await waitFor(() => expect(said).toHaveBeenCalledWith("Thank you for subscribing", expect.anything()));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    tier = "premium";
    await waitFor(() => expect(said).toHaveBeenCalledWith("You are now on the Premium Plan."), { timeout: 5000 });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.user });
  });
});
