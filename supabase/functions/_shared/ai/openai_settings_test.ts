import assert from "node:assert/strict";
import { openAISettingsFromEnv, PROVIDER_TIMEOUT_MS } from "./openai_settings.ts";

Deno.test("openAISettingsFromEnv: defaults, overrides and blank values", () => {
  assert.deepEqual(openAISettingsFromEnv(new Map()), {
    baseURL: "https://api.openai.com/v1",
    defaultModel: "gpt-4o-mini",
    keywordsModel: "gpt-4o",
    seoModel: "gpt-4",
    timeoutMs: PROVIDER_TIMEOUT_MS,
  });
  const env = new Map([
    ["OPENAI_BASE_URL", "http://127.0.0.1:11434/v1"],
    ["OPENAI_DEFAULT_MODEL", "llama3.2"],
    ["OPENAI_KEYWORDS_MODEL", " "],
    ["OPENAI_SEO_MODEL", "gpt-4.1"],
  ]);
  const settings = openAISettingsFromEnv(env);
  assert.equal(settings.baseURL, "http://127.0.0.1:11434/v1");
  assert.equal(settings.defaultModel, "llama3.2");
  assert.equal(settings.keywordsModel, "gpt-4o");
  assert.equal(settings.seoModel, "gpt-4.1");
  assert.ok(PROVIDER_TIMEOUT_MS <= 120_000);
});
