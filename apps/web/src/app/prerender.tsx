import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { pageTitles } from "./page-titles";
import { AppRoutes, preloadPage, prerendered } from "./router";

export const prerenderedPaths = Object.keys(prerendered);

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
  return { html, title: pageTitles[pathname as keyof typeof pageTitles] };
}
