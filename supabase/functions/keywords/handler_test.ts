/**
 * keywords against the fake OpenAI server (real Chat Completions JSON and
 * error bodies), with an in-memory caller and key lookup instead of the
 * database.
 */
import assert from "node:assert/strict";
import type { FakeOpenAIOptions } from "../_testing/fakes/openai_server.ts";
import { PROVIDER_MESSAGES } from "../_shared/ai/provider_failure.ts";
import { type KeywordsResponse, keywordsResponseSchema } from "../_shared/contracts/keywords.ts";
import {
  ALICE,
  type ChatRequest,
  type TextFunctionHarness,
  type TextFunctionHarnessOptions,
  withTextFunctionHarness,
} from "../_testing/text_function_harness.ts";
import { createHandler } from "./handler.ts";
import { KEYWORDS_FAILURE_MESSAGE } from "./keyword_output.ts";

type Harness = TextFunctionHarness<Partial<KeywordsResponse>>;

const withHarness = (options: TextFunctionHarnessOptions, test: (harness: Harness) => Promise<void>) =>
  withTextFunctionHarness("keywords", createHandler, options, test);

Deno.test("returns 15 validated keyword items; asks gpt-4o at temperature 0.7", () =>
  withHarness({}, async ({ fake, call, logs }) => {
    const { status, body } = await call({ topic: "  Sourdough Baking " });
    assert.equal(status, 200);
    assert.equal(body.keywords?.length, 15);
    assert.deepEqual(keywordsResponseSchema.parse(body), body);
    assert.deepEqual(body.keywords?.[0], {
      keyword: "sourdough baking tips",
      searchVolume: "0.5K",
      difficulty: 12,
      cpc: "$0.35",
      competition: "low",
    });
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.model, "gpt-4o");
    assert.equal(request.temperature, 0.7);
    assert.equal(request.stream, undefined);
    assert.match(request.messages[0].content, /exactly 15 keyword phrases/);
    assert.equal(request.messages[1].content, "Topic: Sourdough Baking");
    assert.equal(fake.requests[0].apiKey, "sk-test-alice-FIXTURE-not-a-real-key-6789");
    assert.deepEqual(logs, []);
  }));

Deno.test("OPENAI_KEYWORDS_MODEL overrides the model; wrapped JSON is found", () =>
  withHarness(
    { fake: { scenario: "wrapped" }, settings: { keywordsModel: "gpt-4.1-mini" } },
    async ({ fake, call }) => {
      const { status, body } = await call({ topic: "tea" });
      assert.equal(status, 200);
      assert.equal(body.keywords?.length, 15);
      assert.equal((fake.requests[0].body as Record<string, unknown>).model, "gpt-4.1-mini");
    },
  ));

Deno.test("input validation, session and key are checked before the provider is called", () =>
  withHarness({}, async ({ fake, call, keys }) => {
    assert.deepEqual(await call({ topic: "   " }), {
      status: 400,
      body: {
        error: "topic: Please enter a topic",
        field: "topic",
        issues: [{ path: ["topic"], message: "Please enter a topic" }],
      },
    });
    assert.equal((await call({})).body.error, "topic: Please enter a topic");
    assert.equal((await call({ topic: "x".repeat(201) })).body.error, "topic: Keep the topic under 200 characters");
    assert.equal((await call({ topic: "x".repeat(5000) })).status, 413);
    assert.deepEqual(await call({ topic: "tea" }, "stale"), { status: 401, body: { error: "User not authenticated" } });
    keys.clear();
    assert.deepEqual(await call({ topic: "tea" }), { status: 400, body: { error: "OpenAI API key not found" } });
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("provider failures map to the spec's messages", async () => {
  const cases: [FakeOpenAIOptions, number, string][] = [
    [{ scenario: "rate-limit" }, 502, PROVIDER_MESSAGES.rateLimited],
    [{ scenario: "server-error" }, 502, PROVIDER_MESSAGES.unavailable],
    [{ scenario: "invalid-json" }, 502, KEYWORDS_FAILURE_MESSAGE],
    [{ scenario: "empty" }, 502, KEYWORDS_FAILURE_MESSAGE],
    [{ scenario: "malformed-chunk" }, 502, KEYWORDS_FAILURE_MESSAGE],
    [{ scenario: "cut-stream" }, 502, KEYWORDS_FAILURE_MESSAGE],
  ];
  for (const [fakeOptions, status, message] of cases) {
    await withHarness({ fake: fakeOptions }, async ({ call, logs }) => {
      assert.deepEqual(await call({ topic: "tea" }), { status, body: { error: message } }, fakeOptions.scenario);
      assert.equal(logs.length, 1);
    });
  }
});

Deno.test("a refused key: 400 with the spec message, the key never echoed or logged", () =>
  withHarness({}, async ({ call, keys, logs }) => {
    keys.set(ALICE, "sk-wrong-FIXTURE-not-a-real-key-stuv");
    const result = await call({ topic: "tea" });
    assert.deepEqual(result, { status: 400, body: { error: PROVIDER_MESSAGES.invalidKey } });
    assert.ok(logs.every((line) => !line.includes("sk-wrong") && !line.includes("stuv")), logs.join("\n"));
  }));

Deno.test("a provider slower than the deadline: 504 with the time-out message", () =>
  withHarness(
    { fake: { scenario: "slow-first-token", firstTokenDelayMs: 2_000 }, settings: { timeoutMs: 200 } },
    async ({ call }) => {
      const started = performance.now();
      assert.deepEqual(await call({ topic: "tea" }), { status: 504, body: { error: PROVIDER_MESSAGES.timedOut } });
      assert.ok(performance.now() - started < 1_500);
    },
  ));
