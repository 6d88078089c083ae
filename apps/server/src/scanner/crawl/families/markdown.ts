import { Marked } from "marked";

/**
 * Markdown as the fediverse forums store it (Lemmy's posts and comments): rendered to HTML with
 * marked (GitHub-flavoured: bare addresses become links), raw HTML in it shown as text, as Lemmy's
 * own renderer does. The input is bounded by the caller.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const marked = new Marked({ gfm: true, breaks: true, async: false, renderer: { html: ({ text }) => escape(text) } });

export function markdownHtml(markdown: string): string {
  try {
    return marked.parse(markdown, { async: false });
  } catch {
    return `<p>${escape(markdown)}</p>`;
  }
}
