import assert from "node:assert/strict";
import { buildFunctionEnv, type PlatformValues } from "./function_env.ts";

const platform: PlatformValues = {
  supabaseUrl: "http://127.0.0.1:5173",
  apiKeys: { publishableKey: "sb_publishable_env", secretKey: "sb_secret_env" },
  legacyKeys: { anonKey: "anon.jwt.value", serviceRoleKey: "service.jwt.value" },
};

Deno.test("functions get hosted's platform variables and no singular key names", () => {
  const env = buildFunctionEnv({}, {}, platform);
  assert.deepEqual(env, {
    SUPABASE_URL: "http://127.0.0.1:5173",
    SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_env"}',
    SUPABASE_SECRET_KEYS: '{"default":"sb_secret_env"}',
    SUPABASE_ANON_KEY: "anon.jwt.value",
    SUPABASE_SERVICE_ROLE_KEY: "service.jwt.value",
  });
});

Deno.test("SUPABASE_DB_URL exists exactly where a database URL does", () => {
  const env = buildFunctionEnv({}, {}, { ...platform, databaseUrl: "postgres://u:p@127.0.0.1:5432/postgres" });
  assert.equal(env.SUPABASE_DB_URL, "postgres://u:p@127.0.0.1:5432/postgres");
  assert.equal("SUPABASE_DB_URL" in buildFunctionEnv({}, {}, platform), false);
});

Deno.test("an unknown new-style key leaves its variable out instead of empty", () => {
  const env = buildFunctionEnv({}, {}, { ...platform, apiKeys: { publishableKey: "", secretKey: "" } });
  assert.equal("SUPABASE_PUBLISHABLE_KEYS" in env, false);
  assert.equal("SUPABASE_SECRET_KEYS" in env, false);
});

Deno.test("the runtime's environment and .env cannot set SUPABASE_* or leak the local stack's settings", () => {
  const runtimeEnv = {
    PATH: "/usr/bin",
    SUPABASE_SECRET_KEY: "sb_secret_runtime",
    SUPABASE_PUBLISHABLE_KEY: "sb_publishable_runtime",
    SUPABASE_URL: "http://runtime.test",
    DATABASE_URL: "postgres://runtime",
    LOCAL_JWT_SECRET: "jwt-secret",
    OPENAI_BASE_URL: "http://runtime-openai.test",
  };
  const dotenv = {
    SUPABASE_ANON_KEY: "from-dotenv",
    SUPABASE_FOO: "bar",
    OPENAI_BASE_URL: "http://dotenv-openai.test",
  };
  const env = buildFunctionEnv(runtimeEnv, dotenv, platform);
  assert.equal(env.PATH, "/usr/bin");
  assert.equal(env.OPENAI_BASE_URL, "http://dotenv-openai.test", ".env wins over the runtime's environment");
  assert.equal(env.SUPABASE_URL, platform.supabaseUrl);
  assert.equal(env.SUPABASE_ANON_KEY, platform.legacyKeys.anonKey);
  for (
    const name of [
      "SUPABASE_SECRET_KEY",
      "SUPABASE_PUBLISHABLE_KEY",
      "SUPABASE_FOO",
      "DATABASE_URL",
      "LOCAL_JWT_SECRET",
    ]
  ) {
    assert.equal(name in env, false, name);
  }
});
