/**
 * One bulk draft against the fake OpenAI server (the real SDK, the real wire
 * format): the request, the stored fields, and what each failure means.
 */
import assert from "node:assert/strict";
import { type FakeOpenAIScenario, startFakeOpenAI } from "../_testing/fakes/openai_server.ts";
import { ARTICLE_OUTPUT_CONTRACT } from "../_shared/ai/article_prompt.ts";
import { openAISettingsFromEnv } from "../_shared/ai/openai_settings.ts";
import { ModelOutputError, PROVIDER_MESSAGES } from "../_shared/ai/provider_failure.ts";
import type { GeneratedArticle } from "../_shared/contracts/article.ts";
import type { ChatRequest } from "../_testing/text_function_harness.ts";
import {
  classifyDraftFailure,
  draftArticle,
  draftFields,
  DraftTimedOut,
  EMPTY_WHEN_SANITISED,
} from "./draft_article.ts";
import type { ClaimedDraftJob } from "./queue_store.ts";

const job = (overrides: Partial<ClaimedDraftJob> = {}): ClaimedDraftJob => ({
  jobId: "10000000-0000-4000-8000-000000000001",
  claimId: "20000000-0000-4000-8000-000000000001",
  userId: "00000000-0000-4000-8000-00000000000a",
  batchId: "30000000-0000-4000-8000-000000000001",
  assistantId: "40000000-0000-4000-8000-000000000001",
  idea: "Composting in a small flat",
  focusKeyword: null,
  categories: [],
  tags: [],
  attempts: 1,
  ...overrides,
});

const assistant = { instructions: "You write for apartment gardeners.", model: null };

async function attempt(scenario: FakeOpenAIScenario | "wrong-key", draftJob = job(), timeoutMs = 10_000) {
  const fake = startFakeOpenAI({ retryAfterMs: 7_000 });
  try {
    const apiKey = scenario === "wrong-key" ? "sk-wrong-FIXTURE-not-a-real-key-cdef" : `sk-scenario-${scenario}-alice`;
    const settings = openAISettingsFromEnv(new Map([["OPENAI_BASE_URL", fake.url]]));
    const outcome = await draftArticle({ apiKey, assistant, job: draftJob, settings, context: [], signal: AbortSignal.timeout(timeoutMs) })
      .then((article) => ({ article, error: undefined }), (error) => ({ article: undefined, error }));
    return { ...outcome, requests: fake.requests };
  } finally {
    await fake.close();
  }
}

Deno.test("draftArticle: one non-streamed structured-output request with the assistant, the idea and its brief", async () => {
  const { article, requests } = await attempt(
    "ok",
    job({ focusKeyword: "worm bin", categories: ["Gardening"], tags: ["compost", "balcony"] }),
  );
  assert.equal(article?.title, "Composting in a small flat: A Practical Guide");
  assert.equal(requests.length, 1, "no SDK retries");
  const body = requests[0].body as ChatRequest;
  assert.equal(body.stream, undefined);
  assert.equal(body.model, "gpt-4o-mini");
  assert.equal(body.response_format?.json_schema.name, "article");
  assert.equal(body.response_format?.json_schema.strict, true);
  assert.deepEqual(body.messages, [
    { role: "system", content: `You write for apartment gardeners.\n\n${ARTICLE_OUTPUT_CONTRACT}` },
    {
      role: "user",
      content: [
        "Write an article based on this idea: Composting in a small flat",
        "Focus keyword: worm bin (use it as the focus_keyword, in the title, the first paragraph and the meta description).",
        "Category: Gardening.",
        "Tags: compost, balcony.",
      ].join("\n\n"),
    },
  ]);
});

Deno.test("classifyDraftFailure: rate limits (which pause the user), outages and unusable answers are retried; a refused key is not", async () => {
  const cases: [FakeOpenAIScenario | "wrong-key", ReturnType<typeof classifyDraftFailure>][] = [
    ["rate-limit", { retryable: true, reason: PROVIDER_MESSAGES.rateLimited, retryAfterSeconds: 7, rateLimited: true }],
    ["server-error", { retryable: true, reason: PROVIDER_MESSAGES.unavailable, retryAfterSeconds: 7 }],
    ["malformed-chunk", { retryable: true, reason: "Failed to parse response from OpenAI" }],
    ["cut-stream", { retryable: true, reason: PROVIDER_MESSAGES.unavailable }],
    ["invalid-json", { retryable: true, reason: "Failed to parse response from OpenAI" }],
    ["empty", { retryable: true, reason: "Empty response from OpenAI" }],
    ["wrong-key", { retryable: false, reason: PROVIDER_MESSAGES.invalidKey }],
  ];
  for (const [scenario, expected] of cases) {
    const { error, requests } = await attempt(scenario);
    assert.ok(error, `${scenario} fails`);
    assert.deepEqual(classifyDraftFailure(error), expected, scenario);
    assert.equal(requests.length, 1, `${scenario}: one request, the queue retries`);
  }
  const { article } = await attempt("wrapped");
  assert.equal(article?.title, "Composting in a small flat: A Practical Guide", "JSON wrapped in prose still parses");
});

Deno.test("draftArticle: the run's deadline stops a slow call, which is retried as a time-out", async () => {
  const { error } = await attempt("slow-first-token", job(), 200);
  assert.ok(error instanceof DraftTimedOut, String(error));
  assert.deepEqual(classifyDraftFailure(error), { retryable: true, reason: PROVIDER_MESSAGES.timedOut });
});

Deno.test("classifyDraftFailure: a refusal and a refused request fail at once; anything unknown is retried", () => {
  assert.deepEqual(classifyDraftFailure(new ModelOutputError("The AI model declined to write this article.")), {
    retryable: false,
    reason: "The AI model declined to write this article.",
  });
  assert.deepEqual(classifyDraftFailure(new Error("socket hang up")), {
    retryable: true,
    reason: "Failed to generate content",
  });
});

const generated = (overrides: Partial<GeneratedArticle> = {}): GeneratedArticle => ({
  title: "Worms at home",
  content: "<p>Start small.</p>",
  excerpt: "A guide.",
  category: "Gardening",
  tags: "worms, compost , worms, ",
  meta_description: "Compost at home.",
  focus_keyword: "home compost",
  slug: "worms-at-home",
  ...overrides,
});

Deno.test("draftFields: content sanitised as save-article does; the model's terms split, the idea's own win", () => {
  const hostile = '<p>Hi</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>';
  assert.deepEqual(draftFields(generated({ content: hostile }), job()), {
    title: "Worms at home",
    content: '<p>Hi</p><img src="x" /><a>x</a>',
    excerpt: "A guide.",
    metaDescription: "Compost at home.",
    focusKeyword: "home compost",
    slug: "worms-at-home",
    categories: ["Gardening"],
    tags: ["worms", "compost"],
  });
  const own = draftFields(generated(), job({ focusKeyword: "worm bin", categories: ["Balcony"], tags: ["diy"] }));
  assert.deepEqual([own.focusKeyword, own.categories, own.tags], ["worm bin", ["Balcony"], ["diy"]]);
});

Deno.test("draftFields: fields are cut to the articles' limits; an unusable title or content is a model output error", () => {
  const long = draftFields(
    generated({
      meta_description: "m".repeat(400),
      slug: "s".repeat(300),
      excerpt: "e".repeat(3000),
      tags: Array.from({ length: 60 }, (_, i) => `t${i}`).join(","),
    }),
    job(),
  );
  assert.deepEqual(
    [long.metaDescription.length, long.slug.length, long.excerpt.length, long.tags.length],
    [320, 200, 2000, 50],
  );
  assert.throws(() => draftFields(generated({ title: "t".repeat(501) }), job()), /Title must be at most 500/);
  assert.throws(
    () => draftFields(generated({ content: "<script>alert(1)</script>" }), job()),
    (error) => error instanceof ModelOutputError && error.message === EMPTY_WHEN_SANITISED,
  );
});
