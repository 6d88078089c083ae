import { startForwardProxy, type ForwardProxy } from "./forward-proxy";
import { startVirtualHostServer, type Site, type SiteHandler } from "./virtual-host-server";

/** `at`: when the request arrived (ms). */
export type SiteRequest = { host: string; path: string; at: number };

export interface ProxiedSites {
  proxy: ForwardProxy;
  /** Every request any site saw, in order (its host, path and query). */
  requests: SiteRequest[];
  /** The crawler's settings for these sites: through the proxy, no private address, no delay, one request a host at once. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Sites by host name, served on one loopback server behind a forward proxy that knows only them,
 * as the crawl test webs need: the crawler reaches realistic host names, and every request is recorded.
 * `unrecorded` sites (e.g. the web search beside the leak sites) are served the same way, their requests left out.
 */
export async function startProxiedSites(
  sites: Record<string, Site>,
  settings: Record<string, string> = {},
  opts: { unrecorded?: Record<string, Site> } = {},
): Promise<ProxiedSites> {
  const requests: SiteRequest[] = [];
  const tracked = (host: string, h: SiteHandler): SiteHandler => async (req, res, url) => {
    requests.push({ host, path: url.pathname + url.search, at: Date.now() });
    await h(req, res, url);
  };
  const served: Record<string, Site> = {
    ...Object.fromEntries(
      Object.entries(sites).map(([host, site]) => [host, Object.fromEntries(Object.entries(site).map(([path, h]) => [path, tracked(host, h!)]))]),
    ),
    ...opts.unrecorded,
  };
  const server = await startVirtualHostServer(served);
  const proxy = await startForwardProxy((host) => (served[host] ? { host: "127.0.0.1", port: server.port } : null));
  return {
    proxy,
    requests,
    settings: {
      SCAN_PROXY_URL: proxy.url,
      SCAN_ALLOW_PRIVATE_NETWORKS: "false",
      SCAN_FETCH_TIMEOUT_MS: "4000",
      SCAN_CONNECT_TIMEOUT_MS: "2000",
      CRAWL_MIN_DELAY_MS: "0",
      CRAWL_PER_HOST_CONCURRENCY: "1",
      ...settings,
    },
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}
