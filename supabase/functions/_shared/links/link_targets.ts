/**
 * The content index's ranked entries for a text, one code path for every
 * caller (generate-article and draft-batch-worker through
 * draft_link_context.ts, the editor through the link-targets function). Only
 * the user's own entries are ranked: as the caller, both RPCs rank
 * auth.uid()'s entries (row-level security also hides everything else);
 * the bulk worker, acting without a user, names the owner in `for_user_id`.
 *
 * Relevance is the user's choice (profiles.link_relevance):
 * - full text (the default): internal_link_targets() (migration
 *   20261130000400_internal_link_targets.sql);
 * - embeddings: the text is embedded once with the user's own provider, key
 *   and embeddings model (the provider's default unless they chose one), and
 *   internal_link_targets_by_embedding() (migration 20261201000200) ranks the
 *   entries by cosine distance. When that cannot answer — no key, no model,
 *   the provider fails or is slow, nothing embedded with the model yet — the
 *   entries are ranked by full text instead, and why is logged and returned
 *   (`fallback`).
 */
import { type AiDeployment, aiDeploymentFromEnv } from "../ai/ai_deployment.ts";
import { createEmbeddingsClient, EMBEDDING_INPUT_MAX_CHARS, EmbeddingsError } from "../ai/embeddings.ts";
import type { ReadTextProvider } from "../ai/provider_access.ts";
import { type ProviderTarget, resolveProviderTarget } from "../ai/provider_target.ts";
import type { CallerClient } from "../platform/caller.ts";
import type { SystemClient } from "../platform/system_access.ts";
import { MODEL_SETTING_PLACES } from "../contracts/ai_provider.ts";
import { type LinkRelevance, type LinkTarget, linkTargetSchema } from "../contracts/site_content.ts";

export interface LinkTargetQuery {
  /** Title, focus keyword or idea: weighs three times as much as the body. */
  focus: string;
  body?: string | null;
  limit: number;
  /** Only these sites' entries; all the user's sites when absent. */
  siteIds?: string[];
  /** Leaves out the entry of this article (it is already published). */
  excludeArticleId?: string;
}

export type FindLinkTargets = (userId: string, query: LinkTargetQuery) => Promise<LinkTarget[]>;

export interface RankedLinkTargets {
  targets: LinkTarget[];
  /** How they were ranked. */
  relevance: "full_text" | "embeddings";
  /** Why the user's choice of embeddings was not used this time. */
  fallback?: string;
}

export type RankLinkTargets = (userId: string, query: LinkTargetQuery) => Promise<RankedLinkTargets>;

/** The query's embedding must arrive within this, so drafting (2 s for its links) still gets full-text ones. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 1_500;

/** What ranking reads, narrowed so tests need no database or provider. */
export interface LinkRankingSources {
  readRelevance(userId: string): Promise<LinkRelevance>;
  /** The user's provider, key and embeddings model (_shared/ai/provider_access.ts). */
  readTarget(userId: string): Promise<ProviderTarget>;
  embedQuery(target: ProviderTarget, model: string, text: string): Promise<number[]>;
  rankByText(userId: string, query: LinkTargetQuery): Promise<LinkTarget[]>;
  rankByEmbedding(userId: string, query: LinkTargetQuery, embedding: number[], model: string): Promise<LinkTarget[]>;
}

/** The text that stands for the query: focus first, then the body as plain text. */
export function queryText(query: LinkTargetQuery): string {
  const body = (query.body ?? "").replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  return [query.focus.trim(), body].filter(Boolean).join("\n\n").slice(0, EMBEDDING_INPUT_MAX_CHARS);
}

export function linkTargetRanker(sources: LinkRankingSources, caller = "link-targets"): RankLinkTargets {
  return async (userId, query) => {
    // Full text is the answer for most users and the fallback for the others:
    // it is asked beside the setting, so drafting waits one round trip, not two.
    const byText = sources.rankByText(userId, query);
    byText.catch(() => {}); // awaited on every path that uses it; unused when embeddings answer
    const relevance = await sources.readRelevance(userId);
    if (relevance !== "embeddings") return { targets: await byText, relevance: "full_text" };
    let fallback: string;
    let detail = "";
    try {
      const target = await sources.readTarget(userId);
      const model = target.models.embeddings;
      if (!target.apiKey && target.provider !== "custom") {
        fallback = `No ${target.label} API key is saved, so links are ranked by full text.`;
      } else if (!model) {
        fallback = `No embeddings model is chosen for ${target.label} (${MODEL_SETTING_PLACES.embeddings.label}), ` +
          "so links are ranked by full text.";
      } else {
        const embedding = await sources.embedQuery(target, model, queryText(query));
        const targets = await sources.rankByEmbedding(userId, query, embedding, model);
        if (targets.length > 0) return { targets, relevance: "embeddings" };
        fallback = `No entry of the content index is embedded with ${model} yet, so links are ranked by full text.`;
      }
    } catch (error) {
      fallback = error instanceof EmbeddingsError
        ? `${error.message} Links are ranked by full text meanwhile.`
        : "Ranking by embeddings failed, so links are ranked by full text.";
      detail = ` (${error instanceof EmbeddingsError ? `${error.kind}: ${error.detail}` : String(error)})`;
    }
    console.warn(`[${caller}] user ${userId}: ranking by full text instead of embeddings: ${fallback}${detail}`);
    return { targets: await byText, relevance: "full_text", fallback };
  };
}

/** The user's relevance choice (their profile row; full text when there is none). */
export function linkRelevanceReader(client: CallerClient | SystemClient): (userId: string) => Promise<LinkRelevance> {
  return async (userId) => {
    const { data, error } = await client.from("profiles").select("link_relevance").eq("id", userId).maybeSingle();
    if (error) throw new Error(`reading the link relevance setting: ${error.message}`);
    return data?.link_relevance === "embeddings" ? "embeddings" : "full_text";
  };
}

/** The user's provider resolved against the deployment. */
export function providerTargetReader(
  readTextProvider: ReadTextProvider,
  deployment: AiDeployment = aiDeploymentFromEnv(),
): (userId: string) => Promise<ProviderTarget> {
  return async (userId) => resolveProviderTarget(await readTextProvider(userId), deployment);
}

/**
 * Production sources: the index read by `client` (the caller's, or the bulk
 * worker's system client) and the user's provider with its stored key.
 */
export function linkRankingSources(
  client: CallerClient | SystemClient,
  readTextProvider: ReadTextProvider,
  deployment: AiDeployment = aiDeploymentFromEnv(),
  fetchImpl?: typeof fetch,
): LinkRankingSources {
  return {
    readRelevance: linkRelevanceReader(client),
    readTarget: providerTargetReader(readTextProvider, deployment),
    async embedQuery(target, model, text) {
      const embed = createEmbeddingsClient({ target, fetch: fetchImpl, timeoutMs: QUERY_EMBEDDING_TIMEOUT_MS });
      const [vector] = await embed(model, [text]);
      return vector;
    },
    async rankByText(userId, query) {
      const { data, error } = await client.rpc("internal_link_targets", {
        focus: query.focus,
        body: query.body ?? undefined,
        max_results: query.limit,
        site_ids: query.siteIds,
        exclude_article_id: query.excludeArticleId,
        for_user_id: userId,
      });
      if (error) throw new Error(`ranking link targets: ${error.message}`);
      return linkTargetSchema.array().parse(data ?? []);
    },
    async rankByEmbedding(userId, query, embedding, model) {
      const { data, error } = await client.rpc("internal_link_targets_by_embedding", {
        query_embedding: embedding,
        embedding_model: model,
        max_results: query.limit,
        site_ids: query.siteIds,
        exclude_article_id: query.excludeArticleId,
        for_user_id: userId,
      });
      if (error) throw new Error(`ranking link targets by embedding: ${error.message}`);
      return linkTargetSchema.array().parse(data ?? []);
    },
  };
}

/** Ranked link targets for drafting: the user's relevance, full text when embeddings cannot answer. */
export function linkTargetFinder(
  client: CallerClient | SystemClient,
  readTextProvider: ReadTextProvider,
  deployment?: AiDeployment,
  caller?: string,
): FindLinkTargets {
  const rank = linkTargetRanker(linkRankingSources(client, readTextProvider, deployment), caller);
  return async (userId, query) => (await rank(userId, query)).targets;
}
