import type { AuthorizationView } from "@leakwarden/contracts/takedowns";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { AuthorizationForm } from "./authorization-form";
import { TakeItDownChoice } from "./takeitdown-choice";

const stageId = "44444444-4444-4444-8444-444444444444";
const view: AuthorizationView = {
  statement: "I, [your full legal name], state that I own the copyright …",
  statementVersion: "2025-01",
  ownershipVerified: true,
  verifiedStageNames: [{ id: stageId, platform: "OnlyFans", username: "luna_rivers", profileUrl: "https://onlyfans.com/luna_rivers" }],
  takedownsIncluded: true,
  authorization: null,
};

let puts: unknown[] = [];
let answer: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  puts = [];
  answer = () => json({ ...view, authorization: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname === "/v1/takedowns/authorization" && init?.method === "PUT") {
        puts.push(JSON.parse(String(init.body)));
        return answer();
      }
      if (url.pathname === "/v1/takedowns/attestation") {
        return json({ version: "2026-05", intimate: "I am the person shown in this intimate image.", forgery: "This image is a forgery of me.", deadlineHours: 48 });
      }
      return json({ error: { code: "NOT_FOUND", message: "no" } }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const fill = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe("AuthorizationForm", () => {
  it("checks her name, signature and box with the contract's sentences before anything is sent", async () => {
    renderWithClient(<AuthorizationForm view={view} />);
    fireEvent.click(screen.getByRole("button", { name: "Sign the authorization" }));
    expect(await screen.findByText("Enter your full legal name.")).toBeTruthy();
    expect(screen.getByText("Type your full name as your signature.")).toBeTruthy();
    expect(screen.getByText("Check the box to grant the authorization.")).toBeTruthy();
    expect(screen.getByLabelText(/^Full legal name/).getAttribute("aria-invalid")).toBe("true");
    expect(puts).toEqual([]);
  });

  it("sends what she signed, and shows the server's sentence under the field it is about", async () => {
    answer = () => json({ error: { code: "VALIDATION", message: "Some fields are not valid.", fields: { signature: "Type your full name exactly as above to sign." } } }, 400);
    const signed = vi.fn();
    renderWithClient(<AuthorizationForm view={view} onSigned={signed} />);
    fill(/^Full legal name/, "Luna Maria Rivers");
    expect(screen.getByTestId("authorization-statement").textContent).toContain("I, Luna Maria Rivers, state");
    fill(/^Signature/, "Luna Rivers");
    fireEvent.click(screen.getByRole("checkbox", { name: /sign it/ }));
    fireEvent.click(screen.getByRole("button", { name: "Sign the authorization" }));
    const error = await screen.findByText("Type your full name exactly as above to sign.");
    const signature = screen.getByLabelText(/^Signature/);
    expect(signature.getAttribute("aria-invalid")).toBe("true");
    expect(signature.getAttribute("aria-describedby")).toBe(error.id);
    expect(puts).toEqual([{ fullName: "Luna Maria Rivers", signature: "Luna Rivers", agree: true, ownerName: "stage_name", stageNameId: stageId }]);
    expect(signed).not.toHaveBeenCalled();

    answer = () => json({ ...view, authorization: null });
    fill(/^Signature/, "Luna Maria Rivers");
    fireEvent.click(screen.getByRole("radio", { name: /My legal name/ }));
    fireEvent.click(screen.getByRole("button", { name: "Sign the authorization" }));
    await waitFor(() => expect(signed).toHaveBeenCalledTimes(1));
    expect(puts[1]).toEqual({ fullName: "Luna Maria Rivers", signature: "Luna Maria Rivers", agree: true, ownerName: "legal_name", stageNameId: null });
  });
});

describe("TakeItDownChoice", () => {
  it("sends nothing before she confirms the statement, and shows a refusal of the request under the field it names", async () => {
    const onSend = vi.fn<(input: unknown) => Promise<void>>(async () => {
      throw new ApiError(400, "VALIDATION", "Some fields are not valid.", { attest: "The statement changed: read it again and confirm it." });
    });
    renderWithClient(<TakeItDownChoice onSend={onSend} onCancel={() => {}} pending={false} />);
    expect(await screen.findByText("I am the person shown in this intimate image.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Confirm the statement: nothing is sent under the TAKE IT DOWN Act without it.");
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("checkbox", { name: "I am the person shown in this intimate image." }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The statement changed: read it again and confirm it.");
    expect(onSend).toHaveBeenCalledWith({ basis: "both", forgery: false, attest: true });
  });

  it("offers only the Act's request for a forgery, and gives her earlier choice back when she takes it back", async () => {
    const onSend = vi.fn();
    renderWithClient(<TakeItDownChoice onSend={onSend} onCancel={() => {}} pending={false} />);
    await screen.findByText("I am the person shown in this intimate image.");
    const forgery = screen.getByRole("checkbox", { name: /forgery or AI image of me/ });
    fireEvent.click(forgery);
    expect(screen.getByRole("radio", { name: "Only a TAKE IT DOWN request" })).toHaveProperty("checked", true);
    fireEvent.click(forgery);
    expect(screen.getByRole("radio", { name: "A TAKE IT DOWN request and a DMCA notice" })).toHaveProperty("checked", true);
    fireEvent.click(forgery);
    fireEvent.click(screen.getByRole("checkbox", { name: "This image is a forgery of me." }));
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ basis: "takeitdown", forgery: true, attest: true }));
  });
});
