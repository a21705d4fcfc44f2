import assert from "node:assert/strict";
import {
  MissingPublishableKeyError,
  MissingSecretKeyError,
  readSecretKeys,
  requirePublishableKey,
  requireServiceKey,
} from "./keys.ts";

const env = (variables: Record<string, string>) => new Map(Object.entries(variables));

Deno.test("readSecretKeys: hosted's JSON object, default first, every key accepted, legacy JWT last", () => {
  const keys = readSecretKeys(env({
    SUPABASE_SECRET_KEYS: JSON.stringify({ ci: "sb_secret_ci", default: "sb_secret_default", cron: "sb_secret_cron" }),
    SUPABASE_SERVICE_ROLE_KEY: "eyJ.legacy.jwt",
  }));
  assert.equal(keys.preferred, "sb_secret_default");
  assert.deepEqual(keys.all, ["sb_secret_default", "sb_secret_ci", "sb_secret_cron", "eyJ.legacy.jwt"]);
  assert.deepEqual(keys.problems, []);
});

Deno.test("readSecretKeys: without `default` any named key is preferred over the legacy JWT", () => {
  const keys = readSecretKeys(env({
    SUPABASE_SECRET_KEYS: '{"project":"sb_secret_project"}',
    SUPABASE_SERVICE_ROLE_KEY: "eyJ.legacy.jwt",
  }));
  assert.equal(keys.preferred, "sb_secret_project");
  assert.deepEqual(keys.all, ["sb_secret_project", "eyJ.legacy.jwt"]);
});

Deno.test("readSecretKeys: the legacy service-role JWT alone", () => {
  const keys = readSecretKeys(env({ SUPABASE_SERVICE_ROLE_KEY: " eyJ.legacy.jwt " }));
  assert.equal(keys.preferred, "eyJ.legacy.jwt");
  assert.deepEqual(keys.all, ["eyJ.legacy.jwt"]);
});

Deno.test("readSecretKeys: malformed JSON, arrays, blanks and non-strings are reported, legacy still used", () => {
  for (
    const [value, problem] of [
      ["sb_secret_FIXTURE-not-json", "SUPABASE_SECRET_KEYS is not valid JSON"],
      ['["sb_secret_a"]', "SUPABASE_SECRET_KEYS is not a JSON object of named keys"],
      ['"sb_secret_a"', "SUPABASE_SECRET_KEYS is not a JSON object of named keys"],
      ['{"default":"","other":42}', "SUPABASE_SECRET_KEYS names no key"],
    ]
  ) {
    const keys = readSecretKeys(env({ SUPABASE_SECRET_KEYS: value, SUPABASE_SERVICE_ROLE_KEY: "eyJ.legacy" }));
    assert.deepEqual(keys.all, ["eyJ.legacy"], value);
    assert.deepEqual(keys.problems, [problem], value);
  }
  const mixed = readSecretKeys(env({ SUPABASE_SECRET_KEYS: '{"default":"","b":"sb_secret_b","n":null}' }));
  assert.deepEqual(mixed.all, ["sb_secret_b"]);
});

Deno.test("readSecretKeys: the singular SUPABASE_SECRET_KEY is not a platform variable and is ignored", () => {
  assert.deepEqual(readSecretKeys(env({ SUPABASE_SECRET_KEY: "sb_secret_x" })).all, []);
});

Deno.test("requireServiceKey: a clear error when no key is configured, naming what was wrong", () => {
  assert.throws(() => requireServiceKey(env({})), (error: Error) => {
    assert.ok(error instanceof MissingSecretKeyError);
    assert.match(error.message, /No secret key configured: set SUPABASE_SECRET_KEYS .* or SUPABASE_SERVICE_ROLE_KEY$/);
    return true;
  });
  assert.throws(
    () => requireServiceKey(env({ SUPABASE_SECRET_KEYS: "{oops" })),
    /SUPABASE_SERVICE_ROLE_KEY \(SUPABASE_SECRET_KEYS is not valid JSON\)$/,
  );
  assert.equal(requireServiceKey(env({ SUPABASE_SECRET_KEYS: '{"default":"sb_secret_d"}' })), "sb_secret_d");
});

Deno.test("requirePublishableKey: hosted's JSON object (default first), else the legacy anon JWT", () => {
  assert.equal(
    requirePublishableKey(env({
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: "sb_publishable_web", default: "sb_publishable_default" }),
      SUPABASE_ANON_KEY: "eyJ.anon.jwt",
    })),
    "sb_publishable_default",
  );
  assert.equal(requirePublishableKey(env({ SUPABASE_PUBLISHABLE_KEYS: '{"web":"sb_publishable_web"}' })), "sb_publishable_web");
  assert.equal(requirePublishableKey(env({ SUPABASE_ANON_KEY: " eyJ.anon.jwt " })), "eyJ.anon.jwt");
  assert.equal(
    requirePublishableKey(env({ SUPABASE_PUBLISHABLE_KEYS: "{oops", SUPABASE_ANON_KEY: "eyJ.anon.jwt" })),
    "eyJ.anon.jwt",
  );
});

Deno.test("requirePublishableKey: never a secret key; a clear error when none is configured", () => {
  const secretOnly = env({ SUPABASE_SECRET_KEYS: '{"default":"sb_secret_d"}', SUPABASE_SERVICE_ROLE_KEY: "eyJ.service" });
  assert.throws(() => requirePublishableKey(secretOnly), (error: Error) => {
    assert.ok(error instanceof MissingPublishableKeyError);
    assert.match(error.message, /No publishable key configured: set SUPABASE_PUBLISHABLE_KEYS .* or SUPABASE_ANON_KEY$/);
    return true;
  });
  assert.throws(
    () => requirePublishableKey(env({ SUPABASE_PUBLISHABLE_KEYS: "[]" })),
    /SUPABASE_ANON_KEY \(SUPABASE_PUBLISHABLE_KEYS is not a JSON object of named keys\)$/,
  );
  assert.throws(() => requirePublishableKey(env({ SUPABASE_PUBLISHABLE_KEY: "sb_publishable_x" })), /No publishable key/);
});
