import assert from "node:assert/strict";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { withCapturedErrors } from "../../_testing/captured_errors.ts";
import { OutboundRequestError } from "../net/ssrf.ts";
import { ProviderDeadline } from "./provider_deadline.ts";
import {
  type DescribedFailure,
  describeProviderFailure,
  type FailureContext,
  logProviderFailure,
  ModelOutputError,
  ProviderResponseError,
  retryAfterSeconds,
} from "./provider_errors.ts";

const PLACE = { href: "/profile#ai-models", label: "Profile Settings → AI models" };
const openAI: FailureContext = {
  provider: "openai",
  providerLabel: "OpenAI",
  model: "gpt-4",
  modelPlace: PLACE,
  operationLabel: "SEO analysis",
  fallbackMessage: "Fallback",
};

/** The SDK's error for an HTTP answer, as it builds them (body's `error` object, headers). */
function apiError(status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): APIError {
  return APIError.generate(status, { error }, undefined, new Headers(headers));
}

const describe = (error: unknown, context: Partial<FailureContext> = {}): DescribedFailure =>
  describeProviderFailure(error, { ...openAI, ...context });

Deno.test("OpenAI's refusals, by code rather than by text (provider-sources §1.2–1.6)", () => {
  const cases: [unknown, number, string, RegExp, boolean][] = [
    [
      apiError(401, { message: "Incorrect API key provided: sk-abc***xyz", code: "invalid_api_key" }),
      400,
      "invalid-key",
      /^OpenAI refused the API key .*Profile Settings → API Keys\.$/,
      false,
    ],
    [
      apiError(429, { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota" }),
      400,
      "no-credit",
      /^Your OpenAI account has no credit left for this request \(insufficient_quota\)\. Add credit at platform\.openai\.com/,
      false,
    ],
    [
      apiError(429, { message: "Rate limit reached … Please try again in 644ms.", code: "rate_limit_exceeded" }),
      502,
      "rate-limited",
      /^OpenAI is rate limiting your requests\. Wait about 1 second and try again\.$/,
      true,
    ],
    [
      apiError(404, { message: "The model gpt-4 has been deprecated", code: "model_not_found" }),
      400,
      "model-not-found",
      /^The model gpt-4 is not available at OpenAI: .* Choose another model for SEO analysis in Profile Settings → AI models\.$/,
      false,
    ],
    [
      apiError(404, { message: "This model is only supported in v1/responses and not in v1/chat/completions.", param: "model" }),
      400,
      "responses-only",
      /^gpt-4 works only through OpenAI's Responses API/,
      false,
    ],
    [
      apiError(400, { message: "Your organization must be verified to stream this model.", param: "stream", code: "unsupported_value" }),
      400,
      "unverified-organisation",
      /only for verified organisations/,
      false,
    ],
    [apiError(500, { message: "boom" }), 502, "unavailable", /^OpenAI is unavailable \(HTTP 500\)/, true],
    [apiError(503, { message: "overloaded" }), 502, "unavailable", /HTTP 503/, true],
    [new APIConnectionError({ message: "Connection error." }), 502, "unavailable", /could not be reached/, true],
    [new APIConnectionTimeoutError(), 504, "timed-out", /^OpenAI did not answer in time/, true],
    [
      apiError(400, { message: "Unsupported parameter: 'max_tokens' is not supported with this model.", param: "max_tokens" }),
      400,
      "rejected",
      /^OpenAI refused the request \(HTTP 400\)\. OpenAI said: “Unsupported parameter: 'max_tokens'/,
      false,
    ],
    [new ModelOutputError("Empty response from OpenAI"), 502, "unusable-output", /^Empty response from OpenAI$/, false],
    [new TypeError("x is undefined"), 502, "rejected", /^Fallback$/, false],
  ];
  for (const [error, status, kind, message, retryable] of cases) {
    const failure = describe(error);
    assert.equal(failure.status, status, String(error));
    assert.equal(failure.problem.kind, kind, String(error));
    assert.match(failure.message, message, String(error));
    assert.equal(failure.retryable, retryable, String(error));
  }
  const missing = describe(apiError(404, { message: "The model `gpt-4` does not exist", code: "model_not_found" }));
  assert.deepEqual(missing.problem, { kind: "model-not-found", model: "gpt-4", fix: PLACE });
});

Deno.test("OpenRouter's errors, inside a 200 too (provider-sources §2.4–2.5)", () => {
  const openRouter = { provider: "openrouter" as const, providerLabel: "OpenRouter", model: "openai/gpt-4" };
  const cases: [unknown, string, RegExp][] = [
    [apiError(402, { code: 402, message: "Insufficient credits." }), "no-credit", /OpenRouter account .*402.*openrouter\.ai\/credits/],
    [apiError(400, { code: 400, message: "acme/fake-1.0 is not a valid model ID" }), "model-not-found", /openai\/gpt-4/],
    [
      apiError(404, { code: 404, message: "deprecated", availability: { code: "model_deprecated" } }),
      "model-not-found",
      /not available at OpenRouter/,
    ],
    [apiError(403, { code: 403, message: "Flagged", metadata: { reasons: ["sexual"], flagged_input: "…" } }), "content-filter", /content filter/],
    [
      new ProviderResponseError({ code: 502, message: "Provider disconnected", metadata: { error_type: "provider_unavailable" } }, 502),
      "unavailable",
      /^OpenRouter is unavailable \(HTTP 502\)/,
    ],
    [
      // A stream's error event: the SDK throws an APIError without a status.
      new APIError(undefined, { code: 429, message: "Rate limit exceeded", metadata: { error_type: "rate_limit_exceeded" } }, undefined, undefined),
      "rate-limited",
      /OpenRouter is rate limiting/,
    ],
    [
      apiError(400, {
        code: 400,
        message: "Provider returned error",
        metadata: { raw: JSON.stringify({ error: { message: "Invalid schema for response_format 'x'" } }), provider_name: "OpenAI" },
      }),
      "rejected",
      /OpenRouter said: “Invalid schema for response_format 'x'”/,
    ],
  ];
  for (const [error, kind, message] of cases) {
    const failure = describe(error, openRouter);
    assert.equal(failure.problem.kind, kind, String(error));
    assert.match(failure.message, message, String(error));
  }
});

Deno.test("a user's own server: Ollama's not found, unreachable, and an address the operator does not allow", () => {
  const own = { provider: "custom" as const, providerLabel: "your server at http://10.0.0.5:11434/v1", model: "mistral" };
  const notFound = describe(apiError(404, { message: "model 'mistral' not found", type: "not_found_error" }), own);
  assert.match(notFound.message, /^The model mistral is not available at your server at http:\/\/10\.0\.0\.5:11434\/v1/);
  const refused = describe(
    new APIConnectionError({
      message: "Connection error.",
      cause: new OutboundRequestError("forbidden_address", "10.0.0.5:11434 is a private address, which is not allowed"),
    }),
    own,
  );
  assert.equal(refused.status, 400);
  assert.match(refused.message, /private address.*PRIVATE_HOST_ALLOWLIST/);
  assert.deepEqual(refused.problem.fix, { href: "/profile#ai-provider", label: "Profile Settings → AI provider" });
  const down = describe(new APIConnectionError({ message: "Connection error." }), own);
  assert.equal(down.problem.kind, "unreachable");
  assert.match(down.message, /Could not reach your server .*Check that it is running/);
  assert.equal(down.retryable, true);
});

Deno.test("retryAfterSeconds: Retry-After(-ms), x-ratelimit-reset-*, or OpenAI's own words", () => {
  assert.equal(retryAfterSeconds({ headers: new Headers({ "retry-after-ms": "1500" }) }), 2);
  assert.equal(retryAfterSeconds({ headers: new Headers({ "retry-after": "30" }) }), 30);
  assert.equal(retryAfterSeconds({ headers: new Headers({ "x-ratelimit-reset-requests": "6m0s" }) }), 360);
  assert.equal(retryAfterSeconds({ message: "Please try again in 20s. Visit …" }), 20);
  assert.equal(retryAfterSeconds({ message: "Please try again in 1m30s" }), 90);
  assert.equal(retryAfterSeconds({ message: "no hint" }), undefined);
});

Deno.test("ProviderDeadline: times out, or cancels when the caller goes away", async () => {
  const timing = new ProviderDeadline(new AbortController().signal, 10);
  await new Promise((resolve) => timing.signal.addEventListener("abort", resolve));
  assert.equal(timing.timedOut, true);
  assert.equal(timing.cancelled, false);
  assert.equal(describe(new APIUserAbortError(), { deadline: timing }).problem.kind, "timed-out");
  timing.dispose();

  const caller = new AbortController();
  const leaving = new ProviderDeadline(caller.signal, 60_000);
  caller.abort();
  assert.equal(leaving.signal.aborted, true);
  assert.equal(leaving.cancelled, true);
  assert.equal(describe(new APIUserAbortError(), { deadline: leaving }).status, 499);
  leaving.dispose();
});

Deno.test("neither a message nor the log ever carries the key", async () => {
  const key = "sk-wrong-FIXTURE-not-a-real-CDEF";
  const error = apiError(401, { message: `Incorrect API key provided: ${key.slice(0, 8)}****CDEF. Key ${key}` });
  assert.ok(!describe(error, { apiKey: key }).message.includes("CDEF"));
  const rejected = describe(apiError(400, { message: `bad request for ${key}` }), { apiKey: key });
  assert.ok(!rejected.message.includes(key) && !rejected.message.includes("sk-wrong"), rejected.message);
  const lines = await withCapturedErrors((logs) => {
    logProviderFailure("test", error, key);
    return Promise.resolve(logs);
  });
  assert.equal(lines.length, 1);
  assert.match(lines[0], /\[test\] provider call failed: AuthenticationError status=401/);
  assert.ok(!lines[0].includes(key) && !lines[0].includes("sk-wrong") && !lines[0].includes("CDEF"), lines[0]);
});
