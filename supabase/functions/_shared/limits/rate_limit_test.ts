import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import {
  databaseRateLimiter,
  describeWait,
  describeWindow,
  enforceRateLimit,
  RATE_LIMITS,
  rateLimitRuleFromEnv,
} from "./rate_limit.ts";

const env = (values: Record<string, string>) => new Map(Object.entries(values));

Deno.test("rateLimitRuleFromEnv: defaults, overrides, 0 turns a limit off, malformed values stop the function", () => {
  assert.deepEqual(rateLimitRuleFromEnv("aiText", env({})), { action: "ai_text", limit: 10, windowSeconds: 60 });
  assert.deepEqual(rateLimitRuleFromEnv("images", env({})), { action: "images", limit: 30, windowSeconds: 600 });
  assert.deepEqual(rateLimitRuleFromEnv("wordpressConnect", env({})), {
    action: "wordpress_connect",
    limit: 10,
    windowSeconds: 600,
  });
  assert.deepEqual(rateLimitRuleFromEnv("bulkDrafts", env({})), {
    action: "bulk_drafts",
    limit: 200,
    windowSeconds: 86_400,
  });
  assert.deepEqual(
    rateLimitRuleFromEnv("images", env({ IMAGE_RATE_LIMIT: " 100 ", IMAGE_RATE_LIMIT_WINDOW_SECONDS: "3600" })),
    { action: "images", limit: 100, windowSeconds: 3600 },
  );
  assert.equal(rateLimitRuleFromEnv("aiText", env({ AI_RATE_LIMIT: "0" })).limit, 0);
  for (const [name, value] of [["AI_RATE_LIMIT", "ten"], ["AI_RATE_LIMIT", "-1"], ["AI_RATE_LIMIT", "2.5"], [
    "AI_RATE_LIMIT_WINDOW_SECONDS",
    "0",
  ]]) {
    assert.throws(() => rateLimitRuleFromEnv("aiText", env({ [name]: value })), new RegExp(name));
  }
});

Deno.test("describeWait and describeWindow speak in units a person reads, rounding waits up", () => {
  assert.deepEqual([0.2, 1, 42, 59, 60, 61, 570, 3600, 3601].map(describeWait), [
    "1 second",
    "1 second",
    "42 seconds",
    "59 seconds",
    "1 minute",
    "2 minutes",
    "10 minutes",
    "1 hour",
    "2 hours",
  ]);
  assert.deepEqual([60, 600, 3600, 90].map(describeWindow), [
    "per minute",
    "every 10 minutes",
    "per hour",
    "every 2 minutes",
  ]);
});

Deno.test("databaseRateLimiter calls consume_rate_limit with the user, action, cost and rule", async () => {
  const calls: { path: string; body: unknown }[] = [];
  const answers = [[{ allowed: true, retry_after_seconds: 0, remaining: 4 }], [{
    allowed: false,
    retry_after_seconds: 17,
    remaining: 0,
  }]];
  const service = createClient("https://project.test", "sb_secret_test", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        calls.push({ path: new URL(request.url).pathname, body: await request.json() });
        return Response.json(answers.shift());
      },
    },
  });
  const consume = databaseRateLimiter(service);
  const rule = { action: "images", limit: 5, windowSeconds: 600 };
  assert.deepEqual(await consume("u1", rule, 3), { allowed: true });
  assert.deepEqual(await consume("u1", rule, 3), { allowed: false, retryAfterSeconds: 17 });
  assert.deepEqual(calls[0], {
    path: "/rest/v1/rpc/consume_rate_limit",
    body: { p_user_id: "u1", p_action: "images", p_cost: 3, p_limit: 5, p_window_seconds: 600 },
  });
});

Deno.test("enforceRateLimit: a limit of 0 is never counted; a refusal without a possible wait has no Retry-After", async () => {
  let counted = 0;
  const never = () => {
    counted++;
    return Promise.resolve({ allowed: false as const, retryAfterSeconds: null });
  };
  const off = { rule: { action: "images", limit: 0, windowSeconds: 600 }, consume: never, counted: RATE_LIMITS.images.counted };
  assert.equal(await enforceRateLimit(off, "u1", 4), null);
  assert.equal(counted, 0);
  const on = { ...off, rule: { ...off.rule, limit: 3 } };
  const refused = await enforceRateLimit(on, "u1", 4);
  assert.equal(refused?.status, 429);
  assert.equal(refused?.headers.get("retry-after"), null);
  assert.deepEqual(await refused?.json(), {
    error: "You can generate at most 3 images every 10 minutes.",
    retryAfterSeconds: null,
    limit: 3,
    windowSeconds: 600,
  });
});
