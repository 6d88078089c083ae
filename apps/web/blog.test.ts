import { describe, expect, it } from "vitest";
import { FEED_ORIGIN_PLACEHOLDER, loadPosts, parsePost, renderMarkdown, rssFeed } from "./blog";

const post = (body: string, front = "title: A post\ndate: 2026-11-01\nsummary: What it says.") => `---\n${front}\n---\n${body}`;

describe("blog posts from Markdown", () => {
  it("renders structure and keeps nothing that could run in a reader's browser", () => {
    const html = renderMarkdown(
      [
        "# Heading",
        "Some **bold** text and [a site](https://example.org/page) and [ours](/pricing).",
        "",
        "<script>alert(1)</script>",
        '<img src="x" onerror="alert(1)">',
        "[bad](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
        '<a href="https://example.org" onclick="alert(1)" rel="opener">raw</a>',
        "<iframe src=\"https://example.org\"></iframe>",
        "- one\n- two",
      ].join("\n\n"),
    );
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.org/page" rel="noopener noreferrer nofollow">a site</a>');
    expect(html).toContain('<a href="/pricing">ours</a>');
    expect(html).toContain("<li>one</li>");
    for (const gone of ["<script", "alert(1)</script", "<img", "onerror", "javascript:", "data:text", "onclick", 'rel="opener"', "<iframe", "<h1"]) expect(html).not.toContain(gone);
  });

  it("reads the front matter and refuses a post without a title, a real date or a summary, naming the file", () => {
    expect(parsePost("first-post.md", post("Hello."))).toMatchObject({ slug: "first-post", title: "A post", date: "2026-11-01", summary: "What it says.", html: "<p>Hello.</p>\n" });
    expect(() => parsePost("Bad Name.md", post("x"))).toThrow(/Bad Name\.md: the file name must be a slug/);
    expect(() => parsePost("p.md", "no front matter")).toThrow(/p\.md: no front matter/);
    expect(() => parsePost("p.md", post("x", "date: 2026-11-01\nsummary: s"))).toThrow(/no title/);
    expect(() => parsePost("p.md", post("x", "title: t\ndate: 1 Nov 2026\nsummary: s"))).toThrow(/YYYY-MM-DD/);
    expect(() => parsePost("p.md", post("x", "title: t\ndate: 2026-11-01"))).toThrow(/no summary/);
  });

  it("loads the repository's posts, newest first, each with sections", () => {
    const posts = loadPosts();
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect([...posts].sort((a, b) => b.date.localeCompare(a.date)).map((p) => p.slug)).toEqual(posts.map((p) => p.slug));
    for (const p of posts) expect(p.html).toContain("<h2>");
  });

  it("writes an RSS 2.0 feed with escaped text and absolute links", () => {
    const xml = rssFeed([{ slug: "a-post", title: "Tom & Jerry's <notice>", date: "2026-11-02", summary: "S & s", html: "" }], "https://leakwarden.example");
    expect(xml).toContain('<rss version="2.0">');
    expect(xml).toContain("<title>Tom &#38; Jerry&#39;s &#60;notice&#62;</title>");
    expect(xml).toContain("<link>https://leakwarden.example/blog/a-post</link>");
    expect(xml).toContain("<pubDate>Mon, 02 Nov 2026 12:00:00 GMT</pubDate>");
    expect(rssFeed([])).toContain(`<link>${FEED_ORIGIN_PLACEHOLDER}/blog</link>`);
  });
});
