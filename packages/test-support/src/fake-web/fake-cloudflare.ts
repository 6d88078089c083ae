import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Cloudflare's Abuse Reports API on 127.0.0.1 (`POST /client/v4/accounts/{account_id}/
// abuse-reports/{report_type}`): checks the bearer token, answers an account without the
// entitlement with 401, checks a DMCA report's documented required fields and limits, and answers
// in Cloudflare's v4 envelope. It records what it was sent.

export interface FakeCloudflareRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface FakeCloudflare {
  /** The API base to configure (CLOUDFLARE_API_URL). */
  url: string;
  requests: FakeCloudflareRequest[];
  /** false: the account lacks the abuse-reports entitlement (every report is answered 401). */
  entitled: boolean;
  /** Checks of Cloudflare's own that a well-formed report can still fail (e.g. a URL it does not serve): answered 400 with these errors. */
  rejectWith: { code: number; message: string }[] | null;
  close(): Promise<void>;
}

const REQUIRED = ["name", "email", "email2", "address1", "city", "state", "country", "agent_name", "original_work", "urls", "signature", "host_notification", "owner_notification"] as const;
const LIMITS: Record<string, number> = { address1: 100, agent_name: 60, name: 255, city: 255, state: 255, country: 255, original_work: 255, company: 100, tele: 20, title: 255, comments: 2000 };

function envelope(success: boolean, errors: { code: number; message: string }[], result: unknown) {
  return { success, errors, messages: [], result };
}

/** The documented checks of a DMCA report body; each failure as Cloudflare lists it. */
function dmcaErrors(body: Record<string, unknown>): { code: number; message: string }[] {
  const errors: { code: number; message: string }[] = [];
  for (const key of REQUIRED) {
    if (typeof body[key] !== "string" || !(body[key] as string).trim()) errors.push({ code: 10000, message: `${key} is required` });
  }
  for (const [key, max] of Object.entries(LIMITS)) {
    if (typeof body[key] === "string" && (body[key] as string).length > max) errors.push({ code: 10000, message: `${key} must not exceed ${max} characters` });
  }
  if (body.agree !== 1) errors.push({ code: 10000, message: "agree must be 1 for DMCA reports" });
  if (body.email !== body.email2) errors.push({ code: 10000, message: "email2 must match email" });
  if (typeof body.email === "string" && !/^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$/.test(body.email)) errors.push({ code: 10000, message: "email must be a valid email" });
  if (body.signature !== body.name) errors.push({ code: 10000, message: "signature must be the same as name" });
  if (body.host_notification !== "send" || body.owner_notification !== "send") errors.push({ code: 10000, message: "DMCA reports cannot be anonymous" });
  if (typeof body.urls === "string") {
    const urls = body.urls.split("\n");
    const hosts = new Set<string>();
    for (const u of urls) {
      try {
        hosts.add(new URL(u).hostname);
      } catch {
        errors.push({ code: 10000, message: `urls: ${u.slice(0, 100)} is not a valid URL` });
      }
    }
    if (urls.length > 250) errors.push({ code: 10000, message: "urls must not exceed 250 URLs" });
    if (hosts.size > 1) errors.push({ code: 10000, message: "urls must all have the same hostname" });
    if (new Set(urls).size !== urls.length) errors.push({ code: 10000, message: "urls must be unique" });
  }
  return errors;
}

export async function startFakeCloudflare(options: { token: string; accountId: string }): Promise<FakeCloudflare> {
  const fake: FakeCloudflare = { url: "", requests: [], entitled: true, rejectWith: null, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        body = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      fake.requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      const send = (status: number, doc: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(doc));
      };
      const route = /^\/client\/v4\/accounts\/([^/]+)\/abuse-reports\/([^/]+)$/.exec(path);
      if (!route || req.method !== "POST") return send(404, envelope(false, [{ code: 7003, message: "Could not route to " + path }], null));
      if (req.headers.authorization !== `Bearer ${options.token}`) return send(401, envelope(false, [{ code: 10000, message: "Authentication error" }], null));
      if (decodeURIComponent(route[1]!) !== options.accountId) return send(403, envelope(false, [{ code: 10000, message: "Authentication error" }], null));
      if (!fake.entitled) return send(401, envelope(false, [{ code: 10000, message: "Unauthorized: the account is not entitled to submit abuse reports" }], null));
      if (!body) return send(400, envelope(false, [{ code: 10000, message: "The request body is not valid JSON" }], null));
      if (route[2] !== "abuse_dmca" || body.act !== "abuse_dmca") return send(400, envelope(false, [{ code: 10000, message: "act must match the report type abuse_dmca" }], null));
      const errors = [...dmcaErrors(body), ...(fake.rejectWith ?? [])];
      if (errors.length > 0) return send(400, envelope(false, errors, null));
      return send(200, envelope(true, [], "success"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
