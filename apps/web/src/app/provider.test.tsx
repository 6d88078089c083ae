import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProvider } from "./provider";

// The toast library cannot be loaded (a network failure after the page arrived).
vi.mock("sonner", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

afterEach(cleanup);

describe("AppProvider", () => {
  it("keeps the page on screen when the toast library cannot load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <AppProvider>
        <h1>Sign in</h1>
      </AppProvider>,
    );
    // Let the failed import settle and React handle it.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
