import {
  type AiProvider,
  type KeyCheckResult,
  keyCheckResultSchema,
  type ModelList,
  modelListSchema,
} from "@contracts/ai_provider";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

/** The user's text-generation provider as stored (no row: OpenAI with the defaults). */
export type ProviderSettings = {
  provider: AiProvider;
  /** Only for "custom". */
  baseUrl: string | null;
  /** Per operation; null: the provider's default. The embeddings model is the Internal links setting's. */
  models: { drafting: string | null; keywords: string | null; seo: string | null };
};

export type ModelChoices = ProviderSettings["models"];

const PROVIDERS: readonly AiProvider[] = ["openai", "openrouter", "custom"];

export async function getProviderSettings(): Promise<ProviderSettings> {
  const { data, error } = await supabase
    .from("ai_provider_settings")
    .select("provider, base_url, drafting_model, keywords_model, seo_model")
    .maybeSingle();
  if (error) throw new Error(error.message);
  const provider = PROVIDERS.find((known) => known === data?.provider) ?? "openai";
  return {
    provider,
    baseUrl: data?.base_url ?? null,
    models: {
      drafting: data?.drafting_model ?? null,
      keywords: data?.keywords_model ?? null,
      seo: data?.seo_model ?? null,
    },
  };
}

/**
 * Chooses the provider (and a custom server's base URL). A key belongs to
 * one provider: when the provider changes, the stored text key and the model
 * choices are removed (save_ai_provider()); `keyRemoved` says so.
 */
export async function saveProvider(provider: AiProvider, baseUrl: string | null): Promise<{ keyRemoved: boolean }> {
  const { data, error } = await supabase.rpc("save_ai_provider", {
    provider,
    base_url: provider === "custom" ? baseUrl ?? undefined : undefined,
  });
  if (error) throw new Error(error.message);
  return { keyRemoved: data === true };
}

/** The models per operation ("" or null: the provider's default); row-level security keeps it the user's own row. */
export async function saveModelChoices(userId: string, models: ModelChoices): Promise<void> {
  const { error } = await supabase.from("ai_provider_settings").upsert(
    {
      user_id: userId,
      drafting_model: models.drafting || null,
      keywords_model: models.keywords || null,
      seo_model: models.seo || null,
    },
    { onConflict: "user_id" },
  );
  if (error) throw new Error(error.message);
}

/** One look at the provider's model list with the stored key: "Key works: N models", or the provider's reason (thrown). */
export async function checkKey(): Promise<KeyCheckResult> {
  const { data, error } = await supabase.functions.invoke("ai-provider", { body: { action: "check" } });
  if (error) throw await requestFailure(error, "Could not check the key");
  const parsed = keyCheckResultSchema.safeParse(data);
  if (!parsed.success) throw new Error("Could not check the key");
  return parsed.data;
}

/** The provider's models (the cached list unless `refresh`) and each operation's default. */
export async function listModels(refresh = false): Promise<ModelList> {
  const { data, error } = await supabase.functions.invoke("ai-provider", {
    body: refresh ? { action: "models", refresh: true } : { action: "models" },
  });
  if (error) throw await requestFailure(error, "Could not load the provider's models");
  const parsed = modelListSchema.safeParse(data);
  if (!parsed.success) throw new Error("Could not load the provider's models");
  return parsed.data;
}
