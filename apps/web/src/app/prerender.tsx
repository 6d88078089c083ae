import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { pageTitles } from "./page-titles";
import { posts } from "virtual:blog";
import { AppRoutes, preloadPage, prerendered } from "./router";
import { postTitle } from "./routes/blog";

export const prerenderedPaths = [...Object.keys(prerendered), ...posts.map((p) => `/blog/${p.slug}`)];

/** Build time only: a page's HTML, as the browser will hydrate it, and its title. */
export async function render(pathname: string): Promise<{ html: string; title: string }> {
  await preloadPage(pathname);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  const title = pageTitles[pathname as keyof typeof pageTitles] ?? postTitle(pathname.slice("/blog/".length));
  if (!title) throw new Error(`prerender: no title for ${pathname}`);
  return { html, title };
}
