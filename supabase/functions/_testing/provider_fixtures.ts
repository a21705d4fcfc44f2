/**
 * A user's provider for tests, pointed at a fake OpenAI-compatible server of
 * the matching flavour: OpenAI (the deployment's OPENAI_BASE_URL), OpenRouter
 * (OPENROUTER_BASE_URL) or a local Ollama (a custom base URL, reached through
 * the SSRF guard with the fake's host allowlisted as an operator would).
 */
import { type AiDeployment, aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import type { StoredTextProvider } from "../_shared/ai/provider_access.ts";
import { type ProviderTarget, resolveProviderTarget } from "../_shared/ai/provider_target.ts";
import type { AiOperation } from "../_shared/contracts/ai_provider.ts";
import type { FakeOpenAI, FakeOpenAIFlavour } from "./fakes/openai_server.ts";

export const NO_MODELS: Record<AiOperation, string | null> = {
  drafting: null,
  keywords: null,
  seo: null,
  embeddings: null,
};

/** The deployment as an operator of the tests would set it: both base URLs and the allowlist on the fake. */
export function testDeployment(fake: FakeOpenAI, overrides: Partial<AiDeployment> = {}): AiDeployment {
  return {
    ...aiDeploymentFromEnv(new Map()),
    openAIBaseURL: fake.url,
    openRouterBaseURL: fake.url,
    timeoutMs: 10_000,
    privateHostAllowlist: [new URL(fake.url).host],
    ...overrides,
  };
}

/** What provider_access.ts would read for a user of this flavour. */
export function storedProvider(
  fake: FakeOpenAI,
  flavour: FakeOpenAIFlavour,
  apiKey: string | null,
  models: Partial<Record<AiOperation, string | null>> = {},
): StoredTextProvider {
  return {
    provider: flavour === "ollama" ? "custom" : flavour,
    baseUrl: flavour === "ollama" ? fake.url : null,
    apiKey,
    models: { ...NO_MODELS, ...models },
  };
}

export function testTarget(
  fake: FakeOpenAI,
  flavour: FakeOpenAIFlavour,
  apiKey: string | null,
  models: Partial<Record<AiOperation, string | null>> = {},
): ProviderTarget {
  return resolveProviderTarget(storedProvider(fake, flavour, apiKey, models), testDeployment(fake));
}
