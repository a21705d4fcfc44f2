import assert from "node:assert/strict";
import { aiDeploymentFromEnv } from "./ai_deployment.ts";
import type { StoredTextProvider } from "./provider_access.ts";
import { ProviderProblemError } from "./provider_errors.ts";
import { modelFor, requireKey, resolveProviderTarget } from "./provider_target.ts";

const stored = (overrides: Partial<StoredTextProvider> = {}): StoredTextProvider => ({
  provider: "openai",
  baseUrl: null,
  apiKey: "sk-test-FIXTURE-not-a-real-key-0000",
  models: { drafting: null, keywords: null, seo: null, embeddings: null },
  ...overrides,
});
const deployment = aiDeploymentFromEnv(
  new Map([["OPENAI_BASE_URL", "https://proxy.example/v1"], ["PRIVATE_HOST_ALLOWLIST", "127.0.0.1:11434"]]),
);

Deno.test("resolveProviderTarget: the deployment's OpenAI, OpenRouter, or the user's own server", () => {
  const openai = resolveProviderTarget(stored({ models: { drafting: null, keywords: "gpt-6.2-sol", seo: null, embeddings: null } }), deployment);
  assert.deepEqual(
    [openai.label, openai.baseURL, openai.guarded, openai.models.keywords, openai.models.seo],
    ["OpenAI", "https://proxy.example/v1", false, "gpt-6.2-sol", "gpt-6-luna"],
  );
  const router = resolveProviderTarget(stored({ provider: "openrouter" }), deployment);
  assert.deepEqual([router.label, router.baseURL, router.models.drafting], [
    "OpenRouter",
    "https://openrouter.ai/api/v1",
    "openai/gpt-6.1-terra",
  ]);
  const own = resolveProviderTarget(stored({ provider: "custom", baseUrl: "http://127.0.0.1:11434/v1", apiKey: null }), deployment);
  assert.deepEqual(
    [own.label, own.guarded, own.models.drafting, own.privateHostAllowlist],
    ["your server at http://127.0.0.1:11434/v1", true, null, ["127.0.0.1:11434"]],
  );
  assert.doesNotThrow(() => requireKey(own), "a server of one's own may need no key");
  assert.throws(() => requireKey(resolveProviderTarget(stored({ provider: "openrouter", apiKey: null }), deployment)), /OpenRouter API key not found/);
});

Deno.test("modelFor: the assistant's model wins; no model and Responses-only models are problems before any request", () => {
  const openai = resolveProviderTarget(stored(), deployment);
  const place = { href: "/assistants/1", label: "the assistant “Poet”" };
  assert.deepEqual(modelFor(openai, "drafting", { model: " gpt-6.2-sol ", place }), {
    model: "gpt-6.2-sol",
    place,
    operationLabel: "Article drafting",
  });
  assert.equal(modelFor(openai, "drafting", { model: null, place }).model, "gpt-6.1-terra");
  assert.throws(
    () => modelFor(openai, "drafting", { model: "o3-pro", place }),
    (error) => error instanceof ProviderProblemError && error.kind === "responses-only" && /the assistant “Poet”/.test(error.message),
  );
  const own = resolveProviderTarget(stored({ provider: "custom", baseUrl: "http://127.0.0.1:11434/v1" }), deployment);
  assert.throws(
    () => modelFor(own, "seo"),
    (error) => error instanceof ProviderProblemError && error.kind === "no-model" && /SEO analysis/.test(error.message),
  );
  // Only OpenAI refuses -pro models on Chat Completions; OpenRouter serves them.
  const router = resolveProviderTarget(stored({ provider: "openrouter" }), deployment);
  assert.equal(modelFor(router, "seo", { model: "openai/gpt-6-astra-pro", place }).model, "openai/gpt-6-astra-pro");
});
