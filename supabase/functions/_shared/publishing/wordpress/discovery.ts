/**
 * The connection test of `wordpress-connect`: find the site's REST root,
 * check the application password and the permissions publishing needs, and
 * note which SEO plugin is active. Nothing here writes to the site.
 *
 * Discovery order (first hit wins): the `Link: <…>; rel="https://api.w.org/"`
 * header of the site's page, then `/wp-json/`, `?rest_route=/`,
 * `/index.php/wp-json/`, `/blog/wp-json/`, `/wordpress/wp-json/` under the
 * site URL. A candidate counts only when it answers JSON whose `namespaces`
 * include `wp/v2`: an HTML page, or a redirect to the home page, is not a
 * REST API.
 */
import { endpointNotAccessibleMessage, type SeoPlugin, WORDPRESS_MESSAGES } from "../../contracts/sites.ts";
import { isAllowlistedHost, privateHostAllowlistFromEnv } from "../../net/host_allowlist.ts";
import { type GuardedFetch, type GuardedFetchOptions, OutboundRequestError } from "../../net/ssrf.ts";
import { createWordPressClient, readableQuery, restUrl, USER_AGENT, WordPressError } from "./rest.ts";

/** The REST index can list hundreds of routes on sites with many plugins. */
const INDEX_MAX_BYTES = 10 * 1024 * 1024;
const INDEX_FIELDS = "name,url,home,namespaces,authentication";
const FALLBACK_ROOTS = ["wp-json/", "?rest_route=/", "index.php/wp-json/", "blog/wp-json/", "wordpress/wp-json/"];

/** Capabilities publishing needs, with the route reported when one is missing. */
const REQUIRED_CAPABILITIES: ReadonlyArray<readonly [capability: string, path: string]> = [
  ["edit_posts", "/posts"],
  ["publish_posts", "/posts"],
  ["upload_files", "/media"],
  ["manage_categories", "/categories"],
];
/** Routes the connection test reads, as the spec names them. */
const ACCESS_CHECKS: ReadonlyArray<readonly [path: string, route: string, query: Record<string, string | number>]> = [
  ["/posts", "wp/v2/posts", { context: "edit", per_page: 1, _fields: "id" }],
  ["/categories", "wp/v2/categories", { per_page: 1, _fields: "id" }],
  ["/tags", "wp/v2/tags", { per_page: 1, _fields: "id" }],
  ["/media", "wp/v2/media", { context: "edit", per_page: 1, _fields: "id" }],
];

export type ConnectionFailureReason =
  | "invalid_url"
  | "private_address"
  | "unreachable"
  | "timeout"
  | "not_wordpress"
  | "insecure_http"
  | "authentication_failed"
  | "authorization_header_stripped"
  | "application_passwords_unavailable"
  | "endpoint_not_accessible";

/** A failed connection test; `message` is for the user (under the field the reason is about), `detail` for logs. */
export class ConnectionTestError extends Error {
  override name = "ConnectionTestError";
  constructor(
    readonly reason: ConnectionFailureReason,
    message: string,
    readonly details: { path?: string; missingCapability?: string; detail?: string } = {},
  ) {
    super(message);
  }
}

export interface RestIndex {
  namespaces: string[];
  authentication?: unknown;
  name?: string;
  home?: string;
}

export interface DiscoveredRestApi {
  restRoot: string;
  index: RestIndex;
}

export interface ConnectionTestInput {
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

export interface ConnectionTestResult {
  /** The site URL as saved: scheme and host lower-case, no query, fragment or trailing slash. */
  siteUrl: string;
  /** The discovered REST root (saved as wordpress_sites.base_url). */
  restRoot: string;
  seoPlugin: SeoPlugin | null;
  user: { id: number; name: string };
}

export interface DiscoveryDependencies {
  fetch: GuardedFetch;
  fetchOptions?: GuardedFetchOptions;
}

/** `https://Example.com/blog/?x#y` → `https://example.com/blog`. Throws ConnectionTestError for non-http(s). */
export function normaliseSiteUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ConnectionTestError("invalid_url", WORDPRESS_MESSAGES.invalidUrl);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
    throw new ConnectionTestError("invalid_url", WORDPRESS_MESSAGES.invalidUrl);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The targets of `rel="https://api.w.org/"` in a Link header, resolved against `base`. */
export function restLinksFromHeader(linkHeader: string | null, base: string): string[] {
  if (!linkHeader) return [];
  const links: string[] = [];
  for (const match of linkHeader.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2])?.[1] ?? "";
    if (!rel.split(/\s+/).includes("https://api.w.org/")) continue;
    try {
      links.push(new URL(match[1], base).href);
    } catch {
      // a malformed target is just not a candidate
    }
  }
  return links;
}

function failureFromOutbound(error: OutboundRequestError): ConnectionTestError {
  switch (error.kind) {
    case "forbidden_address":
      return new ConnectionTestError("private_address", WORDPRESS_MESSAGES.privateAddress, { detail: error.message });
    case "invalid_url":
      return new ConnectionTestError("invalid_url", WORDPRESS_MESSAGES.invalidUrl, { detail: error.message });
    case "timeout":
      return new ConnectionTestError("timeout", WORDPRESS_MESSAGES.siteTimedOut, { detail: error.message });
    case "dns":
    case "network":
      return new ConnectionTestError("unreachable", WORDPRESS_MESSAGES.siteUnreachable, { detail: error.message });
    default:
      return new ConnectionTestError("not_wordpress", WORDPRESS_MESSAGES.restApiNotFound, { detail: error.message });
  }
}

type CandidateOutcome = { ok: true; api: DiscoveredRestApi } | {
  ok: false;
  answered: boolean;
  error?: OutboundRequestError;
};

async function tryRestRoot(candidate: string, deps: DiscoveryDependencies): Promise<CandidateOutcome> {
  try {
    const response = await deps.fetch(
      restUrl(candidate, "", { _fields: INDEX_FIELDS }),
      { headers: { Accept: "application/json", "User-Agent": USER_AGENT } },
      { maxResponseBytes: INDEX_MAX_BYTES, ...deps.fetchOptions },
    );
    if (!response.ok) return { ok: false, answered: true };
    let index: unknown;
    try {
      index = response.json();
    } catch {
      return { ok: false, answered: true };
    }
    const namespaces = (index as RestIndex | null)?.namespaces;
    if (!Array.isArray(namespaces) || !namespaces.includes("wp/v2")) return { ok: false, answered: true };
    const root = new URL(response.url);
    root.searchParams.delete("_fields");
    return { ok: true, api: { restRoot: readableQuery(root).href, index: index as RestIndex } };
  } catch (error) {
    if (error instanceof OutboundRequestError) return { ok: false, answered: error.kind === "too_large", error };
    throw error;
  }
}

/**
 * Finds the REST root of a WordPress site (see the file comment). Throws
 * ConnectionTestError: private_address / unreachable / timeout when the site
 * itself cannot be reached, not_wordpress when nothing answers like WordPress.
 */
export async function discoverRestApi(siteUrl: string, deps: DiscoveryDependencies): Promise<DiscoveredRestApi> {
  let linked: string[] = [];
  try {
    const page = await deps.fetch(siteUrl, { headers: { "User-Agent": USER_AGENT } }, {
      ...deps.fetchOptions,
      readBody: false,
    });
    linked = restLinksFromHeader(page.headers.get("link"), page.url);
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (error.kind !== "too_many_redirects") throw failureFromOutbound(error);
  }

  for (const candidate of linked.slice(0, 1)) {
    const outcome = await tryRestRoot(candidate, deps);
    if (outcome.ok) return outcome.api;
  }

  const base = `${siteUrl}/`;
  const outcomes = await Promise.all(FALLBACK_ROOTS.map((root) => tryRestRoot(new URL(root, base).href, deps)));
  const found = outcomes.find((outcome) => outcome.ok);
  if (found?.ok) return found.api;

  const failures = outcomes.filter((outcome) => !outcome.ok);
  if (failures.every((outcome) => !outcome.answered && outcome.error)) {
    const first = failures[0].error as OutboundRequestError;
    if (first.kind !== "forbidden_address") throw failureFromOutbound(first);
  }
  throw new ConnectionTestError("not_wordpress", WORDPRESS_MESSAGES.restApiNotFound);
}

export function seoPluginFromNamespaces(namespaces: readonly string[]): SeoPlugin | null {
  if (namespaces.includes("yoast/v1")) return "yoast";
  if (namespaces.includes("rankmath/v1")) return "rank_math";
  return null;
}

function applicationPasswordsAdvertised(index: RestIndex): boolean {
  const authentication = index.authentication;
  return typeof authentication === "object" && authentication !== null && "application-passwords" in authentication;
}

function authenticationFailure(error: WordPressError, index: RestIndex): ConnectionTestError {
  const detail = `${error.status} ${error.code}`;
  if (error.code.startsWith("application_passwords_disabled")) {
    return new ConnectionTestError(
      "application_passwords_unavailable",
      WORDPRESS_MESSAGES.applicationPasswordsUnavailable,
      { detail },
    );
  }
  if (error.code === "rest_not_logged_in") {
    // The credentials were sent, yet WordPress saw an anonymous request: either
    // application passwords are off, or the server dropped the header.
    return applicationPasswordsAdvertised(index)
      ? new ConnectionTestError("authorization_header_stripped", WORDPRESS_MESSAGES.authenticationFailed, {
        detail,
      })
      : new ConnectionTestError(
        "application_passwords_unavailable",
        WORDPRESS_MESSAGES.applicationPasswordsUnavailable,
        { detail },
      );
  }
  return new ConnectionTestError("authentication_failed", WORDPRESS_MESSAGES.authenticationFailed, { detail });
}

function inaccessible(path: string, detail: string, missingCapability?: string): ConnectionTestError {
  return new ConnectionTestError("endpoint_not_accessible", endpointNotAccessibleMessage(path), {
    path,
    detail,
    ...(missingCapability ? { missingCapability } : {}),
  });
}

function failureFromRequest(error: unknown, path: string): ConnectionTestError {
  if (error instanceof OutboundRequestError) {
    return error.kind === "forbidden_address" || error.kind === "timeout" || error.kind === "network" ||
        error.kind === "dns"
      ? failureFromOutbound(error)
      : inaccessible(path, error.message);
  }
  if (error instanceof WordPressError) return inaccessible(path, `${error.status} ${error.code}`);
  throw error;
}

interface CurrentUser {
  id?: unknown;
  name?: unknown;
  capabilities?: Record<string, unknown>;
}

/**
 * The whole connection test. Credentials are sent only after discovery, and
 * never over plain HTTP to a host that is not on the local allowlist.
 * Throws ConnectionTestError with a message for the Site URL field.
 */
export async function testWordPressConnection(
  input: ConnectionTestInput,
  deps: DiscoveryDependencies,
): Promise<ConnectionTestResult> {
  const siteUrl = normaliseSiteUrl(input.siteUrl);
  const { restRoot, index } = await discoverRestApi(siteUrl, deps);

  const allowlist = deps.fetchOptions?.privateHostAllowlist ?? privateHostAllowlistFromEnv();
  if (new URL(restRoot).protocol === "http:" && !isAllowlistedHost(restRoot, allowlist)) {
    throw new ConnectionTestError("insecure_http", WORDPRESS_MESSAGES.insecureHttp);
  }

  const client = createWordPressClient(restRoot, input, deps.fetch, deps.fetchOptions);
  const [me, ...access] = await Promise.allSettled([
    client.request<CurrentUser>({ route: "wp/v2/users/me", query: { context: "edit" } }),
    ...ACCESS_CHECKS.map(([, route, query]) => client.request({ route, query })),
  ]);

  if (me.status === "rejected") {
    if (me.reason instanceof WordPressError && me.reason.status === 401) throw authenticationFailure(me.reason, index);
    throw failureFromRequest(me.reason, "/users/me");
  }
  access.forEach((outcome, i) => {
    if (outcome.status === "rejected") throw failureFromRequest(outcome.reason, ACCESS_CHECKS[i][0]);
  });

  const capabilities = me.value.capabilities;
  if (capabilities && typeof capabilities === "object") {
    for (const [capability, path] of REQUIRED_CAPABILITIES) {
      if (capabilities[capability] !== true) throw inaccessible(path, `missing capability ${capability}`, capability);
    }
  }

  return {
    siteUrl,
    restRoot,
    seoPlugin: seoPluginFromNamespaces(index.namespaces),
    user: { id: Number(me.value.id), name: String(me.value.name ?? input.username) },
  };
}
