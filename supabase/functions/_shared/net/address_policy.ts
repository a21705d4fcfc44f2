/**
 * Which IP addresses the SSRF guard may contact: only ordinary public
 * unicast. Ranges are ipaddr.js's special-purpose registry (loopback,
 * RFC 1918, link-local, CGNAT, multicast, reserved, unique-local, …); the
 * IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`,
 * IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) are judged by the IPv4 address inside them, because that is
 * where the packets end up.
 */
import ipaddr from "ipaddr.js";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** Cloud instance metadata services (AWS, GCP, Azure, Alibaba, AWS over IPv6). */
const METADATA_ADDRESSES = ["169.254.169.254", "100.100.100.200", "fd00:ec2::254"].map((text) => ipaddr.parse(text));

const IPV4_REASONS: Readonly<Record<string, string>> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "carrier-grade NAT",
  private: "private",
};

const IPV6_REASONS: Readonly<Record<string, string>> = {
  unspecified: "unspecified",
  loopback: "loopback",
  linkLocal: "link-local",
  deprecatedSiteLocal: "site-local",
  uniqueLocal: "unique-local",
  multicast: "multicast",
  teredo: "Teredo",
};

const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");
/** Deprecated IPv4-compatible addresses `::a.b.c.d` (RFC 4291 §2.5.5.1), which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

function ipv4From(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function isMetadata(address: IPv4 | IPv6): boolean {
  return METADATA_ADDRESSES.some((metadata) =>
    metadata.kind() === address.kind() && metadata.toNormalizedString() === address.toNormalizedString()
  );
}

function ipv4Reason(address: IPv4): string | null {
  if (isMetadata(address)) return "cloud metadata";
  const range = address.range();
  if (range === "unicast") return null;
  return IPV4_REASONS[range] ?? "reserved";
}

/** The IPv4 address an IPv6 form carries, with the name of the form; null for native IPv6. */
function embeddedIpv4(address: IPv6): { form: string; ipv4: IPv4 } | null {
  const parts = address.parts;
  switch (address.range()) {
    case "ipv4Mapped":
      return { form: "IPv4-mapped", ipv4: ipv4From(parts[6], parts[7]) };
    case "rfc6145":
      return { form: "IPv4-translated", ipv4: ipv4From(parts[6], parts[7]) };
    case "rfc6052":
      // Only the well-known /96 has the IPv4 address in its last 32 bits; 64:ff9b:1::/48 is for local use.
      return address.match(NAT64_WELL_KNOWN) ? { form: "NAT64", ipv4: ipv4From(parts[6], parts[7]) } : null;
    case "6to4":
      return { form: "6to4", ipv4: ipv4From(parts[1], parts[2]) };
    default:
      return null;
  }
}

function ipv6Reason(address: IPv6): string | null {
  if (isMetadata(address)) return "cloud metadata";
  const embedded = embeddedIpv4(address);
  if (embedded) {
    const reason = ipv4Reason(embedded.ipv4);
    return reason ? `${embedded.form} ${reason}` : null;
  }
  const range = address.range();
  if (range === "rfc6052") return "NAT64 local-use";
  if (range === "unicast") return address.match(IPV4_COMPATIBLE) ? "IPv4-compatible (deprecated)" : null;
  return IPV6_REASONS[range] ?? "reserved";
}

/**
 * Why `address` (an IPv4 or IPv6 literal, brackets allowed; any notation
 * ipaddr.js reads, e.g. `0x7f.1` or `2130706433`) must not be contacted,
 * e.g. "loopback" or "IPv4-mapped private"; null for a public address.
 * Anything that is not an IP literal is refused too.
 */
export function forbiddenAddressReason(address: string): string | null {
  const literal = address.replace(/^\[(.*)\]$/, "$1");
  if (literal.includes(":")) {
    const canonical = canonicalIpv6(literal);
    return canonical ? ipv6Reason(ipaddr.IPv6.parse(canonical)) : "not an IP address";
  }
  return ipaddr.IPv4.isValid(literal) ? ipv4Reason(ipaddr.IPv4.parse(literal)) : "not an IP address";
}

/**
 * The IPv6 literal as fetch would read it (the WHATWG URL parser), or null.
 * ipaddr.js alone would read `::127.0.0.1` as IPv4-mapped, where it is the
 * deprecated IPv4-compatible `::7f00:1`.
 */
function canonicalIpv6(literal: string): string | null {
  try {
    return new URL(`http://[${literal}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Whether a URL host name (as the URL parser normalised it) is an IP literal rather than a name to resolve. */
export function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith("[") || ipaddr.IPv4.isValidFourPartDecimal(hostname);
}
