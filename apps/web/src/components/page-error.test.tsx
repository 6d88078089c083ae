import { messages } from "@leakwarden/contracts/validation-messages";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CodeLoadFailedNotice, PageErrorBoundary } from "./page-error";

function Broken(): never {
  throw new Error("the page's code did not load");
}

beforeEach(() => {
  // React reports the caught error on the console; the test looks at what the user sees.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("PageErrorBoundary", () => {
  it("shows the generic message and a way to try again instead of a failed page, and clears when the user leaves it", async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <PageErrorBoundary>
              <Outlet />
            </PageErrorBoundary>
          ),
          children: [
            { path: "/broken", element: <Broken /> },
            { path: "/fine", element: <h1>Fine page</h1> },
          ],
        },
      ],
      { initialEntries: ["/broken"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("alert").textContent).toBe(messages.unexpectedError);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();

    await act(() => router.navigate("/fine"));
    expect(screen.getByRole("heading", { name: "Fine page" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("CodeLoadFailedNotice", () => {
  it("says what happened and reloads the page on Try again", () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    render(<CodeLoadFailedNotice />);
    expect(screen.getByRole("alert").textContent).toContain(messages.unexpectedError);
    screen.getByRole("button", { name: "Try again" }).click();
    expect(reload).toHaveBeenCalledOnce();
  });
});

