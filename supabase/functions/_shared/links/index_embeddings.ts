/**
 * The embedding pass over a user's content index: the entries with no
 * embedding of the user's model for their current text (new, or changed
 * since; site_content_embedding_queue()) are embedded with the user's own
 * key, EMBEDDING_BATCH_SIZE per request, and stored
 * (record_site_content_embeddings()), until none is left or
 * MAX_EMBEDDED_PER_PASS were embedded (the next pass continues: `pending`).
 * Run by sync-site-content after a sync, and on its own ({ mode: "embed" })
 * when the user switches to embeddings.
 */
import { EMBEDDING_BATCH_SIZE, type EmbedTexts, EmbeddingsError } from "../ai/embeddings.ts";
import type { Json } from "../contracts/database.types.ts";
import type { SystemClient } from "../platform/system_access.ts";
import { KEY_SETTING_PLACE } from "../contracts/ai_provider.ts";
import type { EmbeddingPass } from "../contracts/site_content.ts";

/** The pass's error when the user has no key on file. */
export const MISSING_KEY_FOR_EMBEDDINGS =
  `No API key for your AI provider is saved: save one in ${KEY_SETTING_PLACE.label} to rank links by embeddings.`;

/** One pass stays well within the Edge Runtime's wall clock (each request embeds EMBEDDING_BATCH_SIZE). */
export const MAX_EMBEDDED_PER_PASS = 1_000;

export interface QueuedEntry {
  contentId: string;
  input: string;
  textHash: string;
}

export interface EmbeddingStore {
  /** Up to `limit` entries to embed, and how many there are in all. */
  queue(userId: string, model: string, limit: number): Promise<{ entries: QueuedEntry[]; pending: number }>;
  record(userId: string, model: string, rows: { contentId: string; textHash: string; embedding: number[] }[]): Promise<number>;
}

/** The queue and the record of embeddings, on the system's contentIndex path (both SQL functions are service_role only). */
export function createEmbeddingStore(contentIndex: SystemClient): EmbeddingStore {
  return {
    async queue(userId, model, limit) {
      const { data, error } = await contentIndex.rpc("site_content_embedding_queue", {
        p_user_id: userId,
        p_model: model,
        p_limit: limit,
      });
      if (error) throw new Error(`reading the entries to embed: ${error.message}`);
      const rows = data ?? [];
      return {
        entries: rows.map((row) => ({ contentId: row.content_id, input: row.input, textHash: row.text_hash })),
        pending: rows[0]?.pending ?? 0,
      };
    },
    async record(userId, model, rows) {
      const embeddings: Json = rows.map((row) => ({
        content_id: row.contentId,
        text_hash: row.textHash,
        embedding: row.embedding,
      }));
      const { data, error } = await contentIndex.rpc("record_site_content_embeddings", {
        p_user_id: userId,
        p_model: model,
        p_embeddings: embeddings,
      });
      if (error) throw new Error(`storing embeddings: ${error.message}`);
      return data ?? 0;
    },
  };
}

/**
 * Embeds what the user's index lacks. Never throws for the provider: a
 * failure ends the pass with `error` (what was embedded before it is kept);
 * `embed` null (no key on file) embeds nothing and says so. Storage failures
 * throw.
 */
export async function embedContentIndex(
  store: EmbeddingStore,
  embed: EmbedTexts | null,
  userId: string,
  model: string,
  maxEntries = MAX_EMBEDDED_PER_PASS,
): Promise<EmbeddingPass> {
  if (!embed) {
    const { pending } = await store.queue(userId, model, 1);
    return { model, embedded: 0, pending, error: MISSING_KEY_FOR_EMBEDDINGS };
  }
  let embedded = 0;
  let pending = 0;
  // Rounds are bounded too: an entry edited while it is embedded comes back once more.
  for (let round = 0; round <= Math.ceil(maxEntries / EMBEDDING_BATCH_SIZE) && embedded < maxEntries; round++) {
    const queued = await store.queue(userId, model, Math.min(EMBEDDING_BATCH_SIZE, maxEntries - embedded));
    pending = queued.pending;
    if (queued.entries.length === 0) break;
    let vectors: number[][];
    try {
      vectors = await embed(model, queued.entries.map((entry) => entry.input));
    } catch (error) {
      if (!(error instanceof EmbeddingsError)) throw error;
      console.warn(`[embeddings] user ${userId}: embedding the index stopped: ${error.kind}: ${error.detail}`);
      return { model, embedded, pending, error: error.message };
    }
    const written = await store.record(
      userId,
      model,
      queued.entries.map((entry, i) => ({ contentId: entry.contentId, textHash: entry.textHash, embedding: vectors[i] })),
    );
    embedded += written;
    pending = Math.max(0, pending - written);
  }
  return { model, embedded, pending };
}
