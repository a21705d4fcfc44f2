/**
 * The one place a user's AI provider keys and settings are read (design §3:
 * keys are write-only for the browser; functions read them here and nowhere
 * else, so encrypting them at rest changes this module only).
 *
 * Read with the service client (it bypasses RLS): every query filters by the
 * caller's id, which the function has authenticated before.
 */
import type { AiOperation, AiProvider } from "../contracts/ai_provider.ts";
import type { ServiceClient } from "../platform/service_client.ts";

/** The user's text-generation provider as stored: no row means OpenAI with the defaults. */
export interface StoredTextProvider {
  provider: AiProvider;
  /** Only for "custom". */
  baseUrl: string | null;
  /** The text-generation key (api_keys.openai_key), or null when none is stored. */
  apiKey: string | null;
  /** The user's model per operation; null: the provider's default. */
  models: Record<AiOperation, string | null>;
}

export type ReadTextProvider = (userId: string) => Promise<StoredTextProvider>;
export type ReadImageKey = (userId: string) => Promise<string | null>;

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

export function textProviderReader(service: ServiceClient): ReadTextProvider {
  return async (userId) => {
    const [settings, keys, profile] = await Promise.all([
      service
        .from("ai_provider_settings")
        .select("provider, base_url, drafting_model, keywords_model, seo_model")
        .eq("user_id", userId)
        .maybeSingle(),
      service.from("api_keys").select("openai_key").eq("user_id", userId).maybeSingle(),
      service.from("profiles").select("embeddings_model").eq("id", userId).maybeSingle(),
    ]);
    for (const { error } of [settings, keys, profile]) {
      if (error) throw new Error(`Could not read the AI provider settings: ${error.message}`);
    }
    const row = settings.data;
    return {
      provider: (row?.provider as AiProvider | undefined) ?? "openai",
      baseUrl: blankToNull(row?.base_url),
      apiKey: blankToNull(keys.data?.openai_key),
      models: {
        drafting: blankToNull(row?.drafting_model),
        keywords: blankToNull(row?.keywords_model),
        seo: blankToNull(row?.seo_model),
        embeddings: blankToNull(profile.data?.embeddings_model),
      },
    };
  };
}

/** The user's fal.ai key (blank counts as none). */
export function imageKeyReader(service: ServiceClient): ReadImageKey {
  return async (userId) => {
    const { data, error } = await service.from("api_keys").select("falai_key").eq("user_id", userId).maybeSingle();
    if (error) throw new Error(`api_keys lookup failed: ${error.message}`);
    return blankToNull(data?.falai_key);
  };
}
