/**
 * The provider's own model list, read with the user's key, and which of its
 * models each operation can use. Shapes (provider-sources.md, 2026-11-27):
 * - OpenAI `GET /v1/models`: `{ object: "list", data: [{ id, object: "model",
 *   created, owned_by, shutdown_date?: "YYYY-MM-DD" | null }] }`; it lists
 *   image, audio, moderation and Responses-only models too, which are left
 *   out here, and models past their shutdown date (§1.9);
 * - OpenRouter `GET /api/v1/models`: `{ data: [{ id, name, ..., expiration_date,
 *   supported_parameters }] }`, text models only unless
 *   `?output_modalities=embeddings` asks for the embeddings models (§2.2).
 *   The list is public, so the key is checked with `GET /api/v1/key`
 *   (200 valid, 401 not; §2.3);
 * - Ollama `GET /v1/models`: `{ object: "list", data: [{ id: "llama3.2:latest",
 *   object: "model", created, owned_by: "library" }] }`, the pulled models
 *   only, embeddings models among them (§3).
 */
import type OpenAI from "openai";
import type { ProviderModel } from "../contracts/ai_provider.ts";
import { modelFamily } from "./model_family.ts";
import type { ProviderTarget } from "./provider_target.ts";

type Json = Record<string, unknown>;

/** OpenAI ids that are not chat or embeddings models (image, audio, speech, moderation, legacy completions). */
const NOT_TEXT = /dall-e|gpt-image|chatgpt-image|image|tts|whisper|transcribe|audio|realtime|moderation|search|babbage|davinci|instruct|sora|omni-moderation/;

/** Local embeddings models as Ollama and LM Studio name them. */
const LOCAL_EMBEDDINGS = /embed|minilm|bge-|\be5-|gte-|nomic/i;

function entriesOf(body: unknown): Json[] {
  const data = (body as { data?: unknown })?.data;
  return Array.isArray(data) ? data.filter((item): item is Json => !!item && typeof item === "object") : [];
}

const dayOf = (value: unknown): string | null => {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value * 1000).toISOString().slice(0, 10);
  return null;
};

/** The models of one raw list that can serve chat or embeddings today, sorted by id. */
export function classifyModels(
  provider: ProviderTarget["provider"],
  chatBody: unknown,
  embeddingsBody: unknown | undefined,
  today: string,
): ProviderModel[] {
  const models = new Map<string, ProviderModel>();
  const add = (id: string, kind: ProviderModel["kind"], shutdownDate: string | null) => {
    // A model past its shutdown day answers 404; it is not offered.
    if (shutdownDate !== null && shutdownDate <= today) return;
    if (!models.has(id)) models.set(id, { id, kind, shutdownDate });
  };
  for (const entry of entriesOf(chatBody)) {
    const id = typeof entry.id === "string" ? entry.id.trim() : "";
    if (!id) continue;
    const shutdown = dayOf(entry.shutdown_date ?? entry.expiration_date);
    if (provider === "openrouter") {
      add(id, "chat", shutdown);
    } else if (provider === "openai") {
      if (/^text-embedding-/.test(id)) add(id, "embeddings", shutdown);
      else if (!NOT_TEXT.test(id) && /^(?:gpt-|o\d|chat-latest|ft:gpt-)/.test(id) && !modelFamily(id).responsesOnly) {
        add(id, "chat", shutdown);
      }
    } else {
      add(id, LOCAL_EMBEDDINGS.test(id) ? "embeddings" : "chat", shutdown);
    }
  }
  for (const entry of entriesOf(embeddingsBody)) {
    const id = typeof entry.id === "string" ? entry.id.trim() : "";
    if (id) add(id, "embeddings", dayOf(entry.expiration_date));
  }
  return [...models.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export interface RawModelList {
  /** How many models the provider listed in all (what "Key works: N models" counts). */
  total: number;
  models: ProviderModel[];
}

/**
 * Asks the provider for its models: GET /models (and OpenRouter's
 * embeddings models and key check). Throws the SDK's errors (a refused key
 * is a 401, a server without a list a 404).
 */
export async function fetchModelList(
  client: OpenAI,
  target: ProviderTarget,
  signal: AbortSignal,
  today = new Date().toISOString().slice(0, 10),
): Promise<RawModelList> {
  const options = { signal, maxRetries: 0 };
  if (target.provider === "openrouter") {
    const [, chat, embeddings] = await Promise.all([
      client.get<unknown>("/key", options),
      client.get<unknown>("/models", options),
      client.get<unknown>("/models", { ...options, query: { output_modalities: "embeddings" } }),
    ]);
    const models = classifyModels("openrouter", chat, embeddings, today);
    return { total: entriesOf(chat).length + entriesOf(embeddings).length, models };
  }
  const body = await client.get<unknown>("/models", options);
  return { total: entriesOf(body).length, models: classifyModels(target.provider, body, undefined, today) };
}
