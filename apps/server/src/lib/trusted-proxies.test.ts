import { describe, expect, it } from "vitest";
import { TrustedProxies } from "./trusted-proxies";

describe("the client's address", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const none = new TrustedProxies([]);
    expect(none.clientAddress("198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(none.clientAddress("::ffff:198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
  });

  it("is the socket's when the socket is not one of the trusted proxies", () => {
    const proxies = new TrustedProxies(["10.0.0.0/8"]);
    expect(proxies.clientAddress("198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
  });

  it("is the right-most forwarded address that is not a trusted proxy, when the socket is one", () => {
    const proxies = new TrustedProxies(["10.0.0.0/8", "2001:db8::1"]);
    // The client wrote "1.2.3.4" itself; our proxies appended what they saw.
    expect(proxies.clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.5")).toBe("203.0.113.9");
    expect(proxies.clientAddress("2001:db8::1", "2001:db8::42")).toBe("2001:db8::42");
    expect(proxies.clientAddress("::ffff:10.0.0.2", "203.0.113.9")).toBe("203.0.113.9");
  });

  it("falls back to the socket when the forwarded chain is junk or only proxies", () => {
    const proxies = new TrustedProxies(["10.0.0.0/8"]);
    expect(proxies.clientAddress("10.0.0.2", "not-an-ip")).toBe("10.0.0.2");
    expect(proxies.clientAddress("10.0.0.2", "10.0.0.3, 10.0.0.4")).toBe("10.0.0.2");
    expect(proxies.clientAddress("10.0.0.2", undefined)).toBe("10.0.0.2");
  });

  it("refuses an entry that is neither an address nor a range", () => {
    expect(() => new TrustedProxies(["proxy.internal"])).toThrow(/TRUSTED_PROXIES/);
  });
});
