import assert from "node:assert/strict";
import { closeTruncatedJson, modelJsonCandidates, normalKey, parseNumber, pick, toText, toTextList } from "./model_json.ts";

Deno.test("normalKey and pick ignore case, spaces, _ and -", () => {
  assert.equal(normalKey("Monthly_Visits"), normalKey("monthlyVisits"));
  assert.equal(normalKey("monthly-visits "), "monthlyvisits");
  assert.equal(pick({ "Search Volume": "1K" }, ["volume", "searchVolume"]), "1K");
  assert.equal(pick({ volume: "2K", searchVolume: "1K" }, ["searchVolume", "volume"]), "1K", "first name first");
  assert.equal(pick({ other: 1 }, ["searchVolume"]), undefined);
});

Deno.test("toText: text for whatever a model sends where text is expected", () => {
  const cases: [unknown, string | undefined][] = [
    ["  Guest posts ", "Guest posts"],
    [45000, "45000"],
    [2.5, "2.5"],
    [true, "Yes"],
    [null, ""],
    [undefined, ""],
    [["Guest posts", "Directories", "", null], "Guest posts; Directories"],
    [[{ name: "Guest posts" }, { name: "Podcasts" }], "Guest posts; Podcasts"],
    [{ text: "Moderate" }, "Moderate"],
    [{ name: "Guest posts", priority: "high" }, "Guest posts — priority: high"],
    [{ domains: 300, authority: "medium" }, "domains: 300; authority: medium"],
    [Number.NaN, undefined],
    [[[[["too deep"]]]], undefined],
  ];
  for (const [value, expected] of cases) assert.equal(toText(value), expected, JSON.stringify(value));
});

Deno.test("toTextList: a list for whatever a model sends where a list is expected", () => {
  const cases: [unknown, string[] | undefined][] = [
    [["Blog", " Guides ", "", null, 3], ["Blog", "Guides", "3"]],
    ["Blog posts", ["Blog posts"]],
    ["- Compress images\n- Add structured data\n\n", ["Compress images", "Add structured data"]],
    ["1. First\n2) Second", ["First", "Second"]],
    ["", []],
    [null, []],
    [undefined, []],
    [{ 1: "First", 2: "Second" }, ["First", "Second"]],
    [{ speed: "Compress images", schema: "Add structured data" }, ["speed: Compress images", "schema: Add structured data"]],
    [[{ title: "Guide", url: "/guide" }], ["Guide — url: /guide"]],
    [[[[["deep"]]]], undefined],
    [42, ["42"]],
  ];
  for (const [value, expected] of cases) assert.deepEqual(toTextList(value), expected, JSON.stringify(value));
});

Deno.test("parseNumber reads the numbers models write as text", () => {
  const cases: [unknown, number | undefined][] = [
    [45, 45],
    ["45", 45],
    [" 45.4 ", 45.4],
    ["1,200", 1200],
    ["12,345,678", 12345678],
    ["45%", 45],
    ["45 / 100", 45],
    ["~45", 45],
    ["$1.20", 1.2],
    ["1.2K", 1200],
    ["3m", 3_000_000],
    ["high", undefined],
    ["10-20", undefined],
    ["1,2", undefined],
    ["", undefined],
    [null, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ];
  for (const [value, expected] of cases) assert.equal(parseNumber(value), expected, JSON.stringify(value));
});

Deno.test("closeTruncatedJson keeps what was written in full and closes the brackets", () => {
  const cases: [string, unknown][] = [
    ['{"a": 1, "b": [1, 2', { a: 1, b: [1] }],
    ['{"a": {"b": 1}, "c": "unfinis', { a: { b: 1 } }],
    ['[{"k": "a"}, {"k": "b"}, {"k": "c', [{ k: "a" }, { k: "b" }, {}]],
    ['{"a": [', { a: [] }],
    ['Here it is: ```json\n{"title": "x", "list": ["a, b", "c', { title: "x", list: ["a, b"] }],
    ['Note [1] below.\n{"a": "b", "c": ', { a: "b" }],
    ['{"a": "x\\"}", "b', { a: 'x"}' }],
  ];
  for (const [text, expected] of cases) {
    const closed = closeTruncatedJson(text);
    assert.ok(closed !== undefined, text);
    assert.deepEqual(JSON.parse(closed), expected, text);
  }
  for (const complete of ['{"a": 1}', "no json", "[1, 2]", ""]) assert.equal(closeTruncatedJson(complete), undefined);
});

Deno.test("modelJsonCandidates: complete values first, then what a cut-off answer holds", () => {
  assert.deepEqual([...modelJsonCandidates('{"a": 1}', "object")], [{ value: { a: 1 }, truncated: false }]);
  assert.deepEqual([...modelJsonCandidates('{"a": {"b": 2}, "c": [', "object")], [
    { value: { b: 2 }, truncated: false },
    { value: { a: { b: 2 }, c: [] }, truncated: true },
    { value: { b: 2 }, truncated: true },
  ]);
});
