/**
 * A Chat Completions request shaped for the model and the provider it goes
 * to (model_family.ts has the sources):
 * - OpenAI reasoning models get max_completion_tokens, a reasoning_effort
 *   they take, and no temperature unless the effort is "none";
 * - OpenAI's other models and OpenRouter take max_completion_tokens (both
 *   document it; OpenRouter also takes max_tokens);
 * - a user's own server (Ollama, LM Studio) gets max_tokens: Ollama ignores
 *   max_completion_tokens silently (ollama/ollama openai/openai.go, issue
 *   #7125), and no reasoning_effort (Ollama answers 400 "… does not support
 *   thinking" for a model without thinking);
 * - structured output: strict json_schema, on OpenRouter with
 *   `provider.require_parameters` so only endpoints that honour it are
 *   chosen (OpenRouter docs, structured-outputs); `json_object` and plain
 *   text are the fallbacks of structured_completion.ts.
 */
import type OpenAI from "openai";
import type { AiProvider } from "../contracts/ai_provider.ts";
import { modelFamily, pickEffort, type ReasoningEffort } from "./model_family.ts";

export type OutputFormat =
  | { type: "json_schema"; name: string; schema: Record<string, unknown> }
  | { type: "json_object" }
  | { type: "text" };

export interface ChatRequestSpec {
  model: string;
  messages: OpenAI.Chat.ChatCompletionMessageParam[];
  output: OutputFormat;
  /** Reasoning effort wanted, first match wins (only sent where the model takes one). */
  effort: readonly ReasoningEffort[];
  /** Sent only where the model accepts sampling parameters. */
  temperature?: number;
  /** The answer's budget, reasoning included; none: the model's own limit. */
  maxOutputTokens?: number;
  stream: boolean;
}

type ChatParams = OpenAI.Chat.ChatCompletionCreateParams & { provider?: { require_parameters: boolean } };

export function buildChatRequest(provider: AiProvider, spec: ChatRequestSpec): ChatParams {
  const family = modelFamily(spec.model);
  const ownServer = provider === "custom" && !family.openAI;
  const effort = ownServer ? undefined : pickEffort(family, spec.effort);
  const sampling = !family.reasoning || effort === "none";
  const params: ChatParams = {
    model: spec.model,
    messages: spec.messages,
    ...(effort ? { reasoning_effort: effort as OpenAI.ReasoningEffort } : {}),
    ...(sampling && spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
    ...(spec.maxOutputTokens === undefined
      ? {}
      : ownServer
      ? { max_tokens: spec.maxOutputTokens }
      : { max_completion_tokens: spec.maxOutputTokens }),
    ...(spec.stream ? { stream: true } : {}),
  };
  if (spec.output.type === "json_schema") {
    params.response_format = {
      type: "json_schema",
      json_schema: { name: spec.output.name, strict: true, schema: spec.output.schema },
    };
    if (provider === "openrouter") params.provider = { require_parameters: true };
  } else if (spec.output.type === "json_object") {
    params.response_format = { type: "json_object" };
  }
  return params;
}
