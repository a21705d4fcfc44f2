/**
 * seo-analysis against the strict fake providers (real Chat Completions JSON
 * and error bodies), with an in-memory caller and provider lookup instead of
 * the database.
 */
import assert from "node:assert/strict";
import type { FakeOpenAIOptions } from "../_testing/fakes/openai_server.ts";
import { type SeoAnalysis, seoAnalysisSchema } from "../_shared/contracts/seo.ts";
import {
  ALICE,
  type ChatRequest,
  type TextFunctionHarness,
  type TextFunctionHarnessOptions,
  withTextFunctionHarness,
} from "../_testing/text_function_harness.ts";
import { SEO_PARSE_FAILURE_MESSAGE } from "./analysis_output.ts";
import { createHandler } from "./handler.ts";

type Harness = TextFunctionHarness<SeoAnalysis>;

const withHarness = (options: TextFunctionHarnessOptions, test: (harness: Harness) => Promise<void>) =>
  withTextFunctionHarness("seo-analysis", createHandler, options, test);

Deno.test("returns the validated analysis from gpt-6-luna, strict structured output, low effort; never fetches the URL", () =>
  withHarness({}, async ({ fake, call, logs }) => {
    const { status, body } = await call({ url: " https://blog.example.com/path " });
    assert.equal(status, 200);
    assert.deepEqual(seoAnalysisSchema.parse(body), body);
    assert.equal(body.title, "SEO analysis of blog.example.com");
    assert.equal(body.trafficMetrics.topCountry, "United States");
    assert.equal(body.summaryTable.length, 3);
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.model, "gpt-6-luna");
    assert.equal(request.reasoning_effort, "low");
    assert.equal(request.temperature, undefined, "a reasoning effort other than none refuses temperature");
    assert.equal(request.max_completion_tokens, 8_000);
    assert.equal(request.max_tokens, undefined);
    assert.equal(request.response_format?.json_schema.name, "seo_analysis");
    assert.equal(request.response_format?.json_schema.strict, true);
    assert.deepEqual(body.notes, []);
    assert.equal(request.messages[1].content, "Website URL: https://blog.example.com/path");
    assert.match(request.messages[0].content, /you cannot visit it/);
    assert.equal(fake.requests.length, 1, "the only outbound request is the model call");
    assert.deepEqual(logs, []);
  }));

Deno.test("an address typed without a scheme is analysed as https://", () =>
  withHarness({}, async ({ fake, call }) => {
    const { status } = await call({ url: " www.example.com/blog " });
    assert.equal(status, 200);
    assert.equal((fake.requests[0].body as ChatRequest).messages[1].content, "Website URL: https://www.example.com/blog");
  }));

Deno.test("the user's SEO model (a classic chat model gets the spec's temperature); a wrapped object is found", () =>
  withHarness({ fake: { scenario: "wrapped", today: "2026-11-27" }, models: { seo: "gpt-4.1" } }, async ({ fake, call }) => {
    const { status, body } = await call({ url: "http://example.org" });
    assert.equal(status, 200);
    assert.equal(body.title, "SEO analysis of example.org");
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.model, "gpt-4.1");
    assert.equal(request.temperature, 0.7);
    assert.equal(request.reasoning_effort, undefined);
  }));

Deno.test("OPENAI_SEO_MODEL sets the deployment's default; SEO on the old default gpt-4 names the model and the fix", async () => {
  await withHarness({ deployment: { openAIDefaults: { drafting: "gpt-6.1-terra", keywords: "gpt-6-luna", seo: "gpt-6.1-terra", embeddings: "text-embedding-3-small" } } }, async ({ fake, call }) => {
    assert.equal((await call({ url: "https://example.com" })).status, 200);
    assert.equal((fake.requests[0].body as ChatRequest).model, "gpt-6.1-terra");
  });
  await withHarness({ models: { seo: "gpt-4" } }, async ({ call }) => {
    const { status, body } = await call({ url: "https://example.com" });
    assert.equal(status, 400);
    assert.equal(
      body.error,
      "The model gpt-4 is not available at OpenAI: it has been shut down, is not installed, or your key has no access to it. " +
        "Choose another model for SEO analysis in Profile Settings → AI models.",
    );
  });
});

Deno.test("an answer cut at the length limit keeps what arrived, with a note", () =>
  withHarness({ fake: { scenario: "length" } }, async ({ call }) => {
    const { status, body } = await call({ url: "https://example.com" });
    assert.equal(status, 200, "half an analysis arrived and is kept");
    assert.deepEqual(body.notes, ["The answer was cut off at the model's length limit; what arrived is shown and the rest is N/A."]);
    assert.equal(body.title, "SEO analysis of example.com");
  }));

Deno.test("the URL must be given and be http(s); session and key come first", () =>
  withHarness({}, async ({ fake, call, keys }) => {
    assert.deepEqual(await call({ url: "  " }), {
      status: 400,
      body: {
        error: "url: Please enter a website URL",
        field: "url",
        issues: [{ path: ["url"], message: "Please enter a website URL" }],
      },
    });
    assert.equal((await call({})).body.error, "url: Please enter a website URL");
    for (const url of ["ftp://example.com", "javascript:alert(1)", "http://", "https://user:secret@example.com"]) {
      assert.deepEqual(await call({ url }), {
        status: 400,
        body: {
          error: "url: Please enter a valid URL",
          field: "url",
          issues: [{ path: ["url"], message: "Please enter a valid URL" }],
        },
      }, url);
    }
    assert.equal((await call({ url: `https://example.com/${"a".repeat(2100)}` })).status, 400);
    assert.equal((await call({ url: `https://example.com/${"a".repeat(9000)}` })).status, 413);
    assert.deepEqual(await call({ url: "https://example.com" }, "stale"), {
      status: 401,
      body: { error: "User not authenticated" },
    });
    keys.clear();
    const missing = await call({ url: "https://example.com" });
    assert.deepEqual([missing.status, missing.body.error], [400, "OpenAI API key not found"]);
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("provider failures: the provider's reason, or the spec's messages for an unusable answer", async () => {
  const cases: [FakeOpenAIOptions, number, string | RegExp][] = [
    [{ scenario: "rate-limit" }, 502, /OpenAI is rate limiting your requests/],
    [{ scenario: "server-error" }, 502, /OpenAI is unavailable \(HTTP 500\)/],
    [{ scenario: "insufficient-quota" }, 400, /no credit left/],
    [{ scenario: "invalid-json" }, 502, SEO_PARSE_FAILURE_MESSAGE],
    [{ scenario: "empty" }, 502, SEO_PARSE_FAILURE_MESSAGE],
    [{ scenario: "malformed-chunk" }, 502, "OpenAI answered with a body that is not JSON."],
    [{ scenario: "slow-first-token", firstTokenDelayMs: 2_000 }, 504, "OpenAI did not answer in time. Please try again."],
  ];
  for (const [fakeOptions, status, message] of cases) {
    await withHarness({ fake: fakeOptions, deployment: { timeoutMs: 300 } }, async ({ call }) => {
      const result = await call({ url: "https://example.com" });
      assert.equal(result.status, status, fakeOptions.scenario);
      if (typeof message === "string") assert.equal(result.body.error, message, fakeOptions.scenario);
      else assert.match(result.body.error!, message, fakeOptions.scenario);
    });
  }
});

Deno.test("a refused key: 400 naming the provider, the key never echoed or logged", () =>
  withHarness({}, async ({ call, keys, logs }) => {
    keys.set(ALICE, "sk-wrong-FIXTURE-not-a-real-key-stuv");
    const result = await call({ url: "https://example.com" });
    assert.deepEqual([result.status, result.body.error], [
      400,
      "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.",
    ]);
    assert.equal(logs.length, 1);
    assert.ok(!logs[0].includes("sk-wrong") && !logs[0].includes("stuv"), logs[0]);
  }));

Deno.test("OpenRouter and a local Ollama, each with its own model names", async () => {
  await withHarness({ flavour: "openrouter" }, async ({ fake, call }) => {
    assert.equal((await call({ url: "https://example.com" })).status, 200);
    assert.equal((fake.requests[0].body as ChatRequest).model, "openai/gpt-6-luna");
  });
  await withHarness({ flavour: "ollama", models: { seo: "qwen3:8b" } }, async ({ fake, call }) => {
    const { status, body } = await call({ url: "https://example.com" });
    assert.equal(status, 200);
    assert.equal(body.title, "SEO analysis of example.com");
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.max_tokens, 8_000);
    assert.equal(request.reasoning_effort, undefined);
  });
});
