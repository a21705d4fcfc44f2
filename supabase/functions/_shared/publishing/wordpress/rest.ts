/**
 * A small WordPress REST API client. Every request goes through the SSRF
 * guard (injected as `GuardedFetch`, so tests can reach a fake WordPress on
 * an allowlisted loopback port).
 *
 * A REST root is what discovery found: `https://example.com/wp-json/` (pretty
 * permalinks) or `https://example.com/?rest_route=/` (plain permalinks); both
 * forms are handled by `restUrl`.
 */
import { type GuardedFetch, type GuardedFetchOptions, type GuardedResponse } from "../../net/ssrf.ts";

export const USER_AGENT = "InkPress/1.0 (WordPress publisher)";

export interface WordPressCredentials {
  username: string;
  applicationPassword: string;
}

/** A WordPress error answer `{ code, message, data: { status, ... } }`, or a non-JSON one. */
export class WordPressError extends Error {
  override name = "WordPressError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | undefined;

/** The URL of `route` (e.g. `wp/v2/posts`) under a REST root, with optional query parameters. */
export function restUrl(restRoot: string, route: string, query: Record<string, QueryValue> = {}): string {
  const root = new URL(restRoot);
  const path = route.replace(/^\/+/, "");
  let url: URL;
  if (root.searchParams.has("rest_route")) {
    url = new URL(root);
    const base = (root.searchParams.get("rest_route") ?? "/").replace(/\/+$/, "");
    url.searchParams.set("rest_route", `${base}/${path}`);
  } else {
    url = new URL(path, root.href.endsWith("/") ? root : new URL(`${root.href}/`));
  }
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return readableQuery(url).href;
}

/** Slashes need no escaping in a query (`?rest_route=/wp/v2/posts` reads better in logs and in base_url). */
export function readableQuery(url: URL): URL {
  url.search = url.search.replace(/%2F/gi, "/");
  return url;
}

export function basicAuthorization({ username, applicationPassword }: WordPressCredentials): string {
  const bytes = new TextEncoder().encode(`${username}:${applicationPassword}`);
  return `Basic ${btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""))}`;
}

/** Strips tags and collapses white space in a WordPress message (they may carry `<strong>`). */
export function plainText(message: string, maxLength = 300): string {
  return decodeEntities(message.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim().slice(0, maxLength);
}

/** Decodes the few HTML entities WordPress puts in names and titles (`&amp;`, `&#8217;`, ...). */
export function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1].toLowerCase() === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return named[body.toLowerCase()] ?? entity;
  });
}

/** Turns a non-2xx answer into a WordPressError, keeping WordPress's own code and message. */
export function errorFromResponse(response: GuardedResponse): WordPressError {
  try {
    const body = response.json() as { code?: unknown; message?: unknown; data?: unknown };
    if (body && typeof body.code === "string") {
      const data = body.data && typeof body.data === "object" ? body.data as Record<string, unknown> : {};
      return new WordPressError(response.status, body.code, plainText(String(body.message ?? "")), data);
    }
  } catch {
    // not JSON: described below
  }
  return new WordPressError(response.status, "http_error", `The site answered HTTP ${response.status}`);
}

export interface WordPressRequest {
  method?: "GET" | "POST" | "DELETE";
  route: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  /** Send the application password (default true). */
  authenticate?: boolean;
  fetchOptions?: GuardedFetchOptions;
}

export interface WordPressClient {
  readonly restRoot: string;
  /** Sends a request; resolves with the parsed JSON of a 2xx answer, throws WordPressError otherwise. */
  request<T = unknown>(request: WordPressRequest): Promise<T>;
  /** `request`, with the answer's headers too (collections say X-WP-Total and X-WP-TotalPages there). */
  requestWithHeaders<T = unknown>(request: WordPressRequest): Promise<{ data: T; headers: Headers }>;
}

export function createWordPressClient(
  restRoot: string,
  credentials: WordPressCredentials,
  fetchGuarded: GuardedFetch,
  defaultFetchOptions: GuardedFetchOptions = {},
): WordPressClient {
  const authorization = basicAuthorization(credentials);
  const send = async <T>(
    { method = "GET", route, query, json, form, authenticate = true, fetchOptions }: WordPressRequest,
  ): Promise<{ data: T; headers: Headers }> => {
    const headers = new Headers({ Accept: "application/json", "User-Agent": USER_AGENT });
    if (authenticate) headers.set("Authorization", authorization);
    let body: BodyInit | undefined;
    if (json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const response = await fetchGuarded(restUrl(restRoot, route, query), { method, headers, body }, {
      ...defaultFetchOptions,
      ...fetchOptions,
    });
    if (!response.ok) throw errorFromResponse(response);
    try {
      return { data: response.json() as T, headers: response.headers };
    } catch {
      throw new WordPressError(response.status, "invalid_json", "The site answered with something that is not JSON");
    }
  };
  return {
    restRoot,
    async request<T>(request: WordPressRequest) {
      return (await send<T>(request)).data;
    },
    requestWithHeaders: send,
  };
}
