import { findPlatform, profileUrlOf, WEBSITE_PLATFORM_ID, type Platform } from "@leakwarden/contracts/platforms";

/** What the creator reads for a platform: the spec's '{host}' entry is her own website. */
export function platformLabel(platform: Platform): string {
  return platform.id === WEBSITE_PLATFORM_ID ? "My website" : platform.name;
}

/** A stage name as the creator reads it: `{host}/username` from the platform's profile address. */
export function stageNameAddress(platformRef: string | number, username: string): { text: string; href: string | null } {
  const platform = findPlatform(platformRef);
  const url = platform ? profileUrlOf(platform, username) : null;
  if (!platform || !url) return { text: `${platform ? platformLabel(platform) : String(platformRef)}: ${username}`, href: null };
  const parsed = new URL(url);
  const text = `${parsed.host.replace(/^www\./, "")}${decodeURIComponent(parsed.pathname)}`.replace(/\/$/, "");
  return { text, href: url };
}
