import { brandedEmail } from "../../email/layout";
import type { OutgoingEmail } from "../../email/mailer";

/** The handle another account has just proved, as the first owner reads it. */
export interface DisputedHandle {
  platform: string;
  username: string;
  profileUrl: string | null;
}

/**
 * To the account that proved a handle first, the moment another account proves it too: what
 * happened, what it means for her notices, and what to do if she did not expect it.
 */
export function handleDisputedMessage(to: string, handle: DisputedHandle, identitiesUrl: string): OutgoingEmail {
  const where = handle.profileUrl ? `${handle.username} on ${handle.platform} (${handle.profileUrl})` : `${handle.username} on ${handle.platform}`;
  return brandedEmail({
    to,
    subject: `Another account proved ${handle.username} on ${handle.platform}`,
    heading: "Another account proved your handle",
    intro: [
      `Another Leakwarden account has just proved that it owns ${where}, which you proved before. A handle has one owner, so until our team confirms who owns it, takedown notices that cite it are held for both accounts.`,
      "Our team looks at both proofs and writes to you. Notices that rest on your other verified profiles or on your reference images go on as before.",
    ],
    action: { label: "See your identities", url: identitiesUrl },
    outro: [
      "If you share this profile with someone who has their own account, or expected this, you need do nothing. If not, check who can edit the profile's bio and remove any Leakwarden code that is not yours.",
    ],
  });
}
