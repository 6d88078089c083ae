import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as cheerio from "cheerio";
import { json, readBody, type Site } from "./virtual-host-server";

/**
 * Fake search services that answer in the real wire shapes: each response
 * is a captured response (fixtures/, see SOURCES.md) with only its result
 * entries replaced by results pointing into the fixture web.
 */

const FIXTURES_DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));

export function fixturePath(name: string): string {
  return `${FIXTURES_DIR}${name}`;
}

export function readFixture(name: string): string {
  return readFileSync(fixturePath(name), "utf8");
}

export type FakeResult = { url: string; title: string; snippet: string };
export type ResultsFor = (query: string) => FakeResult[];

// ---- SearXNG ---------------------------------------------------------------

export function searxngBody(query: string, results: FakeResult[], opts: { enginesFailed?: boolean } = {}): string {
  const real = JSON.parse(readFixture("searxng-1.json")) as Record<string, unknown> & { results: Array<Record<string, unknown>> };
  const template = real.results[0]!;
  const body = {
    ...real,
    query,
    results: opts.enginesFailed
      ? []
      : results.map((r, i) => {
          const u = new URL(r.url);
          return {
            ...template,
            title: r.title,
            content: r.snippet,
            url: r.url,
            positions: [i + 1],
            score: 1 / (i + 1),
            parsed_url: [u.protocol.replace(":", ""), u.host, u.pathname, "", u.search.replace(/^\?/, ""), ""],
          };
        }),
    // A healthy instance reports no failed engines; a failing one keeps the captured list.
    unresponsive_engines: opts.enginesFailed ? real.unresponsive_engines : [],
  };
  return JSON.stringify(body);
}

export function searxngSite(resultsFor: ResultsFor, opts: { enginesFailed?: boolean; pageSize?: number } = {}): Site {
  return {
    "/search": (_req, res, url) => {
      if (url.searchParams.get("format") !== "json") {
        res.writeHead(403, { "content-type": "text/html" });
        res.end("<h1>403 Forbidden</h1>");
        return;
      }
      const q = url.searchParams.get("q") ?? "";
      const page = Number(url.searchParams.get("pageno") ?? "1");
      const size = opts.pageSize ?? 10;
      const all = resultsFor(q);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(searxngBody(q, all.slice((page - 1) * size, page * size), opts));
    },
  };
}

// ---- Brave -----------------------------------------------------------------

export function braveBody(results: FakeResult[], more: boolean): string {
  const real = JSON.parse(readFixture("brave-web-1.json")) as {
    query: Record<string, unknown>;
    web: { results: Array<Record<string, unknown>> } & Record<string, unknown>;
  } & Record<string, unknown>;
  const template = real.web.results[0]!;
  return JSON.stringify({
    ...real,
    query: { ...real.query, more_results_available: more },
    web: {
      ...real.web,
      results: results.map((r) => {
        const u = new URL(r.url);
        return {
          ...template,
          title: r.title,
          url: r.url,
          description: r.snippet,
          meta_url: { scheme: u.protocol.replace(":", ""), netloc: u.host, hostname: u.hostname, favicon: "", path: u.pathname },
        };
      }),
    },
  });
}

export type BraveFakeState = { requests: number; limitPerWindow?: number };

export function braveSite(resultsFor: ResultsFor, opts: { apiKey: string; pageSize?: number; state?: BraveFakeState; rateLimitFirst?: boolean }): Site {
  let limitedOnce = false;
  return {
    "/res/v1/web/search": (req, res, url) => {
      if (opts.state) opts.state.requests++;
      const rate = { "x-ratelimit-limit": "1, 15000", "x-ratelimit-policy": "1;w=1, 15000;w=2592000" };
      if (req.headers["x-subscription-token"] !== opts.apiKey) {
        res.writeHead(422, { "content-type": "application/json", ...rate });
        res.end(
          JSON.stringify({
            type: "ErrorResponse",
            errors: [{ id: "0", code: "SUBSCRIPTION_TOKEN_INVALID", detail: "The provided subscription token is invalid.", status: 422, meta: { component: "authentication" } }],
            time: 1663072993,
          }),
        );
        return;
      }
      if (opts.rateLimitFirst && !limitedOnce) {
        limitedOnce = true;
        res.writeHead(429, { "content-type": "application/json", ...rate, "x-ratelimit-remaining": "0, 1000", "x-ratelimit-reset": "1, 1419704" });
        res.end(
          JSON.stringify({
            type: "ErrorResponse",
            error: { id: "redacted", status: 429, detail: "Request rate limit exceeded for plan", meta: { plan: "Free", rate_limit: 1, rate_current: 1, component: "rate_limiter" }, code: "RATE_LIMITED" },
            time: 1773685964,
          }),
        );
        return;
      }
      const q = url.searchParams.get("q") ?? "";
      const offset = Number(url.searchParams.get("offset") ?? "0");
      const size = opts.pageSize ?? 20;
      const all = resultsFor(q);
      const page = all.slice(offset * size, (offset + 1) * size);
      res.writeHead(200, { "content-type": "application/json", ...rate, "x-ratelimit-remaining": "1, 999", "x-ratelimit-reset": "1, 1419704" });
      res.end(braveBody(page, (offset + 1) * size < all.length));
    },
  };
}

// ---- DuckDuckGo html -------------------------------------------------------

export function duckDuckGoHtml(query: string, results: FakeResult[], more: boolean, opts: { redirectLinks?: boolean } = {}): string {
  if (results.length === 0) return readFixture("duckduckgo-html-2-no-more-results.html");
  const $ = cheerio.load(readFixture("duckduckgo-html-1.html"));
  const template = $(".result").not(".result--no-result").first().clone();
  const links = $("#links");
  $(".result").remove();
  const nav = links.find(".nav-link").first().closest("div.nav-link");
  for (const r of results) {
    const block = template.clone();
    const href = opts.redirectLinks ? `//duckduckgo.com/l/?uddg=${encodeURIComponent(r.url)}&rut=0123abcd` : r.url;
    block.find("a.result__a").attr("href", href).text(r.title);
    block.find("a.result__url").attr("href", href).text(` ${new URL(r.url).host}${new URL(r.url).pathname} `);
    block.find(".result__snippet").attr("href", href).text(r.snippet);
    if (nav.length) nav.before(block);
    else links.append(block);
  }
  $("input[name=q]").attr("value", query);
  if (!more) $(".nav-link").remove();
  return $.html();
}

export function duckDuckGoSite(resultsFor: ResultsFor, opts: { pageSize?: number; redirectLinks?: boolean; challenge?: boolean } = {}): Site {
  return {
    "/html/": async (req, res, url) => {
      const form = new URLSearchParams(req.method === "POST" ? await readBody(req) : url.search);
      if (opts.challenge) {
        res.writeHead(202, { "content-type": "text/html" });
        res.end('<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div><form id="challenge-form"></form></body></html>');
        return;
      }
      const q = form.get("q") ?? "";
      const s = Number(form.get("s") ?? "0");
      const size = opts.pageSize ?? 10;
      const all = resultsFor(q);
      const page = all.slice(s, s + size);
      const more = s + size < all.length;
      let body = duckDuckGoHtml(q, page, more, opts);
      // The captured Next form asks for s=10; make it point past this page.
      if (more) body = body.replace(/(<input type="hidden" name="s" value=")\d+(")/, `$1${s + size}$2`);
      res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
      res.end(body);
    },
  };
}

// ---- Reddit ----------------------------------------------------------------

export type FakeRedditPost = { id: string; subreddit: string; title: string; selftext?: string; url?: string; author?: string; over18?: boolean };

export function redditListingBody(posts: FakeRedditPost[], after: string | null): string {
  const real = JSON.parse(readFixture("reddit-search-1.json")) as {
    kind: string;
    data: { children: Array<{ kind: string; data: Record<string, unknown> }> } & Record<string, unknown>;
  };
  const template = real.data.children[0]!.data;
  return JSON.stringify({
    ...real,
    data: {
      ...real.data,
      after,
      dist: posts.length,
      children: posts.map((p) => {
        const permalink = `/r/${p.subreddit}/comments/${p.id}/${p.title.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 40)}/`;
        const isSelf = !p.url;
        return {
          kind: "t3",
          data: {
            ...template,
            id: p.id,
            name: `t3_${p.id}`,
            title: p.title,
            selftext: p.selftext ?? "",
            selftext_html: null,
            subreddit: p.subreddit,
            subreddit_name_prefixed: `r/${p.subreddit}`,
            author: p.author ?? "throwaway_uploader",
            permalink,
            url: p.url ?? `https://www.reddit.com${permalink}`,
            is_self: isSelf,
            domain: isSelf ? `self.${p.subreddit}` : new URL(p.url!).hostname,
            over_18: p.over18 ?? true,
          },
        };
      }),
    },
  });
}

export function redditPermalink(p: FakeRedditPost): string {
  return `/r/${p.subreddit}/comments/${p.id}/${p.title.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 40)}/`;
}

/**
 * Reddit as the scanner reaches it: `/search.json` lists `posts`, each post's
 * permalink shows its page, anything else is Reddit's "page not found". How a
 * post's page looks (`postBody`, inside the web's own `page` shell) and the
 * rate-limit headers stay each fixture web's own.
 */
export function redditSite(
  posts: FakeRedditPost[],
  opts: { rateLimitHeaders: Record<string, string>; page: (title: string, body: string) => string; postBody: (post: FakeRedditPost) => string },
): Site {
  return {
    "/search.json": json(redditListingBody(posts, null), 200, opts.rateLimitHeaders),
    "*": (_req, res, url) => {
      const post = posts.find((p) => redditPermalink(p) === url.pathname);
      if (!post) {
        res.writeHead(404, { "content-type": "text/html" });
        res.end(opts.page("reddit.com: page not found", "<h1>page not found</h1>"));
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(opts.page(`${post.title} : r/${post.subreddit}`, opts.postBody(post)));
    },
  };
}
