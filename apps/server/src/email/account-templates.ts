import { brandedEmail } from "./layout";
import type { OutgoingEmail } from "./mailer";

/** "Tuesday 1 December 2026 at 23:05 UTC": a date nobody misreads, in every locale. */
function when(at: Date): string {
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(at);
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }).format(at);
  return `${day} at ${time} UTC`;
}

const LEGAL_RECORD =
  "We keep only the minimal record the law requires of each takedown notice sent in your name: its date, its recipient, the link and the statement it made. It is kept apart from any account and holds nothing else about you.";

export function deletionScheduledMessage(to: string, eraseAfter: Date, signInUrl: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Your Leakwarden account will be deleted in 7 days",
    heading: "Your account will be deleted",
    intro: [
      `You asked us to delete your Leakwarden account. Every device was signed out, and on ${when(eraseAfter)} we erase your account and everything kept about you: identities, reference images, leaks, takedowns, alerts and billing state.`,
      "Until then we send you no alerts. Changed your mind? Sign in before then and the deletion is cancelled.",
    ],
    action: { label: "Sign in to cancel", url: signInUrl },
    outro: [LEGAL_RECORD, "If it was not you, sign in at once to cancel, then change your password."],
  });
}

export function deletionCancelledMessage(to: string, settingsUrl: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Your Leakwarden account deletion was cancelled",
    heading: "Your account stays",
    intro: ["You signed in to Leakwarden, so the deletion of your account that you asked for was cancelled. Nothing was erased, and monitoring goes on as before."],
    action: { label: "Open your settings", url: settingsUrl },
    outro: ["To delete your account after all, ask again from your settings."],
  });
}

export function deletionCompletedMessage(to: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Your Leakwarden account was deleted",
    heading: "Your account was deleted",
    intro: ["As you asked, your Leakwarden account and everything kept about you were erased. This is the last email we send to this address.", LEGAL_RECORD],
    outro: ["You are welcome back any time with a new account."],
  });
}
