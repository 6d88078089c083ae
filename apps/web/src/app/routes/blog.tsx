import { Link, useParams } from "react-router";
import { posts } from "virtual:blog";
import { useDocumentTitle } from "../../components/document-title";
import { NotFound } from "../../components/not-found";
import { PublicLayout } from "../../components/public-layout";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";
import { PublicArticlePage } from "../public-article-page";
import { formatUtcDay } from "../../lib/format";


/** The title of a post's page (also the prerendered page's <title>). */
export function postTitle(slug: string): string | undefined {
  const post = posts.find((p) => p.slug === slug);
  return post && `${post.title} — Leakwarden`;
}

/** /blog: every post, newest first, and the feed. */
export function BlogIndexRoute() {
  usePageView("blog");
  useDocumentTitle(pageTitles["/blog"]);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-5 pt-10 pb-20 md:pt-16 md:pb-28">
        <p className="text-sm font-semibold tracking-wide text-brand-400">Blog</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-white sm:text-5xl">Leak removal, explained</h1>
        <p className="mt-4 text-lg text-slate-300">
          How takedowns work, who can remove a leak, and how to protect your name. Follow new posts with the{" "}
          <a href="/blog/rss.xml" className="text-brand-300 underline underline-offset-2 hover:text-white">
            RSS feed
          </a>
          .
        </p>
        <ul className="mt-10 space-y-6">
          {posts.map((post) => (
            <li key={post.slug} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
              <article aria-labelledby={`post-${post.slug}`}>
                <p className="text-sm text-slate-400">
                  <time dateTime={post.date}>{formatUtcDay(post.date)}</time>
                </p>
                <h2 id={`post-${post.slug}`} className="mt-2 text-xl font-semibold text-white">
                  <Link to={`/blog/${post.slug}`} className="hover:text-brand-300 focus-visible:outline-2 focus-visible:outline-brand-400">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 leading-relaxed text-slate-300">{post.summary}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </PublicLayout>
  );
}

/** /blog/:slug: one post, its HTML made and cleaned at build time (blog.ts). */
export function BlogPostRoute() {
  const { slug = "" } = useParams();
  const post = posts.find((p) => p.slug === slug);
  usePageView("blog post");
  useDocumentTitle(postTitle(slug) ?? pageTitles["/blog"]);
  if (!post) return <NotFound />;
  return (
    <PublicArticlePage
      eyebrow="Blog"
      title={post.title}
      meta={
        <time dateTime={post.date}>{formatUtcDay(post.date)}</time>
      }
    >
      <div dangerouslySetInnerHTML={{ __html: post.html }} />
      <p className="mt-10">
        <Link to="/blog">All posts</Link>
      </p>
    </PublicArticlePage>
  );
}
