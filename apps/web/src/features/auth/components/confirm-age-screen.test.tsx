import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";

const { confirm, refresh } = vi.hoisted(() => ({
  confirm: vi.fn<() => Promise<{ ageConfirmed: true }>>(),
  refresh: vi.fn(async () => ({ status: "signed-out" as const })),
}));
vi.mock("../api/confirm-age", () => ({ confirmAge: () => confirm() }));
vi.mock("../../../lib/session", () => ({ refreshSession: () => refresh(), clearSession: vi.fn() }));
vi.mock("../../../lib/analytics", () => ({ resetAnalytics: vi.fn() }));

const { ConfirmAgeScreen } = await import("./confirm-age-screen");

afterEach(() => {
  cleanup();
  confirm.mockReset();
  refresh.mockClear();
});

function show() {
  const router = createMemoryRouter([{ path: "*", element: <ConfirmAgeScreen email="gina@example.com" /> }], { initialEntries: ["/dashboard"] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const box = () => screen.getByRole("checkbox");
const submit = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Continue" })));

describe("ConfirmAgeScreen", () => {
  it("asks for the box before it sends anything, then confirms and reads the session again", async () => {
    confirm.mockResolvedValue({ ageConfirmed: true });
    show();
    await submit();
    expect(await screen.findByText("You must confirm that you are 18 or older.")).toBeTruthy();
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(confirm).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(box()));
    await waitFor(() => expect(screen.queryByText("You must confirm that you are 18 or older.")).toBeNull());
    await submit();
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it("puts the server's field error under the box, and any other failure in the banner", async () => {
    show();
    await act(async () => fireEvent.click(box()));
    confirm.mockRejectedValueOnce(new ApiError(400, "VALIDATION", "Check the form.", { ageConfirmed: "You must confirm that you are 18 or older." }));
    await submit();
    expect(await screen.findByText("You must confirm that you are 18 or older.")).toBeTruthy();
    expect(screen.queryByRole("alert")?.textContent ?? "").not.toContain("Check the form.");

    confirm.mockRejectedValueOnce(new ApiError(500, "INTERNAL", "Something went wrong on our side. Try again."));
    await submit();
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong on our side. Try again.");
  });
});
