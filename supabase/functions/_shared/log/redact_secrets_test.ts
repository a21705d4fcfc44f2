import assert from "node:assert/strict";
import { redactSecrets } from "./redact_secrets.ts";

Deno.test("redactSecrets removes the key, its prefix and key-shaped text", () => {
  const key = "sk-proj-FIXTURE-not-a-real-key-1234";
  const text = `Incorrect API key provided: sk-proj-********************1234. Used ${key}; also sk-or-v1-FIXTURE-0123`;
  const redacted = redactSecrets(text, [key]);
  assert.ok(!redacted.includes(key));
  assert.ok(!redacted.includes("sk-proj"));
  assert.ok(!redacted.includes("sk-or-v1-FIXTURE-0123"));
  assert.ok(!redacted.includes("1234"));
  assert.equal(redactSecrets("gsk_custom_provider_key in text", ["gsk_custom_provider_key"]), "[redacted] in text");
  assert.equal(
    redactSecrets("Bad key gsk_cust****************_key.", ["gsk_custom_provider_key"]),
    "Bad key [redacted][redacted].",
  );
  assert.equal(redactSecrets("status 500, retry in 20s", []), "status 500, retry in 20s");
});

Deno.test("redactSecrets removes Supabase keys and JWTs from log lines", () => {
  assert.equal(
    redactSecrets("apikey sb_secret_FIXTURE-not-a-real-key_0000 rejected; sb_publishable_abc_123 ok"),
    "apikey [redacted] rejected; [redacted] ok",
  );
  assert.equal(
    redactSecrets("token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.abc-_123 expired"),
    "token [redacted] expired",
  );
});
