import assert from "node:assert/strict";
import { aiDeploymentFromEnv, PROVIDER_TIMEOUT_MS } from "./ai_deployment.ts";

Deno.test("aiDeploymentFromEnv: defaults that exist today, overrides and blank values", () => {
  assert.deepEqual(aiDeploymentFromEnv(new Map()), {
    openAIBaseURL: "https://api.openai.com/v1",
    openRouterBaseURL: "https://openrouter.ai/api/v1",
    openAIDefaults: {
      drafting: "gpt-6.1-terra",
      keywords: "gpt-6-luna",
      seo: "gpt-6-luna",
      embeddings: "text-embedding-3-small",
    },
    timeoutMs: PROVIDER_TIMEOUT_MS,
    privateHostAllowlist: [],
  });
  const deployment = aiDeploymentFromEnv(
    new Map([
      ["OPENAI_BASE_URL", "http://127.0.0.1:11434/v1/"],
      ["OPENROUTER_BASE_URL", "http://127.0.0.1:9999/api/v1"],
      ["OPENAI_DEFAULT_MODEL", "llama3.2"],
      ["OPENAI_KEYWORDS_MODEL", " "],
      ["OPENAI_SEO_MODEL", "qwen3:8b"],
      ["OPENAI_EMBEDDINGS_MODEL", "embeddinggemma"],
      ["PRIVATE_HOST_ALLOWLIST", "127.0.0.1:11434, localhost"],
    ]),
  );
  assert.equal(deployment.openAIBaseURL, "http://127.0.0.1:11434/v1");
  assert.equal(deployment.openRouterBaseURL, "http://127.0.0.1:9999/api/v1");
  assert.deepEqual(deployment.openAIDefaults, {
    drafting: "llama3.2",
    keywords: "gpt-6-luna",
    seo: "qwen3:8b",
    embeddings: "embeddinggemma",
  });
  assert.deepEqual(deployment.privateHostAllowlist, ["127.0.0.1:11434"], "an entry without a port names no one service");
  assert.ok(PROVIDER_TIMEOUT_MS <= 120_000);
});
