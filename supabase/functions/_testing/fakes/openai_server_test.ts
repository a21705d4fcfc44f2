import OpenAI from "npm:openai@7.57.0";
import assert from "node:assert/strict";
import { type FakeOpenAI, startFakeOpenAI } from "./openai_server.ts";

const ARTICLE_KEYS = ["title", "content", "excerpt", "category", "tags", "meta_description", "focus_keyword", "slug"];

const articleRequest = (stream: boolean) => ({
  model: "gpt-6.1-terra",
  stream,
  messages: [
    { role: "system", content: "You write articles." },
    { role: "user", content: "Write an article based on this idea: urban gardening" },
  ],
  response_format: {
    type: "json_schema",
    json_schema: {
      name: "article",
      strict: true,
      schema: {
        type: "object",
        properties: Object.fromEntries(ARTICLE_KEYS.map((key) => [key, { type: "string" }])),
        required: ARTICLE_KEYS,
        additionalProperties: false,
      },
    },
  },
});

const keywordsRequest = {
  model: "gpt-6-luna",
  reasoning_effort: "none",
  temperature: 0.7,
  messages: [
    { role: "system", content: "Suggest exactly 15 keyword phrases as a JSON array." },
    { role: "user", content: "Topic: sourdough baking" },
  ],
};

function post(fake: FakeOpenAI, body: unknown, apiKey: string | null = "sk-test-FIXTURE-not-a-real-key-7890", signal?: AbortSignal) {
  return fetch(`${fake.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
}

/** The `data:` payloads of an SSE body, in order. */
async function sseData(response: Response): Promise<string[]> {
  const text = await response.text();
  return text.split("\n\n").filter(Boolean).map((event) => event.replace(/^data: /, ""));
}

async function withFake(options: Parameters<typeof startFakeOpenAI>[0], test: (fake: FakeOpenAI) => Promise<void>) {
  const fake = startFakeOpenAI(options);
  try {
    await test(fake);
  } finally {
    await fake.close();
  }
}

Deno.test("answers a keywords prompt with 15 items as a chat.completion", () =>
  withFake({}, async (fake) => {
    const response = await post(fake, keywordsRequest);
    assert.deepEqual(response.status, 200);
    assert.match(response.headers.get("x-request-id") ?? "", /^req_/);
    const completion = await response.json();
    assert.deepEqual(completion.object, "chat.completion");
    assert.deepEqual(completion.model, "gpt-6-luna");
    assert.deepEqual(completion.choices[0].finish_reason, "stop");
    const items = JSON.parse(completion.choices[0].message.content);
    assert.deepEqual(items.length, 15);
    assert.deepEqual(items[0].keyword, "sourdough baking tips");
    for (const item of items) {
      assert.ok(item.difficulty >= 1 && item.difficulty <= 100);
      assert.ok(["low", "medium", "high"].includes(item.competition));
    }
    assert.deepEqual(fake.requests.length, 1);
    assert.deepEqual(fake.requests[0].apiKey, "sk-test-FIXTURE-not-a-real-key-7890");
    assert.deepEqual(fake.requests[0].stream, false);
  }));

Deno.test("streams an article as chat.completion.chunk events in schema order, ending with [DONE]", () =>
  withFake({}, async (fake) => {
    const response = await post(fake, articleRequest(true));
    assert.deepEqual(response.headers.get("content-type"), "text/event-stream; charset=utf-8");
    const data = await sseData(response);
    assert.deepEqual(data.at(-1), "[DONE]");
    const chunks = data.slice(0, -1).map((payload) => JSON.parse(payload));
    assert.ok(chunks.length > 50, "one chunk per token");
    assert.deepEqual(chunks[0].choices[0].delta.role, "assistant");
    assert.deepEqual(chunks.at(-1).choices[0].finish_reason, "stop");
    for (const chunk of chunks) assert.deepEqual(chunk.object, "chat.completion.chunk");
    const content = chunks.map((chunk) => chunk.choices[0].delta.content ?? "").join("");
    const article = JSON.parse(content);
    assert.deepEqual(Object.keys(article), ARTICLE_KEYS);
    assert.deepEqual(article.title, "Urban gardening: A Practical Guide");
    assert.match(article.content, /"step by step"[\s\S]*🚀[\s\S]*\n/);
  }));

Deno.test("works with the official SDK, streaming with usage and not", () =>
  withFake({}, async (fake) => {
    const client = new OpenAI({ apiKey: "sk-test-abc", baseURL: fake.url, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: "gpt-6-luna",
      messages: [{ role: "user", content: "Give an SEO analysis of https://example.com/blog" }],
    });
    assert.deepEqual(JSON.parse(completion.choices[0].message.content ?? "").title, "SEO analysis of example.com");

    const stream = await client.chat.completions.create({
      model: "gpt-6.1-terra",
      messages: [{ role: "user", content: "Hello" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
      usage ??= chunk.usage ?? undefined;
    }
    assert.deepEqual(text, "This is a reply from the fake OpenAI server.");
    assert.ok(usage && usage.completion_tokens > 0);
  }));

Deno.test("refuses a wrong key with OpenAI's 401 body, quoting only part of the key", () =>
  withFake({}, async (fake) => {
    const key = "sk-wrong-FIXTURE-not-a-real-key-6789";
    const response = await post(fake, keywordsRequest, key);
    assert.deepEqual(response.status, 401);
    const body = await response.json();
    assert.deepEqual(body.error.type, "invalid_request_error");
    assert.deepEqual(body.error.code, "invalid_api_key");
    assert.deepEqual(body.error.param, null);
    assert.match(body.error.message, /^Incorrect API key provided: sk-wrong\*+6789\./);
    assert.ok(!body.error.message.includes(key));

    const missing = await post(fake, keywordsRequest, null);
    assert.deepEqual(missing.status, 401);
    assert.match((await missing.json()).error.message, /^You didn't provide an API key/);
  }));

Deno.test("rate-limit and server-error scenarios, chosen by option or by key", () =>
  withFake({ scenario: "rate-limit", retryAfterMs: 5 }, async (fake) => {
    const limited = await post(fake, keywordsRequest);
    assert.deepEqual(limited.status, 429);
    assert.deepEqual(limited.headers.get("retry-after-ms"), "5");
    assert.deepEqual((await limited.json()).error.code, "rate_limit_exceeded");

    const failed = await post(fake, keywordsRequest, "sk-scenario-server-error-1");
    assert.deepEqual(failed.status, 500);
    assert.deepEqual((await failed.json()).error.type, "server_error");

    fake.scenario = "ok";
    assert.deepEqual((await post(fake, keywordsRequest)).status, 200);
    assert.deepEqual(fake.requests.map((request) => request.scenario), ["rate-limit", "server-error", "ok"]);
  }));

Deno.test("requestLimit: each key's requests per window, then OpenAI's 429 until the oldest leaves the window", () =>
  withFake({ requestLimit: { requests: 2, windowMs: 300 } }, async (fake) => {
    const statuses = async (key: string, count: number) => {
      const answers = await Promise.all(Array.from({ length: count }, () => post(fake, keywordsRequest, key)));
      return await Promise.all(answers.map(async (answer) => [answer.status, await answer.json(), answer.headers] as const));
    };
    const first = await statuses("sk-test-one-FIXTURE-not-a-real-key", 3);
    assert.deepEqual(first.map(([status]) => status).sort(), [200, 200, 429]);
    const [, refused, headers] = first.find(([status]) => status === 429)!;
    assert.equal(refused.error.code, "rate_limit_exceeded");
    assert.equal(refused.error.type, "requests");
    assert.match(refused.error.message, /^Rate limit reached for gpt-6-luna in organization org-fake on requests per min \(RPM\): Limit 2, Used 2, Requested 1\. Please try again in \d+ms\./);
    const wait = Number(headers.get("retry-after-ms"));
    assert.ok(wait > 0 && wait <= 300, String(wait));
    assert.equal(headers.get("x-ratelimit-limit-requests"), "2");
    assert.equal(headers.get("x-ratelimit-remaining-requests"), "0");
    assert.equal(headers.get("x-ratelimit-reset-requests"), `${wait}ms`);
    // Another key has a limit of its own.
    assert.deepEqual((await statuses("sk-test-two-FIXTURE-not-a-real-key", 2)).map(([status]) => status), [200, 200]);
    await new Promise((resolve) => setTimeout(resolve, wait + 20));
    assert.deepEqual((await statuses("sk-test-one-FIXTURE-not-a-real-key", 1)).map(([status]) => status), [200]);
    assert.equal(fake.requests.filter((request) => request.scenario === "rate-limit").length, 1);
    fake.requestLimit = undefined;
    assert.deepEqual((await statuses("sk-test-one-FIXTURE-not-a-real-key", 3)).map(([status]) => status), [200, 200, 200]);
  }));

Deno.test("requestLimit on OpenRouter answers its own 429 with Retry-After in seconds; Ollama has no such limit", async () => {
  await withFake({ flavour: "openrouter", today: "2026-11-27", requestLimit: { requests: 1, windowMs: 1500 } }, async (fake) => {
    const ask = () => post(fake, { model: "openai/gpt-6-luna", messages: [{ role: "user", content: "hi" }] });
    assert.equal((await ask()).status, 200);
    const refused = await ask();
    assert.equal(refused.status, 429);
    assert.deepEqual(await refused.json(), { error: { code: 429, message: "Rate limit exceeded" } });
    assert.equal(refused.headers.get("retry-after"), "2");
    assert.equal(refused.headers.get("x-ratelimit-limit"), "1");
    assert.equal(refused.headers.get("x-ratelimit-remaining"), "0");
  });
  await withFake({ flavour: "ollama", requestLimit: { requests: 1, windowMs: 1500 } }, async (fake) => {
    const ask = () => post(fake, { model: "llama3.2", messages: [{ role: "user", content: "hi" }] }, null);
    assert.deepEqual([(await ask()).status, (await ask()).status], [200, 200]);
  });
});

Deno.test("parallel: works on that many requests at once and answers the rest in arrival order after them", () =>
  withFake({ parallel: 2, firstTokenDelayMs: 150 }, async (fake) => {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(fake, keywordsRequest)));
    assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200, 200, 200]);
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
    // Three rounds of 150 ms: two, two, then one.
    assert.ok(performance.now() - started >= 3 * 150, "no more than two at once");
    const byStart = [...fake.requests].sort((a, b) => a.startedAt! - b.startedAt!);
    for (const [i, request] of byStart.entries()) {
      const working = fake.requests.filter((other) => other.startedAt! <= request.startedAt! && other.answeredAt! > request.startedAt!);
      assert.ok(working.length <= 2, `request ${i}: ${working.length} worked on at once`);
    }
    assert.deepEqual(
      [...fake.requests].sort((a, b) => a.receivedAt - b.receivedAt).map((request) => request.startedAt),
      byStart.map((request) => request.startedAt),
      "in arrival order",
    );
  }));

Deno.test("a plan gives the matching requests its scenarios in turn, then the usual one; keys still win", () =>
  withFake({ retryAfterMs: 5 }, async (fake) => {
    const about = (topic: string) => ({
      ...articleRequest(false),
      messages: [{ role: "user", content: `Write an article based on this idea: ${topic}` }],
    });
    fake.plan = [
      { match: "idea: figs", scenarios: ["rate-limit", "malformed-chunk"] },
      { match: "idea: plums", scenarios: ["server-error"] },
    ];
    const statuses = [];
    for (const topic of ["figs", "plums", "figs", "apples", "figs", "plums"]) {
      const response = await post(fake, about(topic));
      statuses.push(response.status);
      await response.body?.cancel();
    }
    assert.deepEqual(statuses, [429, 500, 200, 200, 200, 200]);
    assert.deepEqual(
      fake.requests.map((request) => request.scenario),
      ["rate-limit", "server-error", "malformed-chunk", "ok", "ok", "ok"],
    );
    fake.plan = [{ match: "idea: figs", scenarios: ["rate-limit"] }];
    const keyed = await post(fake, about("figs"), "sk-scenario-ok-1");
    assert.equal(keyed.status, 200);
    await keyed.body?.cancel();
    assert.deepEqual(fake.plan[0].scenarios, ["rate-limit"], "a key's scenario consumes nothing of the plan");
  }));

Deno.test("rejects bad requests the way OpenAI does, including a non-strict schema", () =>
  withFake({}, async (fake) => {
    const noModel = await post(fake, { messages: [{ role: "user", content: "hi" }] });
    assert.deepEqual(noModel.status, 400);
    assert.deepEqual((await noModel.json()).error.message, "you must provide a model parameter");

    const request = articleRequest(false);
    request.response_format.json_schema.schema.required = ARTICLE_KEYS.slice(1);
    const loose = await post(fake, request);
    assert.deepEqual(loose.status, 400);
    const error = (await loose.json()).error;
    assert.deepEqual(error.code, "invalid_json_schema");
    assert.match(error.message, /^Invalid schema for response_format 'article': .*Missing 'title'\.$/);

    const wrongPath = await fetch(`${fake.url}/completions`, { method: "POST", body: "{}" });
    assert.deepEqual(wrongPath.status, 404);
    assert.deepEqual((await wrongPath.json()).error.message, "Invalid URL (POST /v1/completions)");
  }));

Deno.test("malformed-chunk: the SDK fails to read the stream", () =>
  withFake({ scenario: "malformed-chunk" }, async (fake) => {
    const client = new OpenAI({ apiKey: "sk-test", baseURL: fake.url, maxRetries: 0, logLevel: "off" });
    const stream = await client.chat.completions.create({ ...articleRequest(true), stream: true } as never);
    await assert.rejects(async () => {
      for await (const _ of stream as unknown as AsyncIterable<unknown>) { /* drain */ }
    }, SyntaxError);
  }));

Deno.test("cut-stream: the connection drops half way, without [DONE]", () =>
  withFake({ scenario: "cut-stream" }, async (fake) => {
    const response = await post(fake, articleRequest(true));
    assert.deepEqual(response.status, 200);
    await assert.rejects(() => response.text());
  }));

Deno.test("invalid-json, empty and wrapped shape the model's content", () =>
  withFake({}, async (fake) => {
    const contentFor = async (key: string) =>
      (await (await post(fake, keywordsRequest, key)).json()).choices[0].message.content as string;
    assert.match(await contentFor("sk-scenario-invalid-json"), /^Sure! .*\{title: 'Oops'/);
    assert.deepEqual(await contentFor("sk-scenario-empty"), "");
    const wrapped = await contentFor("sk-scenario-wrapped");
    assert.match(wrapped, /^Here you go:\n\n```json\n\[/);
    assert.deepEqual(JSON.parse(wrapped.slice(wrapped.indexOf("["), wrapped.lastIndexOf("]") + 1)).length, 15);
  }));

// ---------------------------------------------------------------- strict rules

async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json()).error };
}

Deno.test("strict: a shut-down or unknown model is 404 model_not_found; a Responses-only one 404 (provider-sources §1.2, §1.3)", () =>
  withFake({ today: "2026-11-27" }, async (fake) => {
    const ask = (model: string) => post(fake, { ...keywordsRequest, model, reasoning_effort: undefined, temperature: undefined });
    assert.deepEqual(await errorOf(await ask("gpt-4")), {
      status: 404,
      message: "The model gpt-4 has been deprecated",
      type: "invalid_request_error",
      param: null,
      code: "model_not_found",
    });
    assert.equal((await errorOf(await ask("gpt-9000"))).code, "model_not_found");
    assert.equal((await ask("gpt-5-mini")).status, 200, "alive until 2026-12-11");
    const pro = await errorOf(await ask("gpt-5.5-pro"));
    assert.deepEqual([pro.status, pro.param], [404, "model"]);
    assert.match(pro.message, /only supported in v1\/responses/);
    const later = startFakeOpenAI({ today: "2026-12-11" });
    try {
      assert.equal((await post(later, { ...keywordsRequest, model: "gpt-5-mini", reasoning_effort: undefined, temperature: undefined })).status, 404);
    } finally {
      await later.close();
    }
  }));

Deno.test("strict: reasoning models refuse max_tokens, sampling unless effort none, and efforts they lack (provider-sources §1.4)", () =>
  // gpt-4.1, a classic chat model, is alive on this day (it shuts down on 2027-01-14).
  withFake({ today: "2026-11-27" }, async (fake) => {
    const base = { model: "gpt-6-luna", messages: [{ role: "user", content: "hi" }] };
    const maxTokens = await errorOf(await post(fake, { ...base, max_tokens: 100 }));
    assert.deepEqual([maxTokens.status, maxTokens.param, maxTokens.code], [400, "max_tokens", "unsupported_parameter"]);
    const temperature = await errorOf(await post(fake, { ...base, temperature: 0.7 }));
    assert.deepEqual([temperature.status, temperature.param, temperature.code], [400, "temperature", "unsupported_value"]);
    assert.match(temperature.message, /does not support 0\.7 with this model\. Only the default \(1\) value is supported\./);
    assert.equal((await post(fake, { ...base, temperature: 0.7, reasoning_effort: "none" })).status, 200);
    const none = await errorOf(await post(fake, { ...base, model: "gpt-6.2-sol", reasoning_effort: "none" }));
    assert.deepEqual([none.status, none.param], [400, "reasoning_effort"]);
    assert.equal((await post(fake, { ...base, model: "gpt-4.1", temperature: 0.7, max_tokens: 50 })).status, 200);
  }));

Deno.test("strict: the limit counts reasoning tokens; a small one ends with length and no text (provider-sources §1.4, §1.7)", () =>
  withFake({}, async (fake) => {
    const completion = await (await post(fake, {
      model: "gpt-6-luna",
      reasoning_effort: "medium",
      max_completion_tokens: 200,
      messages: [{ role: "user", content: "Topic: tea keywords" }],
    })).json();
    assert.equal(completion.choices[0].finish_reason, "length");
    assert.equal(completion.choices[0].message.content, "");
    assert.equal(completion.usage.completion_tokens_details.reasoning_tokens, 200);
  }));

Deno.test("strict: json_object needs the word json; no credit is 429 insufficient_quota; a refusal has null content", () =>
  withFake({}, async (fake) => {
    const base = { model: "gpt-6-luna", messages: [{ role: "user", content: "hi" }] };
    const noWord = await errorOf(await post(fake, { ...base, response_format: { type: "json_object" } }));
    assert.equal(noWord.status, 400);
    assert.match(noWord.message, /must contain the word 'json'/);
    const quota = await errorOf(await post(fake, base, "sk-scenario-insufficient-quota-1"));
    assert.deepEqual([quota.status, quota.code, quota.type], [429, "insufficient_quota", "insufficient_quota"]);
    const refusal = await (await post(fake, base, "sk-scenario-refusal-1")).json();
    assert.deepEqual([refusal.choices[0].message.content, refusal.choices[0].message.refusal], [
      null,
      "I'm sorry, but I can't help with that request.",
    ]);
    const models = await (await fetch(`${fake.url}/models`, { headers: { authorization: "Bearer sk-scenario-insufficient-quota-1" } })).json();
    assert.ok(models.data.length > 10, "listing models needs no credit");
  }));

Deno.test("strict: streaming a reasoning model from an unverified organisation is 400 param stream (provider-sources §1.5)", () =>
  withFake({}, async (fake) => {
    const refused = await errorOf(await post(fake, articleRequest(true), "sk-scenario-unverified-org-1"));
    assert.deepEqual([refused.status, refused.param, refused.code], [400, "stream", "unsupported_value"]);
    assert.match(refused.message, /must be verified to stream this model/);
    assert.equal((await post(fake, articleRequest(false), "sk-scenario-unverified-org-1")).status, 200);
  }));

Deno.test("OpenRouter flavour: /api/v1, author/slug ids, its error shapes, the key endpoint, errors inside a 200 (provider-sources §2)", () =>
  withFake({ flavour: "openrouter", today: "2026-11-27" }, async (fake) => {
    assert.match(fake.url, /\/api\/v1$/);
    const ask = (model: string, key?: string) => post(fake, { model, messages: [{ role: "user", content: "hi" }] }, key);
    assert.equal((await ask("openai/gpt-6-luna")).status, 200);
    assert.deepEqual(await errorOf(await ask("gpt-6-luna")), { status: 400, code: 400, message: "gpt-6-luna is not a valid model ID" });
    const deprecated = await errorOf(await ask("openai/gpt-4"));
    assert.deepEqual([deprecated.status, deprecated.availability.code], [404, "model_deprecated"]);
    assert.deepEqual(await errorOf(await ask("openai/gpt-6-luna", "sk-scenario-insufficient-quota-1")), {
      status: 402,
      code: 402,
      message: "Insufficient credits. Add more using https://openrouter.ai/credits",
      metadata: { limit_source: "openrouter_credits" },
    });
    const wrapped = await errorOf(await post(fake, { model: "openai/gpt-6-luna", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }));
    assert.equal(wrapped.message, "Provider returned error");
    assert.equal(JSON.parse(wrapped.metadata.raw).error.code, "unsupported_parameter");
    const inside = await (await ask("openai/gpt-6-luna", "sk-scenario-error-in-200-1")).json();
    assert.deepEqual([inside.choices[0].finish_reason, inside.choices[0].error.code], ["error", 502]);
    const publicList = await (await fetch(`${fake.url}/models`)).json();
    assert.ok(publicList.data.every((model: { id: string }) => model.id.includes("/")));
    assert.equal((await fetch(`${fake.url}/key`)).status, 401, "the key endpoint needs the key");
  }));

Deno.test("Ollama flavour: pulled models only, no key, max_tokens applies, thinking only where the model has it (provider-sources §3)", () =>
  withFake({ flavour: "ollama" }, async (fake) => {
    const ask = (body: Record<string, unknown>) =>
      post(fake, { messages: [{ role: "user", content: "Topic: tea keywords" }], ...body }, null);
    const missing = await (await ask({ model: "mistral" })).json();
    assert.deepEqual(missing, { error: { message: "model 'mistral' not found", type: "not_found_error", param: null, code: null } });
    const ignored = await (await ask({ model: "llama3.2", max_completion_tokens: 5 })).json();
    assert.equal(ignored.choices[0].finish_reason, "stop", "max_completion_tokens is ignored");
    const capped = await (await ask({ model: "llama3.2", max_tokens: 5 })).json();
    assert.equal(capped.choices[0].finish_reason, "length");
    const thinking = await errorOf(await ask({ model: "llama3.2", reasoning_effort: "low" }));
    assert.deepEqual([thinking.status, thinking.message], [400, '"llama3.2:latest" does not support thinking']);
    assert.equal((await ask({ model: "qwen3:8b", reasoning_effort: "low" })).status, 200);
  }));

Deno.test("slow-first-token holds the first token; a client that gives up is recorded as aborted", () =>
  withFake({ scenario: "slow-first-token" }, async (fake) => {
    const abort = new AbortController();
    const response = await post(fake, articleRequest(true), "sk-test", abort.signal);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /"role":"assistant"/);
    abort.abort();
    await reader.cancel().catch(() => {});
    for (let wait = 0; wait < 50 && !fake.requests[0].aborted; wait++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(fake.requests[0].aborted);
  }));

Deno.test("tokensPerSecond paces the stream and firstTokenDelayMs delays it", () =>
  withFake({ tokensPerSecond: 100, firstTokenDelayMs: 100 }, async (fake) => {
    const started = performance.now();
    const hello = { model: "gpt-6-luna", stream: true, messages: [{ role: "user", content: "Hello" }] };
    const data = await sseData(await post(fake, hello));
    const chunks = data.length - 3; // role chunk, stop chunk, [DONE]
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 100 + ((chunks - 1) * 1000) / 100 * 0.8, `took ${elapsed} ms for ${chunks} chunks`);
  }));

Deno.test("firstTokenDelayMs may be changed while the server runs", () =>
  withFake({}, async (fake) => {
    fake.firstTokenDelayMs = 200;
    const started = performance.now();
    const response = await post(fake, keywordsRequest);
    await response.body?.cancel();
    assert.ok(performance.now() - started >= 190);
  }));

Deno.test("CLI prints its base URL and serves until stopped", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./openai_server.ts", import.meta.url).pathname, "--port", "0", "--scenario", "empty"],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!output.includes("\n")) output += (await reader.read()).value ?? "";
  const url = output.trim();
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  const response = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { authorization: "Bearer sk-test" },
    body: JSON.stringify(keywordsRequest),
  });
  assert.deepEqual((await response.json()).choices[0].message.content, "");
  child.kill("SIGTERM");
  assert.deepEqual((await child.status).code, 0);
  await reader.cancel();
});

Deno.test("embeddings: the real wire format, deterministic, unit length, near for texts that share words", () =>
  withFake({}, async (fake) => {
    const texts = ["Composting kitchen scraps", "A compost heap for kitchen scrap", "Tuning a bicycle gearbox"];
    const response = await fetch(`${fake.url}/embeddings`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sk-test-FIXTURE-not-a-real-key-7890" },
      body: JSON.stringify({ model: "text-embedding-3-small", input: texts, encoding_format: "float" }),
    });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.object, "list");
    assert.equal(body.model, "text-embedding-3-small");
    assert.deepEqual(body.data.map((item: { object: string; index: number }) => [item.object, item.index]), [
      ["embedding", 0],
      ["embedding", 1],
      ["embedding", 2],
    ]);
    assert.ok(body.usage.prompt_tokens > 0 && body.usage.total_tokens === body.usage.prompt_tokens);
    const [a, b, c] = body.data.map((item: { embedding: number[] }) => item.embedding);
    assert.equal(a.length, 1536);
    const dot = (x: number[], y: number[]) => x.reduce((sum, value, i) => sum + value * y[i], 0);
    assert.ok(Math.abs(dot(a, a) - 1) < 1e-9, "unit length");
    assert.ok(dot(a, b) > 0.8, "texts sharing three of four stems embed near");
    assert.ok(Math.abs(dot(a, c)) < 0.5, "other words embed apart");

    // The same text again: the same vector.
    const again = await (await fetch(`${fake.url}/embeddings`, {
      method: "POST",
      headers: { authorization: "Bearer sk-test-FIXTURE-not-a-real-key-7890" },
      body: JSON.stringify({ model: "text-embedding-3-small", input: texts[0], dimensions: 64 }),
    })).json();
    assert.equal(again.data[0].embedding.length, 64, "dimensions is honoured");
  }));

Deno.test("embeddings: the official SDK reads them (base64 by default), and a large model has 3072 dimensions", () =>
  withFake({}, async (fake) => {
    const client = new OpenAI({ apiKey: "sk-test-FIXTURE-not-a-real-key-7890", baseURL: fake.url });
    const answer = await client.embeddings.create({ model: "text-embedding-3-large", input: ["raised garden beds"] });
    assert.equal(answer.data[0].embedding.length, 3072);
    const norm = Math.hypot(...answer.data[0].embedding);
    assert.ok(Math.abs(norm - 1) < 1e-4);
  }));

Deno.test("embeddings: a wrong key is refused with 401, bad input with 400, scenarios apply", () =>
  withFake({}, async (fake) => {
    const embed = (body: unknown, key = "sk-test-FIXTURE-not-a-real-key-7890") =>
      fetch(`${fake.url}/embeddings`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
    const model = "text-embedding-3-small";
    const refused = await embed({ model, input: ["a"] }, "sk-wrong-FIXTURE-not-a-real-key-6789");
    assert.equal(refused.status, 401);
    assert.equal((await refused.json()).error.code, "invalid_api_key");
    assert.equal((await embed({ model, input: [] })).status, 400);
    assert.equal((await embed({ model, input: [""] })).status, 400);
    assert.equal((await embed({ input: ["a"] })).status, 400);
    assert.equal((await embed({ model: "text-embedding-9", input: ["a"] })).status, 404, "an unknown model");
    assert.equal((await embed({ model: "gpt-6-luna", input: ["a"] })).status, 400, "a chat model is no embeddings model");
    assert.equal((await embed({ model, input: ["a"] }, "sk-scenario-rate-limit-1")).status, 429);
    const malformed = await embed({ model, input: ["a"] }, "sk-scenario-malformed-chunk-1");
    assert.equal(malformed.status, 200);
    await assert.rejects(malformed.json());
  }));

Deno.test("writes an article in the language the prompt requires (es, de, fr), English otherwise or when told to drift", () =>
  withFake({}, async (fake) => {
    const inLanguage = (requirement: string) => {
      const request = articleRequest(false);
      request.messages[0].content = `You write articles.\n\nWrite the whole article in ${requirement}: the content…`;
      return request;
    };
    const titleOf = async (response: Response) =>
      JSON.parse((await response.json()).choices[0].message.content).title as string;
    assert.equal(await titleOf(await post(fake, inLanguage("Spanish (es)"))), "Urban gardening: una guía práctica");
    assert.equal(await titleOf(await post(fake, inLanguage("Spanish (Mexico) (es-MX)"))), "Urban gardening: una guía práctica");
    assert.equal(await titleOf(await post(fake, inLanguage("German (de)"))), "Urban gardening: ein praktischer Leitfaden");
    assert.equal(await titleOf(await post(fake, inLanguage("French (fr)"))), "Urban gardening : un guide pratique");
    assert.equal(await titleOf(await post(fake, inLanguage("Japanese (ja)"))), "Urban gardening: A Practical Guide");
    fake.scenario = "language-drift";
    assert.equal(await titleOf(await post(fake, inLanguage("Spanish (es)"))), "Urban gardening: A Practical Guide");
  }));

Deno.test("section images: one prompt and alt per section, the alt in the language asked for (English when drifting)", () =>
  withFake({}, async (fake) => {
    const request = {
      model: "gpt-6.1-terra",
      messages: [
        { role: "system", content: "Plan the images.\nWrite every alt text in German (de), even when the article is not." },
        { role: "user", content: "Article title: Brot\n\nSection 1: Sauerteig ansetzen\nMehl und Wasser.\n\nSection 2: Backen" },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "section_images",
          strict: true,
          schema: { type: "object", properties: { images: { type: "array" } }, required: ["images"], additionalProperties: false },
        },
      },
    };
    const answer = async () => JSON.parse((await (await post(fake, request)).json()).choices[0].message.content).images;
    const images = await answer();
    assert.deepEqual(images.map((image: { alt: string }) => image.alt), [
      "Eine Illustration zu sauerteig ansetzen",
      "Eine Illustration zu backen",
    ]);
    assert.match(images[0].prompt, /^An editorial illustration of sauerteig ansetzen/);
    fake.scenario = "language-drift";
    assert.equal((await answer())[1].alt, "An illustration of backen");
  }));

Deno.test("outlines: proposes headings for article_outline; an article prompt's outline becomes its h2s, in order", () =>
  withFake({}, async (fake) => {
    const proposal = await (await post(fake, {
      model: "gpt-6.1-terra",
      messages: [{ role: "user", content: "Article idea: urban gardening" }],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "article_outline",
          strict: true,
          schema: {
            type: "object",
            properties: { headings: { type: "array", items: { type: "string" } } },
            required: ["headings"],
            additionalProperties: false,
          },
        },
      },
    })).json();
    assert.deepEqual(JSON.parse(proposal.choices[0].message.content).headings[0], "What urban gardening is");

    const request = articleRequest(false);
    request.messages[1].content += "\n\nOutline: use exactly these section headings:\n1. Soil & pots\n2. Light <first>\n";
    const article = JSON.parse((await (await post(fake, request)).json()).choices[0].message.content);
    assert.deepEqual(
      [...article.content.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match: RegExpMatchArray) => match[1]),
      ["Soil &amp; pots", "Light &lt;first&gt;"],
    );
  }));
