import { entitlements } from "@leakwarden/contracts/plans";
import type { BillingSummary } from "@leakwarden/contracts/billing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BillingPanel } from "./billing-panel";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const usage = {
  stageNames: { use: 1, limit: 40 },
  nicknames: { use: 0, limit: 60 },
  referenceImages: { use: 0, limit: 200 },
  manualScans: { use: 0, limit: 1, per: "hour" as const, resetsAt: null },
};

function summary(overrides: Partial<BillingSummary>): BillingSummary {
  return {
    plan: "vip",
    period: "monthly",
    tier: "vip",
    status: "active",
    statusText: "Renews on Dec 24, 2026.",
    renewsAt: "2026-12-24T00:00:00.000Z",
    endsAt: null,
    canManage: true,
    paymentsConfigured: true,
    demo: false,
    canCancel: true,
    canResume: false,
    entitlements: entitlements.vip,
    usage,
    ...overrides,
  };
}

function renderWith(billing: BillingSummary) {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/v1/billing")) return json(200, billing);
    if (url.endsWith("/v1/billing/invoices")) return json(200, { invoices: [], note: "No invoices yet." });
    if (url.includes("/v1/billing/options")) return json(200, { configured: true, available: [] });
    if (url.includes("/api/auth/get-session")) return json(200, { user: { id: "u1", email: "dee@example.com", name: "dee", emailVerified: true } });
    return json(404, { error: { code: "NOT_FOUND", message: "No such endpoint." } });
  });
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BillingPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the billing panel", () => {
  it("shows the demo plan as a demo plan: no price, no billing period, no switch, cancel or invoices", async () => {
    const fetch = renderWith(summary({ demo: true, canManage: false, canCancel: false, statusText: "Every VIP feature, to try Leakwarden: nothing is billed.", renewsAt: null }));
    expect(await screen.findByRole("heading", { level: 2, name: "VIP Plan" })).toBeTruthy();
    expect(screen.getByText("Demo plan")).toBeTruthy();
    expect(screen.getByText("Every VIP feature, to try Leakwarden: nothing is billed.")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$135|billed monthly/i);
    expect(screen.queryByRole("button", { name: /Switch to|Cancel subscription|Manage billing/ })).toBeNull();
    expect(screen.queryByText("Invoices")).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/v1/billing/invoices"))).toBe(false);
  });

  it("says a subscriber's status once: the badge names it, the sentence gives the date", async () => {
    renderWith(summary({}));
    expect(await screen.findByText("Active")).toBeTruthy();
    expect(screen.getByText("Renews on Dec 24, 2026.")).toBeTruthy();
    expect(document.body.textContent?.match(/Renews on/g)).toHaveLength(1);
    expect(document.body.textContent?.match(/Active/g)).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Cancel subscription" })).toBeTruthy();
    expect(await screen.findByText("No invoices yet.")).toBeTruthy();
  });

  it("offers to resume a cancelled subscription while it lasts", async () => {
    renderWith(summary({ status: "cancelled", canCancel: false, canResume: true, renewsAt: null, endsAt: "2026-12-24T00:00:00.000Z", statusText: "Your plan stays until Dec 24, 2026, and nothing more is billed. Resume it before then to keep it." }));
    expect(await screen.findByRole("button", { name: "Resume subscription" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    expect(document.body.textContent?.match(/Dec 24, 2026/g)).toHaveLength(1);
  });

  it("asks before cancelling and before switching in one kind of dialog, its dates written as the app writes them", async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    renderWith(summary({}));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    const cancel = within(screen.getByTestId("confirm-cancel"));
    expect(cancel.getByText("Your plan and its monitoring stay until Dec 24, 2026, the end of the period you paid for, and you can resume it until then.")).toBeTruthy();
    expect(cancel.getByRole("button", { name: "Keep my subscription" })).toBeTruthy();
    expect(cancel.getByRole("button", { name: "Cancel subscription" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Switch to Starter" }));
    const switching = within(screen.getByTestId("confirm-switch"));
    expect(switching.getByText("Lemon Squeezy prorates the change: nothing is charged now, and the lower price applies from your next bill, on Dec 24, 2026.")).toBeTruthy();
    expect(switching.getByRole("button", { name: "Keep my plan" })).toBeTruthy();
    expect(switching.getByRole("button", { name: "Switch to Starter" })).toBeTruthy();
  });
});
