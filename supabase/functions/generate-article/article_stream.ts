import type { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { sseEvent } from "../_shared/http/server_sent_events.ts";
import { type ChunkSource, readUpstream } from "../_shared/ai/chat_stream.ts";
import { type DescribedFailure, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import type { ModelChoice } from "../_shared/ai/provider_target.ts";
import { ARTICLE_STREAM_EVENTS } from "../_shared/contracts/article.ts";
import { PARSE_FAILURE_MESSAGE, parseGeneratedArticle, REFUSAL_MESSAGE } from "../_shared/ai/article_output.ts";
import { checkDraftLanguage } from "../_shared/ai/language_check.ts";
import { articleSlug } from "../_shared/contracts/slug.ts";

export interface ArticleStreamOptions {
  deadline: ProviderDeadline;
  /** Sent before the text (e.g. why the draft is not streamed). */
  note?: string;
  /** The model writing, for messages about it. */
  choice?: ModelChoice;
  describe: (error: unknown) => DescribedFailure;
  logFailure: (error: unknown) => void;
  /** The language the draft was asked in: its slug is made from it and its text checked against it. */
  locale: string;
}

/**
 * Relays the model's stream to the browser as Server-Sent Events (see
 * ARTICLE_STREAM_EVENTS): `note` if there is one, a `delta` per content
 * chunk, then the draft's `language` check and `done` with the validated
 * article (its slug made valid for the language), or `error` with a
 * user-facing message and its problem. An answer cut at the length limit or
 * stopped by the content filter is an `error` (what was sent stays in the
 * form). When the browser goes away the stream is cancelled, which aborts
 * the upstream request. Owns `deadline` and disposes of it.
 */
export function articleEventStream(upstream: ChunkSource, options: ArticleStreamOptions): ReadableStream<Uint8Array> {
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
        if (options.note) send(ARTICLE_STREAM_EVENTS.note, { note: options.note });
        const { content, refusal, finishReason } = await readUpstream(
          upstream,
          (text) => send(ARTICLE_STREAM_EVENTS.delta, { text }),
          PARSE_FAILURE_MESSAGE,
        );
        // The SDK ends the iteration quietly when its request is aborted.
        if (deadline.signal.aborted) throw deadline.signal.reason;
        if (!content.trim() && refusal) {
          throw new ProviderProblemError("refusal", `${REFUSAL_MESSAGE} It said: “${refusal.trim().slice(0, 200)}”`, {
            status: 502,
          });
        }
        if (finishReason === "content_filter") {
          throw new ProviderProblemError(
            "content-filter",
            "The provider's content filter stopped the draft. What arrived is kept; rephrase the idea and try again.",
            { status: 502 },
          );
        }
        if (finishReason === "length") {
          throw new ProviderProblemError(
            "length",
            `The draft was cut off at ${choice?.model ?? "the model"}'s length limit before it was complete. ` +
              "What arrived is kept in the form; shorten the request or choose a model that writes longer answers" +
              (choice ? ` in ${choice.place.label}.` : "."),
            { status: 502, model: choice?.model, fix: choice?.place },
          );
        }
        const article = parseGeneratedArticle(content);
        article.slug = articleSlug(article.slug, article.title, options.locale);
        send(ARTICLE_STREAM_EVENTS.language, checkDraftLanguage(article, options.locale));
        send(ARTICLE_STREAM_EVENTS.done, article);
      } catch (error) {
        if (!deadline.cancelled) {
          options.logFailure(error);
          const failure = options.describe(error);
          send(ARTICLE_STREAM_EVENTS.error, { error: failure.message, problem: failure.problem });
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
