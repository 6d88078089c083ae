import ipaddr from "ipaddr.js";

/**
 * Which network addresses an outbound fetch may reach.
 *
 * Only globally routable unicast addresses count as public. Everything else
 * (loopback, RFC 1918, link-local, CGNAT, unique-local, multicast,
 * unspecified, reserved, documentation, 6to4/Teredo tunnels…) is "private"
 * and refused unless the operator allows private networks for a local test
 * web. Cloud metadata endpoints are refused always: nothing legitimate lives
 * there and they hand out credentials.
 */

export type AddressClass = "public" | "private" | "loopback" | "metadata" | "invalid";

const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean
  "169.254.170.2", // AWS ECS task metadata
  "169.254.169.253", // AWS VPC DNS
  "169.254.169.123", // AWS time sync
  "100.100.100.200", // Alibaba Cloud
  "168.63.129.16", // Azure wire server (a public-looking address)
  "fd00:ec2::254", // AWS IMDS over IPv6
  "fd00:ec2::23", // AWS VPC DNS over IPv6
]);

const METADATA_HOSTNAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.com",
  "instance-data",
  "instance-data.ec2.internal",
]);

/** Strips IPv6 brackets as found in URL.hostname ("[::1]" → "::1"). */
export function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * Whether a string could be an address in any notation ipaddr.js accepts: IPv4
 * forms use only digits, hex digits, "x" and dots; IPv6 always has a colon.
 * Most hosts are names, and ipaddr.js tells them apart by throwing, which costs
 * a stack trace on every fetch.
 */
function mayBeAddress(s: string): boolean {
  return s.includes(":") || /^[0-9a-fx.]+$/i.test(s);
}

export function isIpLiteral(host: string): boolean {
  const h = unbracket(host);
  return mayBeAddress(h) && ipaddr.isValid(h);
}

export function classifyAddress(address: string): AddressClass {
  const raw = unbracket(address).toLowerCase();
  if (!mayBeAddress(raw) || !ipaddr.isValid(raw)) return "invalid";
  let ip = ipaddr.parse(raw);
  let tunnel = false;
  // An IPv4 address dressed as IPv6 (::ffff:a.b.c.d mapped, ::a.b.c.d compatible,
  // 64:ff9b::/96 NAT64, ::ffff:0:a.b.c.d) is judged as IPv4. A 6to4 address
  // (2002:AABB:CCDD::/48) stays private, and says "metadata" when it wraps one.
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    const range = v6.range();
    const b = v6.toByteArray();
    const compatible = b.slice(0, 12).every((x) => x === 0) && range !== "unspecified" && range !== "loopback";
    if (range === "ipv4Mapped") ip = v6.toIPv4Address();
    else if (range === "rfc6052" || range === "rfc6145" || compatible) ip = new ipaddr.IPv4([b[12]!, b[13]!, b[14]!, b[15]!]);
    else if (range === "6to4") {
      ip = new ipaddr.IPv4([b[2]!, b[3]!, b[4]!, b[5]!]);
      tunnel = true;
    }
  }
  const normal = ip.kind() === "ipv6" ? (ip as ipaddr.IPv6).toNormalizedString() : ip.toString();
  if (METADATA_ADDRESSES.has(normal) || METADATA_ADDRESSES.has(ip.toString())) return "metadata";
  if (tunnel) return "private";
  const range = ip.range();
  if (range === "loopback") return "loopback";
  if (range === "unicast") return "public";
  return "private";
}

export type AddressPolicy = { allowPrivateNetworks: boolean };

/** Whether a resolved or literal address may be connected to. */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  const kind = classifyAddress(address);
  if (kind === "public") return true;
  if (kind === "private" || kind === "loopback") return policy.allowPrivateNetworks;
  return false;
}

/**
 * Host names refused before any lookup: metadata aliases always, and names
 * that only ever mean this machine unless private networks are allowed. This
 * matters most behind a proxy, where the proxy (not we) resolves names.
 */
export function isHostnameRefused(hostname: string, policy: AddressPolicy): boolean {
  const h = unbracket(hostname).toLowerCase().replace(/\.$/, "");
  if (isMetadataHostname(h)) return true;
  if (policy.allowPrivateNetworks) return false;
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".internal") || h.endsWith(".local");
}

export function isMetadataHostname(hostname: string): boolean {
  const h = unbracket(hostname).toLowerCase().replace(/\.$/, "");
  return METADATA_HOSTNAMES.has(h) || classifyAddress(h) === "metadata";
}
