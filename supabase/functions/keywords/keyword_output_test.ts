import assert from "node:assert/strict";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { type KeywordItem, keywordsResponseSchema } from "../_shared/contracts/keywords.ts";
import { KEYWORDS_FAILURE_MESSAGE, parseKeywords } from "./keyword_output.ts";

const item = (keyword: string, extra: Record<string, unknown> = {}) => ({
  keyword,
  searchVolume: "1K",
  difficulty: 40,
  cpc: "$1.00",
  competition: "medium",
  ...extra,
});

const full = (keyword: string, extra: Partial<KeywordItem> = {}): KeywordItem => ({
  keyword,
  searchVolume: "1K",
  difficulty: 40,
  cpc: "$1.00",
  competition: "medium",
  ...extra,
});

const bare = (keyword: string): KeywordItem => ({
  keyword,
  searchVolume: null,
  difficulty: null,
  cpc: null,
  competition: null,
});

const two = [item("green tea"), item("matcha")];

/** Answers seen from models (or shaped like them), and what the page gets. */
const SHAPES: [name: string, content: string, keywords: KeywordItem[], notes?: string[]][] = [
  ["a plain array", JSON.stringify(two), [full("green tea"), full("matcha")]],
  ["wrapped in a ```json fence", "```json\n" + JSON.stringify(two, null, 2) + "\n```", [full("green tea"), full("matcha")]],
  [
    "with prose and brackets around it",
    `Sure [1]! Here are the keywords:\n${JSON.stringify(two)}\nLet me know {if} you need more.`,
    [full("green tea"), full("matcha")],
  ],
  ["nested under a key", JSON.stringify({ keywords: two }), [full("green tea"), full("matcha")]],
  ["nested two levels down", JSON.stringify({ data: { results: two } }), [full("green tea"), full("matcha")]],
  [
    "other key names and casings",
    JSON.stringify([
      { Keyword: "green tea", "Search Volume": "1K", KD: "40", CPC: "$1.00", Competition: "Medium" },
      { phrase: "matcha", search_volume: "1K", keyword_difficulty: 40, cost_per_click: "$1.00", competition_level: "MEDIUM" },
    ]),
    [full("green tea"), full("matcha")],
  ],
  [
    "numbers as text and text as numbers",
    JSON.stringify([
      item("a", { searchVolume: 12000, difficulty: "45%", cpc: 1.2 }),
      item("b", { searchVolume: "1,200", difficulty: "1,200" }),
      item("c", { difficulty: "62/100", competition: " high " }),
      item("d", { difficulty: 45.4, competition: "LOW" }),
    ]),
    [
      full("a", { searchVolume: "12,000", difficulty: 45, cpc: "1.2" }),
      full("b", { searchVolume: "1,200", difficulty: null }),
      full("c", { difficulty: 62, competition: "high" }),
      full("d", { difficulty: 45, competition: "low" }),
    ],
    ["The difficulty of 1 keyword could not be read; shown as N/A."],
  ],
  [
    "competition as other words or an index",
    JSON.stringify([
      item("a", { competition: "Moderate" }),
      item("b", { competition: "very high" }),
      item("c", { competition: 0.2 }),
      item("d", { competition: "85" }),
      item("e", { competition: "extreme" }),
    ]),
    [
      full("a", { competition: "medium" }),
      full("b", { competition: "high" }),
      full("c", { competition: "low" }),
      full("d", { competition: "high" }),
      full("e", { competition: null }),
    ],
    ["The competition of 1 keyword could not be read; shown as N/A."],
  ],
  [
    "missing, null and N/A estimates",
    JSON.stringify([
      { keyword: "a" },
      { keyword: "b", searchVolume: null, difficulty: null, cpc: "", competition: null },
      { keyword: "c", searchVolume: "N/A", difficulty: "n/a", cpc: "NA", competition: "N/A" },
    ]),
    [bare("a"), bare("b"), bare("c")],
    [],
  ],
  ["an array of strings", JSON.stringify(["green tea", " matcha ", ""]), [bare("green tea"), bare("matcha")], [
    "1 suggestion without a readable keyword was left out.",
  ]],
  [
    "objects beat a list of phrases nested in them",
    JSON.stringify([item("green tea", { related: ["x", "y", "z"] })]),
    [full("green tea")],
  ],
  [
    "items without a keyword, out-of-range difficulty, duplicates",
    JSON.stringify([
      item("a"),
      item("A"),
      item(""),
      { searchVolume: "1K" },
      7,
      item("b", { difficulty: 500 }),
      item("c", { difficulty: 0, searchVolume: { monthly: "1K" } }),
    ]),
    [full("a"), full("b", { difficulty: null }), full("c", { difficulty: null, searchVolume: "monthly: 1K" })],
    [
      "3 suggestions without a readable keyword were left out.",
      "The difficulty of 2 keywords could not be read; shown as N/A.",
    ],
  ],
  [
    "an answer cut off part-way",
    '```json\n[{"keyword": "a", "difficulty": 40}, {"keyword": "b", "difficulty": 30}, {"keyword": "c", "diffic',
    [
      { ...bare("a"), difficulty: 40 },
      { ...bare("b"), difficulty: 30 },
      { ...bare("c") },
    ],
    ["The answer was cut off before the end; only the complete suggestions are shown."],
  ],
];

Deno.test("parseKeywords reads the shapes models send", async (t) => {
  for (const [name, content, keywords, notes = []] of SHAPES) {
    await t.step(name, () => {
      const parsed = parseKeywords(content);
      assert.deepEqual(parsed, { keywords, notes });
      assert.deepEqual(keywordsResponseSchema.parse(parsed), parsed, "the response the browser checks");
    });
  }
});

Deno.test("parseKeywords keeps at most 15", () => {
  const list = Array.from({ length: 20 }, (_, i) => item(`k${i}`));
  const parsed = parseKeywords(JSON.stringify(list));
  assert.equal(parsed.keywords.length, 15);
  assert.deepEqual(parsed.notes, []);
});

Deno.test("parseKeywords fails with the spec message only when no keyword can be read", () => {
  for (
    const content of [
      "",
      "Sorry, I can't help with that.",
      "[1, 2, 3]",
      '[{"searchVolume": "1K"}]',
      "[{broken",
      '{"keywords": "none found"}',
      "[]",
    ]
  ) {
    assert.throws(
      () => parseKeywords(content),
      (error) => error instanceof ModelOutputError && error.message === KEYWORDS_FAILURE_MESSAGE,
      content,
    );
  }
});
