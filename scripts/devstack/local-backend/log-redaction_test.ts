import assert from "node:assert/strict";
import { inspect } from "node:util";
import { installLogRedaction, redactDetail, redactLogArgument } from "./log-redaction.ts";

/** The shape PGlite gives a failed statement's error (what lite passes to console.error). */
function failedStatement() {
  const error = new Error('new row for relation "api_keys" violates check constraint "api_keys_openai_key_check"');
  return Object.assign(error, {
    severity: "ERROR",
    code: "23514",
    detail: "Failing row contains (bc1b38e0, 01a20cb8, fal-key-9f3a-private, null, xxxx, null).",
    query: 'select * from public.save_api_keys(openai_key := $1, falai_key := $2) as "save_api_keys" limit $3',
    params: ["fal-key-9f3a-private", null, 1000],
  });
}

Deno.test("installLogRedaction wraps the console: what lite prints reaches it redacted", () => {
  const printed: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void printed.push(args);
  try {
    installLogRedaction(["a-jwt-secret-that-is-long-enough"]);
    console.error(failedStatement(), "sk-proj-FIXTURE-not-a-real-key", "a-jwt-secret-that-is-long-enough");
  } finally {
    console.error = original;
  }
  assert.equal(printed.length, 1);
  const [error, key, secret] = printed[0];
  assert.equal((error as Record<string, unknown>).params, "[3 bind parameters redacted]");
  assert.equal(key, "[redacted]");
  assert.equal(secret, "[redacted]");
});

Deno.test("a failed statement's bind parameters and row values are replaced; the error stays an error", () => {
  const redacted = redactLogArgument(failedStatement()) as Error & Record<string, unknown>;
  assert.ok(redacted instanceof Error);
  assert.equal(redacted.code, "23514");
  assert.equal(redacted.severity, "ERROR");
  assert.equal(redacted.params, "[3 bind parameters redacted]");
  assert.equal(redacted.detail, "Failing row contains ([redacted]).");
  assert.match(redacted.query as string, /\$1/);
  const printed = inspect(redacted);
  assert.doesNotMatch(printed, /fal-key-9f3a-private/);
  assert.match(printed, /api_keys_openai_key_check/);
});

Deno.test("unique and foreign-key details keep the column, not the value", () => {
  assert.equal(redactDetail("Key (email)=(ada@example.com) already exists."), "Key (email)=([redacted]) already exists.");
  assert.equal(
    redactDetail('Key (user_id)=(0b1c) is not present in table "users".'),
    'Key (user_id)=([redacted]) is not present in table "users".',
  );
});

Deno.test("strings and plain objects lose key-shaped text and the installed secrets", () => {
  assert.equal(redactLogArgument("secret sb_secret_FIXTURE-xyz in a line"), "secret [redacted] in a line");
  assert.equal(redactLogArgument("jwt secret a-jwt-secret-that-is-long-enough"), "jwt secret [redacted]");
  assert.doesNotMatch(
    redactLogArgument({ headers: { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl" } }) as string,
    /eyJ/,
  );
  assert.equal(redactLogArgument(42), 42);
});
