import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "./api-client";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status })));
}

describe("api", () => {
  it("answers the JSON body on success", async () => {
    answer(200, { ok: 1 });
    expect(await api("/v1/x")).toEqual({ ok: 1 });
  });

  it("turns the error body into an ApiError with its code, message and fields", async () => {
    answer(400, { error: { code: "VALIDATION", message: "Bad input.", fields: { email: "Not a valid email address" } } });
    const error = await api("/v1/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "VALIDATION", message: "Bad input.", fields: { email: "Not a valid email address" } });
  });

  it("reports other failures with their status and a sentence for a person, never 'Response status: {status}'", async () => {
    answer(502, "<html>bad gateway</html>");
    await expect(api("/v1/x")).rejects.toMatchObject({ status: 502, code: "INTERNAL", message: "The server could not answer just now. Please try again in a moment." });
  });
});
