import { describe, expect, it } from "vitest";
import { describeSendFailure, minuteOf } from "./takedown-shared";

describe("describeSendFailure", () => {
  it("says the mail server could not be reached, never the socket's code", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });
    expect(describeSendFailure(refused)).toBe("our mail server could not be reached");
    expect(describeSendFailure(Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }))).toBe("our mail server could not be reached");
    expect(describeSendFailure(new Error("getaddrinfo ENOTFOUND smtp.example"))).toBe("our mail server could not be reached");
  });

  it("quotes the server's reply to a refusal, on one line and bounded", () => {
    const error = Object.assign(new Error("Message failed: 550 5.1.1 <abuse@host.example>: Recipient address rejected"), {
      code: "EENVELOPE",
      responseCode: 550,
      response: "550 5.1.1 <abuse@host.example>:\r\n Recipient address rejected",
    });
    expect(describeSendFailure(error)).toBe("the mail server refused it (it answered “550 5.1.1 <abuse@host.example>: Recipient address rejected”)");
    const long = describeSendFailure({ responseCode: 552, response: `552 ${"x".repeat(500)}` });
    expect(long.length).toBeLessThan(220);
    expect(describeSendFailure({ responseCode: 451, response: "451 try later" })).toBe("the mail server asked us to try again later (it answered “451 try later”)");
  });

  it("names a refused sign-in, and has a sentence for anything else", () => {
    expect(describeSendFailure(Object.assign(new Error("Invalid login: 535"), { code: "EAUTH" }))).toBe("our mail server did not accept our sign-in");
    expect(describeSendFailure("boom")).toBe("the mail server did not accept it");
    expect(describeSendFailure(null)).toBe("the mail server did not accept it");
  });
});

describe("minuteOf", () => {
  it("writes a moment as notices do, in UTC with the zone named", () => {
    expect(minuteOf(new Date("2026-11-24T21:05:09Z"))).toBe("24 November 2026, 21:05 UTC");
  });
});
