import type OpenAI from "openai";
import { APIConnectionError, OpenAIError } from "openai";
import { type ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { describeProviderFailure, ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { ARTICLE_STREAM_EVENTS } from "../_shared/contracts/article.ts";
import { sseEvent } from "../_shared/http/server_sent_events.ts";
import {
  ARTICLE_FAILURE_MESSAGE,
  PARSE_FAILURE_MESSAGE,
  parseGeneratedArticle,
  REFUSAL_MESSAGE,
} from "../_shared/ai/article_output.ts";

/**
 * Passes each content delta on and collects the whole text. Failures while
 * reading are classified: a chunk that is not JSON (the SDK throws a
 * SyntaxError) is unusable output; a connection that breaks off counts as
 * the provider being unavailable.
 */
async function readUpstream(
  upstream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>,
  onDelta: (text: string) => void,
): Promise<{ content: string; refusal: string }> {
  let content = "";
  let refusal = "";
  try {
    for await (const chunk of upstream) {
      const delta = chunk.choices[0]?.delta;
      if (delta?.refusal) refusal += delta.refusal;
      if (delta?.content) {
        content += delta.content;
        onDelta(delta.content);
      }
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new ModelOutputError(PARSE_FAILURE_MESSAGE);
    if (error instanceof OpenAIError) throw error;
    throw new APIConnectionError({
      message: "The response stream broke off",
      cause: error instanceof Error ? error : undefined,
    });
  }
  return { content, refusal };
}

/**
 * Relays the model's stream to the browser as Server-Sent Events (see
 * ARTICLE_STREAM_EVENTS): a `delta` per content chunk, then `done` with the
 * validated article or `error` with a user-facing message. When the browser
 * goes away the stream is cancelled, which aborts the upstream request.
 * Owns `deadline` and disposes of it.
 */
export function articleEventStream(
  upstream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>,
  deadline: ProviderDeadline,
  logFailure: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (name: string, data: unknown) => {
        if (deadline.cancelled) return;
        try {
          controller.enqueue(sseEvent(name, data));
        } catch {
          // The browser closed the stream between the check and the write.
        }
      };
      try {
        const { content, refusal } = await readUpstream(
          upstream,
          (text) => send(ARTICLE_STREAM_EVENTS.delta, { text }),
        );
        // The SDK ends the iteration quietly when its request is aborted.
        if (deadline.signal.aborted) throw deadline.signal.reason;
        if (!content.trim() && refusal) throw new ModelOutputError(REFUSAL_MESSAGE);
        send(ARTICLE_STREAM_EVENTS.done, parseGeneratedArticle(content));
      } catch (error) {
        if (!deadline.cancelled) {
          logFailure(error);
          send(ARTICLE_STREAM_EVENTS.error, {
            error: describeProviderFailure(error, deadline, ARTICLE_FAILURE_MESSAGE).message,
          });
        }
      } finally {
        deadline.dispose();
        try {
          controller.close();
        } catch {
          // Already cancelled by the browser.
        }
      }
    },
    cancel() {
      deadline.cancel();
    },
  });
}
