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
