import { Link, useLocation } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { NotFound } from "../../components/not-found";
import { platformPageFor } from "../../features/marketing/platform-pages";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";
import { PublicArticlePage } from "../public-article-page";

/** /onlyfans, /fansly, /chaturbate, /reddit: how that platform's creators' content leaks, and what we do about it. */
export function PlatformRoute() {
  const { pathname } = useLocation();
  const page = platformPageFor(pathname);
  usePageView(page ? `platform ${page.name}` : "platform");
  useDocumentTitle(page ? pageTitles[page.path] : pageTitles["/"]);
  if (!page) return <NotFound />;
  return (
    <PublicArticlePage eyebrow={`For ${page.name} creators`} title={page.title} lead={<p>{page.lead}</p>}>
      <h2>How leaks of {page.name} content spread</h2>
      {page.spread.map((s) => (
        <section key={s.heading} aria-label={s.heading}>
          <h3>{s.heading}</h3>
          <p>{s.text}</p>
        </section>
      ))}
      <h2>What Leakwarden does about them</h2>
      <ul>
        {page.actions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <p>
        No service can promise that every copy comes down: some sites ignore the law. We re-check every link, escalate when a site does not act, and show you
        what came down and what is still up. See <Link to="/pricing">what each plan includes</Link>, or read{" "}
        <Link to="/blog/who-can-take-a-leak-down">who can take a leak down</Link>.
      </p>
    </PublicArticlePage>
  );
}
