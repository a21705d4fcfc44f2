/**
 * One bulk draft against the fake OpenAI server (the real SDK, the real wire
 * format): the request, the stored fields, and what each failure means.
 */
import assert from "node:assert/strict";
import { type FakeOpenAIScenario, startFakeOpenAI } from "../_testing/fakes/openai_server.ts";
import { ARTICLE_OUTPUT_CONTRACT, languageRequirement, outlineRequirement } from "../_shared/ai/article_prompt.ts";
import type { AssistantSettings } from "../_shared/ai/assistants.ts";
import { articleInLanguage } from "../_testing/fakes/openai_article_languages.ts";
import { ModelOutputError, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import { MODEL_SETTING_PLACES } from "../_shared/contracts/ai_provider.ts";
import { testTarget } from "../_testing/provider_fixtures.ts";
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

const assistant = { id: "40000000-0000-4000-8000-000000000001", name: "Gardener", instructions: "You write for apartment gardeners.", model: null };
const MODEL = { model: "gpt-6.1-terra", place: MODEL_SETTING_PLACES.drafting, operationLabel: "Article drafting" };

async function attempt(
  scenario: FakeOpenAIScenario | "wrong-key",
  draftJob = job(),
  writer: AssistantSettings = assistant,
  timeoutMs = 10_000,
) {
  const fake = startFakeOpenAI({ retryAfterMs: 7_000 });
  try {
    const apiKey = scenario === "wrong-key" ? "sk-wrong-FIXTURE-not-a-real-key-cdef" : `sk-scenario-${scenario}-alice`;
    const target = testTarget(fake, "openai", apiKey);
    const outcome = await draftArticle({
      target,
      model: MODEL,
      assistant: writer,
      job: draftJob,
      context: [],
      timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    }).then((article) => ({ article, error: undefined }), (error) => ({ article: undefined, error }));
    return { ...outcome, requests: fake.requests, target };
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
  assert.equal(body.model, "gpt-6.1-terra");
  assert.equal(body.reasoning_effort, "low");
  assert.equal(body.response_format?.json_schema.name, "article");
  assert.equal(body.response_format?.json_schema.strict, true);
  assert.deepEqual(body.messages, [
    {
      role: "system",
      content: `You write for apartment gardeners.\n\n${ARTICLE_OUTPUT_CONTRACT}\n\n${languageRequirement("en")}`,
    },
    {
      role: "user",
      content: [
        "Write an article based on this idea: Composting in a small flat",
        "Focus keyword: worm bin (use it as the focus_keyword, in the title, the first paragraph and the meta description).",
        "Category: Gardening.",
        "Tags: compost, balcony.",
        `Output language: ${languageRequirement("en")}`,
      ].join("\n\n"),
    },
  ]);
});

Deno.test("classifyDraftFailure: only rate limits (which pause the user) and outages are retried; the rest fails at once with the reason", async () => {
  const cases: [FakeOpenAIScenario | "wrong-key", {
    retryable: boolean;
    reason: string | RegExp;
    retryAfterSeconds?: number;
    rateLimited?: boolean;
  }][] = [
    ["rate-limit", { retryable: true, reason: /^OpenAI is rate limiting your requests/, retryAfterSeconds: 7, rateLimited: true }],
    ["server-error", { retryable: true, reason: "OpenAI is unavailable (HTTP 500). Please try again later.", retryAfterSeconds: 7 }],
    ["cut-stream", { retryable: true, reason: "OpenAI could not be reached. Please try again later." }],
    ["malformed-chunk", { retryable: false, reason: "OpenAI answered with a body that is not JSON." }],
    ["invalid-json", { retryable: false, reason: "Failed to parse response from OpenAI" }],
    ["empty", { retryable: false, reason: "Empty response from OpenAI" }],
    ["insufficient-quota", { retryable: false, reason: /no credit left/ }],
    ["refusal", { retryable: false, reason: /^The model declined the request/ }],
    ["length", { retryable: false, reason: /^The draft was cut off at gpt-6\.1-terra's length limit/ }],
    ["wrong-key", { retryable: false, reason: /^OpenAI refused the API key/ }],
  ];
  for (const [scenario, expected] of cases) {
    const { error, requests, target } = await attempt(scenario);
    assert.ok(error, `${scenario} fails`);
    const failure = classifyDraftFailure(error, target, MODEL);
    assert.equal(failure.retryable, expected.retryable, scenario);
    if (typeof expected.reason === "string") assert.equal(failure.reason, expected.reason, scenario);
    else assert.match(failure.reason, expected.reason, scenario);
    assert.equal(failure.retryAfterSeconds, expected.retryAfterSeconds, scenario);
    // No credit is a 429 too, but not a rate limit: it must not pause the user's other drafts (it fails them).
    assert.equal(failure.rateLimited, expected.rateLimited, scenario);
    assert.equal(requests.length, 1, `${scenario}: one request, the queue retries`);
  }
  const { article } = await attempt("wrapped");
  assert.equal(article?.title, "Composting in a small flat: A Practical Guide", "JSON wrapped in prose still parses");
});

Deno.test("draftArticle: the run's deadline stops a slow call, which is retried as a time-out", async () => {
  const { error, target } = await attempt("slow-first-token", job(), assistant, 200);
  assert.ok(error instanceof DraftTimedOut, String(error));
  assert.deepEqual(classifyDraftFailure(error, target), { retryable: true, reason: "OpenAI did not answer in time." });
});

Deno.test("classifyDraftFailure: a refusal fails at once; anything unknown is not retried either", async () => {
  const fake = startFakeOpenAI();
  try {
    const target = testTarget(fake, "openai", "sk-test-FIXTURE-not-a-real-key-0000");
    const refusal = new ProviderProblemError("refusal", "The AI model declined to write this article.");
    assert.deepEqual(classifyDraftFailure(refusal, target), {
      retryable: false,
      reason: "The AI model declined to write this article.",
    });
    assert.deepEqual(classifyDraftFailure(new Error("socket hang up"), target), {
      retryable: false,
      reason: "Failed to generate content",
    });
  } finally {
    await fake.close();
  }
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
  assert.deepEqual(draftFields(generated({ content: hostile }), job(), "en"), {
    title: "Worms at home",
    content: '<p>Hi</p><img src="x" /><a>x</a>',
    excerpt: "A guide.",
    metaDescription: "Compost at home.",
    focusKeyword: "home compost",
    slug: "worms-at-home",
    categories: ["Gardening"],
    tags: ["worms", "compost"],
    locale: "en",
    detectedLocale: null,
    languageMismatch: false,
  });
  const own = draftFields(generated(), job({ focusKeyword: "worm bin", categories: ["Balcony"], tags: ["diy"] }), "en");
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
    "en",
  );
  assert.deepEqual(
    [long.metaDescription.length, long.slug.length, long.excerpt.length, long.tags.length],
    [320, 200, 2000, 50],
  );
  assert.throws(() => draftFields(generated({ title: "t".repeat(501) }), job(), "en"), /Title must be at most 500/);
  assert.throws(
    () => draftFields(generated({ content: "<script>alert(1)</script>" }), job(), "en"),
    (error) => error instanceof ModelOutputError && error.message === EMPTY_WHEN_SANITISED,
  );
});

Deno.test("draftFields: the draft's language is checked against the one asked for, and its slug made valid for it", () => {
  const spanish = articleInLanguage("es", "tapas en Madrid", (title) => title.toLowerCase().replace(/[\s:]+/g, "-"))!;
  const asked = draftFields(generated(spanish), job(), "es");
  assert.deepEqual([asked.locale, asked.detectedLocale, asked.languageMismatch], ["es", "es", false]);
  assert.equal(asked.slug, "tapas-en-madrid-una-guia-practica");
  const drifted = draftFields(generated(spanish), job(), "de");
  assert.deepEqual([drifted.locale, drifted.detectedLocale, drifted.languageMismatch], ["de", "es", true]);
});

Deno.test("draftArticle: the batch's language and settings win over the assistant's", async () => {
  const { requests } = await attempt(
    "ok",
    job({ locale: "fr", settings: { wordTarget: 600, tone: null, pointOfView: null, elements: null } }),
    { ...assistant, locale: "de", settings: { wordTarget: 2000, tone: "playful", pointOfView: null, elements: null } },
  );
  const system = String((requests[0].body as ChatRequest).messages[0].content);
  assert.ok(system.includes("Write the whole article in French (fr)"));
  assert.ok(system.includes("Length: about 600 words"));
  assert.ok(system.includes("Tone: playful and light."));
});

Deno.test("draftArticle: a batch's outline (its template's sections) is the draft's h2s, in order", async () => {
  const outline = ["Why a worm bin", "Setting it up", "Feeding the worms"];
  const { article, requests } = await attempt("ok", job({ outline }));
  const user = String((requests[0].body as ChatRequest).messages[1].content);
  assert.ok(user.includes(outlineRequirement(outline)), "the outline requirement is in the request");
  assert.deepEqual([...article!.content.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1]), outline);
});
