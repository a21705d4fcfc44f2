/**
 * What the operator configures for AI text generation (the deployment's
 * environment); what each user configures is in provider_access.ts.
 */
import { AI_OPERATIONS, type AiOperation, PROVIDER_DEFAULT_MODELS } from "../contracts/ai_provider.ts";
import { parsePrivateHostAllowlist } from "../net/host_allowlist.ts";

/** One provider call, retries included, must finish within this (hosted wall clock: 150 s). */
export const PROVIDER_TIMEOUT_MS = 120_000;

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1";

export interface AiDeployment {
  /** Where the "OpenAI" provider is (OpenAI itself, or any compatible server the operator runs). */
  openAIBaseURL: string;
  openRouterBaseURL: string;
  /** The "OpenAI" provider's model per operation when the user chose none. */
  openAIDefaults: Readonly<Record<AiOperation, string>>;
  timeoutMs: number;
  /** PRIVATE_HOST_ALLOWLIST: the only private hosts a user's own server may be on. */
  privateHostAllowlist: readonly string[];
}

const DEFAULT_MODEL_VARIABLES: Readonly<Record<AiOperation, string>> = {
  drafting: "OPENAI_DEFAULT_MODEL",
  keywords: "OPENAI_KEYWORDS_MODEL",
  seo: "OPENAI_SEO_MODEL",
  embeddings: "OPENAI_EMBEDDINGS_MODEL",
};

/**
 * Env: OPENAI_BASE_URL (default https://api.openai.com/v1), OPENROUTER_BASE_URL
 * (default https://openrouter.ai/api/v1; tests point it at the fake), and the
 * OpenAI provider's defaults OPENAI_DEFAULT_MODEL (drafting), OPENAI_KEYWORDS_MODEL,
 * OPENAI_SEO_MODEL, OPENAI_EMBEDDINGS_MODEL (PROVIDER_DEFAULT_MODELS.openai when
 * blank). Set those when OPENAI_BASE_URL is not OpenAI's. PRIVATE_HOST_ALLOWLIST
 * (host:port, comma-separated) lets a user's own server be on such a host.
 */
export function aiDeploymentFromEnv(env: Pick<Deno.Env, "get"> = Deno.env): AiDeployment {
  const read = (name: string, fallback: string) => env.get(name)?.trim() || fallback;
  const openAIDefaults = Object.fromEntries(
    AI_OPERATIONS.map((operation) => [
      operation,
      read(DEFAULT_MODEL_VARIABLES[operation], PROVIDER_DEFAULT_MODELS.openai[operation]!),
    ]),
  ) as Record<AiOperation, string>;
  return {
    openAIBaseURL: read("OPENAI_BASE_URL", DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, ""),
    openRouterBaseURL: read("OPENROUTER_BASE_URL", DEFAULT_OPENROUTER_BASE_URL).replace(/\/+$/, ""),
    openAIDefaults,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    privateHostAllowlist: parsePrivateHostAllowlist(env.get("PRIVATE_HOST_ALLOWLIST")),
  };
}
