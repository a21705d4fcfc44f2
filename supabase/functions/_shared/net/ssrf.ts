/**
 * The one SSRF guard (design §4): every request to a URL that a user typed,
 * or that a user-typed URL led to, goes through `guardedFetch`.
 *
 * - http and https only; no user name or password in the URL;
 * - the host is resolved (A and AAAA) and refused when ANY address is
 *   loopback, private, link-local, CGNAT, multicast, unspecified, unique-local,
 *   reserved, an IPv4-mapped / NAT64 / 6to4 form of those, or a cloud metadata
 *   address; IP literals are checked directly (the WHATWG URL parser has
 *   already turned `2130706433` or `0x7f.1` into `127.0.0.1`);
 * - redirects are followed by hand (`redirect: "manual"`, at most 5), each
 *   target checked again, and Authorization / Cookie dropped when the origin
 *   changes; a write (POST, PUT, PATCH, DELETE) never follows a redirect: a
 *   3xx answer to a write is an error;
 * - one deadline (default 15 s) covers resolution, every hop and the body,
 *   and the body is capped (default 5 MiB) while it streams.
 *
 * `PRIVATE_HOST_ALLOWLIST` (comma-separated `host:port`, empty by default)
 * names hosts that skip the address check, so local development and tests
 * can reach a WordPress on loopback. Scheme and credential checks still apply.
 *
 * Residual risk (DNS rebinding): fetch resolves the host again when it
 * connects, and Deno offers no way to pin the address checked here, so a
 * hostile DNS server answering a public address to us and a private one a
 * moment later can still steer a request inward. The window is small (one
 * resolution apart), responses from such a request are only parsed as
 * WordPress JSON or an image, and the platform's own egress rules are the
 * second line of defence.
 */

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Names that are never resolved: RFC 6761 loopback names and cloud metadata services. */
const BLOCKED_HOSTNAMES: ReadonlyMap<string, string> = new Map([
  ["localhost", "loopback"],
  ["metadata.google.internal", "cloud metadata"],
  ["metadata.goog", "cloud metadata"],
  ["metadata", "cloud metadata"],
]);

export type OutboundErrorKind =
  | "invalid_url"
  | "forbidden_address"
  | "dns"
  | "timeout"
  | "too_large"
  | "redirect_on_write"
  | "too_many_redirects"
  | "network";

/**
 * Why a guarded request did not produce a response. Messages name the host
 * and path but never credentials, so they are safe to log; callers map
 * `kind` to what the user sees.
 */
export class OutboundRequestError extends Error {
  override name = "OutboundRequestError";
  constructor(readonly kind: OutboundErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/** A response whose body has already been read (within the size cap). */
export interface GuardedResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  /** The URL that finally answered, after any redirects. */
  readonly url: string;
  readonly redirected: boolean;
  /** Empty when `readBody` was false. */
  readonly body: Uint8Array;
  text(): string;
  /** Parses the body as JSON; throws SyntaxError when it is not. */
  json(): unknown;
}

export type DnsResolver = (hostname: string, recordType: "A" | "AAAA", signal: AbortSignal) => Promise<string[]>;

export interface GuardedFetchOptions {
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** false: only status and headers are needed; the body is discarded unread. */
  readBody?: boolean;
  /**
   * `host:port` entries allowed to be private. Defaults to
   * PRIVATE_HOST_ALLOWLIST; pass a list to replace it (tests).
   */
  privateHostAllowlist?: readonly string[];
  signal?: AbortSignal;
  fetch?: typeof fetch;
  resolveDns?: DnsResolver;
}

export type GuardedFetch = (
  input: string | URL,
  init?: RequestInit,
  options?: GuardedFetchOptions,
) => Promise<GuardedResponse>;

// ---------------------------------------------------------------- addresses

type Ipv4Range = readonly [base: number, prefixLength: number, reason: string];

function ipv4ToNumber(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

const ipv4 = (text: string) => ipv4ToNumber(text) as number;

const BLOCKED_IPV4_RANGES: readonly Ipv4Range[] = [
  [ipv4("169.254.169.254"), 32, "cloud metadata"],
  [ipv4("100.100.100.200"), 32, "cloud metadata"],
  [ipv4("0.0.0.0"), 8, "unspecified"],
  [ipv4("10.0.0.0"), 8, "private"],
  [ipv4("100.64.0.0"), 10, "carrier-grade NAT"],
  [ipv4("127.0.0.0"), 8, "loopback"],
  [ipv4("169.254.0.0"), 16, "link-local"],
  [ipv4("172.16.0.0"), 12, "private"],
  [ipv4("192.0.0.0"), 24, "reserved"],
  [ipv4("192.0.2.0"), 24, "reserved"],
  [ipv4("192.168.0.0"), 16, "private"],
  [ipv4("198.18.0.0"), 15, "reserved"],
  [ipv4("198.51.100.0"), 24, "reserved"],
  [ipv4("203.0.113.0"), 24, "reserved"],
  [ipv4("224.0.0.0"), 4, "multicast"],
  [ipv4("240.0.0.0"), 4, "reserved"],
];

function classifyIpv4Number(value: number): string | null {
  for (const [base, prefixLength, reason] of BLOCKED_IPV4_RANGES) {
    const size = 2 ** (32 - prefixLength);
    if (Math.floor(value / size) === Math.floor(base / size)) return reason;
  }
  return null;
}

/** The 8 groups of an IPv6 address (brackets, zone and embedded IPv4 allowed), or null. */
function parseIpv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const value = ipv4ToNumber(dotted[1]);
    if (value === null) return null;
    address = address.slice(0, -dotted[1].length) + `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const toGroups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = toGroups(halves[0]);
  const tail = halves.length === 2 ? toGroups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function classifyIpv6Groups(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0 && g7 === 0) return "unspecified";
  if (firstFiveZero && g5 === 0 && g6 === 0 && g7 === 1) return "loopback";
  if (firstFiveZero && g5 === 0xffff) {
    const reason = classifyIpv4Number(embeddedIpv4(g6, g7));
    return reason ? `IPv4-mapped ${reason}` : null;
  }
  if (firstFiveZero && g5 === 0) return "reserved"; // deprecated IPv4-compatible ::a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    const reason = classifyIpv4Number(embeddedIpv4(g6, g7));
    return reason ? `NAT64 ${reason}` : null;
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "private"; // local-use NAT64 64:ff9b:1::/48
  if (g0 === 0x2002) {
    const reason = classifyIpv4Number(embeddedIpv4(g1, g2));
    return reason ? `6to4 ${reason}` : null;
  }
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) {
    return "cloud metadata";
  }
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return "reserved"; // discard-only 100::/64
  if (g0 === 0x2001 && g1 === 0) return "reserved"; // Teredo 2001::/32
  if (g0 === 0x2001 && g1 === 0x0db8) return "reserved"; // documentation 2001:db8::/32
  if ((g0 & 0xfe00) === 0xfc00) return "unique-local";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  return null;
}

/**
 * Why `address` (an IPv4 or IPv6 literal, brackets allowed) must not be
 * contacted, e.g. "loopback" or "IPv4-mapped private"; null when it is a
 * public address. Anything that is not a valid literal is refused too.
 */
export function forbiddenAddressReason(address: string): string | null {
  const v4 = ipv4ToNumber(address);
  if (v4 !== null) return classifyIpv4Number(v4);
  const v6 = parseIpv6(address);
  return v6 ? classifyIpv6Groups(v6) : "not an IP address";
}

const isIpLiteral = (hostname: string) => ipv4ToNumber(hostname) !== null || hostname.startsWith("[");

// ---------------------------------------------------------------- allowlist

const DEFAULT_PORTS: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" };

/** `hostname:port` of a URL as the allowlist spells it (IPv6 keeps its brackets). */
function hostKey(url: URL): string {
  return `${normaliseHostname(url.hostname)}:${url.port || DEFAULT_PORTS[url.protocol]}`;
}

function normaliseHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/**
 * Parses a comma-separated `host:port` list. Entries without a numeric port
 * are ignored: an allowlist entry must name exactly one service.
 */
export function parsePrivateHostAllowlist(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry) => {
      const match = /^(.+):(\d{1,5})$/.exec(entry);
      if (!match) return [];
      try {
        return [`${normaliseHostname(new URL(`http://${match[1]}`).hostname)}:${Number(match[2])}`];
      } catch {
        return [];
      }
    });
}

export function privateHostAllowlistFromEnv(): string[] {
  return parsePrivateHostAllowlist(Deno.env.get("PRIVATE_HOST_ALLOWLIST"));
}

/** Whether this URL's host:port is on the allowlist (local development). */
export function isAllowlistedHost(
  url: string | URL,
  allowlist: readonly string[] = privateHostAllowlistFromEnv(),
): boolean {
  try {
    const parsed = new URL(url);
    return allowlist.map((entry) => parsePrivateHostAllowlist(entry)[0]).includes(hostKey(parsed));
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- destination checks

const defaultResolveDns: DnsResolver = async (hostname, recordType, signal) => {
  try {
    return await Deno.resolveDns(hostname, recordType, { signal });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
};

/** Parses and checks a URL's form: http(s), no credentials. */
export function parseOutboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRequestError("invalid_url", "The address is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRequestError("invalid_url", `Only http and https addresses are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new OutboundRequestError("invalid_url", "The address must not contain a user name or password");
  }
  return url;
}

async function assertPublicDestination(
  url: URL,
  allowlist: readonly string[],
  resolveDns: DnsResolver,
  signal: AbortSignal,
): Promise<void> {
  if (allowlist.includes(hostKey(url))) return;
  const hostname = normaliseHostname(url.hostname);
  const refuse = (reason: string) => {
    throw new OutboundRequestError("forbidden_address", `${url.host} is a ${reason} address, which is not allowed`);
  };
  const namedReason = BLOCKED_HOSTNAMES.get(hostname) ?? (hostname.endsWith(".localhost") ? "loopback" : null);
  if (namedReason) refuse(namedReason);
  if (isIpLiteral(hostname)) {
    const reason = forbiddenAddressReason(hostname);
    if (reason) refuse(reason);
    return;
  }

  let addresses: string[];
  try {
    const [a, aaaa] = await Promise.all([resolveDns(hostname, "A", signal), resolveDns(hostname, "AAAA", signal)]);
    addresses = [...a, ...aaaa];
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new OutboundRequestError("dns", `Could not resolve ${hostname}`, { cause });
  }
  if (addresses.length === 0) throw new OutboundRequestError("dns", `${hostname} has no address`);
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address);
    // Every address must be public: a resolver may hand any of them to fetch.
    if (reason) refuse(`${reason} (${hostname} resolves to ${address})`);
  }
}

// ---------------------------------------------------------------- fetching

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  where: string,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    total += read.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new OutboundRequestError("too_large", `The response of ${where} exceeds ${maxBytes} bytes`);
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function guardedResponse(response: Response, url: URL, redirected: boolean, body: Uint8Array): GuardedResponse {
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    url: url.href,
    redirected,
    body,
    text: () => new TextDecoder().decode(body),
    json: () => JSON.parse(new TextDecoder().decode(body)),
  };
}

/** `host/path` of a URL without its query, for error messages. */
const describe = (method: string, url: URL) => `${method} ${url.host}${url.pathname}`;

/**
 * fetch with the guard described at the top of this file. Throws
 * OutboundRequestError for every refusal, time-out, oversized body, redirect
 * problem or network failure; HTTP error statuses are returned, not thrown.
 * `init.redirect` is ignored (redirects are always handled here).
 */
export const guardedFetch: GuardedFetch = async (input, init = {}, options = {}) => {
  const {
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
    maxRedirects = DEFAULT_MAX_REDIRECTS,
    readBody = true,
    fetch: fetchImpl = fetch,
    resolveDns = defaultResolveDns,
  } = options;
  const allowlist = (options.privateHostAllowlist ?? privateHostAllowlistFromEnv())
    .flatMap((entry) => parsePrivateHostAllowlist(entry));
  const method = (init.method ?? "GET").toUpperCase();
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const headers = new Headers(init.headers);
  let url = parseOutboundUrl(input);

  try {
    for (let redirects = 0;; redirects++) {
      await assertPublicDestination(url, allowlist, resolveDns, signal);
      const response = await fetchImpl(url, { ...init, method, headers, redirect: "manual", signal });
      const location = response.headers.get("location");
      if (REDIRECT_STATUSES.has(response.status) && location !== null) {
        await response.body?.cancel().catch(() => {});
        if (WRITE_METHODS.has(method)) {
          throw new OutboundRequestError(
            "redirect_on_write",
            `${describe(method, url)} answered ${response.status} (a redirect); writes never follow redirects`,
          );
        }
        if (redirects >= maxRedirects) {
          throw new OutboundRequestError(
            "too_many_redirects",
            `${describe(method, url)}: more than ${maxRedirects} redirects`,
          );
        }
        const next = parseOutboundUrl(new URL(location, url));
        if (next.origin !== url.origin) {
          // Credentials meant for one origin never travel to another.
          headers.delete("authorization");
          headers.delete("cookie");
        }
        url = next;
        continue;
      }
      const declaredLength = Number(response.headers.get("content-length") ?? 0);
      if (!readBody) {
        await response.body?.cancel().catch(() => {});
        return guardedResponse(response, url, redirects > 0, new Uint8Array(0));
      }
      if (declaredLength > maxResponseBytes) {
        await response.body?.cancel().catch(() => {});
        throw new OutboundRequestError(
          "too_large",
          `The response of ${describe(method, url)} exceeds ${maxResponseBytes} bytes`,
        );
      }
      const body = await readCapped(response.body, maxResponseBytes, describe(method, url));
      return guardedResponse(response, url, redirects > 0, body);
    }
  } catch (error) {
    if (error instanceof OutboundRequestError) throw error;
    if (deadline.aborted) {
      throw new OutboundRequestError("timeout", `${describe(method, url)} did not answer within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    if (options.signal?.aborted) throw options.signal.reason;
    // Network errors may quote the full URL; only host and path are kept.
    throw new OutboundRequestError("network", `${describe(method, url)} failed: ${networkReason(error)}`, {
      cause: error,
    });
  }
};

function networkReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "<url>").slice(0, 200);
}
