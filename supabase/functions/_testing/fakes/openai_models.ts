/**
 * What the fake OpenAI-compatible servers know about models, as the real
 * services stand on 2026-11-27. Sources: docs/research/provider-sources.md
 * (section numbers below), which names the vendors' pages; UNCONFIRMED
 * marks what those pages do not confirm.
 *
 * Deliberately independent of the app's own model_family.ts: the fake must
 * not share the code it checks.
 */

export type FakeModelKind = "chat" | "embeddings" | "other";

export interface FakeModel {
  id: string;
  kind: FakeModelKind;
  /** The day it stops answering (YYYY-MM-DD); §1.2, OpenAI deprecations page. */
  shutdown?: string;
  /** Chat Completions answers 404 "only supported in v1/responses" (§1.3, openai-node `AllModels`). */
  responsesOnly?: boolean;
  /**
   * A reasoning model: max_tokens is refused, temperature/top_p other than 1
   * unless reasoning_effort is "none" (§1.4). `efforts` are the values it
   * takes; `defaultEffort` is used when none is sent.
   */
  reasoning?: { efforts: readonly string[]; defaultEffort: string };
  /** Streaming refused for an unverified organisation (§1.5: o3 and gpt-5 reported; GPT-6 UNCONFIRMED, assumed). */
  verifiedStreaming?: boolean;
}

const NONE_TO_MAX = ["none", "low", "medium", "high", "xhigh", "max"] as const;
const LOW_TO_MAX = ["low", "medium", "high", "xhigh", "max"] as const;
const MINIMAL_TO_HIGH = ["minimal", "low", "medium", "high"] as const;
const LOW_TO_HIGH = ["low", "medium", "high"] as const;

const reasoning = (efforts: readonly string[], defaultEffort = "medium") => ({
  reasoning: { efforts, defaultEffort },
  verifiedStreaming: true,
});

/** OpenAI's lineup (§1.1, models page and model pages; §1.2 shutdowns; §1.3 Responses-only). */
export const OPENAI_MODELS: readonly FakeModel[] = [
  // Current GPT-6 family (§1.1): Astra, 6.1 Sol and 6.2-* refuse effort none and minimal.
  { id: "gpt-6.2-astra", kind: "chat", ...reasoning(LOW_TO_MAX) },
  { id: "gpt-6.2-sol", kind: "chat", ...reasoning(LOW_TO_MAX) },
  { id: "gpt-6.1-terra", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-6.1-sol", kind: "chat", ...reasoning(LOW_TO_MAX) },
  { id: "gpt-6-astra", kind: "chat", ...reasoning(LOW_TO_MAX) },
  { id: "gpt-6-sol", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-6-luna", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-5.6", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-5.6-sol", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-5.6-terra", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-5.6-luna", kind: "chat", ...reasoning(NONE_TO_MAX) },
  { id: "gpt-5.5", kind: "chat", ...reasoning(NONE_TO_MAX.slice(0, 5)) },
  { id: "gpt-5.5-pro", kind: "chat", responsesOnly: true },
  { id: "gpt-5.4", kind: "chat", ...reasoning(NONE_TO_MAX.slice(0, 5)) },
  { id: "gpt-5.4-mini", kind: "chat", ...reasoning(NONE_TO_MAX.slice(0, 5)) },
  { id: "gpt-5.4-nano", kind: "chat", shutdown: "2027-04-01", ...reasoning(NONE_TO_MAX.slice(0, 5)) },
  { id: "gpt-5.1", kind: "chat", shutdown: "2027-04-01", ...reasoning(NONE_TO_MAX.slice(0, 5), "none") },
  { id: "gpt-5.1-codex-max", kind: "chat", responsesOnly: true },
  // The rolling Instant alias (§1.1): refuses temperature ≠ 1 like the chat-latest ids before it (§1.4); no effort.
  { id: "chat-latest", kind: "chat", reasoning: { efforts: [], defaultEffort: "" } },
  // Shut down on 2026-12-11 (§1.2).
  { id: "gpt-5", kind: "chat", shutdown: "2026-12-11", ...reasoning(MINIMAL_TO_HIGH) },
  { id: "gpt-5-mini", kind: "chat", shutdown: "2026-12-11", ...reasoning(MINIMAL_TO_HIGH) },
  { id: "gpt-5-nano", kind: "chat", shutdown: "2026-12-11", ...reasoning(MINIMAL_TO_HIGH) },
  { id: "gpt-5-pro", kind: "chat", shutdown: "2026-12-11", responsesOnly: true },
  { id: "o3", kind: "chat", shutdown: "2026-12-11", ...reasoning(LOW_TO_HIGH) },
  { id: "o3-pro", kind: "chat", shutdown: "2026-12-11", responsesOnly: true },
  // Shut down on 2027-01-14 (§1.2); classic chat models that take temperature and max_tokens.
  { id: "gpt-4o", kind: "chat", shutdown: "2027-01-14" },
  { id: "gpt-4o-mini", kind: "chat", shutdown: "2027-01-14" },
  { id: "gpt-4.1", kind: "chat", shutdown: "2027-01-14" },
  { id: "gpt-4.1-mini", kind: "chat", shutdown: "2027-01-14" },
  // Already shut down (2026-10-23 and earlier, §1.2).
  { id: "gpt-4", kind: "chat", shutdown: "2026-10-23" },
  { id: "gpt-4-turbo", kind: "chat", shutdown: "2026-10-23" },
  { id: "gpt-3.5-turbo", kind: "chat", shutdown: "2026-10-23" },
  { id: "gpt-4.1-nano", kind: "chat", shutdown: "2026-10-23" },
  { id: "o1", kind: "chat", shutdown: "2026-10-23" },
  { id: "o3-mini", kind: "chat", shutdown: "2026-10-23" },
  { id: "o4-mini", kind: "chat", shutdown: "2026-10-23" },
  { id: "gpt-5.2-chat-latest", kind: "chat", shutdown: "2026-08-10" },
  { id: "gpt-5.3-chat-latest", kind: "chat", shutdown: "2026-08-10" },
  // Embeddings (§1.1: openai-node's EmbeddingModel lists these three).
  { id: "text-embedding-3-small", kind: "embeddings" },
  { id: "text-embedding-3-large", kind: "embeddings" },
  { id: "text-embedding-ada-002", kind: "embeddings" },
  // Listed by GET /v1/models but not text models (§1.9: the list holds embeddings, image, audio and moderation models; UNCONFIRMED).
  { id: "omni-moderation-latest", kind: "other" },
  { id: "gpt-image-1.5", kind: "other", shutdown: "2026-12-01" },
];

/** Local models an Ollama has pulled (§3: names are tags as pulled; `/v1/models` lists only pulled models). */
export const OLLAMA_MODELS: readonly string[] = ["llama3.2:latest", "qwen3:8b", "gpt-oss:20b", "embeddinggemma:latest"];
/** Ollama models with the thinking capability (§3: reasoning_effort maps to think); others answer 400. */
export const OLLAMA_THINKING = /^(?:qwen3|gpt-oss|deepseek-r1)/;

/** Models OpenRouter routes to other authors, for lists and requests (§2.1: ids are author/slug). */
export const OPENROUTER_OTHER_MODELS: readonly FakeModel[] = [
  { id: "meta-llama/llama-3.3-70b-instruct", kind: "chat" },
  { id: "qwen/qwen3-32b", kind: "chat" },
  { id: "mistralai/mistral-embed-2312", kind: "embeddings" },
];

/** `today` as YYYY-MM-DD (the fake's clock; tests may pin it). */
export function isShutDown(model: FakeModel, today: string): boolean {
  return model.shutdown !== undefined && model.shutdown <= today;
}
