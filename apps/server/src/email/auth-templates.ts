import type { OutgoingEmail } from "./mailer";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#666;font-size:12px;margin-top:32px">Leakwarden protects creators' content from leaks.</p></body></html>`;
}

export function confirmEmailMessage(to: string, url: string): OutgoingEmail {
  return {
    to,
    subject: "Confirm your email for Leakwarden",
    text: `Welcome to Leakwarden.\n\nConfirm your email address to sign in:\n${url}\n\nIf you did not sign up, ignore this message.\n`,
    html: layout(
      "Confirm your email",
      `<p>Welcome to Leakwarden. Confirm your email address to sign in:</p><p><a href="${escapeHtml(url)}">Confirm my email</a></p><p style="word-break:break-all;font-size:12px">${escapeHtml(url)}</p><p>If you did not sign up, ignore this message.</p>`,
    ),
  };
}

export function existingAccountMessage(to: string, signInUrl: string): OutgoingEmail {
  return {
    to,
    subject: "Someone tried to sign up to Leakwarden with your email",
    text: `Someone tried to create a Leakwarden account with this address, which already has one. Nothing was changed.\n\nIf it was you, sign in here: ${signInUrl}\nIf it was not you, you can ignore this message.\n`,
    html: layout(
      "Sign-up attempt with your email",
      `<p>Someone tried to create a Leakwarden account with this address, which already has one. Nothing was changed.</p><p>If it was you, <a href="${escapeHtml(signInUrl)}">sign in here</a>. If it was not you, you can ignore this message.</p>`,
    ),
  };
}

export function resetPasswordMessage(to: string, url: string): OutgoingEmail {
  return {
    to,
    subject: "Reset your Leakwarden password",
    text: `Someone asked to reset the password of the Leakwarden account with this address.\n\nSet a new password here (the link works once, for one hour):\n${url}\n\nSetting a new password signs out every other device. If you did not ask, ignore this message: your password stays as it is.\n`,
    html: layout(
      "Reset your password",
      `<p>Someone asked to reset the password of the Leakwarden account with this address.</p><p><a href="${escapeHtml(url)}">Set a new password</a> (the link works once, for one hour).</p><p style="word-break:break-all;font-size:12px">${escapeHtml(url)}</p><p>Setting a new password signs out every other device. If you did not ask, ignore this message: your password stays as it is.</p>`,
    ),
  };
}

export function passwordChangedMessage(to: string, forgotUrl: string): OutgoingEmail {
  return {
    to,
    subject: "Your Leakwarden password was changed",
    text: `The password of your Leakwarden account was just changed, and every other device was signed out.\n\nIf it was not you, set a new password at once: ${forgotUrl}\n`,
    html: layout(
      "Your password was changed",
      `<p>The password of your Leakwarden account was just changed, and every other device was signed out.</p><p>If it was not you, <a href="${escapeHtml(forgotUrl)}">set a new password</a> at once.</p>`,
    ),
  };
}

export function confirmNewEmailMessage(to: string, url: string): OutgoingEmail {
  return {
    to,
    subject: "Confirm your new email for Leakwarden",
    text: `You asked to use this address for your Leakwarden account.\n\nConfirm it to make the change:\n${url}\n\nUntil you do, your account keeps its current address. If you did not ask, ignore this message.\n`,
    html: layout(
      "Confirm your new email",
      `<p>You asked to use this address for your Leakwarden account. Confirm it to make the change:</p><p><a href="${escapeHtml(url)}">Confirm my new email</a></p><p style="word-break:break-all;font-size:12px">${escapeHtml(url)}</p><p>Until you do, your account keeps its current address. If you did not ask, ignore this message.</p>`,
    ),
  };
}

export function emailChangedMessage(to: string, newEmail: string, forgotUrl: string): OutgoingEmail {
  return {
    to,
    subject: "Your Leakwarden email was changed",
    text: `Your Leakwarden account now uses ${newEmail} instead of this address. Its emails go there from now on.\n\nIf it was not you, reset your password at once (${forgotUrl}) and write to our support.\n`,
    html: layout(
      "Your email was changed",
      `<p>Your Leakwarden account now uses <strong>${escapeHtml(newEmail)}</strong> instead of this address. Its emails go there from now on.</p><p>If it was not you, <a href="${escapeHtml(forgotUrl)}">reset your password</a> at once and write to our support.</p>`,
    ),
  };
}
