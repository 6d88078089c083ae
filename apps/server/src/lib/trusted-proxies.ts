import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function normalize(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    const parsed = ipaddr.parse(address.trim());
    return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  } catch {
    return undefined;
  }
}

/** One TRUSTED_PROXIES entry (an address or a CIDR range), or undefined when it is neither. */
export function parseProxyEntry(entry: string): Range | undefined {
  if (entry.includes("/")) {
    try {
      return ipaddr.parseCIDR(entry.trim());
    } catch {
      return undefined;
    }
  }
  const ip = normalize(entry);
  return ip ? [ip, ip.kind() === "ipv4" ? 32 : 128] : undefined;
}

/** The proxies named in TRUSTED_PROXIES (addresses or CIDR ranges). */
export class TrustedProxies {
  private readonly ranges: Range[];

  constructor(entries: string[]) {
    this.ranges = entries.map((entry) => {
      const range = parseProxyEntry(entry);
      if (!range) throw new Error(`TRUSTED_PROXIES: '${entry}' is not an address or CIDR range`);
      return range;
    });
  }

  isTrusted(address: string): boolean {
    const ip = normalize(address);
    if (!ip) return false;
    return this.ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  }

  /**
   * The client's address: the socket's, unless the socket is a trusted proxy; then the
   * right-most X-Forwarded-For entry that is not itself a trusted proxy.
   */
  clientAddress(socketAddress: string, forwardedFor: string | undefined): string {
    const socket = normalize(socketAddress)?.toString() ?? socketAddress;
    if (!forwardedFor || !this.isTrusted(socket)) return socket;
    const hops = forwardedFor.split(",").map((s) => s.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = normalize(hops[i]!);
      if (!hop) return socket;
      if (!this.isTrusted(hop.toString())) return hop.toString();
    }
    return socket;
  }
}
