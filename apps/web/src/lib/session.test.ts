import { afterEach, describe, expect, it, vi } from "vitest";
import { api, describeError } from "./api-client";
import { refreshSession, SERVICE_UNAVAILABLE, SERVICE_UNREACHABLE } from "./session";

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", mock);
  return mock;
});

afterEach(() => {
  fetchMock.mockReset();
});

const outage = () =>
  Response.json({ error: { code: "UNAVAILABLE", message: "Leakwarden is unavailable at the moment. You are still signed in: please try again in a few minutes." } }, { status: 503 });

describe("the session during an outage", () => {
  it("says the server cannot be reached when the network fails, and is signed out only when the server says so", async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await refreshSession()).toEqual({ status: "unavailable", message: SERVICE_UNREACHABLE });
    fetchMock.mockImplementation(async () => Response.json({ message: "Internal Server Error" }, { status: 500 }));
    expect(await refreshSession()).toEqual({ status: "unavailable", message: SERVICE_UNAVAILABLE });
    fetchMock.mockImplementation(async () => Response.json(null));
    expect(await refreshSession()).toEqual({ status: "signed-out" });
  });

  it("shows the server's sentence for a 503 from the API", async () => {
    fetchMock.mockImplementation(async () => outage());
    const error = await api("/v1/root/get-user").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: "UNAVAILABLE" });
    expect(describeError(error)).toBe("Leakwarden is unavailable at the moment. You are still signed in: please try again in a few minutes.");
  });
});
