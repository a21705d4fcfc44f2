/**
 * Per-user rate limits of the functions that spend money or reach other
 * servers, counted in Postgres (public.consume_rate_limit: a sliding-window
 * log under a per-user lock, migration 20261126000400_rate_limits.sql) so
 * that every function instance sees the same counts. A refused request is
 * answered 429 with `Retry-After` and a message that says when to try again.
 *
 * Each limit is configurable: `<NAME>` (requests, or images, per window; 0
 * turns the limit off) and `<NAME>_WINDOW_SECONDS`.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { errorResponse } from "../http/responses.ts";
import type { EnvReader } from "../platform/keys.ts";

export interface RateLimitRule {
  /** What is counted, e.g. "ai_text"; one log per user and action. */
  action: string;
  /** Cost admitted per window; 0 means no limit. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitDecision =
  | { allowed: true }
  /** `retryAfterSeconds` null: the request alone costs more than the limit. */
  | { allowed: false; retryAfterSeconds: number | null };

/** Counts `cost` against the user's `rule`; admitted requests are recorded, refused ones are not. */
export type ConsumeRateLimit = (userId: string, rule: RateLimitRule, cost: number) => Promise<RateLimitDecision>;

/** The limits this project applies, with their environment variables, defaults and wording. */
export const RATE_LIMITS = {
  /** generate-article, propose-outline, section-image-prompts, edit-selection, keywords and seo-analysis together: calls per window. */
  aiText: {
    action: "ai_text",
    variable: "AI_RATE_LIMIT",
    limit: 10,
    windowSeconds: 60,
    counted: { noun: "AI requests", verb: "make" },
  },
  /** generate-image: images (not calls) per window. */
  images: {
    action: "images",
    variable: "IMAGE_RATE_LIMIT",
    limit: 30,
    windowSeconds: 600,
    counted: { noun: "images", verb: "generate" },
  },
  /**
   * draft-batches: ideas queued for bulk drafting per window (a batch of 20
   * costs 20; Retry failed costs the drafts it queues again). The drafting
   * worker itself is not limited further: what it drafts was paid for here.
   */
  bulkDrafts: {
    action: "bulk_drafts",
    variable: "BULK_DRAFT_RATE_LIMIT",
    limit: 200,
    windowSeconds: 86_400,
    counted: { noun: "drafts", verb: "queue" },
  },
  /** wordpress-connect, dry runs included: connection tests per window. */
  wordpressConnect: {
    action: "wordpress_connect",
    variable: "WORDPRESS_CONNECT_RATE_LIMIT",
    limit: 10,
    windowSeconds: 600,
    counted: { noun: "connection tests", verb: "run" },
  },
  /**
   * keyword-data: paid requests to the user's keyword-data provider per
   * window (a quote or an answer from the cache is not counted). They spend
   * the user's own balance; the limit stops a runaway client from draining it.
   */
  keywordData: {
    action: "keyword_data",
    variable: "KEYWORD_DATA_RATE_LIMIT",
    limit: 30,
    windowSeconds: 3600,
    counted: { noun: "keyword data requests", verb: "make" },
  },
  /** sync-site-content: content index refreshes per window (each reads every page of a site). */
  siteContentSync: {
    action: "site_content_sync",
    variable: "SITE_CONTENT_SYNC_RATE_LIMIT",
    limit: 20,
    windowSeconds: 600,
    counted: { noun: "content refreshes", verb: "run" },
  },
} as const satisfies Record<string, RateLimitRule & { variable: string; counted: CountedThing }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

function nonNegativeInteger(env: EnvReader, name: string, fallback: number, minimum: number): number {
  const raw = env.get(name)?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new Error(`${name} must be a whole number of at least ${minimum}, not "${raw}"`);
  }
  return value;
}

/**
 * The rule for `name` from the environment. A malformed value throws, so a
 * typo fails the function at boot rather than silently lifting the limit.
 */
export function rateLimitRuleFromEnv(name: RateLimitName, env: EnvReader = Deno.env): RateLimitRule {
  const { action, variable, limit, windowSeconds } = RATE_LIMITS[name];
  return {
    action,
    limit: nonNegativeInteger(env, variable, limit, 0),
    windowSeconds: nonNegativeInteger(env, `${variable}_WINDOW_SECONDS`, windowSeconds, 1),
  };
}

/** `name`'s limit as the deployed functions apply it: the rule from the environment, counted in Postgres. */
export function rateLimitFromEnv(name: RateLimitName, rateLimits: SupabaseClient, env: EnvReader = Deno.env): RateLimit {
  return { rule: rateLimitRuleFromEnv(name, env), consume: databaseRateLimiter(rateLimits), counted: RATE_LIMITS[name].counted };
}

/**
 * consume_rate_limit() on the system's rateLimits path (SystemAccess): the
 * function is not executable by API roles.
 */
export function databaseRateLimiter(rateLimits: SupabaseClient): ConsumeRateLimit {
  return async (userId, rule, cost) => {
    const { data, error } = await rateLimits.rpc("consume_rate_limit", {
      p_user_id: userId,
      p_action: rule.action,
      p_cost: cost,
      p_limit: rule.limit,
      p_window_seconds: rule.windowSeconds,
    });
    if (error) throw new Error(`consume_rate_limit failed: ${error.message}`);
    const row = (Array.isArray(data) ? data[0] : data) as
      | { allowed: boolean; retry_after_seconds: number | null }
      | undefined;
    if (!row) throw new Error("consume_rate_limit returned no row");
    return row.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: row.retry_after_seconds };
  };
}

/** "42 seconds", "1 minute", "3 minutes", "2 hours": a wait rounded up to a unit a person reads. */
export function describeWait(seconds: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), "minute");
  return unit(Math.ceil(seconds / 3600), "hour");
}

/** "per minute", "every 10 minutes", "per hour". */
export function describeWindow(windowSeconds: number): string {
  if (windowSeconds === 60) return "per minute";
  if (windowSeconds === 3600) return "per hour";
  return `every ${describeWait(windowSeconds)}`;
}

/** What a limit counts, for its message: "AI requests" that one may "make". */
export interface CountedThing {
  /** Plural: "AI requests", "images", "connection tests". */
  noun: string;
  /** "make", "generate", "run". */
  verb: string;
}

/**
 * 429 `{ error, retryAfterSeconds, limit, windowSeconds }` with `Retry-After`,
 * e.g. "Too many AI requests: you can make 10 per minute. Try again in 42
 * seconds."
 */
export function rateLimitedResponse(
  rule: RateLimitRule,
  decision: Extract<RateLimitDecision, { allowed: false }>,
  counted: CountedThing,
): Response {
  const details = { retryAfterSeconds: decision.retryAfterSeconds, limit: rule.limit, windowSeconds: rule.windowSeconds };
  const window = describeWindow(rule.windowSeconds);
  if (decision.retryAfterSeconds === null) {
    return errorResponse(429, `You can ${counted.verb} at most ${rule.limit} ${counted.noun} ${window}.`, details);
  }
  return errorResponse(
    429,
    `Too many ${counted.noun}: you can ${counted.verb} ${rule.limit} ${window}. Try again in ${
      describeWait(decision.retryAfterSeconds)
    }.`,
    details,
    { "Retry-After": String(decision.retryAfterSeconds) },
  );
}

/** A function's limit: its rule, the counter, and what it counts (for the message). */
export interface RateLimit {
  rule: RateLimitRule;
  consume: ConsumeRateLimit;
  counted: CountedThing;
}

/** null when admitted (and counted); otherwise the 429 to answer. */
export async function enforceRateLimit(limit: RateLimit, userId: string, cost = 1): Promise<Response | null> {
  if (limit.rule.limit === 0) return null;
  const decision = await limit.consume(userId, limit.rule, cost);
  return decision.allowed ? null : rateLimitedResponse(limit.rule, decision, limit.counted);
}
