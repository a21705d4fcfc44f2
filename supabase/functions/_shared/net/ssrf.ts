/**
 * The one SSRF guard (design §4): every request to a URL that a user typed,
 * or that a user-typed URL led to, goes through `guardedFetch`.
 *
 * - http and https only; no user name or password in the URL;
 * - the host is resolved (A and AAAA) and refused when ANY address is not
 *   public unicast (see address_policy.ts: loopback, private, link-local,
 *   CGNAT, multicast, reserved, unique-local, cloud metadata, and IPv6 forms
 *   embedding such an IPv4); IP literals are checked directly (the WHATWG URL
 *   parser has already turned `2130706433` or `0x7f.1` into `127.0.0.1`);
 * - redirects are followed by hand (`redirect: "manual"`, at most 5), each
 *   target checked again, and Authorization / Cookie dropped when the origin
 *   changes; a write (POST, PUT, PATCH, DELETE) never follows a redirect: a
 *   3xx answer to a write is an error;
 * - one deadline (default 15 s) covers resolution, every hop and the body,
 *   and the body is capped (default 5 MiB) while it streams.
 *
 * Hosts on `PRIVATE_HOST_ALLOWLIST` (host_allowlist.ts) skip the address
 * check; scheme and credential checks still apply.
 *
 * Residual risk (DNS rebinding): fetch resolves the host again when it
 * connects, and Deno offers no way to pin the address checked here, so a
 * hostile DNS server answering a public address to us and a private one a
 * moment later can still steer a request inward. The window is small (one
 * resolution apart), responses from such a request are only parsed as
 * WordPress JSON or an image, and the platform's own egress rules are the
 * second line of defence.
 */
import { forbiddenAddressReason, isIpLiteral } from "./address_policy.ts";
import { hostKey, normaliseHostname, parsePrivateHostAllowlist, privateHostAllowlistFromEnv } from "./host_allowlist.ts";

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

// ---------------------------------------------------------------- streaming

export const DEFAULT_MAX_STREAMED_BYTES = 32 * 1024 * 1024;

export interface StreamingGuardOptions {
  /** The body is cut (the stream errors) past this many bytes. */
  maxResponseBytes?: number;
  privateHostAllowlist?: readonly string[];
  fetch?: typeof fetch;
  resolveDns?: DnsResolver;
}

/**
 * A `fetch` for clients that read the answer as it streams (the OpenAI SDK
 * against a user's own OpenAI-compatible server): the destination is checked
 * as `guardedFetch` checks it, redirects are refused rather than followed (a
 * model API has no reason to redirect, and a POST never follows one here),
 * and the body is passed on as it arrives, cut past `maxResponseBytes`. The
 * caller's signal bounds the time. Throws OutboundRequestError.
 */
export function guardedStreamingFetch(options: StreamingGuardOptions = {}): typeof fetch {
  const {
    maxResponseBytes = DEFAULT_MAX_STREAMED_BYTES,
    fetch: fetchImpl = fetch,
    resolveDns = defaultResolveDns,
  } = options;
  return async (input, init = {}) => {
    const allowlist = (options.privateHostAllowlist ?? privateHostAllowlistFromEnv())
      .flatMap((entry) => parsePrivateHostAllowlist(entry));
    const request = input instanceof Request ? input : undefined;
    const url = parseOutboundUrl(request ? request.url : input as string | URL);
    const method = (init.method ?? request?.method ?? "GET").toUpperCase();
    const signal = init.signal ?? request?.signal ?? undefined;
    await assertPublicDestination(url, allowlist, resolveDns, signal ?? new AbortController().signal);
    let response: Response;
    try {
      response = await fetchImpl(request ?? url, { ...init, redirect: "manual" });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new OutboundRequestError("network", `${describe(method, url)} failed: ${networkReason(error)}`, {
        cause: error,
      });
    }
    if (REDIRECT_STATUSES.has(response.status) && response.headers.has("location")) {
      await response.body?.cancel().catch(() => {});
      throw new OutboundRequestError(
        "redirect_on_write",
        `${describe(method, url)} answered ${response.status} (a redirect); the server must answer at its own address`,
      );
    }
    if (!response.body) return response;
    let total = 0;
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > maxResponseBytes) {
            controller.error(
              new OutboundRequestError("too_large", `The response of ${describe(method, url)} exceeds ${maxResponseBytes} bytes`),
            );
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
