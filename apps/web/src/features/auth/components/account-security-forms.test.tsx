import { accountSecurityMessages } from "@leakwarden/contracts/account-security";
import { messages } from "@leakwarden/contracts/validation-messages";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "./sign-in-form";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import { ForgotPasswordForm } from "./forgot-password-form";
import { ResetPasswordForm } from "./reset-password-form";

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

function renderAt(element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/"] });
  render(<RouterProvider router={router} />);
}

async function type(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

/** The calls made to the auth server: path and JSON body. */
function calls() {
  return fetchMock.mock.calls.map(([input, init]) => ({ path: new URL(String(input instanceof Request ? input.url : input), "http://localhost").pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
}

describe("ForgotPasswordForm", () => {
  it("checks the address, and answers the same whatever the server knows", async () => {
    fetchMock.mockImplementation(async () => Response.json({ status: true, message: "If this email exists in our system, check your email for the reset link" }));
    renderAt(<ForgotPasswordForm />);
    await click("Email me a link");
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await type(screen.getByLabelText("Email"), "ava@example");
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    await type(screen.getByLabelText("Email"), "ava@example.com");
    await click("Email me a link");
    expect((await screen.findByRole("status")).textContent).toBe(accountSecurityMessages.resetSent);
    expect(calls()).toEqual([{ path: "/api/auth/request-password-reset", body: { email: "ava@example.com" } }]);
  });
});

describe("ResetPasswordForm", () => {
  it("asks for the same password twice before sending it with the link's token", async () => {
    fetchMock.mockImplementation(async () => Response.json({ status: true }));
    renderAt(<ResetPasswordForm token="tok123" />);
    await type(screen.getByLabelText("New password"), "abc");
    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    await type(screen.getByLabelText("New password"), "new-secret");
    await type(screen.getByLabelText("Repeat the new password"), "new-secreT");
    expect(await screen.findByText(accountSecurityMessages.passwordsDiffer)).toBeTruthy();
    await click("Set new password");
    expect(fetchMock).not.toHaveBeenCalled();
    await type(screen.getByLabelText("Repeat the new password"), "new-secret");
    await waitFor(() => expect(screen.queryByText(accountSecurityMessages.passwordsDiffer)).toBeNull());
    await click("Set new password");
    expect((await screen.findByRole("status")).textContent).toContain(accountSecurityMessages.passwordReset);
    expect(calls()).toEqual([{ path: "/api/auth/reset-password", body: { token: "tok123", newPassword: "new-secret" } }]);
  });

  it("says when the link has expired or was used, with a way to ask for another", async () => {
    fetchMock.mockImplementation(async () => Response.json({ code: "INVALID_TOKEN", message: "Invalid token" }, { status: 400 }));
    renderAt(<ResetPasswordForm token="used" />);
    await type(screen.getByLabelText("New password"), "new-secret");
    await type(screen.getByLabelText("Repeat the new password"), "new-secret");
    await click("Set new password");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(accountSecurityMessages.resetInvalidLink);
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
  });
});

describe("SignInForm with two-factor sign-in", () => {
  it("links to password recovery, and asks for the app's code after the password when two-factor is on", async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = String(input instanceof Request ? input.url : input);
      if (path.includes("/sign-in/email")) return Response.json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
      if (path.includes("/two-factor/verify-totp")) return Response.json({ code: "INVALID_CODE", message: "Invalid code" }, { status: 401 });
      return Response.json(null);
    });
    renderAt(<SignInForm />);
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/forgot-password");
    await type(screen.getByLabelText("Email"), "ava@example.com");
    await type(screen.getByLabelText("Password"), "secret1");
    await click("Sign In");
    const code = await screen.findByLabelText("Authentication code");
    await type(code, "12a");
    await click("Verify");
    expect(await screen.findByText(accountSecurityMessages.codeInvalid)).toBeTruthy();
    await type(code, "123456");
    await click("Verify");
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid code");
    expect(calls().at(-1)).toEqual({ path: "/api/auth/two-factor/verify-totp", body: { code: "123456" } });

    // A backup code instead.
    await click("Use a backup code instead");
    await type(screen.getByLabelText("Backup code"), "ABCDE-12345");
    await click("Verify");
    await waitFor(() => expect(calls().at(-1)).toEqual({ path: "/api/auth/two-factor/verify-backup-code", body: { code: "ABCDE-12345" } }));
  });
});

describe("ChangePasswordForm", () => {
  it("needs the current password, signs the other sessions out, and shows a refusal", async () => {
    fetchMock.mockImplementationOnce(async () => Response.json({ code: "INVALID_PASSWORD", message: "Invalid password" }, { status: 400 }));
    fetchMock.mockImplementationOnce(async () => Response.json({ token: "t", user: { id: "u" } }));
    const onChanged = vi.fn();
    renderAt(<ChangePasswordForm onChanged={onChanged} />);
    await type(screen.getByLabelText("New password"), "second-pass");
    await click("Change password");
    expect(await screen.findByText(accountSecurityMessages.currentPasswordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await type(screen.getByLabelText("Current password"), "wrong-pass");
    await click("Change password");
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid password");
    expect(onChanged).not.toHaveBeenCalled();
    await type(screen.getByLabelText("Current password"), "first-pass");
    await type(screen.getByLabelText("New password"), "second-pass");
    await click("Change password");
    expect((await screen.findByRole("status")).textContent).toContain("Every other device was signed out");
    expect(onChanged).toHaveBeenCalledOnce();
    expect(calls().at(-1)).toEqual({ path: "/api/auth/change-password", body: { currentPassword: "first-pass", newPassword: "second-pass", revokeOtherSessions: true } });
  });
});

describe("ChangeEmailForm", () => {
  it("checks the new address, asks for her current password, and says the change waits for its confirmation", async () => {
    fetchMock.mockImplementation(async () => Response.json({ status: true }));
    renderAt(<ChangeEmailForm currentEmail="ava@example.com" />);
    await type(screen.getByLabelText("New email"), "ava@");
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    await type(screen.getByLabelText("New email"), "AVA@example.com");
    await click("Change email");
    expect((await screen.findByRole("alert")).textContent).toContain("already your email");
    expect(fetchMock).not.toHaveBeenCalled();
    await type(screen.getByLabelText("New email"), "ava.new@example.com");
    // Without her password nothing is sent.
    await click("Change email");
    expect(await screen.findByText(accountSecurityMessages.emailChangePasswordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByLabelText("Authenticator or backup code")).toBeNull();
    await type(screen.getByLabelText("Current password"), "her-password");
    await click("Change email");
    expect((await screen.findByRole("status")).textContent).toContain("We sent a confirmation link to ava.new@example.com");
    expect(calls()).toEqual([{ path: "/api/auth/change-email", body: { newEmail: "ava.new@example.com", callbackURL: "/settings?email=changed", currentPassword: "her-password" } }]);
  });

  it("asks for the authenticator or backup code when two-factor sign-in is on, and shows the server's refusal at its field", async () => {
    const refused = "That code is not right. Enter the current code from your authenticator app, or one of your backup codes.";
    fetchMock.mockImplementation(async () =>
      Response.json({ error: { code: "VALIDATION", message: refused, fields: { code: refused } }, code: "VALIDATION_ERROR", message: refused }, { status: 400 }),
    );
    renderAt(<ChangeEmailForm currentEmail="ava@example.com" twoFactor />);
    await type(screen.getByLabelText("New email"), "ava.new@example.com");
    await type(screen.getByLabelText("Current password"), "her-password");
    await click("Change email");
    expect(await screen.findByText(accountSecurityMessages.codeOrBackupRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await type(screen.getByLabelText("Authenticator or backup code"), " 123456 ");
    await click("Change email");
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.getByLabelText("Authenticator or backup code").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("status")).toBeNull();
    expect(calls()).toEqual([
      { path: "/api/auth/change-email", body: { newEmail: "ava.new@example.com", callbackURL: "/settings?email=changed", currentPassword: "her-password", code: "123456" } },
    ]);
  });

  it("asks an account without a password for no password, and says when Google must ask her again", async () => {
    const again = "For your safety, sign in again with Google, then change your email within 10 minutes.";
    fetchMock.mockImplementation(async () => Response.json({ error: { code: "FORBIDDEN", message: again }, code: "RECENT_SIGN_IN_REQUIRED", message: again }, { status: 403 }));
    renderAt(<ChangeEmailForm currentEmail="ava@example.com" confirmWith="recent-sign-in" />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
    await type(screen.getByLabelText("New email"), "ava.new@example.com");
    await click("Change email");
    expect((await screen.findByRole("alert")).textContent).toBe(again);
    expect(calls().filter((c) => c.path.startsWith("/api/auth/"))).toEqual([{ path: "/api/auth/change-email", body: { newEmail: "ava.new@example.com", callbackURL: "/settings?email=changed" } }]);
    expect(await screen.findByRole("button", { name: /Sign in again with Google/ })).toBeTruthy();
  });
});
