import { authenticate, type AuthenticateResult, type DNSResolver } from "mailauth";
import { getDomain } from "tldts";
import { configuredResolver } from "./network-lookup";

/**
 * Who a reply to a notice is from, as far as the mail itself proves it (decision 012): the From
 * header's domain is authenticated when a DKIM signature of that domain (or its organisational
 * domain) verifies, or when SPF passes for the connecting address on a MAIL FROM domain aligned
 * with it, and the domain's DMARC policy (if any) does not fail it. `mailauth` does the checks;
 * DNS goes through the service's DNS setting, as every other lookup does.
 */

export type MailDnsResolver = DNSResolver;

/** mailauth's resolver over the service's DNS setting (DNS_SERVERS; empty: the system's). */
export function mailDnsResolver(dnsServers: string[], timeoutMs: number): MailDnsResolver {
  const resolver = configuredResolver(dnsServers, timeoutMs);
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
}

export interface ReplyAuthentication {
  /** The one address of the From header, lower case; null when it has none or several (DMARC's rule). */
  from: string | null;
  /** How the From domain was authenticated: an aligned DKIM signature, an aligned SPF pass, or not at all. */
  alignedBy: "dkim" | "spf" | null;
  /** A check failed for a reason that may pass later (a DNS time-out): the sender should try again. */
  temporary: boolean;
  /** What the checks found, in Authentication-Results words ("dkim=pass header.d=…; spf=fail; dmarc=none"). */
  summary: string;
}

/** The domain a name is registered under (the public suffix list, private suffixes kept apart). */
export function organisationalDomain(domain: string): string {
  const name = domain.toLowerCase().replace(/\.$/, "");
  return getDomain(name, { allowPrivateDomains: true }) ?? name;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

export interface SmtpEnvelope {
  /** The connecting client's address. */
  ip: string;
  /** The name it gave in HELO/EHLO. */
  helo: string;
  /** MAIL FROM (empty for a bounce). */
  mailFrom: string;
}

/** Reads a received message's DKIM, SPF and DMARC results and whether they authenticate its From domain. */
export async function authenticateReply(raw: Buffer, envelope: SmtpEnvelope, options: { resolver: MailDnsResolver; mta: string }): Promise<ReplyAuthentication> {
  let result: AuthenticateResult;
  try {
    result = await authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.mailFrom,
      mta: options.mta,
      resolver: options.resolver,
      // ARC and BIMI say nothing about who wrote the reply; BIMI would also fetch logos.
      disableArc: true,
      disableBimi: true,
    });
  } catch {
    return { from: null, alignedBy: null, temporary: false, summary: "the message could not be checked" };
  }
  return judge(result);
}

function judge(result: AuthenticateResult): ReplyAuthentication {
  const froms = result.dkim.headerFrom ?? [];
  const from = froms.length === 1 && froms[0]!.includes("@") ? froms[0]!.toLowerCase() : null;
  const dkim = result.dkim.results ?? [];
  const spf = result.spf || null;
  const dmarc = result.dmarc || null;
  const summary = [
    ...(dkim.length === 0 ? ["dkim=none"] : dkim.map((r) => `dkim=${r.status.result} header.d=${r.signingDomain ?? "?"}`)),
    `spf=${spf?.status.result ?? "none"}${spf?.domain ? ` smtp.mailfrom=${spf.domain}` : ""}`,
    `dmarc=${dmarc ? dmarc.status.result : "none"}`,
  ].join("; ");
  const temporary = [...dkim.map((r) => r.status.result), spf?.status.result, dmarc ? dmarc.status.result : undefined].some((r) => r === "temperror" || r === "temperr");
  if (!from) return { from, alignedBy: null, temporary: false, summary };
  const fromDomain = domainOf(from);
  // Relaxed alignment (the organisational domains match) unless the domain's DMARC policy asks
  // for strict (adkim=s / aspf=s: the very name); mailauth reports the policy but aligns relaxed.
  const aligned = (domain: unknown, strict: boolean) =>
    typeof domain === "string" && (strict ? domain.toLowerCase() === fromDomain : organisationalDomain(domain) === organisationalDomain(fromDomain));
  const strictDkim = dmarc ? dmarc.alignment?.dkim?.strict === true : false;
  const strictSpf = dmarc ? dmarc.alignment?.spf?.strict === true : false;
  // A signature with a body length (l=) shorter than the body signs only part of it: text added
  // below it would pass as signed, so it proves nothing about what the reply says.
  const dkimAligned = dkim.some((r) => r.status.result === "pass" && !r.status.underSized && aligned(r.signingDomain, strictDkim));
  const spfAligned = spf?.status.result === "pass" && aligned(spf.domain, strictSpf);
  const dmarcFails = dmarc?.status.result === "fail";
  const alignedBy = dmarcFails ? null : dkimAligned ? "dkim" : spfAligned ? "spf" : null;
  return { from, alignedBy, temporary: alignedBy === null && temporary, summary };
}

/**
 * Mailbox providers anyone can have an address at: for a recipient there, only the very address
 * counts (the provider's own DKIM proves the mailbox, its domain proves nothing about the owner).
 */
const SHARED_MAILBOX_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.net",
  "gmx.de",
  "web.de",
  "mail.com",
  "mail.ru",
  "yandex.ru",
  "yandex.com",
  "zoho.com",
  "tutanota.com",
  "tuta.io",
  "fastmail.com",
  "qq.com",
  "163.com",
]);

export type SenderTrust = { verified: boolean; trust: string };

/**
 * Whether a reply is from whom the notice went to: its authenticated From address is the
 * recipient's address, or on the recipient's (organisational) domain unless that is a shared
 * mailbox provider. The sentence says why, for her timeline.
 */
export function senderOfNotice(auth: ReplyAuthentication, recipientEmail: string | null): SenderTrust {
  const unverified = (why: string): SenderTrust => ({ verified: false, trust: `Unverified: ${why} It changes nothing, and re-checks go on.` });
  if (!recipientEmail) return unverified("the notice went to no email address.");
  if (!auth.from) return unverified("the message has no single From address.");
  const recipient = recipientEmail.toLowerCase();
  const fromOrg = organisationalDomain(domainOf(auth.from));
  const recipientOrg = organisationalDomain(domainOf(recipient));
  const sameAddress = auth.from === recipient;
  const sameDomain = fromOrg === recipientOrg && !SHARED_MAILBOX_DOMAINS.has(recipientOrg);
  if (!sameAddress && !sameDomain) {
    return unverified(
      SHARED_MAILBOX_DOMAINS.has(recipientOrg) ? `it is from ${auth.from}, not from ${recipient}, the address the notice went to.` : `it is from ${auth.from}, not from ${recipient} or another address at ${recipientOrg}.`,
    );
  }
  if (!auth.alignedBy) return unverified(`nothing in the message proves that ${domainOf(auth.from)} sent it (no DKIM signature of that domain verified, and no SPF pass for it).`);
  const how = auth.alignedBy === "dkim" ? `a DKIM signature of ${fromOrg} verified` : `SPF says ${fromOrg} sends mail from the server it came from`;
  return { verified: true, trust: `Verified: it is from ${auth.from}, ${sameAddress ? "the address the notice went to" : `at ${recipientOrg}, where the notice went`}, and ${how}.` };
}
