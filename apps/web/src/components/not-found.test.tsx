import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { NotFound } from "./not-found";

afterEach(cleanup);

describe("NotFound", () => {
  it("says the page is not found and links home", () => {
    const router = createMemoryRouter([{ path: "*", element: <NotFound /> }], { initialEntries: ["/nowhere"] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  });
});
