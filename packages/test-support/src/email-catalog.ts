import { deletionCancelledMessage, deletionCompletedMessage, deletionScheduledMessage } from "../../../apps/server/src/email/account-templates";
import { confirmEmailMessage, confirmNewEmailMessage, emailChangedMessage, existingAccountMessage, passwordChangedMessage, resetPasswordMessage } from "../../../apps/server/src/email/auth-templates";
import type { OutgoingEmail } from "../../../apps/server/src/email/mailer";
import {
  type AlertLinks,
  counterNoticeMessage,
  impersonatorsMessage,
  newLeaksMessage,
  reuploadMessage,
  summaryMessage,
  takedownSucceededMessage,
  takeItDownDeadlineMissedMessage,
} from "../../../apps/server/src/modules/alerts/alert-templates";
import { contactCopyMessage, supportTicketMessage } from "../../../apps/server/src/modules/contact/contact-templates";
import { handleDisputedMessage } from "../../../apps/server/src/modules/identities/identity-templates";
import { autopilotDigestMessage } from "../../../apps/server/src/modules/takedowns/autopilot-templates";
import { type NoticeInput, renderNotice } from "../../../apps/server/src/modules/takedowns/notice-template";
import { attestationText, ATTESTATION_VERSION, renderTakeItDownRequest } from "../../../apps/server/src/modules/takedowns/takeitdown-template";

/**
 * One sample of every email the server can send, keyed by the function that writes it: the
 * email sweep (e2e/email-templates.spec.ts) renders each at 375 and 1280 px, and
 * email-catalog.test.ts fails when a template in apps/server/src is missing here. The samples
 * use the longest real-looking values (long links, many items) so that a phone layout breaks
 * here first.
 */
export interface EmailSample {
  /** A name for the screenshot: the variant of the template. */
  name: string;
  email: Pick<OutgoingEmail, "subject" | "text" | "html" | "to">;
}

const origin = "https://leakwarden.example";
const to = "mia.rose.creator@example.com";
const dashboard = (section: string) => `${origin}/dashboard/${section}`;
const links: AlertLinks = {
  dashboard,
  footer: { reason: "You get this email because of your alert settings.", settingsUrl: dashboard("alerts"), unsubscribeUrl: `${origin}/v1/alerts/unsubscribe?token=bWlhLXJvc2UtdXNlci1pZA.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl` },
};
const longUrls = [
  "https://leakhub.example/videos/mia-rose-onlyfans-full-pack-2026-part-3-leaked-hd-1080p-free-download",
  "https://picsdump.example/gallery/8f3a9c2e7b1d4f60a5e8c3b2d1f0e9a8?ref=forum&utm_source=telegram",
  "https://t.me.example/s/freeleakschannel/48213",
];
const at = new Date("2026-11-24T21:05:42Z");
const agent = { name: "Leakwarden Copyright Agent", address: "1 Agent Street, Wilmington, DE 19801, USA", email: "dmca@leakwarden.example", phone: "+1 302 555 0100" };
const item = (url: string) => ({
  url,
  title: "Mia Rose leaked pack (full set, 412 photos and 38 videos)",
  matchedNames: ["Mia Rose", "miarose"],
  imageUrls: [`${new URL(url).origin}/i/thumbs/8f3a9c2e7b1d4f60a5e8c3b2d1f0e9a8.jpg`],
  snippet: "Mia Rose onlyfans leak, full pack, mega link inside",
  fetchedAt: "2026-11-23T08:30:00.000Z",
  sha256: "3f79bb7b435b05321651daefd374cdc681dc06faa65e374e38337b88ca046dea",
});
const notice: NoticeInput = {
  reference: "ab12cd34",
  date: at,
  agent,
  ownerName: "Mia Rose",
  profiles: ["https://onlyfans.com/miarose", "https://fansly.com/miarose"],
  recipient: { kind: "site", email: "dmca@leakhub.example", webForm: null, foundBy: "site-page", source: "https://leakhub.example/dmca", note: null, name: "LeakHub" },
  items: [item(longUrls[0]!), { ...item("https://leakhub.example/v/205"), reupload: { url: "https://leakhub.example/v/100", removedAt: "2026-11-20T10:00:00.000Z", noticeSentAt: "2026-11-19T09:00:00.000Z", sameSite: true } }],
  earlier: [],
};
const attestation = (forgery: boolean) => ({ text: attestationText(forgery), version: ATTESTATION_VERSION, userId: "user-1", attestedAt: "2026-11-24T20:58:00.000Z", clientIp: "203.0.113.9", forgery });

/** Every template, by the name of the exported function that writes it. */
export const emailCatalog = {
  confirmEmailMessage: () => [{ name: "confirmation", email: confirmEmailMessage(to, `${origin}/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6Im1pYS5yb3NlIn0.c2lnbmF0dXJl&callbackURL=%2Fauth%2Fconfirmed`) }],
  existingAccountMessage: () => [{ name: "signup-existing", email: existingAccountMessage(to, `${origin}/signin`) }],
  resetPasswordMessage: () => [{ name: "reset", email: resetPasswordMessage(to, `${origin}/api/auth/reset-password/Qm9vdHN0cmFwLXRva2VuLWZvci1yZXNldA?callbackURL=%2Freset-password`) }],
  passwordChangedMessage: () => [{ name: "password-changed", email: passwordChangedMessage(to, `${origin}/forgot-password`) }],
  confirmNewEmailMessage: () => [{ name: "email-change-confirm", email: confirmNewEmailMessage("mia.rose.new-address@example.com", `${origin}/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJ1cGRhdGVUbyI6Im1pYSJ9.c2ln&callbackURL=%2Fsettings`) }],
  emailChangedMessage: () => [{ name: "email-change-notice", email: emailChangedMessage(to, "mia.rose.new-address@example.com", `${origin}/forgot-password`) }],
  deletionScheduledMessage: () => [{ name: "deletion-scheduled", email: deletionScheduledMessage(to, new Date("2026-12-01T21:05:00Z"), `${origin}/signin`) }],
  deletionCancelledMessage: () => [{ name: "deletion-cancelled", email: deletionCancelledMessage(to, `${origin}/settings`) }],
  deletionCompletedMessage: () => [{ name: "deletion-completed", email: deletionCompletedMessage(to) }],
  newLeaksMessage: () => [
    { name: "new-leaks", email: newLeaksMessage(to, { source: "scan", urls: longUrls, total: 14 }, links) },
    { name: "new-leak-images", email: newLeaksMessage(to, { source: "images", urls: longUrls.slice(0, 1), total: 1 }, links) },
  ],
  summaryMessage: () => [
    { name: "weekly-summary", email: summaryMessage(to, { frequency: "weekly", since: new Date("2026-11-17T00:00:00Z"), figures: { found: 14, sent: 9, removed: 6, stillUp: 8 }, urls: longUrls, total: 14 }, links) },
    { name: "daily-summary-quiet", email: summaryMessage(to, { frequency: "daily", since: new Date("2026-11-23T00:00:00Z"), figures: { found: 0, sent: 0, removed: 1, stillUp: 3 }, urls: [], total: 0 }, links) },
  ],
  reuploadMessage: () => [
    {
      name: "reupload",
      email: reuploadMessage(
        to,
        {
          items: [
            { url: longUrls[1]!, earlierNumber: 12, earlierUrl: longUrls[0]!, removedAt: "2026-11-20T10:00:00.000Z", sameSite: false },
            { url: "https://leakhub.example/v/205", earlierNumber: 7, earlierUrl: "https://leakhub.example/v/100", removedAt: "2026-11-18T10:00:00.000Z", sameSite: true },
          ],
          total: 3,
        },
        links,
      ),
    },
  ],
  impersonatorsMessage: () => [
    {
      name: "new-impersonator",
      email: impersonatorsMessage(to, { items: [{ handle: "miarose.official.backup.account", platform: "Instagram", profileUrl: "https://www.instagram.com/miarose.official.backup.account/" }], total: 1 }, links),
    },
  ],
  takedownSucceededMessage: () => [{ name: "takedown-succeeded", email: takedownSucceededMessage(to, longUrls[0]!, links) }],
  counterNoticeMessage: () => [
    {
      name: "counter-notice",
      email: counterNoticeMessage(to, { urls: [longUrls[0]!, longUrls[1]!], from: "dmca@leakhub.example", at: new Date("2026-11-20T09:30:00Z") }, dashboard),
    },
  ],
  takeItDownDeadlineMissedMessage: () => [
    {
      name: "takeitdown-deadline-missed",
      email: takeItDownDeadlineMissedMessage(
        to,
        { url: longUrls[0]!, platform: "leakhub.example", deadlineAt: new Date("2026-11-22T09:30:00Z"), escalatedTo: ["the host Example Hosting", "the registrar Example Registrar"] },
        dashboard,
      ),
    },
  ],
  handleDisputedMessage: () => [
    {
      name: "handle-disputed",
      email: handleDisputedMessage(to, { platform: "OnlyFans", username: "miarose", profileUrl: "https://onlyfans.com/miarose" }, dashboard("identities")),
    },
  ],
  autopilotDigestMessage: () => [
    {
      name: "autopilot-digest",
      email: autopilotDigestMessage(
        to,
        [
          { number: 31, url: longUrls[0]!, category: "leakSites", status: "sent", recipientEmail: "dmca@leakhub.example", reason: null, firstSentAt: new Date("2026-11-22T09:31:00Z") },
          { number: 32, url: longUrls[1]!, category: "fileHosts", status: "needs_manual_action", recipientEmail: null, reason: "This site takes complaints only on its web form: send it from Takedown Requests.", firstSentAt: null },
          { number: 33, url: longUrls[2]!, category: "socialMedia", status: "queued", recipientEmail: null, reason: null, firstSentAt: null },
        ],
        dashboard("takedowns"),
        {
          cap: { limit: 50, waiting: 3, resumesAt: new Date("2026-11-23T09:31:00Z") },
          proof: { holds: [{ leakId: "leak-34", code: "unattested_nickname", reason: "Confirm that the nickname Mimi is yours to send takedowns for this link.", prove: [], nicknames: ["Mimi"] }], leaksUrl: dashboard("leaks") },
        },
      ),
    },
    {
      name: "autopilot-waiting-for-proof",
      email: autopilotDigestMessage(to, [], dashboard("takedowns"), {
        proof: {
          holds: [
            { leakId: "leak-35", code: "unproven_profile", reason: "Prove that you own miarosevip on Fansly to send takedowns for this link.", prove: [{ stageNameId: "s2", platform: "Fansly", username: "miarosevip", profileUrl: null }], nicknames: [] },
            { leakId: "leak-36", code: "unproven_profile", reason: "Prove that you own miarosevip on Fansly to send takedowns for this link.", prove: [{ stageNameId: "s2", platform: "Fansly", username: "miarosevip", profileUrl: null }], nicknames: [] },
          ],
          leaksUrl: dashboard("leaks"),
        },
      }),
    },
  ],
  supportTicketMessage: () => [
    { name: "support-ticket", email: supportTicketMessage("support@leakwarden.example", { ticket: "LW-7K3QH9AD", topic: "Billing", email: to, message: "Hello, I was charged twice." }, { userId: "user-1", ip: "203.0.113.9", receivedAt: at }) },
  ],
  contactCopyMessage: () => [
    {
      name: "contact-copy",
      email: contactCopyMessage({ ticket: "LW-7K3QH9AD", email: to }, `${origin}/contact`),
    },
  ],
  renderNotice: () => [
    { name: "dmca-notice", email: { to: "dmca@leakhub.example", ...renderNotice(notice) } },
    {
      name: "dmca-notice-escalated",
      email: {
        to: "abuse@hostnet.example",
        ...renderNotice({
          ...notice,
          recipient: { kind: "host", email: "abuse@hostnet.example", webForm: null, foundBy: "rdap-ip", source: "https://rdap.example/ip/198.51.100.7", note: null, name: "HOSTNET Ltd" },
          items: notice.items.map((i) => ({ ...i, resolved: { address: "198.51.100.7", at: "2026-11-24T20:59:00.000Z" } })),
          earlier: [{ name: "LeakHub", email: "dmca@leakhub.example", sentAt: new Date("2026-11-20T09:00:00Z") }],
        }),
      },
    },
    {
      // Behind Cloudflare: to the network hosting the site's likely origin, found by the domain's own mail server.
      name: "dmca-notice-origin-host",
      email: {
        to: "abuse@hostingco.example",
        ...renderNotice({
          ...notice,
          recipient: { kind: "host", email: "abuse@hostingco.example", webForm: null, foundBy: "rdap-origin", source: "https://rdap.example/ip/5.39.10.25", note: null, name: "HostingCo B.V." },
          items: notice.items.map((i) => ({ ...i, resolved: { address: "5.39.10.25", at: "2026-11-24T20:59:00.000Z", origin: { name: "mail.leakhub.example", via: "mx" as const, behind: "Cloudflare" } } })),
        }),
      },
    },
  ],
  renderTakeItDownRequest: () =>
    [false, true].map((forgery) => ({
      name: forgery ? "takeitdown-forgery" : "takeitdown",
      email: {
        to: "removals@leakhub.example",
        ...renderTakeItDownRequest({
          reference: "ef56ab78",
          date: at,
          agent,
          personName: "Mia Rose",
          profiles: notice.profiles,
          recipient: { ...notice.recipient, kind: "platform" },
          items: notice.items,
          attestation: attestation(forgery),
          missed: [],
        }),
      },
    })),
} satisfies Record<string, () => EmailSample[]>;

/** Every sample of every template. */
export function emailSamples(): EmailSample[] {
  return Object.values(emailCatalog).flatMap((make) => make());
}
