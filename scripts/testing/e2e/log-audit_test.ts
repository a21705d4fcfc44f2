import assert from "node:assert/strict";
import { cspViolations, findSecrets } from "./log-audit.ts";

const STORED_KEY = "fal-test-key-123";
const SECRET_KEY = "sb_secret_FIXTURE-not-a-real-key_0000";

Deno.test("finds a stored key in the lines lite printed before redaction (issue 8's finding)", () => {
  const log = [
    "Applied migration 20261122000300_api_keys.sql",
    "error: new row for relation \"api_keys\" violates check constraint \"api_keys_openai_key_check\"",
    `  query: 'select * from public.save_api_keys(openai_key := $1, falai_key := $2) as "save_api_keys" limit $3',`,
    `  params: [ null, '${STORED_KEY}', 1000 ],`,
    `  Secret key         ${SECRET_KEY}`,
  ].join("\n");
  const findings = findSecrets("app", log, [{ label: "a stored falai_key", value: STORED_KEY }]);
  assert.deepEqual(findings.map(({ label, line }) => [label, line]), [["a stored falai_key", 4], ["a Supabase secret key", 5]]);
  for (const { excerpt } of findings) assert.doesNotMatch(excerpt, /fal-test-key-123|sb_secret_FIXTURE/);
});

Deno.test("a JWT in a line is a finding; redacted lines and short values are not", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMWEyMGNiNy05ZDdlIn0.qwertyuiopasdfghjklzxcvbnm";
  assert.equal(findSecrets("app", `authorization: Bearer ${jwt}`, []).length, 1);
  assert.deepEqual(findSecrets("app", "params: '[3 bind parameters redacted]', key [redacted]", [{ label: "x", value: "short" }]), []);
});

Deno.test("CSP violations reported to the app server are found, but not hostile HTML's handlers refused while sanitising", () => {
  assert.deepEqual(cspViolations([
    "ok",
    "CSP violation: style-src-elem blocked inline on http://127.0.0.1:5173/login",
    "CSP violation: script-src-attr blocked inline on http://127.0.0.1:5173/articles/create at http://127.0.0.1:5173/assets/Modal.js:2",
    "ok",
  ].join("\n")), [
    "CSP violation: style-src-elem blocked inline on http://127.0.0.1:5173/login",
  ]);
});
