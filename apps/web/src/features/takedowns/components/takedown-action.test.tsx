import type { LeakView } from "@leakwarden/contracts/scans";
import type { AuthorizationView, TakedownView } from "@leakwarden/contracts/takedowns";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TakedownAction } from "./takedown-action";
import { queryKeys } from "../../../lib/query-keys";

const ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"];

const takedown = (leakId: string, status: TakedownView["status"]): TakedownView => ({
  id: `9${leakId.slice(1)}`,
  leakId,
  url: `https://leaks.example/${leakId}`,
  domain: "leaks.example",
  status,
  recipient: null,
  webForm: null,
  pendingConfirmation: null,
  formStep: null,
  reason: null,
  createdAt: "2025-07-01T10:00:00.000Z",
  firstSentAt: null,
  lastSentAt: null,
  removedAt: null,
  nextCheckAt: null,
  lastCheckAt: null,
  basis: "dmca",
  removalDeadline: null,
  counterNotice: null,
});

let authorization: AuthorizationView;
const unsigned: AuthorizationView = {
  statement: "I, [your full legal name], state that I own the copyright …",
  statementVersion: "2025-01",
  ownershipVerified: true,
  verifiedStageNames: [{ id: "44444444-4444-4444-8444-444444444444", platform: "OnlyFans", username: "luna_rivers", profileUrl: "https://onlyfans.com/luna_rivers" }],
  takedownsIncluded: true,
  authorization: null,
};

let calls: { method: string; url: string }[] = [];
let posted: unknown[] = [];

beforeEach(() => {
  calls = [];
  posted = [];
  authorization = unsigned;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      calls.push({ method: init?.method ?? "GET", url: url.pathname + url.search });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      if (url.pathname === "/v1/takedowns/latest") return json({ items: [takedown(ids[1]!, "sent"), takedown(ids[2]!, "needs_manual_action")] });
      if (url.pathname === "/v1/takedowns/authorization") return json(authorization);
      if (url.pathname === "/v1/takedowns/attestation") {
        return json({ version: "2026-05", intimate: "I am the person shown in this intimate image.", forgery: "This image is a forgery of me.", deadlineHours: 48 });
      }
      if (init?.method === "POST" && typeof init.body === "string") posted.push(JSON.parse(init.body));
      if (url.pathname.startsWith("/v1/leaks/") && url.pathname.endsWith("/confirm")) return json({ id: url.pathname.split("/")[3], status: "confirmed" });
      if ((url.pathname === "/v1/takedowns" || url.pathname === "/v1/takedowns/preview") && init?.method === "POST") {
        const error = { code: "QUOTA_EXCEEDED", message: "Your plan shows results only: takedowns come with a paid plan." };
        return new Response(JSON.stringify({ error }), { status: 403, headers: { "content-type": "application/json" } });
      }
      return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "no" } }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRows(rows: Pick<LeakView, "id" | "number" | "status" | "confidence" | "forgeryMarkedAt">[]) {
  const leaks = rows.map((l) => ({ ...l, url: `https://leaks.example/${l.id}` }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = (
    <QueryClientProvider client={client}>
      {leaks.map((leak) => (
        <TakedownAction key={leak.id} leak={leak} ownershipVerified onProveOwnership={() => {}} takedownsHref="/dashboard/takedowns" upgradeHref="/dashboard/upgrade" />
      ))}
    </QueryClientProvider>
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/dashboard/leaks"] });
  render(<RouterProvider router={router} />);
  return client;
}

/** The authorization is loaded (the row reads it before any request). */
const authorizationLoaded = (client: QueryClient) => waitFor(() => expect(client.getQueryData(queryKeys.takedowns.authorization)).toBeDefined());

describe("TakedownAction", () => {
  it("asks one request for a whole page of rows and shows each leak's takedown status", async () => {
    renderRows(ids.map((id, i) => ({ id, number: i + 1, status: "new", confidence: "high" })));
    expect(await screen.findByRole("link", { name: "Takedown of finding #2: Notice sent" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Takedown of finding #3: Needs your action" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Takedown finding #1" })).toBeTruthy();
    const latest = calls.filter((c) => c.url.startsWith("/v1/takedowns/latest"));
    expect(latest).toEqual([{ method: "GET", url: `/v1/takedowns/latest?leakIds=${ids.join(",")}` }]);
  });

  it("explains that an uncertain finding needs her confirmation, and asks nothing of the server", async () => {
    await authorizationLoaded(renderRows([{ id: ids[0]!, number: 7, status: "new", confidence: "medium" }]));
    fireEvent.click(screen.getByRole("button", { name: "Takedown finding #7" }));
    expect(await screen.findByText("Confirm this finding first")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("asks for the authorization before the first takedown instead of sending a request that would be refused", async () => {
    await authorizationLoaded(renderRows([{ id: ids[0]!, number: 1, status: "confirmed", confidence: "medium" }]));
    fireEvent.click(screen.getByRole("button", { name: "Takedown finding #1" }));
    expect(await screen.findByText("Authorize us to act for you")).toBeTruthy();
    expect(screen.getByRole("radio", { name: /luna_rivers/ })).toHaveProperty("checked", true);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("does not ask a creator whose plan has no takedowns to sign: after she confirms a New finding, the server's answer says what her plan lacks", async () => {
    authorization = { ...unsigned, takedownsIncluded: false };
    await authorizationLoaded(renderRows([{ id: ids[0]!, number: 1, status: "new", confidence: "high" }]));
    fireEvent.click(screen.getByRole("button", { name: "Takedown finding #1" }));
    expect(await screen.findByText("Confirm these findings first")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Yes, it is my content" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")).toEqual([
        { method: "POST", url: `/v1/leaks/${ids[0]}/confirm` },
        { method: "POST", url: "/v1/takedowns/preview" },
      ]),
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Your plan shows results only");
    expect(screen.getByRole("link", { name: "See plans" })).toBeTruthy();
    expect(screen.queryByText("Authorize us to act for you")).toBeNull();
  });

  it("sends a TAKE IT DOWN request only once she confirms the statement; a forgery offers only the Act", async () => {
    authorization = { ...unsigned, takedownsIncluded: false };
    await authorizationLoaded(renderRows([{ id: ids[0]!, number: 4, status: "confirmed", confidence: "high" }]));
    fireEvent.click(screen.getByRole("button", { name: "TAKE IT DOWN request for finding #4" }));
    expect(await screen.findByText("I am the person shown in this intimate image.")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "A TAKE IT DOWN request and a DMCA notice" })).toHaveProperty("checked", true);

    fireEvent.click(screen.getByRole("checkbox", { name: /forgery or AI image of me/ }));
    // Her answer is kept on the leak.
    await waitFor(() => expect(calls).toContainEqual({ method: "PUT", url: `/v1/leaks/${ids[0]}/forgery` }));
    expect(screen.getByTestId("attestation-text").textContent).toBe("This image is a forgery of me.");
    expect(screen.getByRole("radio", { name: "Only a TAKE IT DOWN request" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Confirm the statement");
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole("checkbox", { name: "This image is a forgery of me." }));
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    // The request as it will go is previewed with the basis she chose; nothing is sent before she presses Send.
    await waitFor(() => expect(posted).toEqual([{ basis: "takeitdown", forgery: true, attest: true, leakIds: [ids[0]] }]));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual(["/v1/takedowns/preview"]);
  });

  it("offers only the TAKE IT DOWN request for a leak she marked a forgery, with the mark already given", async () => {
    authorization = { ...unsigned, takedownsIncluded: false };
    await authorizationLoaded(renderRows([{ id: ids[0]!, number: 5, status: "confirmed", confidence: "high", forgeryMarkedAt: "2026-06-01T10:00:00.000Z" }]));
    expect(screen.queryByRole("button", { name: "Takedown finding #5" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "TAKE IT DOWN request for finding #5" }));
    expect(await screen.findByText("This image is a forgery of me.")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /forgery or AI image of me/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "Only a TAKE IT DOWN request" })).toHaveProperty("checked", true);
  });
});
