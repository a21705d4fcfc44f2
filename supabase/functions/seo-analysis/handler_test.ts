/**
 * seo-analysis against the fake OpenAI server (real Chat Completions JSON and
 * error bodies), with an in-memory caller and key lookup instead of the
 * database.
 */
import assert from "node:assert/strict";
import type { FakeOpenAIOptions } from "../_testing/fakes/openai_server.ts";
import { PROVIDER_MESSAGES } from "../_shared/ai/provider_failure.ts";
import { type SeoAnalysis, seoAnalysisSchema } from "../_shared/contracts/seo.ts";
import {
  ALICE,
  type ChatRequest,
  type TextFunctionHarness,
  type TextFunctionHarnessOptions,
  withTextFunctionHarness,
} from "../_testing/text_function_harness.ts";
import { SEO_FAILURE_MESSAGE, SEO_PARSE_FAILURE_MESSAGE } from "./analysis_output.ts";
import { createHandler } from "./handler.ts";

type Harness = TextFunctionHarness<SeoAnalysis>;

const withHarness = (options: TextFunctionHarnessOptions, test: (harness: Harness) => Promise<void>) =>
  withTextFunctionHarness("seo-analysis", createHandler, options, test);

Deno.test("returns the validated analysis; asks gpt-4, temperature 0.7, max_tokens 2000; never fetches the URL", () =>
  withHarness({}, async ({ fake, call, logs }) => {
    const { status, body } = await call({ url: " https://blog.example.com/path " });
    assert.equal(status, 200);
    assert.deepEqual(seoAnalysisSchema.parse(body), body);
    assert.equal(body.title, "SEO analysis of blog.example.com");
    assert.equal(body.trafficMetrics.topCountry, "United States");
    assert.equal(body.summaryTable.length, 3);
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.model, "gpt-4");
    assert.equal(request.temperature, 0.7);
    assert.equal(request.max_tokens, 2000);
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

Deno.test("OPENAI_SEO_MODEL overrides the model; a wrapped object is found", () =>
  withHarness({ fake: { scenario: "wrapped" }, settings: { seoModel: "gpt-4o" } }, async ({ fake, call }) => {
    const { status, body } = await call({ url: "http://example.org" });
    assert.equal(status, 200);
    assert.equal(body.title, "SEO analysis of example.org");
    assert.equal((fake.requests[0].body as Record<string, unknown>).model, "gpt-4o");
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
    assert.deepEqual(await call({ url: "https://example.com" }), {
      status: 400,
      body: { error: "OpenAI API key not found" },
    });
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("provider failures map to the spec's messages", async () => {
  const cases: [FakeOpenAIOptions, number, string][] = [
    [{ scenario: "rate-limit" }, 502, PROVIDER_MESSAGES.rateLimited],
    [{ scenario: "server-error" }, 502, PROVIDER_MESSAGES.unavailable],
    [{ scenario: "invalid-json" }, 502, SEO_PARSE_FAILURE_MESSAGE],
    [{ scenario: "empty" }, 502, SEO_PARSE_FAILURE_MESSAGE],
    [{ scenario: "malformed-chunk" }, 502, SEO_FAILURE_MESSAGE],
    [{ scenario: "slow-first-token", firstTokenDelayMs: 2_000 }, 504, PROVIDER_MESSAGES.timedOut],
  ];
  for (const [fakeOptions, status, message] of cases) {
    await withHarness({ fake: fakeOptions, settings: { timeoutMs: 300 } }, async ({ call }) => {
      assert.deepEqual(
        await call({ url: "https://example.com" }),
        { status, body: { error: message } },
        fakeOptions.scenario,
      );
    });
  }
});

Deno.test("a refused key: 400 with the spec message, the key never echoed or logged", () =>
  withHarness({}, async ({ call, keys, logs }) => {
    keys.set(ALICE, "sk-wrong-FIXTURE-not-a-real-key-stuv");
    assert.deepEqual(await call({ url: "https://example.com" }), {
      status: 400,
      body: { error: PROVIDER_MESSAGES.invalidKey },
    });
    assert.equal(logs.length, 1);
    assert.ok(!logs[0].includes("sk-wrong") && !logs[0].includes("stuv"), logs[0]);
  }));
