/**
 * The per-user cache of the provider's model list (ai_provider_settings.models,
 * models_fetched_at), written by the ai-provider function on the system's
 * modelLists path (users may not write those columns), always filtered by
 * the caller's id. A list is stored only while the
 * provider it came from is still the user's: save_ai_provider() clears the
 * cache when the provider changes, and a list fetched meanwhile is dropped.
 */
import * as z from "zod/mini";
import { type AiProvider, type ProviderModel, providerModelSchema } from "../contracts/ai_provider.ts";
import type { Json } from "../contracts/database.types.ts";
import type { SystemClient } from "../platform/system_access.ts";

export interface CachedModelList {
  models: ProviderModel[];
  fetchedAt: string;
}

export interface ModelListStore {
  read(userId: string): Promise<CachedModelList | null>;
  write(userId: string, provider: AiProvider, baseUrl: string | null, models: ProviderModel[]): Promise<string>;
}

export function createModelListStore(service: SystemClient, now: () => Date = () => new Date()): ModelListStore {
  return {
    async read(userId) {
      const { data, error } = await service
        .from("ai_provider_settings")
        .select("models, models_fetched_at")
        .eq("user_id", userId)
        .maybeSingle();
      if (error) throw new Error(`reading the model list: ${error.message}`);
      const models = z.array(providerModelSchema).safeParse(data?.models);
      return models.success && data?.models_fetched_at ? { models: models.data, fetchedAt: data.models_fetched_at } : null;
    },
    async write(userId, provider, baseUrl, models) {
      const fetchedAt = now().toISOString();
      const columns = { models: models as unknown as Json, models_fetched_at: fetchedAt };
      let update = service.from("ai_provider_settings").update(columns, { count: "exact" }).eq("user_id", userId)
        .eq("provider", provider);
      update = baseUrl === null ? update.is("base_url", null) : update.eq("base_url", baseUrl);
      const { error, count } = await update;
      if (error) throw new Error(`storing the model list: ${error.message}`);
      // No row yet: the user is on the defaults (OpenAI), which is what the list is for.
      if (count === 0 && provider === "openai") {
        const { error: insertError } = await service
          .from("ai_provider_settings")
          .upsert({ user_id: userId, ...columns }, { onConflict: "user_id", ignoreDuplicates: true });
        if (insertError) throw new Error(`storing the model list: ${insertError.message}`);
      }
      return fetchedAt;
    },
  };
}
