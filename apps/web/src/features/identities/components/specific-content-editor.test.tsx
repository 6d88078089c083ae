import type { Identities } from "@leakwarden/contracts/identities";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SpecificContentEditor } from "./specific-content-editor";
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
  nicknames: [],
  allowlist: [],
  specific: "Beach set June",
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
      <SpecificContentEditor />
    </QueryClientProvider>,
  );
  return client;
}

const field = () => screen.getByRole("textbox", { name: "Content to find" }) as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

async function type(value: string) {
  await act(async () => {
    fireEvent.change(field(), { target: { value } });
  });
}

describe("the content to find, on the identity page", () => {
  it("shows what she named in onboarding, with Save off until she changes it", () => {
    renderEditor();
    expect(field().value).toBe("Beach set June");
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText("Scans look for it first, then for the rest of your content.")).toBeTruthy();
  });

  it("saves a new text on the server and shows what the server kept", async () => {
    fetchMock.mockImplementation(async () => Response.json({ ...identities, specific: "Gym series" }));
    const client = renderEditor();
    await type("  Gym series ");
    expect(saveButton().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(saveButton());
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("/v1/identities/specific");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ specific: "Gym series" });
    expect(client.getQueryData<Identities>(queryKeys.identities)?.specific).toBe("Gym series");
  });

  it("puts the server's refusal under the field, in its words", async () => {
    const message = "At most 500 characters.";
    fetchMock.mockImplementation(async () => Response.json({ error: { code: "VALIDATION", message, fields: { specific: message } } }, { status: 400 }));
    renderEditor();
    await type("Another set");
    await act(async () => {
      fireEvent.click(saveButton());
    });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });
});
