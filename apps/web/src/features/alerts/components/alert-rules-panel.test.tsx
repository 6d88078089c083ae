import type { AlertRules } from "@leakwarden/contracts/alerts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AlertRulesPanel } from "./alert-rules-panel";
import { queryKeys } from "../../../lib/query-keys";

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast: toasts }));

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  toasts.success.mockReset();
  toasts.error.mockReset();
});

const rules: AlertRules = {
  newLeak: true,
  digest: "off",
  takedownSucceeded: false,
  reupload: true,
  newImpersonator: true,
  email: "luna@example.com",
  nextDigestAt: null,
  lastDigestAt: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
};

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.alerts, rules);
  render(
    <QueryClientProvider client={client}>
      <AlertRulesPanel />
    </QueryClientProvider>,
  );
}

const save = () => screen.getByRole("button", { name: "Save alerts" }) as HTMLButtonElement;
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as unknown;

describe("the alert rules form", () => {
  it("saves only once something changed, and sends every rule as she set it", async () => {
    fetchMock.mockImplementation(async (_input, init) => Response.json({ ...rules, ...(JSON.parse(String(init!.body)) as object), updatedAt: "2026-11-25T10:00:00.000Z" }));
    renderPanel();
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByRole("switch", { name: /A takedown succeeded/ }));
    fireEvent.click(screen.getByRole("radio", { name: /Weekly summary/ }));
    await waitFor(() => expect(save().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(save());
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("Alert settings saved"));
    expect(fetchMock.mock.calls[0]![0]).toBe("/v1/alerts");
    expect(sentBody()).toEqual({ newLeak: true, digest: "weekly", takedownSucceeded: true, reupload: true, newImpersonator: true });
  });

  it("puts the server's sentence about a rule under that rule, with no toast", async () => {
    const message = "Weekly summaries are not in your plan.";
    fetchMock.mockImplementation(async () => Response.json({ error: { code: "VALIDATION_ERROR", message, fields: { digest: message } } }, { status: 400 }));
    renderPanel();
    fireEvent.click(screen.getByRole("radio", { name: /Weekly summary/ }));
    await act(async () => {
      fireEvent.click(save());
    });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("shows any other failure as a toast with the server's sentence", async () => {
    fetchMock.mockImplementation(async () => Response.json({ error: { code: "INTERNAL", message: "Something went wrong on our side." } }, { status: 500 }));
    renderPanel();
    fireEvent.click(screen.getByRole("switch", { name: /Every new leak/ }));
    await act(async () => {
      fireEvent.click(save());
    });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("Could not save your alerts", { description: "Something went wrong on our side." }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
