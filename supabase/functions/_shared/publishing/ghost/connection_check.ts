/**
 * The connection test of `ghost-connect`, before anything is saved: the
 * site's information (`GET site/`, public: is this Ghost at all?), then a
 * permission check with the key (`GET posts/?limit=1`, which needs a valid
 * token of a key allowed to work with posts). Two sequential requests, both
 * through the SSRF guard; never a redirect followed on a write (there is
 * none here).
 */
import { GHOST_MESSAGES } from "../../contracts/ghost_sites.ts";
import { WORDPRESS_MESSAGES } from "../../contracts/sites.ts";
import { type GuardedFetch, type GuardedFetchOptions, OutboundRequestError } from "../../net/ssrf.ts";
import { createGhostClient, GhostError } from "./admin_api.ts";

export type GhostConnectionFailureReason =
  | "not_ghost"
  | "unauthorized"
  | "forbidden"
  | "private_address"
  | "timeout"
  | "unreachable";

/** Why the test failed, in words for the form; `field` is the input to correct. */
export class GhostConnectionError extends Error {
  override name = "GhostConnectionError";
  constructor(
    readonly reason: GhostConnectionFailureReason,
    readonly field: "admin_url" | "admin_api_key",
    message: string,
    readonly detail = "",
  ) {
    super(message);
  }
}

export interface GhostConnectionInput {
  adminUrl: string;
  adminApiKey: string;
}

export interface GhostConnectionResult {
  /** The site's public address as Ghost reports it (its configured `url`). */
  siteUrl: string;
  /** Where the Admin API answered: stored as the site's base_url. */
  adminApiRoot: string;
  title: string;
  version: string;
}

export interface GhostConnectionDependencies {
  fetch: GuardedFetch;
  fetchOptions?: GuardedFetchOptions;
}

function unreachable(error: OutboundRequestError): GhostConnectionError {
  if (error.kind === "forbidden_address") {
    return new GhostConnectionError("private_address", "admin_url", WORDPRESS_MESSAGES.privateAddress, error.message);
  }
  if (error.kind === "timeout") {
    return new GhostConnectionError("timeout", "admin_url", WORDPRESS_MESSAGES.siteTimedOut, error.message);
  }
  return new GhostConnectionError("unreachable", "admin_url", GHOST_MESSAGES.siteUnreachable, error.message);
}

const httpUrl = (value: unknown): value is string => typeof value === "string" && /^https?:\/\//i.test(value);

export async function testGhostConnection(
  input: GhostConnectionInput,
  deps: GhostConnectionDependencies,
): Promise<GhostConnectionResult> {
  const client = createGhostClient(input.adminUrl, input.adminApiKey, deps.fetch, deps.fetchOptions);
  let site: { title?: unknown; url?: unknown; version?: unknown } | undefined;
  try {
    site = (await client.request<{ site?: typeof site }>({ path: "site/", authenticate: false })).site;
  } catch (error) {
    if (error instanceof OutboundRequestError) throw unreachable(error);
    if (error instanceof GhostError) {
      throw new GhostConnectionError("not_ghost", "admin_url", GHOST_MESSAGES.notGhost, error.message);
    }
    throw error;
  }
  if (!site || typeof site.version !== "string") {
    throw new GhostConnectionError("not_ghost", "admin_url", GHOST_MESSAGES.notGhost, "site/ has no version");
  }

  try {
    await client.request({ path: "posts/", query: { limit: 1, fields: "id" } });
  } catch (error) {
    if (error instanceof OutboundRequestError) throw unreachable(error);
    if (error instanceof GhostError && error.kind === "unauthorized") {
      throw new GhostConnectionError("unauthorized", "admin_api_key", GHOST_MESSAGES.authenticationFailed, error.message);
    }
    if (error instanceof GhostError && error.kind === "forbidden") {
      throw new GhostConnectionError("forbidden", "admin_api_key", GHOST_MESSAGES.permissionDenied, error.message);
    }
    if (error instanceof GhostError) {
      throw new GhostConnectionError("not_ghost", "admin_url", GHOST_MESSAGES.notGhost, error.message);
    }
    throw error;
  }

  return {
    siteUrl: httpUrl(site.url) ? site.url : new URL(client.adminApiRoot).origin,
    adminApiRoot: client.adminApiRoot,
    title: typeof site.title === "string" ? site.title : "",
    version: site.version,
  };
}
