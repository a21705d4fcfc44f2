import assert from "node:assert/strict";
import { ModelOutputError, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import type { ModelChoice } from "../_shared/ai/provider_target.ts";
import { keywordsResponseSchema } from "../_shared/contracts/keywords.ts";
import { KEYWORDS_FAILURE_MESSAGE, KEYWORDS_JSON_SCHEMA, parseKeywords } from "./keyword_output.ts";

const MODEL: ModelChoice = {
  model: "gpt-6-luna",
  place: { href: "/profile#ai-models", label: "Profile Settings → AI models" },
  operationLabel: "Keyword research",
};

const item = (keyword: string, extra: Record<string, unknown> = {}) => ({
  keyword,
  searchVolume: "1K",
  difficulty: 40,
  cpc: "$1.00",
  competition: "medium",
  ...extra,
});
const parse = (content: string, truncated = false) => parseKeywords({ content, truncated, format: "json_schema" }, MODEL);

Deno.test("the strict schema: every key required, no additional properties, nullable estimates", () => {
  const items = KEYWORDS_JSON_SCHEMA.properties.keywords.items;
  assert.deepEqual(KEYWORDS_JSON_SCHEMA.required, ["keywords"]);
  assert.equal(KEYWORDS_JSON_SCHEMA.additionalProperties, false);
  assert.deepEqual(items.required, Object.keys(items.properties));
  assert.equal(items.additionalProperties, false);
  assert.deepEqual(items.properties.difficulty.type, ["integer", "null"]);
});

Deno.test("parseKeywords reads the structured answer as it is", () => {
  const parsed = parse(JSON.stringify({ keywords: [item("green tea"), item("matcha", { searchVolume: null, competition: null })] }));
  assert.deepEqual(parsed, {
    keywords: [item("green tea"), item("matcha", { searchVolume: null, competition: null })],
    notes: [],
  });
  assert.deepEqual(keywordsResponseSchema.parse(parsed), parsed, "the response the browser checks");
});

Deno.test("from a provider without json_schema: a bare or wrapped list, estimates that do not fit as N/A", () => {
  const answer = "Here you go:\n```json\n" + JSON.stringify([
    item("a", { competition: "HIGH", difficulty: 45.4 }),
    item("A"),
    item("b", { difficulty: 500, competition: "fierce" }),
    { searchVolume: "1K" },
    item("c", { cpc: 7 }),
  ]) + "\n```";
  assert.deepEqual(parse(answer), {
    keywords: [
      item("a", { competition: "high", difficulty: 45 }),
      item("b", { difficulty: null, competition: null }),
      item("c", { cpc: null }),
    ],
    notes: ["1 suggestion without a readable keyword was left out."],
  });
});

Deno.test("parseKeywords keeps at most 15", () => {
  const parsed = parse(JSON.stringify({ keywords: Array.from({ length: 20 }, (_, i) => item(`k${i}`)) }));
  assert.equal(parsed.keywords.length, 15);
});

Deno.test("an answer cut at the length limit keeps the complete items; with none it is the length problem", () => {
  const cut = '{"keywords": [' + JSON.stringify(item("a")) + "," + JSON.stringify(item("b")) + ', {"keyword": "c", "sea';
  assert.deepEqual(parse(cut, true), {
    keywords: [item("a"), item("b"), { keyword: "c", searchVolume: null, difficulty: null, cpc: null, competition: null }],
    notes: ["The answer was cut off at the model's length limit; the 3 complete keywords that arrived are shown."],
  });
  assert.throws(
    () => parse('{"keywords": [{"keyw', true),
    (error) =>
      error instanceof ProviderProblemError && error.kind === "length" &&
      /gpt-6-luna was cut off .*Keyword research in Profile Settings → AI models/.test(error.message),
  );
});

Deno.test("parseKeywords fails with the spec message only when no keyword can be read", () => {
  for (const content of ["", "Sorry, I can't help with that.", "[1, 2, 3]", '{"keywords": "none found"}', "[]"]) {
    assert.throws(
      () => parse(content),
      (error) => error instanceof ModelOutputError && error.message === KEYWORDS_FAILURE_MESSAGE,
      content,
    );
  }
});
