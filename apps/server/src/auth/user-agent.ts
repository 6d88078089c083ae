import ipaddr from "ipaddr.js";

// Read at most this much of a user agent: the header comes from the client.
const MAX_USER_AGENT = 512;

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const browsers: [needle: string, name: string][] = [
  ["edg/", "Edge"],
  ["opr/", "Opera"],
  ["samsungbrowser/", "Samsung Internet"],
  ["firefox/", "Firefox"],
  ["fxios/", "Firefox"],
  ["crios/", "Chrome"],
  ["chrome/", "Chrome"],
  ["chromium/", "Chromium"],
  ["safari/", "Safari"],
];

const systems: [needle: string, name: string][] = [
  ["iphone", "iPhone"],
  ["ipad", "iPad"],
  ["android", "Android"],
  ["cros", "ChromeOS"],
  ["windows", "Windows"],
  ["mac os x", "macOS"],
  ["macintosh", "macOS"],
  ["linux", "Linux"],
];

/** "Firefox on Windows", "Safari on iPhone", "Unknown device": substring checks only, on a bounded prefix. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent.slice(0, MAX_USER_AGENT).toLowerCase();
  const browser = browsers.find(([needle]) => ua.includes(needle))?.[1];
  const system = systems.find(([needle]) => ua.includes(needle))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return "Unknown device";
}

/**
 * What can be said of an address without a geolocation database: this computer, or a private
 * network. Any other address is shown as it is (null here).
 */
export function describePlace(address: string | null | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === "loopback") return "This computer";
  if (range === "private" || range === "uniqueLocal" || range === "linkLocal" || range === "carrierGradeNat") return "A private network";
  return null;
}
