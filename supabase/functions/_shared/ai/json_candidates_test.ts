import assert from "node:assert/strict";
import { jsonCandidates } from "./json_candidates.ts";

Deno.test("jsonCandidates finds JSON in prose and fences, whole text first", () => {
  assert.deepEqual([...jsonCandidates(' [{"a":1}]\n', "array")], [[{ a: 1 }]]);
  assert.deepEqual([...jsonCandidates('{"items":[1,2]}', "array")], [[1, 2]]);
  const prose = 'Sure! Here [is] the list:\n```json\n[{"k": "a ] b"}]\n```\nEnjoy {not json}';
  assert.deepEqual([...jsonCandidates(prose, "array")], [[{ k: "a ] b" }]]);
  assert.deepEqual([...jsonCandidates(prose, "object")], [{ k: "a ] b" }]);
  assert.deepEqual([...jsonCandidates("no json here [", "array")], []);
  assert.deepEqual([...jsonCandidates('{"a": "\\"}"}', "object")].at(0), { a: '"}' });
});
