/**
 * What a model accepts on Chat Completions, from its name. OpenAI's models
 * are told apart by family (OpenRouter names them `openai/<id>`); any other
 * model (a local Llama, a Qwen through OpenRouter) is treated as a classic
 * chat model. Sources (docs/research/provider-sources.md as of 2026-11-27,
 * §1.3–1.4; OpenAI deployment checklist; openai-node v7 `shared.ts`):
 * - Reasoning models (o-series, GPT-5 and later, the `chat-latest` Instant
 *   alias) refuse `max_tokens` (400 unsupported_parameter, use
 *   max_completion_tokens) and any temperature/top_p but the default unless
 *   `reasoning_effort` is "none" (400 unsupported_value);
 * - reasoning_effort values differ per family: GPT-6 Astra, 6.1 Sol and
 *   6.2-* take low…max (no none, no minimal); GPT-6 Luna/Sol, 6.1 Terra,
 *   5.1–5.6 take none…; gpt-5/-mini/-nano take minimal…high; o-series
 *   low…high;
 * - Responses-only models (the -pro ids, codex, deep-research,
 *   computer-use-preview, gpt-daybreak-*, gpt-5.6-cyber) answer
 *   Chat Completions with 404 "This model is only supported in v1/responses".
 */

export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

export interface ModelFamily {
  /** The id without a router's author prefix: "openai/gpt-6-luna" → "gpt-6-luna". */
  baseId: string;
  /** True for OpenAI's models (by name), whose rules below are known. */
  openAI: boolean;
  /** max_completion_tokens only; sampling parameters only with effort "none". */
  reasoning: boolean;
  /** The reasoning_effort values the model takes; empty: send none. */
  efforts: readonly ReasoningEffort[];
  /** OpenAI serves it only through the Responses API. */
  responsesOnly: boolean;
}

const NONE_TO_MAX: readonly ReasoningEffort[] = ["none", "low", "medium", "high", "xhigh", "max"];
const LOW_TO_MAX: readonly ReasoningEffort[] = ["low", "medium", "high", "xhigh", "max"];
const MINIMAL_TO_HIGH: readonly ReasoningEffort[] = ["minimal", "low", "medium", "high"];
const LOW_TO_HIGH: readonly ReasoningEffort[] = ["low", "medium", "high"];

const RESPONSES_ONLY =
  /^(?:o1-pro|o3-pro|o3-deep-research|o4-mini-deep-research|computer-use-preview|gpt-5(?:\.\d+)?-pro|gpt-daybreak-|gpt-5\.6-cyber)|codex/;

/** The efforts of an OpenAI reasoning model, by family (see the top of this file). */
function effortsOf(id: string): readonly ReasoningEffort[] {
  if (/^chat-latest/.test(id)) return [];
  if (/^o\d/.test(id)) return LOW_TO_HIGH;
  if (/^gpt-5(?:-mini|-nano)?(?:-\d{4}-\d{2}-\d{2})?$/.test(id)) return MINIMAL_TO_HIGH;
  if (/^gpt-6(?:-luna|-sol)|^gpt-6\.1-terra|^gpt-5\.\d/.test(id)) return NONE_TO_MAX;
  // GPT-6 Astra, 6.1 Sol, 6.2-* and anything newer: low and up (the safe guess for a new family).
  return LOW_TO_MAX;
}

export function modelFamily(model: string): ModelFamily {
  const trimmed = model.trim();
  // OpenRouter: the author in front, a variant (":free", ":nitro", …) behind.
  const baseId = (trimmed.startsWith("openai/") ? trimmed.slice("openai/".length) : trimmed)
    .replace(/:(?:free|thinking|batch|nitro|online|floor|exacto)$/, "");
  // Ollama tags ("gpt-oss:20b") are local models, not OpenAI's.
  const openAI = /^(?:gpt-|o\d|chat-latest|text-embedding-|computer-use|codex)/.test(baseId) && !baseId.includes(":");
  const reasoning = openAI && /^(?:o\d|gpt-(?:[5-9]|\d{2,})|chat-latest)/.test(baseId);
  return {
    baseId,
    openAI,
    reasoning,
    efforts: reasoning ? effortsOf(baseId) : [],
    responsesOnly: openAI && RESPONSES_ONLY.test(baseId),
  };
}

/** The first of `preferred` the model takes, or undefined when it takes none of them (send no effort). */
export function pickEffort(family: ModelFamily, preferred: readonly ReasoningEffort[]): ReasoningEffort | undefined {
  return preferred.find((effort) => family.efforts.includes(effort));
}
