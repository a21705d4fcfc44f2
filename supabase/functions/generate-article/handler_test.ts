/**
 * generate-article over real HTTP: the handler served on a loopback port,
 * the fake OpenAI server behind it speaking the real wire format, and an
 * in-memory caller/key/assistant lookup instead of the database.
 */
import assert from "node:assert/strict";
import {
  type FakeOpenAI,
  type FakeOpenAIFlavour,
  type FakeOpenAIOptions,
  startFakeOpenAI,
} from "../_testing/fakes/openai_server.ts";
import { extractPartialArticle, type GeneratedArticle } from "../_shared/contracts/article.ts";
import type { AiOperation } from "../_shared/contracts/ai_provider.ts";
import { storedProvider, testDeployment } from "../_testing/provider_fixtures.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { unlimited } from "../_testing/memory_rate_limiter.ts";
import { ALICE, assistantLookup, type ChatRequest, type OwnedAssistant } from "../_testing/text_function_harness.ts";
import { createHandler, type GenerateArticleDeps } from "./handler.ts";
import { ARTICLE_OUTPUT_CONTRACT, languageRequirement } from "../_shared/ai/article_prompt.ts";
import { GENERATION_SETTINGS_MESSAGES } from "../_shared/contracts/generation_settings.ts";
import { OUTLINE_MESSAGES } from "../_shared/contracts/outline.ts";
import { INTERNAL_LINKS_INSTRUCTIONS } from "../_shared/ai/internal_links_prompt.ts";
import type { FindLinkTargets, LinkTargetQuery } from "../_shared/links/link_targets.ts";
import type { LinkTarget } from "../_shared/contracts/site_content.ts";

const BOB = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const ALICE_ASSISTANT = "3f2b8c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f";
const ALICE_OWN_MODEL_ASSISTANT = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
const ALICE_PRO_ASSISTANT = "6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e";
const ALICE_GERMAN_ASSISTANT = "a0000000-0000-4000-8000-0000000000de";
const BOB_ASSISTANT = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

interface Harness {
  fake: FakeOpenAI;
  url: string;
  logs: string[];
  keys: Map<string, string>;
}

const ASSISTANTS = new Map<string, OwnedAssistant>([
  [ALICE_ASSISTANT, { id: ALICE_ASSISTANT, name: "Travel", userId: ALICE, instructions: "You write cheerful travel posts.", model: null }],
  [ALICE_OWN_MODEL_ASSISTANT, { id: ALICE_OWN_MODEL_ASSISTANT, name: "Editor", userId: ALICE, instructions: "", model: "gpt-6.2-sol" }],
  [ALICE_PRO_ASSISTANT, { id: ALICE_PRO_ASSISTANT, name: "Pro", userId: ALICE, instructions: "", model: "gpt-5.5-pro" }],
  [ALICE_GERMAN_ASSISTANT, {
    id: ALICE_GERMAN_ASSISTANT,
    name: "Berlin",
    userId: ALICE,
    instructions: "",
    model: null,
    locale: "de",
    settings: { wordTarget: 900, tone: "professional", pointOfView: null, elements: ["faq"] },
  }],
  [BOB_ASSISTANT, { id: BOB_ASSISTANT, name: "Bob's", userId: BOB, instructions: "Bob's secret instructions.", model: null }],
]);

function testDeps(
  fake: FakeOpenAI,
  flavour: FakeOpenAIFlavour,
  keys: Map<string, string>,
  models: Partial<Record<AiOperation, string | null>>,
  timeoutMs: number,
  findLinkTargets: FindLinkTargets,
): GenerateArticleDeps {
  const tokens = new Map([["Bearer alice-token", ALICE], ["Bearer bob-token", BOB]]);
  return {
    authenticate: (req) => {
      const id = tokens.get(req.headers.get("authorization") ?? "");
      return id ? Promise.resolve({ id }) : Promise.reject(new UnauthenticatedError());
    },
    readTextProvider: (userId) => Promise.resolve(storedProvider(fake, flavour, keys.get(userId) ?? null, models)),
    findAssistant: assistantLookup(ASSISTANTS),
    deployment: testDeployment(fake, { timeoutMs }),
    rateLimit: unlimited("aiText"),
    findLinkTargets,
  };
}

/** The user's content index is empty: no internal links are offered. */
const noLinkTargets: FindLinkTargets = () => Promise.resolve([]);

async function withHarness(
  options: {
    fake?: FakeOpenAIOptions;
    flavour?: FakeOpenAIFlavour;
    models?: Partial<Record<AiOperation, string | null>>;
    timeoutMs?: number;
    findLinkTargets?: FindLinkTargets;
  },
  test: (harness: Harness) => Promise<void>,
) {
  const flavour = options.flavour ?? "openai";
  const fake = startFakeOpenAI({ retryAfterMs: 1, flavour, ...options.fake });
  const keys = new Map([[ALICE, "sk-test-alice-FIXTURE-not-a-real-key-6789"], [BOB, "sk-test-bob-FIXTURE-not-a-real-key-6789"]]);
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    createHandler(
      testDeps(fake, flavour, keys, options.models ?? {}, options.timeoutMs ?? 10_000, options.findLinkTargets ?? noLinkTargets),
    ),
  );
  const url = `http://127.0.0.1:${server.addr.port}/functions/v1/generate-article`;
  try {
    await withCapturedErrors((logs) => test({ fake, url, logs, keys }));
  } finally {
    await server.shutdown();
    await fake.close();
  }
}

function generate(url: string, body: unknown, token = "alice-token", signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
}

interface SseEvent {
  event: string;
  data: unknown;
}

/** Parses an SSE body into events, checking every event is well formed. */
async function readEvents(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  assert.ok(text.endsWith("\n\n"), "the stream ends after a complete event");
  return text.slice(0, -2).split("\n\n").map((block) => {
    const [eventLine, dataLine, ...rest] = block.split("\n");
    assert.deepEqual(rest, [], `one data line per event: ${block}`);
    assert.match(eventLine, /^event: (note|delta|language|done|error)$/);
    assert.match(dataLine, /^data: /);
    return { event: eventLine.slice("event: ".length), data: JSON.parse(dataLine.slice("data: ".length)) };
  });
}

const idea = { idea: "A weekend in Lisbon", assistantId: ALICE_ASSISTANT };
const ENGLISH_OUTPUT = `Output language: ${languageRequirement("en")}`;

Deno.test("streams the article as delta events, then done with the validated article", () =>
  withHarness({}, async ({ fake, url, logs }) => {
    const response = await generate(url, idea);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/event-stream");
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    const events = await readEvents(response);

    const deltas = events.filter((event) => event.event === "delta").map((event) =>
      (event.data as { text: string }).text
    );
    assert.ok(deltas.length > 50, `one event per model chunk, got ${deltas.length}`);
    assert.deepEqual(events.at(-1)?.event, "done");
    assert.deepEqual(events.filter((event) => event.event !== "delta").map((event) => event.event), ["language", "done"]);
    assert.deepEqual(events.at(-2)?.data, { expected: "en", detected: "en", mismatch: false });

    const article = events.at(-1)?.data as GeneratedArticle;
    assert.equal(article.title, "A weekend in Lisbon: A Practical Guide");
    assert.match(article.content, /^<p>.*<\/p>$/s);
    assert.equal(article.slug, "a-weekend-in-lisbon-a-practical-guide");
    assert.equal(article.tags, "A weekend in Lisbon, how-to, beginners, tips");
    assert.deepEqual(JSON.parse(deltas.join("")), article, "the deltas are the model's raw JSON");

    const [request] = fake.requests;
    assert.equal(request.apiKey, "sk-test-alice-FIXTURE-not-a-real-key-6789");
    const body = request.body as ChatRequest;
    assert.equal(body.model, "gpt-6.1-terra");
    assert.equal(body.reasoning_effort, "low");
    assert.equal(body.temperature, undefined);
    assert.equal(body.max_tokens, undefined);
    assert.equal(body.stream, true);
    assert.equal(body.response_format?.type, "json_schema");
    assert.equal(body.response_format?.json_schema.name, "article");
    assert.equal(body.response_format?.json_schema.strict, true);
    assert.deepEqual(body.messages[0], {
      role: "system",
      content: `You write cheerful travel posts.\n\n${ARTICLE_OUTPUT_CONTRACT}\n\n${languageRequirement("en")}`,
    });
    assert.deepEqual(body.messages[1], {
      role: "user",
      content: `Write an article based on this idea: A weekend in Lisbon\n\nOutput language: ${languageRequirement("en")}`,
    });
    assert.deepEqual(logs, []);
  }));

Deno.test("the browser can fill the form progressively from the deltas", () =>
  withHarness({}, async ({ url }) => {
    const events = await readEvents(await generate(url, idea));
    let text = "";
    const titleLengths: number[] = [];
    let contentSeenBeforeDone = false;
    for (const event of events.filter((event) => event.event === "delta")) {
      text += (event.data as { text: string }).text;
      const partial = extractPartialArticle(text);
      titleLengths.push(partial.title?.length ?? 0);
      if (partial.content && !partial.slug) contentSeenBeforeDone = true;
    }
    assert.ok(titleLengths.some((length) => length > 0 && length < titleLengths.at(-1)!), "the title grows");
    assert.ok(contentSeenBeforeDone);
    assert.deepEqual(extractPartialArticle(text), events.at(-1)?.data);
  }));

Deno.test("Content is the first field the model writes, so the form's Content fills from the first tokens", () =>
  withHarness({}, async ({ fake, url }) => {
    const events = await readEvents(await generate(url, idea));
    type SchemaRequest = { response_format: { json_schema: { schema: { properties: object; required: string[] } } } };
    const { schema } = (fake.requests[0].body as SchemaRequest).response_format.json_schema;
    assert.equal(Object.keys(schema.properties)[0], "content");
    assert.equal(schema.required[0], "content");

    let text = "";
    let firstFields: string[] | undefined;
    let deltasBeforeContent = 0;
    for (const event of events.filter((event) => event.event === "delta")) {
      text += (event.data as { text: string }).text;
      const partial = extractPartialArticle(text);
      if (!partial.content) {
        deltasBeforeContent++;
        continue;
      }
      firstFields = Object.keys(partial);
      break;
    }
    assert.deepEqual(firstFields, ["content"], "Content shows before any other field");
    // The fake sends about four characters a chunk: `{"content":"<p>` is four chunks.
    assert.ok(deltasBeforeContent <= 3, `${deltasBeforeContent} deltas came before the first Content characters`);
  }));

Deno.test("an existing article is sent to be improved; the assistant's own model wins over the user's drafting model", () =>
  withHarness({ models: { drafting: "gpt-6-luna" } }, async ({ fake, url }) => {
    const response = await generate(url, {
      idea: "",
      existingArticle: "<p>My draft about tea.</p>",
      assistantId: ALICE_OWN_MODEL_ASSISTANT,
    });
    assert.equal((await readEvents(response)).at(-1)?.event, "done");
    const body = fake.requests[0].body as ChatRequest;
    assert.equal(body.model, "gpt-6.2-sol");
    assert.equal(body.reasoning_effort, "low");
    assert.match(body.messages[0].content, /^You are an experienced blog writer and SEO editor\.\n\n/);
    assert.equal(
      body.messages[1].content,
      "Improve my existing article and fill in its SEO fields.\n\nThe article:\n\n<p>My draft about tea.</p>" +
        `\n\n${ENGLISH_OUTPUT}`,
    );
  }));

Deno.test("input validation answers 400 with the spec's messages, without calling the provider", () =>
  withHarness({}, async ({ fake, url }) => {
    const cases: [unknown, string][] = [
      [{ assistantId: ALICE_ASSISTANT }, "Either article idea or existing article must be provided"],
      [
        { idea: "  ", existingArticle: "", assistantId: ALICE_ASSISTANT },
        "Either article idea or existing article must be provided",
      ],
      [{ idea: "Lisbon" }, "assistantId: Please select an assistant"],
      [{ idea: "Lisbon", assistantId: "" }, "assistantId: Please select an assistant"],
      [{ idea: "x".repeat(2001), assistantId: ALICE_ASSISTANT }, "idea: Keep the article idea under 2000 characters"],
      [{ idea: 42, assistantId: ALICE_ASSISTANT }, "idea: Invalid input: expected string, received number"],
    ];
    for (const [body, message] of cases) {
      const response = await generate(url, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal((await response.json()).error, message);
    }
    const notJson = await fetch(url, { method: "POST", headers: { authorization: "Bearer alice-token" }, body: "{" });
    assert.equal(notJson.status, 400);
    await notJson.body?.cancel();
    const tooBig = await generate(url, { existingArticle: "x".repeat(300_000), assistantId: ALICE_ASSISTANT });
    assert.equal(tooBig.status, 413);
    await tooBig.body?.cancel();
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("401 without a valid session, 405 for GET, CORS preflight answered", () =>
  withHarness({}, async ({ fake, url }) => {
    const anonymous = await generate(url, idea, "not-a-session");
    assert.deepEqual([anonymous.status, await anonymous.json()], [401, { error: "User not authenticated" }]);
    const get = await fetch(url, { headers: { authorization: "Bearer alice-token" } });
    assert.equal(get.status, 405);
    await get.body?.cancel();
    const preflight = await fetch(url, { method: "OPTIONS" });
    assert.equal(preflight.status, 200);
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /authorization/);
    await preflight.body?.cancel();
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("another user's assistant is refused as not found", () =>
  withHarness({}, async ({ fake, url }) => {
    const response = await generate(url, { idea: "Lisbon", assistantId: BOB_ASSISTANT });
    assert.deepEqual([response.status, await response.json()], [404, { error: "Assistant not found" }]);
    const unknown = await generate(url, { idea: "Lisbon", assistantId: crypto.randomUUID() });
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("400 'OpenAI API key not found' when the caller stored no key", () =>
  withHarness({}, async ({ fake, url, keys }) => {
    keys.delete(ALICE);
    const response = await generate(url, idea);
    assert.deepEqual([response.status, (await response.json()).error], [400, "OpenAI API key not found"]);
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("a key the provider refuses: 400 with the spec message; the key is neither sent back nor logged", () =>
  withHarness({}, async ({ url, logs, keys }) => {
    const key = "sk-wrong-FIXTURE-not-a-real-key-QZQZ";
    keys.set(ALICE, key);
    const response = await generate(url, idea);
    assert.equal(response.status, 400);
    assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
    const text = await response.text();
    assert.equal(
      JSON.parse(text).error,
      "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.",
    );
    assert.equal(logs.length, 1);
    for (const output of [text, ...logs]) {
      assert.ok(!output.includes("sk-wrong") && !output.includes(key.slice(-4)), output);
    }
  }));

Deno.test("rate limiting and outages: 502 with the provider's reason after one retry; no credit is not retried", async () => {
  for (
    const [scenario, status, message, requests] of [
      ["rate-limit", 502, "OpenAI is rate limiting your requests. Wait about 1 second and try again.", 2],
      ["server-error", 502, "OpenAI is unavailable (HTTP 500). Please try again later.", 2],
      ["insufficient-quota", 400, /^Your OpenAI account has no credit left/, 1],
    ] as const
  ) {
    await withHarness({ fake: { scenario } }, async ({ fake, url }) => {
      const response = await generate(url, idea);
      const body = await response.json();
      assert.equal(response.status, status, scenario);
      if (typeof message === "string") assert.equal(body.error, message);
      else assert.match(body.error, message);
      assert.equal(fake.requests.length, requests, "maxRetries is 1; insufficient_quota is marked not to be retried");
    });
  }
});

Deno.test("a model Chat Completions refuses is refused up front, naming the assistant where it is chosen", () =>
  withHarness({}, async ({ fake, url }) => {
    const response = await generate(url, { idea: "Tea", assistantId: ALICE_PRO_ASSISTANT });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(
      body.error,
      "gpt-5.5-pro works only through OpenAI's Responses API, which Inkpress does not use. " +
        "Choose another model for Article drafting in the assistant “Pro”.",
    );
    assert.deepEqual(body.problem.fix, { href: `/assistants/${ALICE_PRO_ASSISTANT}`, label: "the assistant “Pro”" });
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("an unverified organisation: the draft is written without streaming, with a note saying why", () =>
  withHarness({ fake: { scenario: "unverified-org" } }, async ({ fake, url, logs }) => {
    const events = await readEvents(await generate(url, idea));
    assert.deepEqual(events.map((event) => event.event), ["note", "delta", "language", "done"]);
    assert.match((events[0].data as { note: string }).note, /streams gpt-6\.1-terra only for verified organisations/);
    assert.equal((events[3].data as GeneratedArticle).title, "A weekend in Lisbon: A Practical Guide");
    assert.deepEqual(fake.requests.map((request) => request.stream), [true, false]);
    assert.deepEqual(logs, []);
  }));

Deno.test("an answer cut at the length limit, a refusal and the content filter end the stream with their reason", async () => {
  const cases = [
    ["length", /^The draft was cut off at gpt-6\.1-terra's length limit.*What arrived is kept in the form/, "length"],
    ["refusal", /^The AI model declined to write this article\. It said: “I'm sorry/, "refusal"],
    ["content-filter", /content filter stopped the draft/, "content-filter"],
  ] as const;
  for (const [scenario, message, kind] of cases) {
    await withHarness({ fake: { scenario } }, async ({ url }) => {
      const events = await readEvents(await generate(url, idea));
      const last = events.at(-1)!;
      assert.equal(last.event, "error", scenario);
      const data = last.data as { error: string; problem: { kind: string } };
      assert.match(data.error, message, scenario);
      assert.equal(data.problem.kind, kind, scenario);
      if (scenario === "length") assert.ok(events.filter((event) => event.event === "delta").length > 10, "what arrived was sent");
    });
  }
});

Deno.test("a provider without json_schema is asked for json_object", () =>
  withHarness({ fake: { scenario: "no-json-schema" } }, async ({ fake, url }) => {
    const events = await readEvents(await generate(url, idea));
    assert.equal(events.at(-1)?.event, "done");
    assert.deepEqual(fake.requests.map((request) => (request.body as ChatRequest).response_format?.type), [
      "json_schema",
      "json_object",
    ]);
  }));

Deno.test("OpenRouter: its error inside the stream ends the draft with its reason", async () => {
  await withHarness({ flavour: "openrouter" }, async ({ fake, url }) => {
    const events = await readEvents(await generate(url, idea));
    assert.equal(events.at(-1)?.event, "done");
    assert.equal((fake.requests[0].body as ChatRequest).model, "openai/gpt-6.1-terra");
  });
  await withHarness({ flavour: "openrouter", fake: { scenario: "error-in-200" } }, async ({ url }) => {
    const events = await readEvents(await generate(url, idea));
    assert.deepEqual(events.at(-1)?.event, "error");
    assert.match((events.at(-1)?.data as { error: string }).error, /OpenRouter is unavailable \(HTTP 502\)/);
  });
});

Deno.test("a local Ollama drafts with the user's model, max_tokens untouched and no reasoning_effort", () =>
  withHarness({ flavour: "ollama", models: { drafting: "qwen3:8b" } }, async ({ fake, url, keys }) => {
    keys.delete(ALICE);
    const events = await readEvents(await generate(url, idea));
    assert.equal(events.at(-1)?.event, "done");
    const body = fake.requests[0].body as ChatRequest;
    assert.equal(body.model, "qwen3:8b");
    assert.equal(body.reasoning_effort, undefined);
    assert.equal(body.response_format?.type, "json_schema");
  }));

Deno.test("failures after streaming began end the stream with an error event", async () => {
  const cases = [
    ["malformed-chunk", "Failed to parse response from OpenAI"],
    ["invalid-json", "Failed to parse response from OpenAI"],
    ["empty", "Empty response from OpenAI"],
    ["cut-stream", "OpenAI could not be reached. Please try again later."],
  ] as const;
  for (const [scenario, message] of cases) {
    await withHarness({ fake: { scenario } }, async ({ url, logs }) => {
      const response = await generate(url, idea);
      assert.equal(response.status, 200, scenario);
      const events = await readEvents(response);
      assert.equal(events.at(-1)?.event, "error", scenario);
      assert.equal((events.at(-1)?.data as { error: string }).error, message, scenario);
      assert.ok(events.slice(0, -1).every((event) => event.event === "delta"), scenario);
      assert.equal(logs.length, 1, scenario);
    });
  }
});

Deno.test("JSON wrapped in prose by a compatible server still validates", () =>
  withHarness({ fake: { scenario: "wrapped" } }, async ({ url }) => {
    const events = await readEvents(await generate(url, idea));
    assert.equal(events.at(-1)?.event, "done");
    assert.equal((events.at(-1)?.data as GeneratedArticle).title, "A weekend in Lisbon: A Practical Guide");
  }));

Deno.test("a first token slower than the deadline ends the stream with the time-out message", () =>
  withHarness(
    { fake: { scenario: "slow-first-token", firstTokenDelayMs: 5_000 }, timeoutMs: 300 },
    async ({ fake, url }) => {
      const started = performance.now();
      const response = await generate(url, idea);
      assert.equal(response.status, 200, "the provider's headers arrived in time");
      const events = await readEvents(response);
      assert.deepEqual(events.map((event) => [event.event, (event.data as { error: string }).error]), [
        ["error", "OpenAI did not answer in time. Please try again."],
      ]);
      assert.ok(performance.now() - started < 2_000);
      for (let wait = 0; wait < 100 && !fake.requests[0].aborted; wait++) await new Promise((r) => setTimeout(r, 10));
      assert.ok(fake.requests[0].aborted, "the upstream request was aborted");
    },
  ));

Deno.test("when the browser disconnects, the upstream request is aborted", () =>
  withHarness({ fake: { tokensPerSecond: 100 } }, async ({ fake, url, logs }) => {
    const abort = new AbortController();
    const response = await generate(url, idea, "alice-token", abort.signal);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /^event: delta\n/);
    abort.abort();
    await reader.cancel().catch(() => {});
    for (let wait = 0; wait < 200 && !fake.requests[0].aborted; wait++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(fake.requests[0].aborted, "the fake saw the disconnect");
    assert.deepEqual(logs, [], "a disconnect is not an error");
  }));

const linkTarget = (url: string, title: string, excerpt = ""): LinkTarget => ({
  id: crypto.randomUUID(),
  site_id: "50000000-0000-4000-8000-000000000001",
  remote_type: "post",
  url,
  title,
  excerpt,
  categories: [],
  tags: [],
  article_id: null,
  score: 1,
});

Deno.test("the caller's most relevant published posts are offered to the model as internal links", async () => {
  const asked: { userId: string; query: LinkTargetQuery }[] = [];
  const findLinkTargets: FindLinkTargets = (userId, query) => {
    asked.push({ userId, query });
    return Promise.resolve([
      linkTarget("https://blog.example/lisbon-trams/", "Riding Lisbon's trams", "Tram 28 from\nMartim Moniz."),
      linkTarget("https://blog.example/pasteis/", 'The "best" pastéis de nata'),
    ]);
  };
  await withHarness({ findLinkTargets }, async ({ fake, url }) => {
    const events = await readEvents(await generate(url, idea));
    assert.equal(events.at(-1)?.event, "done");
    assert.deepEqual(asked, [{ userId: ALICE, query: { focus: "A weekend in Lisbon", body: undefined, limit: 6 } }]);
    const body = fake.requests[0].body as ChatRequest;
    assert.equal(
      body.messages[1].content,
      [
        "Write an article based on this idea: A weekend in Lisbon",
        "",
        INTERNAL_LINKS_INSTRUCTIONS,
        '- https://blog.example/lisbon-trams/ "Riding Lisbon\'s trams" — "Tram 28 from Martim Moniz."',
        '- https://blog.example/pasteis/ "The \\"best\\" pastéis de nata"',
        "",
        ENGLISH_OUTPUT,
      ].join("\n"),
    );
  });
});

Deno.test("a pasted article is part of what internal links are chosen by", async () => {
  const asked: LinkTargetQuery[] = [];
  await withHarness({ findLinkTargets: (_userId, query) => (asked.push(query), Promise.resolve([])) }, async ({ url }) => {
    await readEvents(await generate(url, { existingArticle: "<p>Trams and custard tarts.</p>", assistantId: ALICE_ASSISTANT }));
    assert.deepEqual(asked, [{ focus: "", body: "<p>Trams and custard tarts.</p>", limit: 6 }]);
  });
});

Deno.test("when the content index cannot be read, the article is drafted without internal links", async () => {
  const warnings: string[] = [];
  const originalWarn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(" "));
  try {
    await withHarness({ findLinkTargets: () => Promise.reject(new Error("ranking link targets: timeout")) }, async ({ fake, url }) => {
      const events = await readEvents(await generate(url, idea));
      assert.equal(events.at(-1)?.event, "done");
      assert.equal(
        (fake.requests[0].body as ChatRequest).messages[1].content,
        `Write an article based on this idea: A weekend in Lisbon\n\n${ENGLISH_OUTPUT}`,
      );
    });
  } finally {
    console.warn = originalWarn;
  }
  assert.deepEqual(warnings, ["[generate-article] drafting without internal links: ranking link targets: timeout"]);
});

Deno.test("a Spanish article: the prompt requires Spanish, the answer passes the language check, the slug is sensible", () =>
  withHarness({}, async ({ fake, url }) => {
    const events = await readEvents(
      await generate(url, { idea: "Tapas en Madrid", assistantId: ALICE_GERMAN_ASSISTANT, locale: "es" }),
    );
    const body = fake.requests[0].body as ChatRequest;
    assert.ok(body.messages[0].content.includes("Write the whole article in Spanish (es)"), "the article's locale wins");
    assert.ok(body.messages[1].content.endsWith(`Output language: ${languageRequirement("es")}`));
    assert.deepEqual(events.at(-2), { event: "language", data: { expected: "es", detected: "es", mismatch: false } });
    const article = events.at(-1)?.data as GeneratedArticle;
    assert.equal(article.title, "Tapas en Madrid: una guía práctica");
    assert.equal(article.slug, "tapas-en-madrid-una-guia-practica", "the model's accented slug made valid");
  }));

Deno.test("the assistant's language and settings apply when the request sets none; the request's settings override them", () =>
  withHarness({}, async ({ fake, url }) => {
    await readEvents(await generate(url, { idea: "Brot backen", assistantId: ALICE_GERMAN_ASSISTANT }));
    await readEvents(
      await generate(url, {
        idea: "Brot backen",
        assistantId: ALICE_GERMAN_ASSISTANT,
        settings: { wordTarget: 1500, pointOfView: "second-person", elements: ["table", "call-to-action"] },
      }),
    );
    const [defaults, overridden] = fake.requests.map((request) => (request.body as ChatRequest).messages[0].content);
    assert.ok(defaults.includes("Write the whole article in German (de)"));
    assert.ok(defaults.includes("Length: about 900 words"));
    assert.ok(defaults.includes("Tone: professional."));
    assert.match(defaults, /Include: an FAQ section/);
    assert.ok(overridden.includes("Length: about 1500 words"));
    assert.ok(overridden.includes("Tone: professional."), "a setting not overridden keeps the assistant's");
    assert.ok(overridden.includes("Point of view: second person (you) throughout."));
    assert.match(overridden, /Include: one HTML table .*; a closing call to action/);
    assert.doesNotMatch(overridden, /FAQ/);
  }));

Deno.test("a draft that drifts into English is flagged by the language check", () =>
  withHarness({ fake: { scenario: "language-drift" } }, async ({ url }) => {
    const events = await readEvents(await generate(url, { idea: "Tapas en Madrid", assistantId: ALICE_ASSISTANT, locale: "es" }));
    assert.deepEqual(events.at(-2), { event: "language", data: { expected: "es", detected: "en", mismatch: true } });
    assert.equal(events.at(-1)?.event, "done", "the draft is still delivered, for the person to judge");
  }));

Deno.test("an unknown language or invalid settings are a 400 that says what is wrong", () =>
  withHarness({}, async ({ fake, url }) => {
    const cases: [unknown, string][] = [
      [{ locale: "xx" }, "locale: Choose one of the languages offered"],
      [{ settings: { wordTarget: 20 } }, `settings.wordTarget: ${GENERATION_SETTINGS_MESSAGES.wordTarget}`],
      [{ settings: { tone: "sarcastic" } }, `settings.tone: ${GENERATION_SETTINGS_MESSAGES.tone}`],
      [{ settings: { elements: ["poem"] } }, `settings.elements.0: ${GENERATION_SETTINGS_MESSAGES.elements}`],
    ];
    for (const [extra, message] of cases) {
      const response = await generate(url, { ...idea, ...(extra as object) });
      assert.equal(response.status, 400);
      assert.equal((await response.json()).error, message);
    }
    assert.equal(fake.requests.length, 0);
  }));

/** The text of each h2 of an article's HTML, in order. */
const h2Texts = (html: string) => [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1]);

Deno.test("an outline-following draft keeps the approved headings as its h2s, in order", () =>
  withHarness({}, async ({ fake, url }) => {
    const outline = ["Getting there by tram", "  Where to eat pastéis  ", "A day in Sintra"];
    const events = await readEvents(await generate(url, { ...idea, outline }));
    const done = events.at(-1)!;
    assert.equal(done.event, "done");
    assert.deepEqual(h2Texts((done.data as GeneratedArticle).content), [
      "Getting there by tram",
      "Where to eat pastéis",
      "A day in Sintra",
    ]);
    const prompt = (fake.requests[0].body as ChatRequest).messages[1].content;
    assert.match(prompt, /^Outline: use exactly these section headings, word for word and in this order/m);
    assert.match(prompt, /\n1\. Getting there by tram\n2\. Where to eat pastéis\n3\. A day in Sintra\n/);
    assert.ok(prompt.indexOf("Outline:") < prompt.indexOf("Output language:"), "the language requirement stays last");
  }));

Deno.test("without an outline the prompt has none and the draft has the model's own headings", () =>
  withHarness({}, async ({ fake, url }) => {
    const events = await readEvents(await generate(url, idea));
    assert.doesNotMatch((fake.requests[0].body as ChatRequest).messages[1].content, /Outline:/);
    assert.deepEqual(h2Texts((events.at(-1)!.data as GeneratedArticle).content), [
      "Why A weekend in Lisbon matters",
      "Getting started",
      "Conclusion",
    ]);
  }));

Deno.test("an invalid outline is a 400 naming the heading, without calling the provider", () =>
  withHarness({}, async ({ fake, url }) => {
    const cases: [unknown, string][] = [
      [[], `outline: ${OUTLINE_MESSAGES.noHeadings}`],
      [["Fine", "   "], `outline.1: ${OUTLINE_MESSAGES.emptyHeading}`],
      [["x".repeat(151)], `outline.0: ${OUTLINE_MESSAGES.headingTooLong}`],
      [Array.from({ length: 13 }, (_, index) => `Section ${index}`), `outline: ${OUTLINE_MESSAGES.tooManyHeadings}`],
      ["Intro, Body", `outline: ${OUTLINE_MESSAGES.noHeadings}`],
    ];
    for (const [outline, message] of cases) {
      const response = await generate(url, { ...idea, outline });
      assert.equal(response.status, 400);
      assert.equal((await response.json()).error, message);
    }
    assert.equal(fake.requests.length, 0);
  }));
