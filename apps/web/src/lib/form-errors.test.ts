import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { applyServerFieldErrors } from "./form-errors";

type Values = { email: string; message: string };

describe("applyServerFieldErrors", () => {
  it("puts each of the server's sentences under its field, and only the form's own fields", () => {
    const setError = vi.fn();
    const error = new ApiError(400, "VALIDATION", "Check the form.", { email: "Enter a valid email address.", formToken: "The form expired." });
    expect(applyServerFieldErrors<Values>(error, setError, ["email", "message"])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith("email", { message: "Enter a valid email address." });
  });

  it("places nothing for an error without fields or that is not an answer", () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors<Values>(new ApiError(429, "RATE_LIMITED", "Slow down."), setError, ["email"])).toBe(false);
    expect(applyServerFieldErrors<Values>(new TypeError("boom"), setError, ["email"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
