/**
 * edit-selection: POST an EditSelectionRequest (a passage of an article and
 * rewrite, shorten, expand, change-tone with a tone, or translate with a
 * language) → 200 text/event-stream (SELECTION_STREAM_EVENTS): the model's
 * answer as it is written, then the whole suggestion, sanitised with the
 * article allow-list. Same provider, model (the user's drafting model),
 * rate limit and errors as drafting (_shared/ai/text_function.ts): failures
 * before the model starts answering are JSON `{ error, problem }` with
 * 400 input (the field named, e.g. "tone: Choose a tone: …"), key or model,
 * 401, 405, 413, 429, 502/504 provider, the provider's own reason in the
 * message (provider_errors.ts); 404 'Article not found' for an `articleId`
 * that is not one of the caller's. Acts as the caller: it reads the
 * article's language through row-level security and writes nothing (the
 * editor replaces the selection when the person accepts).
 */
import type OpenAI from "openai";
import type { FindArticleLanguage } from "../_shared/ai/article_language.ts";
import { asSingleChunk, type ChunkSource, readUpstream, refusedStreaming } from "../_shared/ai/chat_stream.ts";
import { buildChatRequest } from "../_shared/ai/chat_request.ts";
import { refusalMessage } from "../_shared/ai/completion.ts";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import {
  type DescribedFailure,
  describeProviderFailure,
  logProviderFailure,
  ModelOutputError,
  ProviderProblemError,
} from "../_shared/ai/provider_errors.ts";
import { type ModelChoice, modelFor, type ProviderTarget } from "../_shared/ai/provider_target.ts";
import { buildSelectionMessages } from "../_shared/ai/selection_prompt.ts";
import { defineTextFunction, failureResponse, type TextFunctionDeps } from "../_shared/ai/text_function.ts";
import {
  editSelectionRequestSchema,
  SELECTION_EDIT_FAILURE,
  SELECTION_EDIT_MESSAGES,
  SELECTION_STREAM_EVENTS,
} from "../_shared/contracts/selection_edit.ts";
import { sanitizeArticleHtml } from "../_shared/html/sanitize_article_html.ts";
import { errorResponse } from "../_shared/http/responses.ts";
import { sseEvent } from "../_shared/http/server_sent_events.ts";

/** A selection of SELECTION_MAX_LENGTH characters fits with room for multi-byte text. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Asked for when the model is a reasoning one: an edit of a passage needs little thought. */
const EDITING_EFFORT = ["minimal", "low", "medium"] as const;

export interface EditSelectionDeps extends TextFunctionDeps {
  findArticleLanguage: FindArticleLanguage;
}

export function createHandler(deps: EditSelectionDeps): (req: Request) => Promise<Response> {
  return defineTextFunction(deps, {
    name: "edit-selection",
    schema: editSelectionRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: SELECTION_EDIT_FAILURE,
    // Read while the provider is read; a missing article is a 404 before the rate limit is spent.
    async prepare({ input }) {
      if (!input.articleId) return { articleLocale: null };
      const articleLocale = await deps.findArticleLanguage(input.articleId);
      return articleLocale === undefined ? errorResponse(404, SELECTION_EDIT_MESSAGES.article) : { articleLocale };
    },
    handle: ({ req, input, target, prepared }) =>
      streamSelectionEdit(req, deps, target, buildSelectionMessages(input, prepared.articleLocale)),
  });
}

/** The answer without a code fence around it (models add one although asked not to). */
export function suggestionOf(answer: string): string {
  const fenced = /^\s*```[a-z]*\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(answer);
  return sanitizeArticleHtml((fenced ? fenced[1] : answer).trim());
}

async function streamSelectionEdit(
  req: Request,
  deps: EditSelectionDeps,
  target: ProviderTarget,
  messages: OpenAI.Chat.ChatCompletionMessageParam[],
): Promise<Response> {
  const deadline = new ProviderDeadline(req.signal, deps.deployment.timeoutMs);
  const logFailure = (error: unknown) => logProviderFailure("edit-selection", error, target.apiKey);
  let choice: ModelChoice | undefined;
  const describe = (error: unknown) =>
    describeProviderFailure(error, {
      provider: target.provider,
      providerLabel: target.label,
      model: choice?.model,
      modelPlace: choice?.place,
      operationLabel: choice?.operationLabel,
      deadline,
      apiKey: target.apiKey,
      fallbackMessage: SELECTION_EDIT_FAILURE,
    });
  let upstream: ChunkSource;
  try {
    choice = modelFor(target, "drafting");
    const client = createOpenAIClient(target, deps.deployment.timeoutMs);
    const request = (stream: boolean) =>
      buildChatRequest(target.provider, {
        model: choice!.model,
        messages,
        output: { type: "text" },
        effort: EDITING_EFFORT,
        stream,
      });
    try {
      // Resolves once the provider has answered with headers, so refusals
      // (bad key, rate limit, outage) are ordinary JSON errors.
      upstream = await client.chat.completions.create(
        request(true) as OpenAI.Chat.ChatCompletionCreateParamsStreaming,
        { signal: deadline.signal },
      );
    } catch (error) {
      if (!refusedStreaming(error)) throw error;
      const completion = await client.chat.completions.create(
        request(false) as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
        { signal: deadline.signal },
      );
      upstream = asSingleChunk(completion, target.label);
    }
  } catch (error) {
    deadline.dispose();
    if (!deadline.cancelled) logFailure(error);
    return failureResponse(describe(error));
  }
  return new Response(
    selectionEventStream(upstream!, { deadline, choice, describe, logFailure }),
    {
      headers: {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
      },
    },
  );
}

interface SelectionStreamOptions {
  deadline: ProviderDeadline;
  choice?: ModelChoice;
  describe: (error: unknown) => DescribedFailure;
  logFailure: (error: unknown) => void;
}

/**
 * Relays the answer as `delta` events, then `done` with the whole
 * suggestion, or `error` (an answer cut at the length limit, stopped by the
 * content filter, refused or empty is an error: half a passage is no
 * suggestion). When the browser goes away the upstream request is aborted.
 * Owns `deadline` and disposes of it.
 */
function selectionEventStream(
  upstream: ChunkSource,
  options: SelectionStreamOptions,
): ReadableStream<Uint8Array> {
  const { deadline, choice } = options;
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
        const { content, refusal, finishReason } = await readUpstream(
          upstream,
          (text) => send(SELECTION_STREAM_EVENTS.delta, { text }),
          SELECTION_EDIT_FAILURE,
        );
        if (deadline.signal.aborted) throw deadline.signal.reason;
        if (!content.trim() && refusal) {
          throw new ProviderProblemError("refusal", refusalMessage(refusal), {
            status: 502,
          });
        }
        if (finishReason === "content_filter") {
          throw new ProviderProblemError(
            "content-filter",
            "The provider's content filter stopped the suggestion. Select other text or try another action.",
            { status: 502 },
          );
        }
        if (finishReason === "length") {
          throw new ProviderProblemError(
            "length",
            `The suggestion was cut off at ${choice?.model ?? "the model"}'s length limit. ` +
              "Select a shorter passage, or choose a model that writes longer answers" +
              (choice ? ` in ${choice.place.label}.` : "."),
            { status: 502, model: choice?.model, fix: choice?.place },
          );
        }
        const text = suggestionOf(content);
        if (!text) {
          throw new ModelOutputError(
            "The model answered without a suggestion. Please try again.",
          );
        }
        send(SELECTION_STREAM_EVENTS.done, { text });
      } catch (error) {
        if (!deadline.cancelled) {
          options.logFailure(error);
          const failure = options.describe(error);
          send(SELECTION_STREAM_EVENTS.error, {
            error: failure.message,
            problem: failure.problem,
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
