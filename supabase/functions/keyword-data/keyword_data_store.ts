/**
 * keyword-data's reads and writes: the cache and spend are read as the
 * caller (their own rows, under RLS); a paid request is recorded on the
 * system path (keyword_data_requests is written by this function only).
 */
import type { Json } from "../_shared/contracts/database.types.ts";
import { type KeywordItem, keywordItemSchema } from "../_shared/contracts/keywords.ts";
import type { CallerClient } from "../_shared/platform/caller.ts";
import type { SystemClient } from "../_shared/platform/system_access.ts";
import type { CachedAnswer, CacheKey } from "./handler.ts";

/**
 * A Postgres timestamp as ISO 8601. PostgREST sends ISO already; the local
 * backend sends Postgres' text form ("2026-12-06 10:00:00.123+00").
 */
export function isoTimestamp(text: string): string {
  const date = new Date(text.trim().replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${text}`);
  return date.toISOString();
}

export function findCached(caller: CallerClient) {
  return async (key: CacheKey, since: Date): Promise<CachedAnswer | null> => {
    const { data, error } = await caller
      .from("keyword_data_requests")
      .select("keywords, created_at")
      .eq("provider", key.provider)
      .eq("topic", key.topic)
      .eq("location_code", key.locationCode)
      .eq("language_code", key.languageCode)
      .is("refused_reason", null)
      .gte("created_at", since.toISOString())
      .order("created_at", { ascending: false })
      .limit(1)
      .maybeSingle();
    if (error) throw new Error(`Could not read keyword_data_requests: ${error.message}`);
    if (!data) return null;
    // What was stored is read back through the contract: a row that no longer fits is not served.
    const keywords = keywordItemSchema.array().safeParse(data.keywords);
    return keywords.success ? { keywords: keywords.data, fetchedAt: isoTimestamp(data.created_at) } : null;
  };
}

export function spentSince(caller: CallerClient) {
  return async (since: Date): Promise<number> => {
    const { data, error } = await caller.rpc("keyword_data_spend", { since: since.toISOString() });
    if (error) throw new Error(`Could not read the keyword data spend: ${error.message}`);
    return Number(data ?? 0);
  };
}

export function recordRequest(system: SystemClient) {
  return async (
    userId: string,
    key: CacheKey,
    answer: { keywords: KeywordItem[]; costUsd: number; refusedReason?: string },
  ): Promise<string> => {
    const { data, error } = await system
      .from("keyword_data_requests")
      .insert({
        user_id: userId,
        provider: key.provider,
        topic: key.topic,
        location_code: key.locationCode,
        language_code: key.languageCode,
        cost_usd: answer.costUsd,
        keywords: answer.keywords as unknown as NonNullable<Json>,
        refused_reason: answer.refusedReason?.slice(0, 500) ?? null,
      })
      .select("created_at")
      .single();
    if (error) throw new Error(`Could not record the keyword data request: ${error.message}`);
    return isoTimestamp(data.created_at);
  };
}
