import type { Identities } from "@leakwarden/contracts/identities";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NicknamesEditor } from "./nicknames-editor";
import { queryKeys } from "../../../lib/query-keys";

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

const identities: Identities = {
  stageNames: [],
  nicknames: [{ id: "n1", value: "Moonie" }],
  allowlist: [],
  specific: "",
  verificationCode: "LW-TEST",
  snippet: "",
  limits: { stageNames: 3, nicknames: 5, allowlist: 3 },
  onboardingComplete: true,
};

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.identities, identities);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NicknamesEditor />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function add(value: string) {
  await act(async () => {
    fireEvent.change(screen.getByRole("textbox", { name: "Nickname" }), { target: { value } });
  });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
  });
}

describe("adding a nickname she has already", () => {
  it("says so by the field and keeps what she typed", async () => {
    renderEditor();
    await add(" moonie ");
    expect((await screen.findByRole("alert")).textContent).toBe("You have already added the nickname Moonie.");
    expect((screen.getByRole("textbox", { name: "Nickname" }) as HTMLInputElement).value).toBe(" moonie ");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal when the list on screen was behind", async () => {
    const message = "You have already added the nickname Lulu.";
    fetchMock.mockImplementation(async () => Response.json({ error: { code: "CONFLICT", message, fields: { value: message } } }, { status: 409 }));
    renderEditor();
    await add("Lulu");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });
});
