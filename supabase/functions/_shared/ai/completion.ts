/**
 * One non-streamed Chat Completions call for a JSON answer, and the checks
 * every completion's answer gets:
 * - OpenRouter reports upstream failures inside an HTTP 200, as
 *   `choices[0].finish_reason: "error"` with `choices[0].error` (or a top-level
 *   `error`); the SDK does not throw for those (provider-sources.md §2.4), so
 *   they become ProviderResponseError here;
 * - `message.refusal` (structured outputs' safety refusal) and
 *   `finish_reason: "content_filter"` become their problems (openai-node
 *   completions.ts: `refusal`, `finish_reason`);
 * - `finish_reason: "length"` is returned as `truncated` with what arrived,
 *   for the caller to keep what it can.
 * Structured output: strict json_schema first; a provider that refuses it
 * (400 naming response_format / json_schema, LM Studio's "must be
 * 'json_schema' or 'text'", OpenRouter's 404 `constraint_filtered` when no
 * endpoint honours it) is asked again with json_object, then with plain
 * text, and the caller reads the answer leniently (json_candidates.ts).
 */
import type OpenAI from "openai";
import { APIConnectionError, APIError, APIUserAbortError, OpenAIError } from "openai";
import { buildChatRequest, type ChatRequestSpec, type OutputFormat } from "./chat_request.ts";
import { ModelOutputError, ProviderProblemError, ProviderResponseError } from "./provider_errors.ts";
import type { ProviderTarget } from "./provider_target.ts";

export interface ReadAnswer {
  content: string;
  /** finish_reason "length": the answer stopped at the token limit; `content` is what arrived. */
  truncated: boolean;
}

type Json = Record<string, unknown>;

/** The refusal text, clipped, for messages. */
export function refusalMessage(refusal: string): string {
  const flat = refusal.replace(/\s+/g, " ").trim();
  const clipped = flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
  return clipped ? `The model declined the request: “${clipped}”` : "The model declined the request.";
}

/** The answer of a non-streamed completion, after the checks at the top of this file. */
export function readCompletion(completion: OpenAI.Chat.ChatCompletion, providerLabel: string): ReadAnswer {
  const raw = completion as unknown as Json;
  const topError = raw.error as Json | undefined;
  if (topError && typeof topError === "object") {
    throw new ProviderResponseError(topError, typeof topError.code === "number" ? topError.code : undefined);
  }
  const choice = completion.choices?.[0] as (OpenAI.Chat.ChatCompletion.Choice & { error?: Json }) | undefined;
  if (!choice) throw new ModelOutputError(`${providerLabel} answered without a message.`);
  if ((choice.finish_reason as string) === "error" || choice.error) {
    const error = choice.error ?? { message: "The provider ended the answer with an error" };
    throw new ProviderResponseError(error, typeof error.code === "number" ? error.code : undefined);
  }
  const content = choice.message?.content ?? "";
  const refusal = choice.message?.refusal;
  if (!content.trim() && refusal) throw new ProviderProblemError("refusal", refusalMessage(refusal), { status: 502 });
  if (choice.finish_reason === "content_filter") {
    throw new ProviderProblemError(
      "content-filter",
      `${providerLabel}'s content filter stopped the answer. Rephrase the request and try again.`,
      { status: 502 },
    );
  }
  return { content, truncated: choice.finish_reason === "length" };
}

/** True when the provider refused the requested response_format itself (not the request in general). */
export function refusedOutputFormat(error: unknown): boolean {
  if (!(error instanceof APIError)) return false;
  const body = (error.error && typeof error.error === "object" ? error.error : {}) as Json;
  const availability = (body.availability as Json | undefined)?.code;
  if (error.status === 404 && availability === "constraint_filtered") return true;
  if (error.status !== 400) return false;
  if (body.param === "response_format") return true;
  const text = `${error.message} ${typeof error.error === "string" ? error.error : ""}`;
  return /response_format|json_schema|json_object|structured output/i.test(text) && !/Invalid schema/i.test(text);
}

export interface JsonCompletionSpec extends Omit<ChatRequestSpec, "output" | "stream"> {
  schema: { name: string; schema: Record<string, unknown> };
}

export interface JsonAnswer extends ReadAnswer {
  /** How the answer was asked for: strict json_schema unless the provider refused it. */
  format: OutputFormat["type"];
}

/** One JSON answer, with the json_object and text fallbacks described at the top of this file. */
export async function completeJson(
  client: OpenAI,
  target: ProviderTarget,
  spec: JsonCompletionSpec,
  options: { signal: AbortSignal; maxRetries?: number },
): Promise<JsonAnswer> {
  const formats: OutputFormat[] = [
    { type: "json_schema", ...spec.schema },
    { type: "json_object" },
    { type: "text" },
  ];
  for (const [index, output] of formats.entries()) {
    const params = buildChatRequest(target.provider, { ...spec, output, stream: false });
    try {
      const completion = await client.chat.completions.create(
        params as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
        { signal: options.signal, ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }) },
      );
      return { ...readCompletion(completion, target.label), format: output.type };
    } catch (error) {
      if (index < formats.length - 1 && refusedOutputFormat(error)) continue;
      throw readingFailure(error, target.label);
    }
  }
  throw new Error("unreachable");
}

/**
 * Errors of reading the answer made comparable: a body that is not JSON
 * (the SDK's JSON.parse) is unusable output; a body that breaks off while
 * it is read is the connection failing. Everything else passes unchanged.
 */
function readingFailure(error: unknown, providerLabel: string): unknown {
  if (error instanceof SyntaxError) return new ModelOutputError(`${providerLabel} answered with a body that is not JSON.`);
  if (
    error instanceof OpenAIError || error instanceof APIUserAbortError || error instanceof ProviderProblemError ||
    error instanceof ProviderResponseError || !(error instanceof TypeError)
  ) {
    return error;
  }
  return new APIConnectionError({ message: "The response broke off", cause: error });
}
