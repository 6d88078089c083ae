import type { OutgoingEmail } from "./mailer";

/**
 * The one branded layout of every email Leakwarden sends to its own users (confirmation,
 * password reset, alerts, summaries): an HTML part and the same words as plain text. Every
 * value is escaped here; callers pass plain strings, never markup.
 */
export interface BrandedEmail {
  to: string;
  subject: string;
  /** The heading; the subject when left out. */
  heading?: string;
  /** Paragraphs before the list. */
  intro: string[];
  /** Items shown as a list (a long link breaks where it must on a phone; words stay whole). */
  list?: string[];
  /** Figures shown as a small table, label and value. */
  figures?: { label: string; value: string; url?: string }[];
  /** The main button. */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro?: string[];
  /** Why she gets this email and how to stop it; the unsubscribe link for alerts. */
  footer?: { reason: string; settingsUrl?: string; unsubscribeUrl?: string };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const brand = "#4f46e5";
// Slate 600: readable (WCAG AA) on the white card and on the grey page behind the footer.
const muted = "#475569";

export function brandedEmail(e: BrandedEmail): OutgoingEmail {
  const heading = e.heading ?? e.subject;
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(s)}</p>`;

  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(e.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px">`,
    `<div style="font-weight:700;font-size:18px;color:${brand};margin-bottom:16px">Leakwarden</div>`,
    `<div style="background:#ffffff;border-radius:12px;padding:24px">`,
    `<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    ...e.intro.map(p),
    e.list?.length
      ? `<ul style="margin:0 0 16px;padding-left:20px">${e.list.map((i) => `<li style="overflow-wrap:anywhere;word-break:break-word;margin-bottom:4px;font-size:14px">${escapeHtml(i)}</li>`).join("")}</ul>`
      : "",
    e.figures?.length
      ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${e.figures
          .map(
            (f) =>
              `<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;font-size:14px">${f.url ? `<a href="${escapeHtml(f.url)}" style="color:${brand}">${escapeHtml(f.label)}</a>` : escapeHtml(f.label)}</td><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;font-size:14px;text-align:right;font-weight:600">${escapeHtml(f.value)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    e.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(e.action.url)}" style="display:inline-block;background:${brand};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(e.action.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:${muted};word-break:break-all">${escapeHtml(e.action.url)}</p>`
      : "",
    ...(e.outro ?? []).map(p),
    `</div>`,
    `<div style="font-size:12px;line-height:1.5;color:${muted};padding:16px 4px">`,
    e.footer
      ? `<p style="margin:0 0 8px">${escapeHtml(e.footer.reason)}${e.footer.settingsUrl ? ` <a href="${escapeHtml(e.footer.settingsUrl)}" style="color:${muted}">Alert settings</a>.` : ""}${e.footer.unsubscribeUrl ? ` <a href="${escapeHtml(e.footer.unsubscribeUrl)}" style="color:${muted}">Unsubscribe</a>.` : ""}</p>`
      : "",
    `<p style="margin:0">Leakwarden finds leaked copies of creators' content and has them taken down.</p>`,
    `</div></div></body></html>`,
  ].join("");

  const text = [
    heading,
    "",
    ...e.intro.flatMap((s) => [s, ""]),
    ...(e.list?.length ? [...e.list.map((i) => `- ${i}`), ""] : []),
    ...(e.figures?.length ? [...e.figures.map((f) => `${f.label}: ${f.value}${f.url ? ` (${f.url})` : ""}`), ""] : []),
    ...(e.action ? [`${e.action.label}: ${e.action.url}`, ""] : []),
    ...(e.outro ?? []).flatMap((s) => [s, ""]),
    "--",
    ...(e.footer
      ? [
          e.footer.reason,
          ...(e.footer.settingsUrl ? [`Alert settings: ${e.footer.settingsUrl}`] : []),
          ...(e.footer.unsubscribeUrl ? [`Unsubscribe: ${e.footer.unsubscribeUrl}`] : []),
        ]
      : []),
    "Leakwarden finds leaked copies of creators' content and has them taken down.",
    "",
  ].join("\n");

  const headers: Record<string, string> = e.footer?.unsubscribeUrl ? { "List-Unsubscribe": `<${e.footer.unsubscribeUrl}>` } : {};
  return { to: e.to, subject: e.subject, text, html, ...(Object.keys(headers).length ? { headers } : {}) };
}
