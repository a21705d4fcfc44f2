/**
 * A small Ghost Admin API client. Every request goes through the SSRF guard
 * (injected as `GuardedFetch`, so tests reach a fake Ghost on an allowlisted
 * loopback port) with a fresh 5-minute token, and no write follows a
 * redirect.
 *
 * Answers are turned into GhostError with a `kind` the callers put into
 * words: Ghost's own `{ errors: [{ type, message, context }] }` by status, and
 * an HTML page (a site that is not Ghost, or a login wall) where JSON was
 * expected.
 */
import { type GuardedFetch, type GuardedFetchOptions, type GuardedResponse } from "../../net/ssrf.ts";
import { ghostAdminToken } from "./admin_token.ts";

export const USER_AGENT = "InkPress/1.0 (Ghost publisher)";
/** The Admin API version these requests are written against (Ghost 5 and 6 answer it). */
export const ACCEPT_VERSION = "v5.0";

export type GhostErrorKind =
  | "unauthorized" // 401: wrong or expired key/token
  | "forbidden" // 403: the key may not do this (or no key)
  | "not_found" // 404
  | "collision" // 409 UpdateCollisionError: a stale updated_at on edit
  | "validation" // 422 ValidationError
  | "too_large" // 413
  | "not_json" // an answer that is not the Admin API's JSON (an HTML page, say)
  | "server"; // anything else

export class GhostError extends Error {
  override name = "GhostError";
  constructor(readonly kind: GhostErrorKind, readonly status: number, message: string, readonly type = "") {
    super(message);
  }
}

/**
 * The Admin API root for what the user typed: the integration's API URL is
 * the site's address; an address copied with `/ghost/...` behind it is cut
 * back to the site first.
 */
export function adminApiRoot(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.search = "";
  url.hash = "";
  const ghostAt = url.pathname.search(/\/ghost(\/|$)/);
  const sitePath = (ghostAt >= 0 ? url.pathname.slice(0, ghostAt) : url.pathname).replace(/\/+$/, "");
  url.pathname = `${sitePath}/ghost/api/admin/`;
  return url.href;
}

const KIND_BY_STATUS: Readonly<Record<number, GhostErrorKind>> = {
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "collision",
  413: "too_large",
  422: "validation",
};

function looksLikeHtml(response: GuardedResponse): boolean {
  const type = response.headers.get("content-type") ?? "";
  return type.includes("text/html") || /^\s*</.test(response.text().slice(0, 100));
}

/** Ghost's first error, in one line (messages are plain text; context may add the field). */
export function errorFromResponse(response: GuardedResponse): GhostError {
  const kind = KIND_BY_STATUS[response.status] ?? (looksLikeHtml(response) ? "not_json" : "server");
  try {
    const body = response.json() as { errors?: Array<{ message?: unknown; context?: unknown; type?: unknown }> };
    const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
    if (first && typeof first.message === "string") {
      const context = typeof first.context === "string" && first.context !== first.message ? ` ${first.context}` : "";
      const message = `${first.message}${context}`.replace(/\s+/g, " ").trim().slice(0, 300);
      return new GhostError(kind, response.status, message, typeof first.type === "string" ? first.type : "");
    }
  } catch {
    // not JSON: described below
  }
  if (looksLikeHtml(response)) {
    return new GhostError(
      kind === "server" ? "not_json" : kind,
      response.status,
      `The address answered HTTP ${response.status} with a web page, not the Ghost Admin API`,
    );
  }
  return new GhostError(kind, response.status, `The site answered HTTP ${response.status}`);
}

export type QueryValue = string | number | undefined;

export interface GhostRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Under the Admin API root, e.g. `posts/` or `posts/{id}/`. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  /** Send the Admin API token (default true). */
  authenticate?: boolean;
  fetchOptions?: GuardedFetchOptions;
}

export interface GhostClient {
  readonly adminApiRoot: string;
  /** Resolves with the parsed JSON of a 2xx answer (undefined for 204); throws GhostError otherwise. */
  request<T = unknown>(request: GhostRequest): Promise<T>;
}

export function createGhostClient(
  adminUrl: string,
  adminApiKey: string,
  fetchGuarded: GuardedFetch,
  defaultFetchOptions: GuardedFetchOptions = {},
  now: () => Date = () => new Date(),
): GhostClient {
  const root = adminApiRoot(adminUrl);
  return {
    adminApiRoot: root,
    async request<T>({ method = "GET", path, query, json, form, authenticate = true, fetchOptions }: GhostRequest) {
      const url = new URL(path.replace(/^\/+/, ""), root);
      for (const [name, value] of Object.entries(query ?? {})) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      const headers = new Headers({
        Accept: "application/json",
        "Accept-Version": ACCEPT_VERSION,
        "User-Agent": USER_AGENT,
      });
      if (authenticate) headers.set("Authorization", `Ghost ${await ghostAdminToken(adminApiKey, now())}`);
      let body: BodyInit | undefined;
      if (json !== undefined) {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(json);
      } else if (form) {
        body = form;
      }
      const response = await fetchGuarded(url.href, { method, headers, body }, {
        ...defaultFetchOptions,
        ...fetchOptions,
      });
      if (!response.ok) throw errorFromResponse(response);
      // A delete answers 204 No Content: there is no JSON to read.
      if (response.status === 204) return undefined as T;
      try {
        return response.json() as T;
      } catch {
        throw new GhostError(
          "not_json",
          response.status,
          looksLikeHtml(response)
            ? "The address answered with a web page, not the Ghost Admin API"
            : "The site answered with something that is not JSON",
        );
      }
    },
  };
}
