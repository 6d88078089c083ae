import { messages } from "@leakwarden/contracts/validation-messages";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AGE_CONFIRMATION_MESSAGE, SignUpForm } from "./sign-up-form";

// The auth client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  localStorage.clear();
});

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: "/signup", element: <SignUpForm /> },
      { path: "/confirm", element: <p>confirm page</p> },
    ],
    { initialEntries: ["/signup"] },
  );
  render(<RouterProvider router={router} />);
  return { email: screen.getByLabelText("Email"), password: screen.getByLabelText("Password"), age: screen.getByRole("checkbox") };
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
  });
}

describe("SignUpForm", () => {
  it("refuses to send until the address, the password and the 18+ confirmation are all valid", async () => {
    const { email, password } = renderForm();
    await submit();
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    expect(screen.getByText(AGE_CONFIRMATION_MESSAGE)).toBeTruthy();

    await act(async () => {
      fireEvent.change(email, { target: { value: "ava@example" } });
      fireEvent.change(password, { target: { value: "12345" } });
    });
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordTooShort)).toBeTruthy();
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the address, password, an empty name and the 18+ confirmation, then shows the confirm page", async () => {
    fetchMock.mockImplementation(async () => Response.json({ token: null, user: { id: "u1", email: "ava@example.com" } }));
    const { email, password, age } = renderForm();
    await act(async () => {
      fireEvent.change(email, { target: { value: "ava@example.com" } });
      fireEvent.change(password, { target: { value: "secret1" } });
      fireEvent.click(age);
    });
    await submit();
    expect(await screen.findByText("confirm page")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/sign-up\/email$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "ava@example.com",
      password: "secret1",
      name: "",
      ageConfirmed: true,
      callbackURL: "/auth/confirmed",
    });
  });
});
