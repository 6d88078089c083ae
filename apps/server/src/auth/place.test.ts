import { describe, expect, it } from "vitest";
import { describePlace, displayAddress } from "./place";

describe("describePlace", () => {
  it("names the country a public address is in, from the local database", () => {
    expect(describePlace("8.8.8.8")).toBe("United States");
    expect(describePlace("90.0.0.1")).toBe("France");
    expect(describePlace("2003::1")).toBe("Germany");
    // An IPv4 address as a dual-stack socket reports it.
    expect(describePlace("::ffff:90.0.0.1")).toBe("France");
  });

  it("says this computer and local network in words, never as a code", () => {
    expect(describePlace("127.0.0.1")).toBe("This computer");
    expect(describePlace("::1")).toBe("This computer");
    expect(describePlace("::ffff:192.168.1.4")).toBe("Local network");
    expect(describePlace("10.0.0.8")).toBe("Local network");
    expect(describePlace("fd12:3456::1")).toBe("Local network");
    expect(describePlace("100.64.0.1")).toBe("Local network");
    // The auth library stores an IPv6 address to its /64 network: ::1 arrives as eight groups of zeros.
    expect(describePlace("0000:0000:0000:0000:0000:0000:0000:0000")).toBe("This computer");
  });

  it("writes an address short, and none for this computer's masked one", () => {
    expect(displayAddress("2003:00e1:ff00:0000:0000:0000:0000:0000")).toBe("2003:e1:ff00::");
    expect(displayAddress("0000:0000:0000:0000:0000:0000:0000:0000")).toBeNull();
    expect(displayAddress("::ffff:90.0.0.1")).toBe("90.0.0.1");
    expect(displayAddress("90.0.0.1")).toBe("90.0.0.1");
    expect(displayAddress("")).toBeNull();
    expect(displayAddress(null)).toBeNull();
  });

  it("reads Unknown place for what no database can place", () => {
    // Documentation and reserved ranges, malformed or missing addresses.
    expect(describePlace("203.0.113.9")).toBe("Unknown place");
    expect(describePlace("2001:db8::1")).toBe("Unknown place");
    expect(describePlace("0.0.0.0")).toBe("Unknown place");
    expect(describePlace("not an address")).toBe("Unknown place");
    expect(describePlace(`${"1".repeat(10_000)}`)).toBe("Unknown place");
    expect(describePlace("")).toBe("Unknown place");
    expect(describePlace(null)).toBe("Unknown place");
  });
});
