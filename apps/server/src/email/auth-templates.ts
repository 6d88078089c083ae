import { brandedEmail } from "./layout";
import type { OutgoingEmail } from "./mailer";

export function confirmEmailMessage(to: string, url: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Confirm your email for Leakwarden",
    heading: "Confirm your email",
    intro: ["Welcome to Leakwarden. Confirm your email address to sign in."],
    action: { label: "Confirm my email", url },
    outro: ["If you did not sign up, ignore this message."],
  });
}

export function existingAccountMessage(to: string, signInUrl: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Someone tried to sign up to Leakwarden with your email",
    heading: "Sign-up attempt with your email",
    intro: ["Someone tried to create a Leakwarden account with this address, which already has one. Nothing was changed."],
    action: { label: "Sign in", url: signInUrl },
    outro: ["If it was not you, you can ignore this message."],
  });
}

export function resetPasswordMessage(to: string, url: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Reset your Leakwarden password",
    heading: "Reset your password",
    intro: ["Someone asked to reset the password of the Leakwarden account with this address.", "Set a new password here (the link works once, for one hour)."],
    action: { label: "Set a new password", url },
    outro: ["Setting a new password signs out every other device. If you did not ask, ignore this message: your password stays as it is."],
  });
}

export function passwordChangedMessage(to: string, forgotUrl: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Your Leakwarden password was changed",
    heading: "Your password was changed",
    intro: ["The password of your Leakwarden account was just changed, and every other device was signed out.", "If it was not you, set a new password at once."],
    action: { label: "Set a new password", url: forgotUrl },
  });
}

export function confirmNewEmailMessage(to: string, url: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Confirm your new email for Leakwarden",
    heading: "Confirm your new email",
    intro: ["You asked to use this address for your Leakwarden account. Confirm it to make the change."],
    action: { label: "Confirm my new email", url },
    outro: ["Until you do, your account keeps its current address. If you did not ask, ignore this message."],
  });
}

export function emailChangedMessage(to: string, newEmail: string, forgotUrl: string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Your Leakwarden email was changed",
    heading: "Your email was changed",
    intro: [`Your Leakwarden account now uses ${newEmail} instead of this address. Its emails go there from now on.`, "If it was not you, reset your password at once and write to our support."],
    action: { label: "Reset my password", url: forgotUrl },
  });
}
