/**
 * Reading a streamed Chat Completions answer, shared by the functions that
 * stream one to the browser (generate-article, edit-selection):
 * - `readUpstream` passes each content delta on and collects the whole
 *   text, with failures while reading classified: a chunk that is not JSON
 *   (the SDK throws a SyntaxError) is unusable output; a connection that
 *   breaks off counts as the provider being unavailable; an error event
 *   (OpenRouter, after its 200) is thrown by the SDK as an APIError without
 *   a status, and an error in a choice (`finish_reason: "error"`) becomes
 *   ProviderResponseError;
 * - OpenAI streams some models only for verified organisations (400
 *   `param: "stream"`, provider-sources.md §1.5): `refusedStreaming` tells
 *   that refusal apart, and `asSingleChunk` relays the whole completion
 *   asked for instead as the one chunk of a stream.
 */
import type OpenAI from "openai";
import { APIConnectionError, APIError, OpenAIError } from "openai";
import { readCompletion } from "./completion.ts";
import { ModelOutputError, ProviderProblemError, ProviderResponseError } from "./provider_errors.ts";

export type ChunkSource = AsyncIterable<OpenAI.Chat.ChatCompletionChunk>;

type Json = Record<string, unknown>;

export interface UpstreamAnswer {
  content: string;
  refusal: string;
  finishReason: string | null;
}

/** The whole streamed answer, each content delta passed to `onDelta` as it arrives (see the top of this file). */
export async function readUpstream(
  upstream: ChunkSource,
  onDelta: (text: string) => void,
  unreadableMessage: string,
): Promise<UpstreamAnswer> {
  let content = "";
  let refusal = "";
  let finishReason: string | null = null;
  try {
    for await (const chunk of upstream) {
      const choice = chunk.choices?.[0] as
        | (OpenAI.Chat.ChatCompletionChunk.Choice & { error?: Json })
        | undefined;
      if ((choice?.finish_reason as string) === "error" || choice?.error) {
        const error = choice?.error ??
          { message: "The provider ended the answer with an error" };
        throw new ProviderResponseError(
          error,
          typeof error.code === "number" ? error.code : undefined,
        );
      }
      const delta = choice?.delta;
      if (delta?.refusal) refusal += delta.refusal;
      if (delta?.content) {
        content += delta.content;
        onDelta(delta.content);
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new ModelOutputError(unreadableMessage);
    }
    if (
      error instanceof OpenAIError || error instanceof ProviderResponseError ||
      error instanceof ProviderProblemError
    ) {
      throw error;
    }
    throw new APIConnectionError({
      message: "The response stream broke off",
      cause: error instanceof Error ? error : undefined,
    });
  }
  return { content, refusal, finishReason };
}

/** OpenAI's 400 for streaming a model an unverified organisation may not stream (provider-sources.md §1.5). */
export function refusedStreaming(error: unknown): boolean {
  return error instanceof APIError && error.status === 400 &&
    error.param === "stream" && /verif/i.test(error.message);
}

/** A whole completion as the one chunk of a stream, so the same relay reads both. */
export async function* asSingleChunk(
  completion: OpenAI.Chat.ChatCompletion,
  label: string,
): ChunkSource {
  const { content, truncated } = readCompletion(completion, label);
  yield {
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
    choices: [{
      index: 0,
      delta: { content },
      finish_reason: truncated ? "length" : "stop",
      logprobs: null,
    }],
  };
}
