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
