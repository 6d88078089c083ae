import { z } from "zod";

/**
 * Cloudflare's Abuse Reports API, DMCA report: `POST {api}/accounts/{account_id}/abuse-reports/abuse_dmca`
 * with the documented body (act, name, email, email2, address1, city, state, country,
 * agent_name, original_work, urls, signature, agree, host_notification, owner_notification;
 * optional title, company, tele, comments), answered in Cloudflare's v4 envelope
 * `{ success, errors: [{ code, message }], messages, result }`. An account without the
 * abuse-reports entitlement is answered 401.
 */

/** Where a creator files a DMCA report by hand. */
export const CLOUDFLARE_ABUSE_FORM = "https://abuse.cloudflare.com/";

/** The documented fields of a DMCA report, as strings (agree is sent as the number 1). */
export const dmcaReportFieldsSchema = z.object({
  act: z.literal("abuse_dmca"),
  name: z.string(),
  email: z.string(),
  email2: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  agent_name: z.string(),
  company: z.string(),
  tele: z.string(),
  title: z.string(),
  original_work: z.string(),
  urls: z.string(),
  comments: z.string(),
  signature: z.string(),
  agree: z.literal("1"),
  host_notification: z.literal("send"),
  owner_notification: z.literal("send"),
});
export type DmcaReportFields = z.infer<typeof dmcaReportFieldsSchema>;

export interface DmcaReportInput {
  agent: { name: string; email: string; address: string | undefined; city: string | undefined; state: string | undefined; country: string | undefined; phone: string | undefined };
  /** The copyright holder's name as notices show it. */
  ownerName: string;
  authorizedExamples: string[];
  /** The infringing URLs, all on one host name. */
  urls: string[];
}

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** The report's fields, each within the length the API documents. */
export function dmcaReportFields(input: DmcaReportInput): DmcaReportFields {
  const examples = input.authorizedExamples.join(" ");
  return {
    act: "abuse_dmca",
    name: cut(input.agent.name, 255),
    email: input.agent.email,
    email2: input.agent.email,
    address1: cut(input.agent.address ?? "", 100),
    city: cut(input.agent.city ?? "", 255),
    state: cut(input.agent.state ?? "", 255),
    country: cut(input.agent.country ?? "", 255),
    agent_name: cut(input.ownerName, 60),
    company: cut(input.agent.name, 100),
    tele: cut(input.agent.phone ?? "", 20),
    title: "Authorized agent of the copyright owner",
    original_work: cut(`Original photographs and videos created and published by ${input.ownerName}${examples ? `: ${examples}` : ""}`, 255),
    urls: input.urls.slice(0, 250).join("\n"),
    comments: cut(
      `The pages listed republish ${input.ownerName}'s photographs and videos without authorization. This report is sent by ${input.agent.name}, authorized agent of the copyright owner. ` +
        "I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law. " +
        "The information in this notification is accurate, and under penalty of perjury, I am authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.",
      2000,
    ),
    signature: cut(input.agent.name, 255),
    agree: "1",
    host_notification: "send",
    owner_notification: "send",
  };
}

/** The fields the API requires that our settings leave empty (then the report is the creator's step). */
export function missingFields(fields: DmcaReportFields): string[] {
  return (["name", "email", "address1", "city", "state", "country", "agent_name", "original_work", "urls", "signature"] as const).filter((k) => !fields[k].trim());
}

export type DmcaReportAnswer =
  | { outcome: "submitted"; status: number; result: string }
  | { outcome: "invalid"; status: number; errors: string[] }
  | { outcome: "unauthorized"; status: number; errors: string[] }
  /** A failure worth another try later (network, 429, 5xx). */
  | { outcome: "unavailable"; status: number | null; errors: string[] };

export interface CloudflareAbuseReportsOptions {
  apiUrl: string;
  token: string;
  accountId: string;
  timeoutMs: number;
}

type Envelope = { success?: boolean; errors?: { code?: number; message?: string }[]; result?: unknown };

function errorsOf(body: Envelope | null, status: number): string[] {
  const listed = (Array.isArray(body?.errors) ? body.errors : []).map((e) => `${e.code !== undefined ? `${e.code}: ` : ""}${String(e.message ?? "").slice(0, 500)}`).filter(Boolean);
  return listed.length > 0 ? listed.slice(0, 20) : [`HTTP ${status}`];
}

export function createCloudflareAbuseReports(options: CloudflareAbuseReportsOptions) {
  const base = options.apiUrl.replace(/(?<!\/)\/+$/, "");
  return {
    async submitDmca(fields: DmcaReportFields): Promise<DmcaReportAnswer> {
      const url = `${base}/accounts/${encodeURIComponent(options.accountId)}/abuse-reports/abuse_dmca`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ ...fields, agree: 1 }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        return { outcome: "unavailable", status: null, errors: [error instanceof Error ? error.message : String(error)] };
      }
      const text = (await res.text()).slice(0, 64 * 1024);
      let body: Envelope | null = null;
      try {
        const parsed: unknown = JSON.parse(text);
        body = parsed && typeof parsed === "object" ? (parsed as Envelope) : null;
      } catch {
        body = null;
      }
      if (res.ok && body?.success !== false) return { outcome: "submitted", status: res.status, result: typeof body?.result === "string" ? body.result.slice(0, 500) : JSON.stringify(body?.result ?? null).slice(0, 500) };
      if (res.status === 401 || res.status === 403) return { outcome: "unauthorized", status: res.status, errors: errorsOf(body, res.status) };
      if (res.status === 429 || res.status >= 500) return { outcome: "unavailable", status: res.status, errors: errorsOf(body, res.status) };
      return { outcome: "invalid", status: res.status, errors: errorsOf(body, res.status) };
    },
  };
}

export type CloudflareAbuseReports = ReturnType<typeof createCloudflareAbuseReports>;
