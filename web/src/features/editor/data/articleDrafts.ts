import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import {
  ARTICLE_STREAM_EVENTS,
  articleDeltaEventSchema,
  articleErrorEventSchema,
  articleLanguageEventSchema,
  articleNoteEventSchema,
  extractPartialArticle,
  generatedArticleSchema,
  type GeneratedArticle,
  type GenerateArticleRequest,
} from "@contracts/article";
import type { DraftLanguageCheck } from "@contracts/locales";
import { failureFromBody, readFunctionError, type RequestFailure } from "../../../backend/functionErrors";
import { eventJson, readServerSentEvents } from "../../../backend/serverSentEvents";
import { supabase } from "../../../backend/supabase";

export type { GeneratedArticle, GenerateArticleRequest };

/** Spec §8: shown when a failure carries no message of its own. */
export const GENERATE_CONTENT_FAILURE = "Failed to generate content";

/** A failed call: the function's JSON `{ error, problem }` (the cause and where it is fixed), else the fallback. */
async function failure(error: unknown): Promise<RequestFailure> {
  return failureFromBody((await readFunctionError(error)) ?? {}, GENERATE_CONTENT_FAILURE);
}

/** The caller stopped the generation (its AbortSignal fired). */
export class DraftAbortedError extends Error {
  constructor() {
    super("The article generation was stopped");
    this.name = "DraftAbortedError";
  }
}

export type DraftOptions = {
  signal: AbortSignal;
  /** Called after each piece of text with every field readable so far. */
  onProgress: (partial: Partial<GeneratedArticle>) => void;
  /** Called with what the user should know about how the draft is written (e.g. not streamed, and why). */
  onNote?: (note: string) => void;
  /** Called with the finished draft's language check, just before it is returned. */
  onLanguage?: (check: DraftLanguageCheck) => void;
};

/**
 * Drafts an article with the `generate-article` function, streaming: the
 * model's JSON text arrives in `delta` events and is read field by field as
 * it grows; `done` carries the validated article, which is returned.
 * Throws `DraftAbortedError` when `signal` fires, else a RequestFailure with
 * the message to show (the server's, naming the cause and where it is fixed,
 * or GENERATE_CONTENT_FAILURE). Deltas that cannot be read are skipped; the
 * final article comes from `done` alone.
 */
export async function streamArticleDraft(
  request: GenerateArticleRequest,
  { signal, onProgress, onNote, onLanguage }: DraftOptions,
): Promise<GeneratedArticle> {
  const { data, error } = await supabase.functions.invoke<Response>("generate-article", { body: request, signal });
  if (signal.aborted) throw new DraftAbortedError();
  if (error) {
    if (!(error instanceof FunctionsHttpError || error instanceof FunctionsFetchError)) console.error(error);
    throw await failure(error);
  }
  if (!(data instanceof Response) || !data.body) throw new Error(GENERATE_CONTENT_FAILURE);

  let text = "";
  let outcome: { article: GeneratedArticle } | { failure: RequestFailure } | undefined;
  try {
    for await (const { event, data: payload } of readServerSentEvents(data.body)) {
      if (event === ARTICLE_STREAM_EVENTS.note) {
        const note = articleNoteEventSchema.safeParse(eventJson(payload));
        if (note.success) onNote?.(note.data.note);
      } else if (event === ARTICLE_STREAM_EVENTS.delta) {
        const delta = articleDeltaEventSchema.safeParse(eventJson(payload));
        if (!delta.success) continue;
        text += delta.data.text;
        onProgress(extractPartialArticle(text));
      } else if (event === ARTICLE_STREAM_EVENTS.language) {
        const check = articleLanguageEventSchema.safeParse(eventJson(payload));
        if (check.success) onLanguage?.(check.data);
      } else if (event === ARTICLE_STREAM_EVENTS.done) {
        const article = generatedArticleSchema.safeParse(eventJson(payload));
        outcome = article.success
          ? { article: article.data }
          : { failure: failureFromBody({}, GENERATE_CONTENT_FAILURE) };
        break;
      } else if (event === ARTICLE_STREAM_EVENTS.error) {
        const parsed = articleErrorEventSchema.safeParse(eventJson(payload));
        outcome = { failure: failureFromBody(parsed.success ? parsed.data : {}, GENERATE_CONTENT_FAILURE) };
        break;
      }
    }
  } catch {
    // Reading broke off: the connection failed, or the caller aborted.
  }
  if (signal.aborted) throw new DraftAbortedError();
  if (outcome && "article" in outcome) return outcome.article;
  // No `done` and no `error`: the stream ended early or could not be read.
  throw outcome?.failure ?? failureFromBody({}, GENERATE_CONTENT_FAILURE);
}
