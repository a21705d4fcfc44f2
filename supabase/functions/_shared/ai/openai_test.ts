import assert from "node:assert/strict";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { z } from "zod";
import {
  acceptTextRequest,
  describeProviderFailure,
  jsonCandidates,
  logProviderFailure,
  ModelOutputError,
  openAISettingsFromEnv,
  PROVIDER_MESSAGES,
  PROVIDER_TIMEOUT_MS,
  ProviderDeadline,
  redactSecrets,
  type TextFunctionDeps,
  textFunctionHandler,
} from "./openai.ts";
import { UnauthenticatedError } from "../platform/user_auth.ts";
import { withCapturedErrors } from "../../_testing/text_function_harness.ts";

const USER_ID = "8d0f6f7e-8c5a-4a53-9d55-0d3c4c1e2f10";

function deps(overrides: Partial<TextFunctionDeps> = {}): TextFunctionDeps {
  return {
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer good-token"
        ? Promise.resolve({ id: USER_ID })
        : Promise.reject(new UnauthenticatedError()),
    readOpenAIKey: () => Promise.resolve("sk-test-key"),
    settings: openAISettingsFromEnv(new Map()),
    ...overrides,
  };
}

function request(body: unknown, init: RequestInit = {}): Request {
  return new Request("http://localhost/functions/v1/test", {
    method: "POST",
    headers: { authorization: "Bearer good-token", "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

const schema = z.object({ topic: z.string().trim().min(1, "Please enter a topic") });

async function rejection(result: Awaited<ReturnType<typeof acceptTextRequest>>) {
  assert.equal(result.ok, false);
  const response = (result as { response: Response }).response;
  return { status: response.status, body: await response.json(), headers: response.headers };
}

Deno.test("openAISettingsFromEnv: defaults, overrides and blank values", () => {
  assert.deepEqual(openAISettingsFromEnv(new Map()), {
    baseURL: "https://api.openai.com/v1",
    defaultModel: "gpt-4o-mini",
    keywordsModel: "gpt-4o",
    seoModel: "gpt-4",
    timeoutMs: PROVIDER_TIMEOUT_MS,
  });
  const env = new Map([
    ["OPENAI_BASE_URL", "http://127.0.0.1:11434/v1"],
    ["OPENAI_DEFAULT_MODEL", "llama3.2"],
    ["OPENAI_KEYWORDS_MODEL", " "],
    ["OPENAI_SEO_MODEL", "gpt-4.1"],
  ]);
  const settings = openAISettingsFromEnv(env);
  assert.equal(settings.baseURL, "http://127.0.0.1:11434/v1");
  assert.equal(settings.defaultModel, "llama3.2");
  assert.equal(settings.keywordsModel, "gpt-4o");
  assert.equal(settings.seoModel, "gpt-4.1");
  assert.ok(PROVIDER_TIMEOUT_MS <= 120_000);
});

Deno.test("acceptTextRequest: accepts a valid request with the caller's key", async () => {
  const result = await acceptTextRequest(request({ topic: "  tea  " }), deps(), schema, 1024);
  assert.deepEqual(result, { ok: true, userId: USER_ID, input: { topic: "tea" }, apiKey: "sk-test-key" });
});

Deno.test("acceptTextRequest: 405 for anything but POST", async () => {
  const result = await rejection(
    await acceptTextRequest(new Request("http://localhost/", { method: "GET" }), deps(), schema, 1024),
  );
  assert.equal(result.status, 405);
  assert.equal(result.headers.get("allow"), "POST, OPTIONS");
});

Deno.test("acceptTextRequest: 401 before reading the body when the caller is not signed in", async () => {
  let keyRead = false;
  const result = await rejection(
    await acceptTextRequest(
      request("not json", { headers: { authorization: "Bearer expired" } }),
      deps({ readOpenAIKey: () => ((keyRead = true), Promise.resolve("k")) }),
      schema,
      1024,
    ),
  );
  assert.deepEqual([result.status, result.body], [401, { error: "User not authenticated" }]);
  assert.equal(result.headers.get("access-control-allow-origin"), "*");
  assert.equal(keyRead, false);
});

Deno.test("acceptTextRequest: other authentication failures are not turned into 401", async () => {
  await assert.rejects(
    acceptTextRequest(request({}), deps({ authenticate: () => Promise.reject(new Error("db down")) }), schema, 1024),
    /db down/,
  );
});

Deno.test("acceptTextRequest: 400 for bad JSON, 413 for a body over the limit", async () => {
  assert.equal((await rejection(await acceptTextRequest(request("{"), deps(), schema, 1024))).status, 400);
  const big = await rejection(await acceptTextRequest(request({ topic: "x".repeat(2000) }), deps(), schema, 1024));
  assert.equal(big.status, 413);
});

Deno.test("acceptTextRequest: 400 naming the field, with every issue listed", async () => {
  const result = await rejection(await acceptTextRequest(request({ topic: "   " }), deps(), schema, 1024));
  assert.equal(result.status, 400);
  assert.deepEqual(result.body, {
    error: "topic: Please enter a topic",
    issues: [{ path: ["topic"], message: "Please enter a topic" }],
  });
});

Deno.test("acceptTextRequest: 400 'OpenAI API key not found' when the caller has no key", async () => {
  const result = await rejection(
    await acceptTextRequest(
      request({ topic: "tea" }),
      deps({ readOpenAIKey: () => Promise.resolve(null) }),
      schema,
      1024,
    ),
  );
  assert.deepEqual([result.status, result.body], [400, { error: "OpenAI API key not found" }]);
});

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

Deno.test("redactSecrets removes the key, its prefix and key-shaped text", () => {
  const key = "sk-proj-AbCdEfGhIjKlMnOpQrStUv1234";
  const text = `Incorrect API key provided: sk-proj-********************1234. Used ${key}; also sk-or-v1-abcdef0123`;
  const redacted = redactSecrets(text, [key]);
  assert.ok(!redacted.includes(key));
  assert.ok(!redacted.includes("sk-proj"));
  assert.ok(!redacted.includes("sk-or-v1-abcdef0123"));
  assert.ok(!redacted.includes("1234"));
  assert.equal(redactSecrets("gsk_custom_provider_key in text", ["gsk_custom_provider_key"]), "[redacted] in text");
  assert.equal(
    redactSecrets("Bad key gsk_cust****************_key.", ["gsk_custom_provider_key"]),
    "Bad key [redacted][redacted].",
  );
  assert.equal(redactSecrets("status 500, retry in 20s", []), "status 500, retry in 20s");
});

Deno.test("logProviderFailure never writes the key", async () => {
  const key = "sk-wrong-0123456789abcdefABCDEF";
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

Deno.test("textFunctionHandler: answers the preflight, runs the handler, and turns a throw into a logged 500", async () => {
  const handler = textFunctionHandler("test", "Something failed", (req) =>
    req.headers.has("x-fail")
      ? Promise.reject(new Error("boom with sk-secret-0123456789"))
      : Promise.resolve(new Response("handled")));
  const preflight = await handler(new Request("http://localhost/", { method: "OPTIONS" }));
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  assert.equal(await (await handler(new Request("http://localhost/", { method: "POST" }))).text(), "handled");
  const lines = await withCapturedErrors(async (logs) => {
    const failed = await handler(new Request("http://localhost/", { method: "POST", headers: { "x-fail": "1" } }));
    assert.equal(failed.status, 500);
    assert.deepEqual(await failed.json(), { error: "Something failed" });
    return logs;
  });
  assert.deepEqual(lines, ["[test] unexpected failure: boom with [redacted]"]);
});

Deno.test("jsonCandidates finds JSON in prose and fences, whole text first", () => {
  assert.deepEqual([...jsonCandidates(' [{"a":1}]\n', "array")], [[{ a: 1 }]]);
  assert.deepEqual([...jsonCandidates('{"items":[1,2]}', "array")], [[1, 2]]);
  const prose = 'Sure! Here [is] the list:\n```json\n[{"k": "a ] b"}]\n```\nEnjoy {not json}';
  assert.deepEqual([...jsonCandidates(prose, "array")], [[{ k: "a ] b" }]]);
  assert.deepEqual([...jsonCandidates(prose, "object")], [{ k: "a ] b" }]);
  assert.deepEqual([...jsonCandidates("no json here [", "array")], []);
  assert.deepEqual([...jsonCandidates('{"a": "\\"}"}', "object")].at(0), { a: '"}' });
});
