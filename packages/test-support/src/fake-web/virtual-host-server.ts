import type { SiteHandler } from "@leakwarden/fake-network/virtual-host-server";

// The virtual-host server and its response helpers are the fake network's, shared with the demo.
export {
  bytes,
  html,
  json,
  readBody,
  readForm,
  redirect,
  startVirtualHostServer,
  type Site,
  type SiteHandler,
  type VirtualHostOptions,
  type VirtualHostServer,
} from "@leakwarden/fake-network/virtual-host-server";

// Hostile sites, for the tests only.

/** Accepts the request and never answers (a dead upstream behind a live socket). */
export const neverAnswers: SiteHandler = () => new Promise<void>(() => undefined);

/** Streams HTML forever (until the client goes away). */
export const endlessBody: SiteHandler = (req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const chunk = Buffer.from("<p>more and more filler text, never ending</p>\n".repeat(1000));
  let open = true;
  req.on("close", () => (open = false));
  res.on("close", () => (open = false));
  const pump = () => {
    while (open && res.write(chunk)) {
      /* fill the socket buffer */
    }
    if (open) res.once("drain", pump);
  };
  pump();
};
