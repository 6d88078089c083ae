import { checkMailbox, type MailboxCheck } from "./mailbox";

/**
 * The abuse mailbox and the organisation's name in an RDAP answer (RFC 9083), as the
 * registries publish them:
 * - the entity with the `abuse` role wins, nearest the top first (ARIN and RIPE nest it under
 *   the organisation; LACNIC lists it at the top; registrars nest it under the registrar); an
 *   entity whose only role is `abuse` (a dedicated abuse desk) wins over one that holds it among
 *   others (ARIN may list the network's NOC, also marked abuse, at the top, and the
 *   organisation's abuse desk under the registrant);
 * - on a vCard with several emails, the one typed `abuse` wins (RIPE writes the role's e-mail
 *   first and its abuse-mailbox second, typed `abuse`);
 * - with no abuse-role entity carrying an email, the answer's remarks and notices are read for
 *   an abuse address (AFRINIC answers put it there: "please send abuse reports to …");
 * - the organisation is named by its registrant (or registrar) entity's `org` or `fn`, never by
 *   a role handle such as RIPE's "Abuse-C Role".
 */

export type JCardProperty = [string, Record<string, unknown>, string, unknown];
export type RdapEntity = {
  handle?: string;
  roles?: string[];
  vcardArray?: [string, unknown[]];
  entities?: RdapEntity[];
  remarks?: RdapRemark[];
};
export type RdapRemark = { title?: string; description?: string[] };
export type RdapAnswer = { name?: string; handle?: string; entities?: RdapEntity[]; remarks?: RdapRemark[]; notices?: RdapRemark[] };

export type AbuseFinding = {
  /** The address, when one passed the mailbox check. */
  email: string | null;
  /** The address found but refused, with why (shown escaped). */
  refused: { address: string; reason: string } | null;
  /** The organisation to greet. */
  name: string | null;
  /** Where in the answer the address was read. */
  via: "abuse-entity" | "remarks" | "registrar-entity" | null;
};

const MAX_DEPTH = 5;
const MAX_ENTITIES = 200;

function properties(entity: RdapEntity): JCardProperty[] {
  const props = Array.isArray(entity.vcardArray?.[1]) ? entity.vcardArray[1] : [];
  return props.filter((p): p is JCardProperty => Array.isArray(p) && typeof p[0] === "string" && p.length >= 4).slice(0, 200);
}

function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (Array.isArray(value)) {
    const first = value.find((v) => typeof v === "string" && v.trim());
    return typeof first === "string" ? first.trim() : null;
  }
  return null;
}

function typesOf(params: Record<string, unknown>): string[] {
  const t = params?.type;
  return (Array.isArray(t) ? t : [t]).filter((v): v is string => typeof v === "string").map((v) => v.toLowerCase());
}

/** The entity's emails, the one typed `abuse` first, otherwise in the order given. */
export function emailsOf(entity: RdapEntity): string[] {
  const emails = properties(entity)
    .filter((p) => p[0].toLowerCase() === "email" && typeof p[3] === "string")
    .map((p) => ({ value: p[3] as string, abuse: typesOf(p[1]).includes("abuse") }));
  return [...emails.filter((e) => e.abuse), ...emails.filter((e) => !e.abuse)].map((e) => e.value);
}

function vcardText(entity: RdapEntity, key: "fn" | "org"): string | null {
  const p = properties(entity).find((prop) => prop[0].toLowerCase() === key);
  return p ? textOf(p[3]) : null;
}

/** A name that is a role or a handle, not an organisation: "Abuse-C Role", "Abuse", "Abuse contact", "IRT-KRNIC-KR", "ORG-TA38-AFRINIC". */
export function isRoleName(name: string): boolean {
  const n = name.trim();
  if (/^(abuse|noc|hostmaster|security)(-c)?( (role|contact|desk|team|department|dept))?$/i.test(n)) return true;
  if (/^irt-/i.test(n)) return true;
  // Registry handles: ORG-XXXX-RIPE, XX123-ARIN, JNIC1-AP, …-MNT (one word, hyphenated, upper case)
  return !/\s/.test(n) && /^[A-Z0-9]+(-[A-Z0-9]+)*-(RIPE|ARIN|APNIC|AFRINIC|LACNIC|AP|MNT)$/i.test(n);
}

/** The entity's own name for greeting: its vCard `org`, then `fn`, unless either is a role or a handle. */
export function organisationName(entity: RdapEntity): string | null {
  for (const n of [vcardText(entity, "org"), vcardText(entity, "fn")]) {
    if (n && !isRoleName(n)) return n;
  }
  return null;
}

/** Entities breadth-first (top level first), each with its parent; bounded. */
function walk(entities: RdapEntity[] | undefined): { entity: RdapEntity; parent: RdapEntity | null }[] {
  const out: { entity: RdapEntity; parent: RdapEntity | null }[] = [];
  let level: { entity: RdapEntity; parent: RdapEntity | null }[] = (Array.isArray(entities) ? entities : []).map((entity) => ({ entity, parent: null }));
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && out.length < MAX_ENTITIES; depth++) {
    out.push(...level.slice(0, MAX_ENTITIES - out.length));
    level = level.flatMap(({ entity }) => (Array.isArray(entity.entities) ? entity.entities.filter((e) => e && typeof e === "object").map((e) => ({ entity: e, parent: entity })) : []));
  }
  return out;
}

const hasRole = (e: RdapEntity, role: string) => Array.isArray(e.roles) && e.roles.some((r) => typeof r === "string" && r.toLowerCase() === role);

/** The abuse entity with an email to write to: a dedicated abuse desk first, then the one nearest the top. */
function abuseEntity(entities: { entity: RdapEntity; parent: RdapEntity | null }[]) {
  const withEmail = entities.filter(({ entity }) => hasRole(entity, "abuse") && emailsOf(entity).length > 0);
  const dedicated = withEmail.find(({ entity }) => entity.roles!.every((r) => typeof r === "string" && r.toLowerCase() === "abuse"));
  return dedicated ?? withEmail[0];
}

function remarkLines(answer: RdapAnswer): string[] {
  const blocks = [...(answer.remarks ?? []), ...(answer.notices ?? []), ...walk(answer.entities).flatMap(({ entity }) => entity.remarks ?? [])];
  return blocks
    .flatMap((b) => (Array.isArray(b?.description) ? b.description : []))
    .filter((l): l is string => typeof l === "string")
    .slice(0, 500)
    .map((l) => l.slice(0, 1000));
}

/** Address-shaped words in a line of text (split on spaces and punctuation that cannot be in one; linear). */
export function addressesInText(line: string): string[] {
  return line
    .split(/[\s<>()[\]{}"',;:]+/)
    .map((w) => w.replace(/^[.]+|(?<![.])[.]+$/g, ""))
    .filter((w) => w.includes("@") && w.length <= 254);
}

/** The abuse address a remark or notice gives: a line that speaks of abuse, its address (an abuse@ address anywhere otherwise). */
function remarkAbuse(answer: RdapAnswer): string | null {
  const lines = remarkLines(answer);
  for (const line of lines) {
    if (!/abuse/i.test(line)) continue;
    const found = addressesInText(line);
    if (found.length > 0) return found.find((a) => /abuse/i.test(a)) ?? found[0]!;
  }
  return null;
}

function finding(raw: string | null, name: string | null, via: AbuseFinding["via"]): AbuseFinding {
  if (raw === null) return { email: null, refused: null, name, via: null };
  const check: MailboxCheck = checkMailbox(raw);
  return check.ok ? { email: check.address, refused: null, name, via } : { email: null, refused: { address: check.shown, reason: check.reason }, name, via };
}

/** The organisation an IP network answer belongs to: its registrant's name, the abuse contact's organisation, or the network's name. */
function networkOrganisation(answer: RdapAnswer, abuse: { entity: RdapEntity; parent: RdapEntity | null } | undefined): string | null {
  const all = walk(answer.entities);
  const registrant = all.find(({ entity }) => hasRole(entity, "registrant") && organisationName(entity));
  if (registrant) return organisationName(registrant.entity);
  if (abuse?.parent && organisationName(abuse.parent)) return organisationName(abuse.parent);
  if (abuse && organisationName(abuse.entity)) return organisationName(abuse.entity);
  const contact = all.find(({ entity }) => (hasRole(entity, "administrative") || hasRole(entity, "technical")) && organisationName(entity));
  if (contact) return organisationName(contact.entity);
  const own = typeof answer.name === "string" ? answer.name.trim() : "";
  return own && !isRoleName(own) ? own : null;
}

/** The abuse mailbox of an IP network answer (RDAP ip query). */
export function networkAbuse(answer: RdapAnswer): AbuseFinding {
  const abuse = abuseEntity(walk(answer.entities));
  const name = networkOrganisation(answer, abuse);
  if (abuse) return finding(emailsOf(abuse.entity)[0]!, name, "abuse-entity");
  return finding(remarkAbuse(answer), name, "remarks");
}

/** The registrar's abuse mailbox and the registrar's name in a domain answer (RDAP domain query). */
export function registrarAbuse(answer: RdapAnswer): AbuseFinding & { registrar: string | null } {
  const registrar = (Array.isArray(answer.entities) ? answer.entities : []).find((e) => hasRole(e, "registrar"));
  const registrarName = registrar ? organisationName(registrar) : null;
  const scope = registrar ? walk([registrar]) : walk(answer.entities);
  const abuse = abuseEntity(scope) ?? abuseEntity(walk(answer.entities));
  const name = registrarName ?? (abuse ? organisationName(abuse.entity) : null);
  if (abuse) return { ...finding(emailsOf(abuse.entity)[0]!, name, "abuse-entity"), registrar: registrarName };
  const remark = remarkAbuse(answer);
  if (remark) return { ...finding(remark, name, "remarks"), registrar: registrarName };
  // No abuse contact at all: the registrar's own mailbox.
  const own = registrar ? emailsOf(registrar)[0] : undefined;
  return { ...finding(own ?? null, name, "registrar-entity"), registrar: registrarName };
}
