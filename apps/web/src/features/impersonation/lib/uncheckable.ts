/** The platform as a name: the catalog's entry carries how to type a username ("Reddit (u/username)"), which is no part of it. */
export function platformName(platform: string): string {
  const hint = platform.indexOf(" (");
  return hint > 0 ? platform.slice(0, hint) : platform;
}

/** What she reads when a platform's reason is missing or is no sentence (an empty string, a bare code such as "login_wall"). */
const fallback = (name: string) => `${name} shows nothing of a profile without a login, so it cannot be checked automatically.`;

const MAX_REASON = 300;

/**
 * Why a platform could not be checked, as a sentence she reads: the platform's own reason from the
 * server, named as a person names the platform, ending in a full stop; never a bare code.
 */
export function uncheckableSentence(u: { platform: string; reason: string }): string {
  const name = platformName(u.platform.trim()) || "This platform";
  let reason = u.reason.trim().replaceAll(u.platform, name);
  // A sentence has words: a lone token ("login_wall", "HTTP_403") or an overlong answer is not one to show.
  if (!reason.includes(" ") || reason.length > MAX_REASON) return fallback(name);
  // Apostrophes as a person writes them, as everywhere else in the panel.
  reason = reason.replaceAll(/(?<=\p{L})'(?=\p{L})/gu, "’");
  reason = reason.charAt(0).toUpperCase() + reason.slice(1);
  if (!/[.!?…]$/u.test(reason)) reason += ".";
  // Each line names its platform, so the list reads without a heading per item.
  return reason.toLowerCase().includes(name.toLowerCase()) ? reason : `${name}: ${reason}`;
}
