/** One provider call, retries included, must finish within this (hosted wall clock: 150 s). */
export const PROVIDER_TIMEOUT_MS = 120_000;

export interface OpenAISettings {
  /** OpenAI or any server speaking its Chat Completions API. */
  baseURL: string;
  /** For assistants without a model of their own. */
  defaultModel: string;
  keywordsModel: string;
  seoModel: string;
  timeoutMs: number;
}

/**
 * Env: OPENAI_BASE_URL (default https://api.openai.com/v1),
 * OPENAI_DEFAULT_MODEL (gpt-4o-mini), OPENAI_KEYWORDS_MODEL (gpt-4o, spec),
 * OPENAI_SEO_MODEL (gpt-4, spec).
 */
export function openAISettingsFromEnv(env: Pick<Deno.Env, "get"> = Deno.env): OpenAISettings {
  const read = (name: string, fallback: string) => env.get(name)?.trim() || fallback;
  return {
    baseURL: read("OPENAI_BASE_URL", "https://api.openai.com/v1"),
    defaultModel: read("OPENAI_DEFAULT_MODEL", "gpt-4o-mini"),
    keywordsModel: read("OPENAI_KEYWORDS_MODEL", "gpt-4o"),
    seoModel: read("OPENAI_SEO_MODEL", "gpt-4"),
    timeoutMs: PROVIDER_TIMEOUT_MS,
  };
}
