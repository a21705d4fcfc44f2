import assert from "node:assert/strict";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { keywordItemSchema } from "../_shared/schemas/keywords.ts";
import { KEYWORDS_FAILURE_MESSAGE, parseKeywordItems } from "./keyword_output.ts";

const item = (keyword: string, extra: Record<string, unknown> = {}) => ({
  keyword,
  searchVolume: "1K",
  difficulty: 40,
  cpc: "$1.00",
  competition: "medium",
  ...extra,
});

Deno.test("keywordItemSchema coerces what models send", () => {
  assert.deepEqual(
    keywordItemSchema.parse({
      keyword: " tea ",
      searchVolume: 12000,
      difficulty: "45.4",
      cpc: 1.2,
      competition: " High",
    }),
    { keyword: "tea", searchVolume: "12000", difficulty: 45, cpc: "1.2", competition: "high" },
  );
  for (
    const bad of [
      item("a", { difficulty: 0 }),
      item("a", { difficulty: 101 }),
      item("a", { difficulty: "hard" }),
      item("a", { competition: "extreme" }),
      item("", {}),
      item("a", { searchVolume: "" }),
      item("a", { cpc: null }),
    ]
  ) {
    assert.equal(keywordItemSchema.safeParse(bad).success, false, JSON.stringify(bad));
  }
});

Deno.test("parseKeywordItems finds the array in prose, an object or a fence", () => {
  const list = [item("a"), item("b")];
  assert.deepEqual(parseKeywordItems(JSON.stringify(list)).map((k) => k.keyword), ["a", "b"]);
  assert.deepEqual(parseKeywordItems(JSON.stringify({ keywords: list })).length, 2);
  assert.deepEqual(parseKeywordItems(`Here [1]:\n\`\`\`json\n${JSON.stringify(list)}\n\`\`\``).length, 2);
});

Deno.test("parseKeywordItems drops invalid items and duplicates, keeps at most 15", () => {
  const list = [
    item("a"),
    item("A"),
    item("b", { difficulty: 500 }),
    ...Array.from({ length: 20 }, (_, i) => item(`k${i}`)),
  ];
  const parsed = parseKeywordItems(JSON.stringify(list));
  assert.equal(parsed.length, 15);
  assert.deepEqual(parsed.slice(0, 2).map((k) => k.keyword), ["a", "k0"]);
});

Deno.test("parseKeywordItems fails with the spec message when nothing usable is found", () => {
  for (const content of ["", "Sorry, I can't help", "[1, 2, 3]", '[{"keyword": "a"}]', "[{broken"]) {
    assert.throws(
      () => parseKeywordItems(content),
      (error) => error instanceof ModelOutputError && error.message === KEYWORDS_FAILURE_MESSAGE,
    );
  }
});
