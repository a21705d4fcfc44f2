import assert from "node:assert/strict";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { withCapturedErrors } from "../../_testing/captured_errors.ts";
import { ProviderDeadline } from "./provider_deadline.ts";
import { describeProviderFailure, logProviderFailure, ModelOutputError, PROVIDER_MESSAGES } from "./provider_failure.ts";

function apiError(status: number, message: string): APIError {
  return APIError.generate(status, { error: { message } }, undefined, new Headers());
}

Deno.test("describeProviderFailure maps provider failures to the spec's messages", () => {
  const deadline = new ProviderDeadline(new AbortController().signal, 60_000);
  try {
    const fallback = "Fallback";
    const cases: [unknown, number, string][] = [
      [apiError(401, "Incorrect API key provided: sk-abc***xyz"), 400, PROVIDER_MESSAGES.invalidKey],
      [apiError(429, "Rate limit reached"), 502, PROVIDER_MESSAGES.rateLimited],
      [apiError(500, "boom"), 502, PROVIDER_MESSAGES.unavailable],
      [apiError(503, "overloaded"), 502, PROVIDER_MESSAGES.unavailable],
      [new APIConnectionError({ message: "Connection error." }), 502, PROVIDER_MESSAGES.unavailable],
      [new APIConnectionTimeoutError(), 504, PROVIDER_MESSAGES.timedOut],
      [apiError(404, "The model `gpt-9` does not exist"), 502, fallback],
      [apiError(400, "Invalid schema"), 502, fallback],
      [new ModelOutputError("Empty response from OpenAI"), 502, "Empty response from OpenAI"],
      [new TypeError("x is undefined"), 502, fallback],
    ];
    for (const [error, status, message] of cases) {
      assert.deepEqual(describeProviderFailure(error, deadline, fallback), { status, message }, String(error));
    }
  } finally {
    deadline.dispose();
  }
});

Deno.test("ProviderDeadline: times out, or cancels when the caller goes away", async () => {
  const timing = new ProviderDeadline(new AbortController().signal, 10);
  await new Promise((resolve) => timing.signal.addEventListener("abort", resolve));
  assert.equal(timing.timedOut, true);
  assert.equal(timing.cancelled, false);
  assert.deepEqual(describeProviderFailure(new APIUserAbortError(), timing, "x").message, PROVIDER_MESSAGES.timedOut);
  timing.dispose();

  const caller = new AbortController();
  const leaving = new ProviderDeadline(caller.signal, 60_000);
  caller.abort();
  assert.equal(leaving.signal.aborted, true);
  assert.equal(leaving.cancelled, true);
  assert.equal(describeProviderFailure(new APIUserAbortError(), leaving, "x").status, 499);
  leaving.dispose();

  const gone = new AbortController();
  gone.abort();
  const late = new ProviderDeadline(gone.signal, 60_000);
  assert.equal(late.cancelled, true);
  late.dispose();
});

Deno.test("logProviderFailure never writes the key", async () => {
  const key = "sk-wrong-FIXTURE-not-a-real-CDEF";
  const lines = await withCapturedErrors((logs) => {
    logProviderFailure(
      "test",
      apiError(401, `Incorrect API key provided: ${key.slice(0, 8)}****CDEF. Key ${key}`),
      key,
    );
    return Promise.resolve(logs);
  });
  assert.equal(lines.length, 1);
  assert.match(lines[0], /\[test\] provider call failed: AuthenticationError status=401/);
  assert.ok(!lines[0].includes(key) && !lines[0].includes("sk-wrong") && !lines[0].includes("CDEF"), lines[0]);
});
