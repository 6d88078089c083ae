import { messages } from "@leakwarden/contracts/validation-messages";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "./sign-in-form";

// The auth client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

function renderForm() {
  const router = createMemoryRouter([{ path: "*", element: <SignInForm /> }], { initialEntries: ["/signin"] });
  render(<RouterProvider router={router} />);
  return { email: screen.getByLabelText("Email"), password: screen.getByLabelText("Password") };
}

async function type(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

describe("SignInForm", () => {
  it("checks each field on every change, with the spec's messages", async () => {
    const { email, password } = renderForm();
    await type(email, "ava");
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    await type(email, "");
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    await type(email, "ava@example.com");
    await waitFor(() => expect(screen.queryByText(messages.emailRequired)).toBeNull());

    await type(password, "abc");
    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    await type(password, "");
    expect(await screen.findByText(messages.passwordRequired)).toBeTruthy();
    await type(password, "secret1");
    await waitFor(() => expect(screen.queryByText(messages.passwordRequired)).toBeNull());
  });

  it("checks both fields on submit and sends nothing while one fails", async () => {
    renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    });
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the provider's message in the banner when the sign-in is refused", async () => {
    fetchMock.mockImplementation(async () => Response.json({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }, { status: 401 }));
    const { email, password } = renderForm();
    await type(email, "ava@example.com");
    await type(password, "wrong-pass");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid email or password");
  });

  it("shows the generic message when the failure is not the provider's answer", async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { email, password } = renderForm();
    await type(email, "ava@example.com");
    await type(password, "secret1");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    });
    expect((await screen.findByRole("alert")).textContent).toContain(messages.unexpectedError);
  });

  it("shows and hides the password", async () => {
    const { password } = renderForm();
    expect(password.getAttribute("type")).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.getAttribute("type")).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.getAttribute("type")).toBe("password");
  });
});
