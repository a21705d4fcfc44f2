/**
 * edit-selection against the strict fake provider (real wire format, in
 * each flavour), with an in-memory caller and provider lookup instead of the
 * database: the prompt carries the action and the output language, the
 * suggestion streams and ends sanitised, input is refused with the field
 * named, and provider failures carry the provider's own reason.
 */
import assert from "node:assert/strict";
import { type FakeOpenAIFlavour, type FakeOpenAIOptions, startFakeOpenAI } from "../_testing/fakes/openai_server.ts";
import type { AiOperation } from "../_shared/contracts/ai_provider.ts";
import { SELECTION_EDIT_MESSAGES, SELECTION_MAX_LENGTH } from "../_shared/contracts/selection_edit.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { unlimited } from "../_testing/memory_rate_limiter.ts";
import { storedProvider, testDeployment } from "../_testing/provider_fixtures.ts";
import { ALICE, ALICE_KEY, type ChatRequest } from "../_testing/text_function_harness.ts";
import { createHandler, suggestionOf } from "./handler.ts";

/** ALICE's articles and their languages (what the caller may read); Bob's article is not among them. */
const BRITISH_ARTICLE = "1a2b3c4d-0000-4000-8000-00000000e00b";
const UNSET_ARTICLE = "1a2b3c4d-0000-4000-8000-000000000000";
const BOBS_ARTICLE = "9f8e7d6c-0000-4000-8000-0000000000b0";
const ARTICLE_LANGUAGES = new Map<string, string | null>([[BRITISH_ARTICLE, "en-GB"], [UNSET_ARTICLE, null]]);

interface Harness {
  call: (body: unknown) => Promise<Response>;
  requests: () => ChatRequest[];
  keys: Map<string, string>;
  logs: string[];
}

async function withHarness(
  options: { fake?: FakeOpenAIOptions; flavour?: FakeOpenAIFlavour; models?: Partial<Record<AiOperation, string>> },
  test: (harness: Harness) => Promise<void>,
): Promise<void> {
  const flavour = options.flavour ?? "openai";
  const fake = startFakeOpenAI({ retryAfterMs: 1, flavour, ...options.fake });
  const keys = new Map([[ALICE, ALICE_KEY]]);
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer alice-token"
        ? Promise.resolve({ id: ALICE })
        : Promise.reject(new UnauthenticatedError()),
    readTextProvider: (userId) =>
      Promise.resolve(storedProvider(fake, flavour, keys.get(userId) ?? null, options.models)),
    deployment: testDeployment(fake),
    rateLimit: unlimited("aiText"),
    findArticleLanguage: (articleId) => Promise.resolve(ARTICLE_LANGUAGES.get(articleId)),
  });
  const call = (body: unknown) =>
    handler(
      new Request("http://localhost/functions/v1/edit-selection", {
        method: "POST",
        headers: { authorization: "Bearer alice-token", "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const requests = () =>
    fake.requests.filter((request) => request.path.endsWith("/chat/completions")).map((request) =>
      request.body as ChatRequest
    );
  try {
    await withCapturedErrors((logs) => test({ call, requests, keys, logs }));
  } finally {
    await fake.close();
  }
}

interface SseEvent {
  event: string;
  data: { text?: string; error?: string };
}

async function readEvents(response: Response): Promise<SseEvent[]> {
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const text = await response.text();
  return text.trim().split("\n\n").map((block) => {
    const [eventLine, dataLine] = block.split("\n");
    assert.match(eventLine, /^event: (delta|done|error)$/);
    return { event: eventLine.slice("event: ".length), data: JSON.parse(dataLine.slice("data: ".length)) };
  });
}

const PASSAGE = "<p>Lisbon has <strong>seven hills</strong> and many old trams that climb them every day.</p>";

Deno.test("rewrite: streams the suggestion, the prompt naming the action, the passage and the article's language", () =>
  withHarness({}, async ({ call, requests }) => {
    const events = await readEvents(await call({ action: "rewrite", text: PASSAGE, articleId: BRITISH_ARTICLE }));
    const deltas = events.filter((event) => event.event === "delta").map((event) => event.data.text).join("");
    assert.ok(events.filter((event) => event.event === "delta").length > 1, "the answer arrives in pieces");
    const done = events.at(-1)!;
    assert.equal(done.event, "done");
    assert.equal(done.data.text, deltas);
    assert.equal(
      done.data.text,
      "<p>Put simply, lisbon has <strong>seven hills</strong> and many old trams that climb them every day.</p>",
    );
    const [request] = requests();
    assert.equal(request.stream, true);
    assert.equal(request.response_format, undefined);
    const [system, user] = request.messages;
    assert.match(system.content, /Write the edited passage in English \(United Kingdom\) \(en-GB\):/);
    assert.match(user.content, /^Action: rewrite$/m);
    assert.match(user.content, /^Output language: Write the edited passage in English \(United Kingdom\) \(en-GB\):/m);
    assert.ok(user.content.endsWith(`<passage>\n${PASSAGE}\n</passage>`));
  }));

Deno.test("translate: the output language is the one chosen, not the article's", () =>
  withHarness({}, async ({ call, requests }) => {
    const events = await readEvents(
      await call({ action: "translate", language: "es", articleId: BRITISH_ARTICLE, text: PASSAGE }),
    );
    assert.equal(
      events.at(-1)?.data.text,
      "<p>Este es el pasaje seleccionado, escrito de nuevo en español para el artículo.</p>",
    );
    const [system, user] = requests()[0].messages;
    assert.match(user.content, /Translate the passage into Spanish \(es\)/);
    assert.match(system.content, /Write the edited passage in Spanish \(es\):/);
    assert.doesNotMatch(`${system.content}\n${user.content}`, /in English/);
  }));

Deno.test("translate: a provider that drifts (scenario language-drift) answers in the passage's language, unchanged", () =>
  withHarness({ fake: { scenario: "language-drift" } }, async ({ call }) => {
    const events = await readEvents(await call({ action: "translate", language: "de", text: PASSAGE }));
    assert.equal(events.at(-1)?.data.text, PASSAGE);
  }));

Deno.test("change-tone, shorten and expand say what to do; an article without a language keeps the passage's own", async () => {
  for (
    const [body, line, answer] of [
      [{ action: "change-tone", tone: "playful" }, /^Tone: playful$/m, /^<p>Fun fact: lisbon/],
      [{ action: "shorten" }, /^Action: shorten$/m, /^<p>Lisbon <strong>seven<\/strong> and many old trams that$/],
      [{ action: "expand" }, /^Action: expand$/m, /day\. Small, steady steps like this add up over time/],
    ] as const
  ) {
    await withHarness({}, async ({ call, requests }) => {
      const events = await readEvents(await call({ ...body, text: PASSAGE, articleId: UNSET_ARTICLE }));
      assert.match(events.at(-1)!.data.text!.replace(/<\/p>$/, ""), answer, body.action);
      const [, user] = requests()[0].messages;
      assert.match(user.content, line);
      assert.match(user.content, /^Output language: Write the edited passage in the passage's own language\.$/m);
    });
  }
});

Deno.test("an unverified OpenAI organisation gets the suggestion whole, asked again without streaming", () =>
  withHarness({ fake: { scenario: "unverified-org" } }, async ({ call, requests, logs }) => {
    const events = await readEvents(await call({ action: "rewrite", text: PASSAGE }));
    assert.deepEqual(events.map((event) => event.event), ["delta", "done"]);
    assert.match(events[1].data.text!, /^<p>Put simply, lisbon has/);
    assert.deepEqual(requests().map((request) => request.stream ?? false), [true, false]);
    assert.deepEqual(logs, []);
  }));

Deno.test("an answer refused or stopped by the content filter is no suggestion: an error event with the reason", async () => {
  for (const [scenario, message] of [["refusal", /^The model declined the request/], ["content-filter", /content filter/]] as const) {
    await withHarness({ fake: { scenario } }, async ({ call }) => {
      const events = await readEvents(await call({ action: "shorten", text: PASSAGE }));
      assert.equal(events.at(-1)?.event, "error", scenario);
      assert.match(events.at(-1)!.data.error!, message);
    });
  }
});

Deno.test("400 names the field: action, tone, language, text; nothing reaches the provider", () =>
  withHarness({}, async ({ call, requests }) => {
    for (
      const [body, message] of [
        [{ action: "summarise", text: "Hi" }, `action: ${SELECTION_EDIT_MESSAGES.action}`],
        [{ action: "change-tone", text: "Hi" }, `tone: ${SELECTION_EDIT_MESSAGES.tone}`],
        [{ action: "change-tone", tone: "sarcastic", text: "Hi" }, `tone: ${SELECTION_EDIT_MESSAGES.tone}`],
        [{ action: "translate", text: "Hi" }, `language: ${SELECTION_EDIT_MESSAGES.language}`],
        [{ action: "translate", language: "xx", text: "Hi" }, `language: ${SELECTION_EDIT_MESSAGES.language}`],
        [{ action: "rewrite", text: "   " }, `text: ${SELECTION_EDIT_MESSAGES.text}`],
        [{ action: "rewrite", text: "a".repeat(SELECTION_MAX_LENGTH + 1) }, `text: ${SELECTION_EDIT_MESSAGES.tooLong}`],
        [{ action: "rewrite", text: "Hi", articleId: "42" }, `articleId: ${SELECTION_EDIT_MESSAGES.article}`],
      ] as const
    ) {
      const response = await call(body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal((await response.json()).error, message);
    }
    assert.equal(requests().length, 0);
  }));

Deno.test("404 'Article not found' for an article the caller may not read; nothing reaches the provider", () =>
  withHarness({}, async ({ call, requests }) => {
    const response = await call({ action: "rewrite", text: PASSAGE, articleId: BOBS_ARTICLE });
    assert.deepEqual([response.status, (await response.json()).error], [404, "Article not found"]);
    assert.equal(requests().length, 0);
  }));

Deno.test("no key: 400 'OpenAI API key not found' before any request", () =>
  withHarness({}, async ({ call, requests, keys }) => {
    keys.delete(ALICE);
    const response = await call({ action: "rewrite", text: PASSAGE });
    assert.deepEqual([response.status, (await response.json()).error], [400, "OpenAI API key not found"]);
    assert.equal(requests().length, 0);
  }));

Deno.test("provider failures carry the provider's own reason (OpenAI, OpenRouter, Ollama)", async () => {
  await withHarness({}, async ({ call, keys }) => {
    keys.set(ALICE, "sk-wrong-FIXTURE-not-a-real-key-QZQZ");
    const response = await call({ action: "rewrite", text: PASSAGE });
    assert.equal(response.status, 400);
    assert.equal(
      (await response.json()).error,
      "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.",
    );
  });
  await withHarness({ flavour: "openrouter", fake: { scenario: "insufficient-quota" } }, async ({ call }) => {
    const response = await call({ action: "rewrite", text: PASSAGE });
    assert.equal(response.status, 400);
    assert.match((await response.json()).error, /OpenRouter/);
  });
  await withHarness({ flavour: "ollama", models: { drafting: "llama-missing:1b" } }, async ({ call }) => {
    const response = await call({ action: "rewrite", text: PASSAGE });
    const body = await response.json();
    assert.ok(response.status >= 400, String(response.status));
    assert.match(body.error, /llama-missing:1b/);
  });
});

Deno.test("a stream that breaks off or is cut at the length limit ends with an error event", async () => {
  for (
    const [scenario, message] of [
      ["cut-stream", "OpenAI could not be reached. Please try again later."],
      ["length", /cut off at .*'s length limit/],
    ] as const
  ) {
    await withHarness({ fake: { scenario } }, async ({ call }) => {
      const events = await readEvents(await call({ action: "expand", text: PASSAGE }));
      assert.equal(events.at(-1)?.event, "error", scenario);
      if (typeof message === "string") assert.equal(events.at(-1)?.data.error, message);
      else assert.match(events.at(-1)!.data.error!, message);
    });
  }
});

Deno.test("the suggestion loses a code fence and anything outside the article allow-list", () => {
  assert.equal(
    suggestionOf(
      '```html\n<p onclick="steal()">Safe <script>alert(1)</script><a href="javascript:x">link</a></p>\n```',
    ),
    "<p>Safe <a>link</a></p>",
  );
  assert.equal(suggestionOf("  Plain words.  "), "Plain words.");
});
