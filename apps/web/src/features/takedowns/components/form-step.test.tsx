import type { FormStep } from "@leakwarden/contracts/takedowns";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FormStepCard } from "./form-step";

const ID = "99999999-9999-4999-8999-999999999999";
const waiting: FormStep = {
  party: "cloudflare",
  via: "creator",
  status: "waiting",
  formUrl: "https://abuse.cloudflare.com/",
  fields: {
    act: "abuse_dmca",
    name: "Leakwarden Copyright Agent",
    email: "dmca@leakwarden.test",
    email2: "dmca@leakwarden.test",
    address1: "1 Agent Street",
    agent_name: "luna_rivers",
    urls: "http://cdn.example/a\nhttp://cdn.example/b",
    original_work: "Original photographs and videos created and published by luna_rivers",
    signature: "Leakwarden Copyright Agent",
    agree: "1",
  },
  reason: "Cloudflare takes DMCA reports on its form, not by email.",
  answer: null,
  submittedAt: null,
};

let posts: string[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      if (init?.method === "POST") posts.push(url.pathname);
      return new Response(JSON.stringify({ id: ID }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = (step: FormStep) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FormStepCard takedownId={ID} step={step} />
    </QueryClientProvider>,
  );

describe("FormStepCard", () => {
  it("gives her the form's address and every field ready to copy, and records 'Done'", async () => {
    renderCard(waiting);
    expect(screen.getByRole("link", { name: "Open Cloudflare's form" }).getAttribute("href")).toBe("https://abuse.cloudflare.com/");
    expect((screen.getByLabelText("Infringing URLs (one a line)") as HTMLTextAreaElement).value).toBe("http://cdn.example/a\nhttp://cdn.example/b");
    expect((screen.getByLabelText("Name of the copyright holder") as HTMLTextAreaElement).value).toBe("luna_rivers");
    expect((screen.getByLabelText("Confirm email") as HTMLTextAreaElement).value).toBe("dmca@leakwarden.test");
    expect(screen.getByRole("button", { name: "Copy signature" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done: I submitted it to Cloudflare" }));
    await waitFor(() => expect(posts).toEqual([`/v1/takedowns/${ID}/form-done`]));
  });

  it("shows when she submitted it, with no button left", () => {
    renderCard({ ...waiting, status: "done", submittedAt: "2026-05-20T10:00:00.000Z" });
    expect(screen.getByTestId("form-step-done").textContent).toContain("You told us you submitted it on");
    expect(screen.queryByRole("button", { name: /Done/ })).toBeNull();
  });

  it("shows the API's answer for a report sent through it", () => {
    renderCard({ ...waiting, via: "api", status: "submitted", answer: "HTTP 200: success", submittedAt: "2026-05-20T10:00:00.000Z" });
    expect(screen.getByTestId("form-step").textContent).toContain("Answer: HTTP 200: success");
  });

  it("names a file host by its name, with its page and every field ready", async () => {
    renderCard({ ...waiting, party: "file-host", partyName: "Gofile", formUrl: "https://gofile.io/contact", reason: "Gofile takes abuse and copyright reports on its contact form." });
    expect(screen.getByRole("link", { name: "Open Gofile's form" }).getAttribute("href")).toBe("https://gofile.io/contact");
    expect(screen.getByText("Gofile takes abuse and copyright reports on its contact form.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done: I submitted it to Gofile" }));
    await waitFor(() => expect(posts).toEqual([`/v1/takedowns/${ID}/form-done`]));
  });
});
