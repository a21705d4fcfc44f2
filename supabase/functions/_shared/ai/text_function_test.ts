import assert from "node:assert/strict";
import { z } from "zod";
import { json } from "../http/responses.ts";
import { UnauthenticatedError } from "../platform/user_auth.ts";
import { createMemoryRateLimiter, memoryRateLimit, unlimited } from "../../_testing/memory_rate_limiter.ts";
import type { RateLimit } from "../limits/rate_limit.ts";
import { aiDeploymentFromEnv } from "./ai_deployment.ts";
import { defineTextFunction } from "./text_function.ts";

type ReadKey = (userId: string) => Promise<string | null>;

const USER_ID = "8d0f6f7e-8c5a-4a53-9d55-0d3c4c1e2f10";

function textFunction(readKey: ReadKey, rateLimit: RateLimit = unlimited("aiText")) {
  const keyLookups: string[] = [];
  const handler = defineTextFunction({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer good-token"
        ? Promise.resolve({ id: USER_ID })
        : Promise.reject(new UnauthenticatedError()),
    readTextProvider: async (userId) => {
      keyLookups.push(userId);
      return {
        provider: "openai",
        baseUrl: null,
        apiKey: await readKey(userId),
        models: { drafting: null, keywords: null, seo: null, embeddings: null },
      };
    },
    deployment: aiDeploymentFromEnv(new Map()),
    rateLimit,
  }, {
    name: "test",
    schema: z.object({ topic: z.string().trim().min(1, "Please enter a topic") }),
    maxBodyBytes: 1024,
    failureMessage: "Failed",
    handle: ({ userId, input, target }) => Promise.resolve(json({ userId, input, keyLength: target.apiKey!.length })),
  });
  const call = async (body: unknown, token = "good-token") => {
    const response = await handler(
      new Request("http://localhost/functions/v1/test", {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  };
  return { call, keyLookups };
}

Deno.test("defineTextFunction: a valid request reaches the handler with the caller's key", async () => {
  const { call, keyLookups } = textFunction(() => Promise.resolve("sk-test-key"));
  assert.deepEqual(await call({ topic: " tea " }), {
    status: 200,
    retryAfter: null,
    body: { userId: USER_ID, input: { topic: "tea" }, keyLength: 11 },
  });
  assert.deepEqual(keyLookups, [USER_ID]);
});

Deno.test("defineTextFunction: 400 'OpenAI API key not found' when the caller has none", async () => {
  const { call } = textFunction(() => Promise.resolve(null));
  assert.deepEqual(await call({ topic: "tea" }), {
    status: 400,
    retryAfter: null,
    body: {
      error: "OpenAI API key not found",
      problem: { kind: "missing-key", fix: { href: "/profile#api-keys", label: "Profile Settings → API Keys" } },
    },
  });
});

Deno.test("defineTextFunction: the key is not looked up for a stranger or an invalid body", async () => {
  const { call, keyLookups } = textFunction(() => Promise.resolve("sk-test-key"));
  assert.equal((await call({ topic: "tea" }, "expired")).status, 401);
  assert.equal((await call({ topic: "" })).status, 400);
  assert.deepEqual(keyLookups, []);
});

Deno.test("defineTextFunction: past the AI rate limit, 429 with Retry-After and when to try again", async () => {
  const limiter = createMemoryRateLimiter();
  const { call } = textFunction(
    () => Promise.resolve("sk-test-key"),
    memoryRateLimit("aiText", limiter, { limit: 2, windowSeconds: 60 }),
  );
  assert.equal((await call({ topic: "one" })).status, 200);
  limiter.advance(15);
  assert.equal((await call({ topic: "two" })).status, 200);
  limiter.advance(3);
  assert.deepEqual(await call({ topic: "three" }), {
    status: 429,
    retryAfter: "42",
    body: {
      error: "Too many AI requests: you can make 2 per minute. Try again in 42 seconds.",
      retryAfterSeconds: 42,
      limit: 2,
      windowSeconds: 60,
    },
  });
  limiter.advance(42);
  assert.equal((await call({ topic: "four" })).status, 200, "admitted once the oldest call left the window");
});

Deno.test("defineTextFunction: refused requests (stranger, invalid body, no key) are not counted", async () => {
  const limiter = createMemoryRateLimiter();
  const rateLimit = memoryRateLimit("aiText", limiter, { limit: 1 });
  await textFunction(() => Promise.resolve("sk-test-key"), rateLimit).call({ topic: "x" }, "expired");
  await textFunction(() => Promise.resolve("sk-test-key"), rateLimit).call({ topic: "" });
  await textFunction(() => Promise.resolve(null), rateLimit).call({ topic: "x" });
  assert.deepEqual(limiter.calls, []);
  assert.equal((await textFunction(() => Promise.resolve("sk-test-key"), rateLimit).call({ topic: "x" })).status, 200);
  assert.deepEqual(limiter.calls, [{ userId: USER_ID, action: "ai_text", cost: 1, allowed: true }]);
});

Deno.test("defineTextFunction: prepare runs while the provider is read; its Response answers before the rate limit is spent", async () => {
  let releaseKey!: (key: string) => void;
  const keyRead = new Promise<string>((resolve) => releaseKey = resolve);
  const prepared: string[] = [];
  const limiter = createMemoryRateLimiter();
  const handler = defineTextFunction({
    authenticate: () => Promise.resolve({ id: USER_ID }),
    readTextProvider: async () => ({
      provider: "openai",
      baseUrl: null,
      apiKey: await keyRead,
      models: { drafting: null, keywords: null, seo: null, embeddings: null },
    }),
    deployment: aiDeploymentFromEnv(new Map()),
    rateLimit: memoryRateLimit("aiText", limiter, { limit: 1 }),
  }, {
    name: "test",
    schema: z.object({ topic: z.string() }),
    maxBodyBytes: 1024,
    failureMessage: "Failed",
    prepare: ({ input }) => {
      prepared.push(input.topic);
      return Promise.resolve(input.topic === "missing" ? json({ error: "Not found" }, 404) : input.topic.length);
    },
    handle: ({ prepared }) => Promise.resolve(json({ prepared })),
  });
  const call = (topic: string) =>
    handler(new Request("http://localhost/functions/v1/test", { method: "POST", body: JSON.stringify({ topic }) }));

  const missing = call("missing");
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(prepared, ["missing"], "prepare started before the provider arrived");
  releaseKey("sk-test-key");
  assert.equal((await missing).status, 404);
  const found = await call("tea");
  assert.deepEqual([found.status, await found.json()], [200, { prepared: 3 }], "the refused request spent nothing");
});
