import type { Platform } from "@leakwarden/contracts/platforms";

/**
 * Where each platform takes a report of an account pretending to be someone,
 * and the steps there. A platform with a dedicated form gets its address;
 * the others take the report from the account's own profile (its Report
 * action), so the address given is the account's.
 */
export type ReportRoute = { reportUrl: string; steps: string[] };

export function reportRouteFor(platform: Platform | undefined, profileUrl: string): ReportRoute {
  switch (platform?.id) {
    case 16:
      return {
        reportUrl: "https://help.instagram.com/contact/636276399721841",
        steps: [
          "Open Instagram’s form “Report an impersonation account”.",
          "Choose that the account is pretending to be you, and that you are the person being impersonated.",
          "Paste the fields below; Instagram asks for a photo of your ID to confirm it is you.",
        ],
      };
    case 19:
      return {
        reportUrl: "https://www.reddit.com/report",
        steps: ["Open Reddit’s report form and choose “Impersonation”.", "Choose that you are the one being impersonated, then paste the fields below."],
      };
    case 17:
      return {
        reportUrl: profileUrl,
        steps: ["Open the account in the TikTok app or site.", "Tap Share (the arrow), then Report › Report account › Pretending to be someone › Me.", "Paste the description below when asked for details."],
      };
    default:
      return {
        reportUrl: profileUrl,
        steps: [
          `Open the account on ${platform?.name ?? "the platform"} and use its Report action (often under “⋯” on the profile).`,
          "Choose impersonation (“pretending to be someone”), that it pretends to be you, and paste the fields below.",
          "Where the platform has no such choice, send the fields to its support or trust and safety contact.",
        ],
      };
  }
}
