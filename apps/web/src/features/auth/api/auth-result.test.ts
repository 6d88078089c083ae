import { messages } from "@leakwarden/contracts/validation-messages";
import { describe, expect, it } from "vitest";
import { toAuthResult } from "./auth-result";

describe("an auth server answer read for the screen", () => {
  it("shows a refusal's sentence with its fields, an outage's sentence, and the generic error for anything else", () => {
    const wrong = "That password is not right.";
    expect(toAuthResult({ data: null, error: { status: 400, message: wrong, code: "VALIDATION_ERROR", error: { fields: { currentPassword: wrong } } } })).toEqual({
      ok: false,
      message: wrong,
      status: 400,
      code: "VALIDATION_ERROR",
      fields: { currentPassword: wrong },
    });
    const away = "Leakwarden is unavailable at the moment. Please try again in a few minutes.";
    expect(toAuthResult({ data: null, error: { status: 503, message: away } })).toMatchObject({ ok: false, message: away, status: 503 });
    expect(toAuthResult({ data: null, error: { status: 500, message: "Failed to get session" } })).toMatchObject({ ok: false, message: messages.unexpectedError });
  });
});
