/**
 * keywords against the strict fake providers (real Chat Completions JSON and
 * error bodies, OpenAI's, OpenRouter's and Ollama's rules), with an
 * in-memory caller and provider lookup instead of the database.
 */
import assert from "node:assert/strict";
import { type KeywordsResponse, keywordsResponseSchema } from "../_shared/contracts/keywords.ts";
import type { ProviderProblem } from "../_shared/contracts/ai_provider.ts";
import {
  ALICE,
  ALICE_KEY,
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

const lastRequest = (harness: Harness) => harness.fake.requests.at(-1)!.body as ChatRequest;
const problemOf = (body: { problem?: unknown }) => body.problem as ProviderProblem;

Deno.test("OpenAI: 15 validated items from gpt-6-luna, strict structured output, effort none with the spec's temperature", () =>
  withHarness({}, async (harness) => {
    const { status, body } = await harness.call({ topic: "  Sourdough Baking " });
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
    assert.deepEqual(body.notes, []);
    const request = lastRequest(harness);
    assert.equal(request.model, "gpt-6-luna");
    assert.equal(request.reasoning_effort, "none");
    assert.equal(request.temperature, 0.7);
    assert.equal(request.max_completion_tokens, 6_000);
    assert.equal(request.max_tokens, undefined);
    assert.equal(request.stream, undefined);
    assert.equal(request.response_format?.type, "json_schema");
    assert.equal(request.response_format?.json_schema.name, "keyword_ideas");
    assert.equal(request.response_format?.json_schema.strict, true);
    assert.match(request.messages[0].content, /exactly 15 keyword phrases/);
    assert.equal(request.messages[1].content, "Topic: Sourdough Baking");
    assert.equal(harness.fake.requests[0].apiKey, ALICE_KEY);
    assert.deepEqual(harness.logs, []);
  }));

Deno.test("a chosen language is required explicitly, in the instructions and after the topic; none: the topic's own", () =>
  withHarness({}, async (harness) => {
    assert.equal((await harness.call({ topic: "jardinería en casa", locale: "es-MX" })).status, 200);
    const chosen = lastRequest(harness).messages;
    const requirement =
      "Write the keyword phrases in Spanish (Mexico) (es-MX), as people search in that language, even when the topic is written in another language.";
    assert.ok(chosen[0].content.includes(requirement), chosen[0].content);
    assert.equal(chosen.at(-1)!.content, `Topic: jardinería en casa\n\n${requirement}`);

    assert.equal((await harness.call({ topic: "home gardening", locale: null })).status, 200);
    const unchosen = lastRequest(harness).messages;
    assert.ok(unchosen[0].content.includes("Write the keyword phrases in the language of the topic."));
    assert.equal(unchosen.at(-1)!.content, "Topic: home gardening");
  }));

Deno.test("a model without effort none gets the lowest effort it takes and no temperature", () =>
  withHarness({ models: { keywords: "gpt-6.2-sol" } }, async (harness) => {
    assert.equal((await harness.call({ topic: "tea" })).status, 200);
    const request = lastRequest(harness);
    assert.equal(request.model, "gpt-6.2-sol");
    assert.equal(request.reasoning_effort, "low");
    assert.equal(request.temperature, undefined);
  }));

Deno.test("a shut-down model is reported by name, with where it is chosen", () =>
  withHarness({ models: { keywords: "gpt-4" } }, async (harness) => {
    const { status, body } = await harness.call({ topic: "tea" });
    assert.equal(status, 400);
    assert.match(body.error!, /The model gpt-4 is not available at OpenAI/);
    assert.match(body.error!, /Choose another model for Keyword research in Profile Settings → AI models\./);
    assert.deepEqual(problemOf(body), {
      kind: "model-not-found",
      model: "gpt-4",
      fix: { href: "/profile#ai-models", label: "Profile Settings → AI models" },
    });
  }));

Deno.test("a Responses-only model is refused before any request", () =>
  withHarness({ models: { keywords: "gpt-5.5-pro" } }, async (harness) => {
    const { status, body } = await harness.call({ topic: "tea" });
    assert.equal(status, 400);
    assert.match(body.error!, /gpt-5\.5-pro works only through OpenAI's Responses API/);
    assert.equal(problemOf(body).kind, "responses-only");
    assert.equal(harness.fake.requests.length, 0);
  }));

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
    assert.deepEqual((await call({ topic: "tea", locale: "xx-YY" })).body, {
      error: "locale: Choose one of the languages offered",
      field: "locale",
      issues: [{ path: ["locale"], message: "Choose one of the languages offered" }],
    });
    assert.deepEqual(await call({ topic: "tea" }, "stale"), { status: 401, body: { error: "User not authenticated" } });
    keys.clear();
    assert.deepEqual(await call({ topic: "tea" }), {
      status: 400,
      body: {
        error: "OpenAI API key not found",
        problem: { kind: "missing-key", fix: { href: "/profile#api-keys", label: "Profile Settings → API Keys" } },
      },
    });
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("provider failures name the cause and the fix; only rate limits and outages are retryable", async () => {
  const cases: [string, number, RegExp, string][] = [
    ["insufficient-quota", 400, /no credit left .*insufficient_quota.*Add credit at platform\.openai\.com/, "no-credit"],
    ["rate-limit", 502, /OpenAI is rate limiting your requests\. Wait about 1 second and try again\./, "rate-limited"],
    ["server-error", 502, /OpenAI is unavailable \(HTTP 500\)/, "unavailable"],
    ["refusal", 502, /The model declined the request: “I'm sorry/, "refusal"],
    ["content-filter", 502, /content filter stopped the answer/, "content-filter"],
    ["invalid-json", 502, new RegExp(KEYWORDS_FAILURE_MESSAGE.replace(/[.]/g, "\\.")), "unusable-output"],
    ["empty", 502, new RegExp(KEYWORDS_FAILURE_MESSAGE.replace(/[.]/g, "\\.")), "unusable-output"],
    ["cut-stream", 502, /OpenAI could not be reached/, "unavailable"],
    ["malformed-chunk", 502, /OpenAI answered with a body that is not JSON/, "unusable-output"],
  ];
  for (const [scenario, status, message, kind] of cases) {
    await withHarness({}, async ({ call, keys, logs, fake }) => {
      keys.set(ALICE, `sk-scenario-${scenario}-alice`);
      const result = await call({ topic: "tea" });
      if (kind === "no-credit") assert.equal(fake.requests.length, 1, "a key without credit is not asked again");
      assert.equal(result.status, status, scenario);
      assert.match(result.body.error!, message, `${scenario}: ${result.body.error}`);
      assert.equal(problemOf(result.body).kind, kind, scenario);
      assert.equal(logs.length, 1, scenario);
    });
  }
});

Deno.test("an answer cut at the length limit keeps the complete keywords, with a note", () =>
  withHarness({ fake: { scenario: "length" } }, async ({ call }) => {
    const { status, body } = await call({ topic: "tea" });
    assert.equal(status, 200);
    assert.ok(body.keywords!.length > 0 && body.keywords!.length < 15, String(body.keywords?.length));
    assert.deepEqual(body.notes, [
      `The answer was cut off at the model's length limit; the ${body.keywords!.length} complete keywords that arrived are shown.`,
    ]);
  }));

Deno.test("a provider without json_schema is asked for json_object, then the JSON is read from the answer", () =>
  withHarness({ fake: { scenario: "no-json-schema" } }, async (harness) => {
    const { status, body } = await harness.call({ topic: "tea" });
    assert.equal(status, 200);
    assert.equal(body.keywords?.length, 15);
    assert.deepEqual(harness.fake.requests.map((request) => (request.body as ChatRequest).response_format?.type), [
      "json_schema",
      "json_object",
    ]);
  }));

Deno.test("wrapped JSON (a provider not held to the schema) is still found", () =>
  withHarness({ fake: { scenario: "wrapped" } }, async ({ call }) => {
    const { status, body } = await call({ topic: "tea" });
    assert.equal(status, 200);
    assert.equal(body.keywords?.length, 15);
  }));

Deno.test("a refused key: 400 naming the provider, the key never echoed or logged", () =>
  withHarness({}, async ({ call, keys, logs }) => {
    keys.set(ALICE, "sk-wrong-FIXTURE-not-a-real-key-stuv");
    const result = await call({ topic: "tea" });
    assert.equal(result.status, 400);
    assert.equal(result.body.error, "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.");
    assert.equal(problemOf(result.body).kind, "invalid-key");
    assert.ok(logs.every((line) => !line.includes("sk-wrong") && !line.includes("stuv")), logs.join("\n"));
  }));

Deno.test("a provider slower than the deadline: 504 with the time-out message", () =>
  withHarness(
    { fake: { scenario: "slow-first-token", firstTokenDelayMs: 15_000 }, deployment: { timeoutMs: 200 } },
    async ({ call }) => {
      const started = performance.now();
      const { status, body } = await call({ topic: "tea" });
      assert.deepEqual([status, body.error], [504, "OpenAI did not answer in time. Please try again."]);
      assert.ok(performance.now() - started < 10_000, "the deadline ended it, not the provider's answer");
    },
  ));

Deno.test("OpenRouter: author/slug model ids, require_parameters, its errors inside a 200 and its 402", async () => {
  await withHarness({ flavour: "openrouter" }, async (harness) => {
    const { status, body } = await harness.call({ topic: "tea" });
    assert.equal(status, 200);
    assert.equal(body.keywords?.length, 15);
    const request = lastRequest(harness);
    assert.equal(request.model, "openai/gpt-6-luna");
    assert.deepEqual(request.provider, { require_parameters: true });
    assert.equal(request.reasoning_effort, "none");

    harness.keys.set(ALICE, "sk-scenario-error-in-200-alice");
    const inside = await harness.call({ topic: "tea" });
    assert.equal(inside.status, 502);
    assert.match(inside.body.error!, /OpenRouter is unavailable \(HTTP 502\)/);

    harness.keys.set(ALICE, "sk-scenario-insufficient-quota-alice");
    const broke = await harness.call({ topic: "tea" });
    assert.equal(broke.status, 400);
    assert.match(broke.body.error!, /Your OpenRouter account has no credit left .*402.*openrouter\.ai\/credits/);
  });
  await withHarness({ flavour: "openrouter", models: { keywords: "gpt-6-luna" } }, async ({ call }) => {
    const { status, body } = await call({ topic: "tea" });
    assert.equal(status, 400, "OpenRouter wants the author in front");
    assert.match(body.error!, /The model gpt-6-luna is not available at OpenRouter/);
  });
});

Deno.test("a local Ollama: no key needed, the user's model, max_tokens and no reasoning_effort", async () => {
  await withHarness({ flavour: "ollama", models: { keywords: "llama3.2" } }, async (harness) => {
    harness.keys.clear();
    const { status, body } = await harness.call({ topic: "tea" });
    assert.equal(status, 200);
    assert.equal(body.keywords?.length, 15);
    const request = lastRequest(harness);
    assert.equal(request.model, "llama3.2");
    assert.equal(request.max_tokens, 6_000);
    assert.equal(request.max_completion_tokens, undefined);
    assert.equal(request.reasoning_effort, undefined);
    assert.equal(request.temperature, 0.7);
  });
  await withHarness({ flavour: "ollama" }, async ({ call, fake }) => {
    const { status, body } = await call({ topic: "tea" });
    assert.equal(status, 400);
    assert.match(body.error!, /No model is chosen for Keyword research at your server at http:\/\/127\.0\.0\.1:\d+\/v1\./);
    assert.equal(fake.requests.length, 0);
  });
  await withHarness({ flavour: "ollama", models: { keywords: "mistral" } }, async ({ call }) => {
    const { status, body } = await call({ topic: "tea" });
    assert.equal(status, 400);
    assert.match(body.error!, /The model mistral is not available at your server/);
  });
});

Deno.test("a user's own server on a private address the operator did not allow is refused with the reason", () =>
  withHarness({ flavour: "ollama", models: { keywords: "llama3.2" }, deployment: { privateHostAllowlist: [] } }, async (harness) => {
    const { status, body } = await harness.call({ topic: "tea" });
    assert.equal(status, 400);
    assert.match(body.error!, /private|loopback/);
    assert.match(body.error!, /PRIVATE_HOST_ALLOWLIST/);
    assert.equal(harness.fake.requests.length, 0);
  }));
