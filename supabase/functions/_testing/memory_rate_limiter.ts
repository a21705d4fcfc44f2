/**
 * A rate limiter in memory for handler tests: the sliding-window rule of
 * public.consume_rate_limit (whose own behaviour pgTAP and the integration
 * suite test on PostgreSQL) with a clock the test controls. It records every
 * call, so tests can also prove that a request was NOT counted.
 */
import type { ConsumeRateLimit, RateLimit, RateLimitRule } from "../_shared/limits/rate_limit.ts";
import { RATE_LIMITS, type RateLimitName } from "../_shared/limits/rate_limit.ts";

export interface MemoryRateLimiter {
  consume: ConsumeRateLimit;
  /** Every call: user, action and cost, admitted or not. */
  calls: { userId: string; action: string; cost: number; allowed: boolean }[];
  /** Moves the clock forward. */
  advance(seconds: number): void;
}

export function createMemoryRateLimiter(): MemoryRateLimiter {
  let now = 0;
  const events: { key: string; at: number; cost: number }[] = [];
  const calls: MemoryRateLimiter["calls"] = [];
  const consume: ConsumeRateLimit = (userId, rule: RateLimitRule, cost) => {
    const key = `${userId}:${rule.action}`;
    const live = events.filter((event) => event.key === key && event.at > now - rule.windowSeconds);
    const used = live.reduce((sum, event) => sum + event.cost, 0);
    if (cost > rule.limit) {
      calls.push({ userId, action: rule.action, cost, allowed: false });
      return Promise.resolve({ allowed: false, retryAfterSeconds: null });
    }
    if (used + cost <= rule.limit) {
      events.push({ key, at: now, cost });
      calls.push({ userId, action: rule.action, cost, allowed: true });
      return Promise.resolve({ allowed: true });
    }
    let freed = 0;
    const freeing = live.find((event) => (freed += event.cost) >= used + cost - rule.limit)!;
    calls.push({ userId, action: rule.action, cost, allowed: false });
    return Promise.resolve({
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(freeing.at + rule.windowSeconds - now)),
    });
  };
  return { consume, calls, advance: (seconds) => (now += seconds) };
}

/** `name`'s limit with its default wording, a given allowance, counted by `limiter`. */
export function memoryRateLimit(
  name: RateLimitName,
  limiter: MemoryRateLimiter,
  rule: Partial<Omit<RateLimitRule, "action">> = {},
): RateLimit {
  const { action, limit, windowSeconds, counted } = RATE_LIMITS[name];
  return { rule: { action, limit, windowSeconds, ...rule }, consume: limiter.consume, counted };
}

/** A limit that never refuses (for tests about something else). */
export function unlimited(name: RateLimitName): RateLimit {
  return memoryRateLimit(name, createMemoryRateLimiter(), { limit: 0 });
}
