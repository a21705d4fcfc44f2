/**
 * propose-outline against the strict fake providers, with an in-memory
 * caller, provider and assistant lookup instead of the database.
 */
import assert from "node:assert/strict";
import { languageLabel } from "../_shared/contracts/locales.ts";
import { OUTLINE_MESSAGES, proposedOutlineSchema, type ProposedOutline } from "../_shared/contracts/outline.ts";
import {
  ALICE,
  assistantLookup,
  type ChatRequest,
  type OwnedAssistant,
  type TextFunctionHarness,
  type TextFunctionHarnessOptions,
  withTextFunctionHarness,
} from "../_testing/text_function_harness.ts";
import { createHandler } from "./handler.ts";
import { parseOutline } from "../_shared/ai/outline_output.ts";

const BOB = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const ALICE_ASSISTANT = "3f2b8c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f";
const ALICE_GERMAN_ASSISTANT = "a0000000-0000-4000-8000-0000000000de";
const BOB_ASSISTANT = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

const ASSISTANTS = new Map<string, OwnedAssistant>([
  [ALICE_ASSISTANT, { id: ALICE_ASSISTANT, name: "Travel", userId: ALICE, instructions: "You write cheerful travel posts.", model: null }],
  [ALICE_GERMAN_ASSISTANT, {
    id: ALICE_GERMAN_ASSISTANT,
    name: "Berlin",
    userId: ALICE,
    instructions: "",
    model: "gpt-6.2-sol",
    locale: "de",
    settings: { wordTarget: 900, tone: null, pointOfView: null, elements: null },
  }],
  [BOB_ASSISTANT, { id: BOB_ASSISTANT, name: "Bob's", userId: BOB, instructions: "Bob's secret.", model: null }],
]);

type Harness = TextFunctionHarness<Partial<ProposedOutline>>;

const withHarness = (options: TextFunctionHarnessOptions, test: (harness: Harness) => Promise<void>) =>
  withTextFunctionHarness(
    "propose-outline",
    (deps) =>
      createHandler({
        ...deps,
        findAssistant: assistantLookup(ASSISTANTS),
      }),
    options,
    test,
  );

const lastRequest = (harness: Harness) => harness.fake.requests.at(-1)!.body as ChatRequest;

Deno.test("proposes headings for the idea with the drafting model, strict structured output and the assistant's voice", () =>
  withHarness({}, async (harness) => {
    const { status, body } = await harness.call({ idea: "  Sourdough baking ", assistantId: ALICE_ASSISTANT });
    assert.equal(status, 200);
    assert.deepEqual(proposedOutlineSchema.parse(body), body);
    assert.deepEqual(body.headings, [
      "What sourdough baking is",
      "Why sourdough baking matters",
      "Getting started with sourdough baking",
      "Common sourdough baking mistakes",
      "Sourdough baking: next steps",
    ]);
    const request = lastRequest(harness);
    assert.equal(request.model, "gpt-6.1-terra", "the user's drafting model");
    assert.equal(request.response_format?.type, "json_schema");
    assert.equal(request.response_format?.json_schema.name, "article_outline");
    assert.equal(request.response_format?.json_schema.strict, true);
    assert.match(request.messages[0].content, /^You write cheerful travel posts\./);
    assert.match(request.messages[0].content, /Write the headings in English/);
    assert.equal(request.messages[1].content, "Article idea: Sourdough baking");
    assert.deepEqual(harness.logs, []);
  }));

Deno.test("the assistant's own model, language and word target apply; the request's language wins", () =>
  withHarness({}, async (harness) => {
    assert.equal((await harness.call({ idea: "Brot backen", assistantId: ALICE_GERMAN_ASSISTANT })).status, 200);
    let request = lastRequest(harness);
    assert.equal(request.model, "gpt-6.2-sol");
    assert.ok(request.messages[0].content.includes(`Write the headings in ${languageLabel("de")},`));
    assert.match(request.messages[0].content, /Length: about 900 words/);
    await harness.call({ idea: "Pan", assistantId: ALICE_GERMAN_ASSISTANT, locale: "es" });
    request = lastRequest(harness);
    assert.ok(request.messages[0].content.includes(`Write the headings in ${languageLabel("es")},`));
  }));

Deno.test("a provider without json_schema gets json_object and the headings are still read", () =>
  withHarness({ fake: { scenario: "no-json-schema" } }, async (harness) => {
    const { status, body } = await harness.call({ idea: "tea", assistantId: ALICE_ASSISTANT });
    assert.equal(status, 200);
    assert.equal(body.headings?.length, 5);
    assert.equal(lastRequest(harness).response_format?.type, "json_object");
  }));

Deno.test("input is checked with a 400 naming the field; another user's assistant is not found", () =>
  withHarness({}, async (harness) => {
    const cases: [unknown, string][] = [
      [{ assistantId: ALICE_ASSISTANT }, `idea: ${OUTLINE_MESSAGES.idea}`],
      [{ idea: "   ", assistantId: ALICE_ASSISTANT }, `idea: ${OUTLINE_MESSAGES.idea}`],
      [{ idea: "x".repeat(2_001), assistantId: ALICE_ASSISTANT }, `idea: ${OUTLINE_MESSAGES.ideaTooLong}`],
      [{ idea: "tea" }, "assistantId: Please select an assistant"],
      [{ idea: "tea", assistantId: ALICE_ASSISTANT, locale: "xx" }, "locale: Choose one of the languages offered"],
    ];
    for (const [body, message] of cases) {
      const response = await harness.call(body);
      assert.equal(response.status, 400);
      assert.equal(response.body.error, message);
    }
    const foreign = await harness.call({ idea: "tea", assistantId: BOB_ASSISTANT });
    assert.deepEqual([foreign.status, foreign.body.error], [404, "Assistant not found"]);
    assert.equal(harness.fake.requests.length, 0);
  }));

Deno.test("a provider failure is the shared provider error with its problem", () =>
  withHarness({ fake: { scenario: "server-error" } }, async (harness) => {
    const { status, body } = await harness.call({ idea: "tea", assistantId: ALICE_ASSISTANT });
    assert.equal(status, 502);
    assert.ok(body.problem, "a problem says what went wrong");
  }));

Deno.test("reading the answer: numbering and duplicates go, a bare list is read, no heading is unusable output", () => {
  const answer = (content: string) => ({ content, truncated: false, format: "text" as const });
  assert.deepEqual(parseOutline(answer('Here: {"headings": ["1. Intro", "Intro", " - Costs ", 3]}')).headings, ["Intro", "Costs"]);
  assert.deepEqual(parseOutline(answer('["Why", "How"]')).headings, ["Why", "How"]);
  assert.deepEqual(parseOutline(answer('{"headings": ["Why it\\nmatters", "How"]}')).headings, ["Why it matters", "How"], "one line each");
  assert.throws(() => parseOutline(answer('{"headings": []}')), /no outline headings/);
});
