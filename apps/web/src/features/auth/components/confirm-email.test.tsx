import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

const { resend, session, toastSuccess } = vi.hoisted(() => ({
  resend: vi.fn<(email: string) => Promise<{ ok: true; data: unknown } | { ok: false; message: string }>>(),
  session: { status: "signed-out" } as Record<string, unknown>,
  toastSuccess: vi.fn(),
}));
vi.mock("../api/resend-confirmation", () => ({ resendConfirmation: (email: string) => resend(email) }));
vi.mock("../../../lib/session", () => ({ useSession: () => session }));
vi.mock("../../../lib/analytics", () => ({ usePageView: () => undefined }));
vi.mock("sonner", () => ({ toast: { success: (...a: unknown[]) => toastSuccess(...a), error: vi.fn() } }));

const { ConfirmEmail } = await import("./confirm-email");

afterEach(() => {
  cleanup();
  resend.mockReset();
  toastSuccess.mockReset();
});

describe("ConfirmEmail", () => {
  it("sends the typed address, trimmed, when this device does not know it", async () => {
    resend.mockResolvedValue({ ok: true, data: {} });
    render(<RouterProvider router={createMemoryRouter([{ path: "*", element: <ConfirmEmail /> }], { initialEntries: ["/confirm"] })} />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText("The email you signed up with"), { target: { value: "  ava@example.com " } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resend the mail" }));
    });
    await waitFor(() => expect(resend).toHaveBeenCalledWith("ava@example.com"));
    expect(toastSuccess).toHaveBeenCalledWith("We sent a new confirmation mail to ava@example.com.");
  });
});
