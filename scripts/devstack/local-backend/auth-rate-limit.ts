/**
 * Hosted Supabase Auth's per-IP rate limits, which @supabase/lite does not
 * have (its config has no `[auth.rate_limit]`; it only spaces e-mails per
 * address). Modelled on GoTrue (supabase/auth internal/api/options.go and
 * api.go): a token bucket per client IP and endpoint group, holding 30
 * requests and refilled at the configured number per 5 minutes; past it the
 * answer is GoTrue's 429 `over_request_rate_limit`.
 *
 *   group     endpoints                                   default (CLI config.toml name)
 *   token     POST /token (password, refresh_token, pkce)  150 / 5 min  (token_refresh)
 *   signup    POST /signup                                 30 / 5 min   (sign_in_sign_ups)
 *   recover   POST /recover       (own bucket, same rate)  30 / 5 min
 *   resend    POST /resend                                 30 / 5 min
 *   magiclink POST /magiclink                              30 / 5 min
 *   otp       POST /otp                                    30 / 5 min
 *   user      PUT /user                                    30 / 5 min
 *   verify    GET, POST /verify                            30 / 5 min   (token_verifications)
 *
 * Hosted's e-mail quota (2 an hour with the built-in mailer) has no local
 * counterpart: local e-mails are printed, never sent.
 */

export type AuthRateLimits = {
  /** Sign-ins (every /token grant) and refreshes per 5 minutes per IP. */
  tokenRefresh: number;
  /** Sign-ups, and each of recover / resend / magiclink / otp / user update, per 5 minutes per IP. */
  signInSignUps: number;
  /** /verify requests per 5 minutes per IP. */
  tokenVerifications: number;
};

/** Hosted Supabase's defaults (the CLI's config.toml template, GoTrue's defaults). */
export const HOSTED_AUTH_RATE_LIMITS: AuthRateLimits = { tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30 };

/** GoTrue's bucket size for these limiters (`SetBurst(30)`). */
export const AUTH_RATE_LIMIT_BURST = 30;
const WINDOW_MS = 5 * 60_000;

export const AUTH_RATE_LIMIT_ENV = {
  tokenRefresh: "AUTH_RATE_LIMIT_TOKEN_REFRESH",
  signInSignUps: "AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS",
  tokenVerifications: "AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS",
} as const satisfies Record<keyof AuthRateLimits, string>;

/** The limits from the environment (AUTH_RATE_LIMIT_*), hosted's defaults for what is unset. */
export function authRateLimitsFromEnv(env: Record<string, string | undefined>): AuthRateLimits {
  const limits = { ...HOSTED_AUTH_RATE_LIMITS };
  for (const [field, name] of Object.entries(AUTH_RATE_LIMIT_ENV) as [keyof AuthRateLimits, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(`${name} must be a positive whole number of requests per 5 minutes, got ${raw}`);
    }
    limits[field] = value;
  }
  return limits;
}

type Group = { name: string; perWindow: keyof AuthRateLimits };

/** The bucket group of an auth request, or null when hosted Auth does not limit it by IP. */
function groupOf(method: string, path: string): Group | null {
  const endpoint = path.replace(/^\/auth\/v1/, "").replace(/\/+$/, "");
  if (endpoint === "/verify" && (method === "GET" || method === "POST")) return { name: "verify", perWindow: "tokenVerifications" };
  if (endpoint === "/user" && method === "PUT") return { name: "user", perWindow: "signInSignUps" };
  if (method !== "POST") return null;
  if (endpoint === "/token") return { name: "token", perWindow: "tokenRefresh" };
  if (["/signup", "/recover", "/resend", "/magiclink", "/otp"].includes(endpoint)) {
    return { name: endpoint.slice(1), perWindow: "signInSignUps" };
  }
  return null;
}

type Bucket = { tokens: number; updatedAt: number };

export type AuthRateLimiter = {
  /** null when the request may go on; otherwise the 429 to answer with. */
  check(request: Request, clientIp: string | null): Response | null;
};

/** GoTrue's answer past a limit: `{"code":429,"error_code":"over_request_rate_limit","msg":"Request rate limit reached"}`. */
export function overRequestRateLimit(): Response {
  return new Response(
    JSON.stringify({ code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" }),
    { status: 429, headers: { "Content-Type": "application/json", "X-Sb-Error-Code": "over_request_rate_limit" } },
  );
}

export function createAuthRateLimiter(limits: AuthRateLimits, now: () => number = Date.now): AuthRateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    check(request, clientIp) {
      const group = groupOf(request.method, new URL(request.url).pathname);
      if (!group) return null;
      const key = `${group.name} ${clientIp ?? "unknown"}`;
      const refillPerMs = limits[group.perWindow] / WINDOW_MS;
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: AUTH_RATE_LIMIT_BURST, updatedAt: time };
      bucket.tokens = Math.min(AUTH_RATE_LIMIT_BURST, bucket.tokens + (time - bucket.updatedAt) * refillPerMs);
      bucket.updatedAt = time;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return overRequestRateLimit();
      bucket.tokens -= 1;
      return null;
    },
  };
}
