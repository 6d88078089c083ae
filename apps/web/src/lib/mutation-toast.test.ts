import { beforeEach, describe, expect, it, vi } from "vitest";

const error = vi.fn();
vi.mock("sonner", () => ({ toast: { error: (...args: unknown[]) => error(...args) } }));

const { ApiError } = await import("./api-client");
const { onMutationError, toastMutationError } = await import("./mutation-toast");

describe("toastMutationError", () => {
  beforeEach(() => error.mockReset());

  it("shows the server's sentence, never its code", () => {
    toastMutationError(new ApiError(409, "CONFLICT", "That name is already on your profile."));
    expect(error).toHaveBeenCalledWith("That name is already on your profile.");
  });

  it("puts the server's sentence under a title", () => {
    onMutationError("Could not save your alerts")(new ApiError(400, "VALIDATION", "Pick at least one channel."));
    expect(error).toHaveBeenCalledWith("Could not save your alerts", { description: "Pick at least one channel." });
  });

  it("says to try again for a failure that is not an answer", () => {
    toastMutationError(new TypeError("x is undefined"), "Could not open billing");
    expect(error).toHaveBeenCalledWith("Could not open billing", { description: "Please try again." });
  });
});
