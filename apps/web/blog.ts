import fs from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { Plugin } from "vite";

/**
 * The blog: Markdown files in content/blog, turned into HTML at build time (marked), then cleaned
 * (sanitize-html) to the handful of elements a post uses, so that nothing a post's text holds can
 * run in a reader's browser. The client gets the posts as the virtual module `virtual:blog`; the
 * build writes the RSS feed to /blog/rss.xml.
 *
 * A post file is named <slug>.md and starts with its front matter:
 *   ---
 *   title: What a DMCA notice must contain
 *   date: 2026-11-02
 *   summary: One or two sentences for the index and the feed.
 *   ---
 */
export interface BlogPost {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  html: string;
}

export const BLOG_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "content", "blog");
export const SITE_NAME = "Leakwarden";
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FRONT_MATTER = /^---\n([^]*?)\n---\n/;
const FIELD = /^([a-z]+):[ \t]*(.*)$/;

const marked = new Marked({ gfm: true });

/** Markdown to HTML that keeps text, structure and plain links only. */
export function renderMarkdown(markdown: string): string {
  const raw = marked.parse(markdown, { async: false });
  return sanitizeHtml(raw, {
    allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "a", "strong", "em", "code", "pre", "blockquote", "hr", "br"],
    // rel is set below from the link itself, never taken from the post.
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["https", "http", "mailto"],
    allowProtocolRelative: false,
    // A heading written as # in a post is the page's second level: the post's title is its h1.
    transformTags: {
      h1: "h2",
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        const out: Record<string, string> = { href };
        if (/^https?:/i.test(href)) out.rel = "noopener noreferrer nofollow";
        return { tagName, attribs: out };
      },
    },
    allowedSchemesAppliedToAttributes: ["href"],
    disallowedTagsMode: "discard",
  });
}

/** One post file: its front matter checked, its body rendered. Throws, naming the file, on anything amiss. */
export function parsePost(file: string, source: string): BlogPost {
  const slug = path.basename(file, ".md");
  if (!SLUG.test(slug)) throw new Error(`blog: ${file}: the file name must be a slug (a-z, 0-9, -)`);
  const text = source.replace(/\r\n?/g, "\n");
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`blog: ${file}: no front matter (--- title/date/summary ---)`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split("\n")) {
    const m = FIELD.exec(line.trim());
    if (m) fields[m[1]!] = m[2]!.trim();
  }
  const { title, date, summary } = fields;
  if (!title) throw new Error(`blog: ${file}: no title`);
  if (!date || !DATE.test(date) || Number.isNaN(Date.parse(date))) throw new Error(`blog: ${file}: date must be YYYY-MM-DD`);
  if (!summary) throw new Error(`blog: ${file}: no summary`);
  return { slug, title, date, summary, html: renderMarkdown(text.slice(match[0].length)) };
}

/** Every post, newest first. */
export function loadPosts(dir = BLOG_DIR): BlogPost[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => parsePost(f, fs.readFileSync(path.join(dir, f), "utf8")))
    .sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : b.date.localeCompare(a.date)));
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stands for the deployment's origin in the built feed; the server puts PUBLIC_URL in its place. */
export const FEED_ORIGIN_PLACEHOLDER = "https://public-url.leakwarden.invalid";

/** The RSS 2.0 feed (a feed's links are absolute: the server answers it with its own origin in them). */
export function rssFeed(posts: BlogPost[], origin = FEED_ORIGIN_PLACEHOLDER): string {
  const base = origin.replace(/\/+$/, "");
  const items = posts
    .map(
      (p) =>
        `<item><title>${xml(p.title)}</title><link>${xml(`${base}/blog/${p.slug}`)}</link><guid isPermaLink="false">leakwarden-blog-${xml(p.slug)}</guid><pubDate>${new Date(`${p.date}T12:00:00Z`).toUTCString()}</pubDate><description>${xml(p.summary)}</description></item>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${SITE_NAME} blog</title><link>${xml(`${base}/blog`)}</link><description>Leak removal and DMCA basics for content creators.</description><language>en</language>${items}</channel></rss>\n`;
}

const VIRTUAL = "virtual:blog";
const RESOLVED = `\0${VIRTUAL}`;

/** Serves `virtual:blog` (the posts) and writes blog/rss.xml into the build. */
export function blog(): Plugin {
  return {
    name: "leakwarden-blog",
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      for (const f of fs.readdirSync(BLOG_DIR)) this.addWatchFile(path.join(BLOG_DIR, f));
      return `export const posts = ${JSON.stringify(loadPosts())};`;
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "blog/rss.xml", source: rssFeed(loadPosts()) });
    },
  };
}
