import { describe, expect, it } from "vitest";
import { platformName, uncheckableSentence } from "./uncheckable";

describe("uncheckableSentence", () => {
  it("shows the platform's own reason as the server wrote it", () => {
    expect(uncheckableSentence({ platform: "LoyalFans", reason: "LoyalFans shows this profile only after a login: cannot be checked automatically." })).toBe(
      "LoyalFans shows this profile only after a login: cannot be checked automatically.",
    );
    expect(uncheckableSentence({ platform: "X", reason: "X sends this profile's address to its home page: nothing of it can be read." })).toBe(
      "X sends this profile’s address to its home page: nothing of it can be read.",
    );
  });

  it("names the platform as a person does, without the catalog's username hint", () => {
    expect(uncheckableSentence({ platform: "Reddit (u/username)", reason: "Reddit (u/username) shows this profile only after a login: cannot be checked automatically." })).toBe(
      "Reddit shows this profile only after a login: cannot be checked automatically.",
    );
    expect(platformName("Reddit (r/subreddit)")).toBe("Reddit");
  });

  it("never shows a bare code or an empty reason: it says what the platform does instead", () => {
    for (const reason of ["", "   ", "login_wall", "HTTP_403"]) {
      expect(uncheckableSentence({ platform: "Fansly", reason })).toBe("Fansly shows nothing of a profile without a login, so it cannot be checked automatically.");
    }
  });

  it("makes a reason that does not name its platform read as a sentence about it", () => {
    expect(uncheckableSentence({ platform: "OnlyFans", reason: "profiles are shown only after a login" })).toBe("OnlyFans: Profiles are shown only after a login.");
  });
});
