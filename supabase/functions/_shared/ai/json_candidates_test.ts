import assert from "node:assert/strict";
import { closeTruncatedJson, jsonCandidates } from "./json_candidates.ts";

Deno.test("jsonCandidates finds JSON in prose and fences, whole text first", () => {
  assert.deepEqual([...jsonCandidates(' [{"a":1}]\n', "array")], [[{ a: 1 }]]);
  assert.deepEqual([...jsonCandidates('{"items":[1,2]}', "array")], [[1, 2]]);
  const prose = 'Sure! Here [is] the list:\n```json\n[{"k": "a ] b"}]\n```\nEnjoy {not json}';
  assert.deepEqual([...jsonCandidates(prose, "array")], [[{ k: "a ] b" }]]);
  assert.deepEqual([...jsonCandidates(prose, "object")], [{ k: "a ] b" }]);
  assert.deepEqual([...jsonCandidates("no json here [", "array")], []);
  assert.deepEqual([...jsonCandidates('{"a": "\\"}"}', "object")].at(0), { a: '"}' });
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
