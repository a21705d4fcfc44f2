/**
 * One bulk draft: the model call (the Chat Completions request and the
 * structured output of generate-article, without streaming: nobody watches
 * it being written), the article as it is stored (sanitised as save-article
 * sanitises, within the articles' limits, the idea's own focus keyword,
 * categories and tags winning over the model's), and what a failure means
 * for the job: retry later, or give up with a reason the user can read.
 */
import { APIConnectionError, APIError, APIUserAbortError, OpenAIError } from "openai";
import {
  ARTICLE_FAILURE_MESSAGE,
  PARSE_FAILURE_MESSAGE,
  parseGeneratedArticle,
  REFUSAL_MESSAGE,
} from "../_shared/ai/article_output.ts";
import { type ArticleSource, buildArticleMessages } from "../_shared/ai/article_prompt.ts";
import type { AssistantSettings } from "../_shared/ai/assistants.ts";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import type { OpenAISettings } from "../_shared/ai/openai_settings.ts";
import { ModelOutputError, PROVIDER_MESSAGES } from "../_shared/ai/provider_failure.ts";
import { sanitizeArticleHtml } from "../_shared/html/sanitize_article_html.ts";
import {
  ARTICLE_SCHEMA_NAME,
  type GeneratedArticle,
  generatedArticleJsonSchema,
} from "../_shared/contracts/article.ts";
import { ARTICLE_LIMIT_MESSAGES, ARTICLE_LIMITS } from "../_shared/contracts/text_limits.ts";
import type { ClaimedDraftJob, DraftFields } from "./queue_store.ts";

export interface DraftRequest {
  apiKey: string;
  assistant: AssistantSettings;
  job: ClaimedDraftJob;
  settings: OpenAISettings;
  /** Blocks appended to the request: the user's own posts to link to (internalLinksContext). */
  context: readonly string[];
  /** Aborts the call (the run's deadline). */
  signal: AbortSignal;
}

/** What the job asks the model for; also what its internal links are ranked by. */
export function articleSource(job: ClaimedDraftJob): ArticleSource {
  return { idea: job.idea, brief: { focusKeyword: job.focusKeyword, categories: job.categories, tags: job.tags } };
}

/** Thrown when our own deadline stopped the call: the provider took too long. */
export class DraftTimedOut extends Error {}

/** The model's article for the job's idea. Throws the provider's errors, ModelOutputError or DraftTimedOut. */
export async function draftArticle({ apiKey, assistant, job, settings, context, signal }: DraftRequest): Promise<GeneratedArticle> {
  let completion;
  try {
    // No SDK retries: a refused attempt goes back to the queue with a back-off
    // instead of holding the run.
    completion = await createOpenAIClient(apiKey, settings).chat.completions.create(
      {
        model: assistant.model?.trim() || settings.defaultModel,
        messages: buildArticleMessages(assistant.instructions, { ...articleSource(job), context }),
        response_format: {
          type: "json_schema",
          json_schema: { name: ARTICLE_SCHEMA_NAME, strict: true, schema: generatedArticleJsonSchema },
        },
      },
      { signal, maxRetries: 0 },
    );
  } catch (error) {
    if (signal.aborted || error instanceof APIUserAbortError) throw new DraftTimedOut("The provider call timed out");
    // A body that is not JSON: the SDK's JSON.parse fails.
    if (error instanceof SyntaxError) throw new ModelOutputError(PARSE_FAILURE_MESSAGE);
    if (error instanceof OpenAIError) throw error;
    // Reading the body failed: the connection broke off.
    throw new APIConnectionError({
      message: "The response broke off",
      cause: error instanceof Error ? error : undefined,
    });
  }
  const message = completion.choices[0]?.message;
  if (!message?.content?.trim() && message?.refusal) throw new ModelOutputError(REFUSAL_MESSAGE);
  return parseGeneratedArticle(message?.content ?? "");
}

export const EMPTY_WHEN_SANITISED = "The draft had no content left once unsafe HTML was removed";

const clip = (text: string, maxLength: number) => (text.length > maxLength ? text.slice(0, maxLength).trimEnd() : text);

/** "a, b, ,a" → ["a", "b"], at most `count` items of at most `itemLength` characters. */
function terms(commaSeparated: string, limits: { count: number; itemLength: number }): string[] {
  const items = commaSeparated.split(",").map((item) => clip(item.trim(), limits.itemLength)).filter(Boolean);
  return [...new Set(items)].slice(0, limits.count);
}

/**
 * The row to store. The content is sanitised with save-article's allow-list;
 * a title or content over the limits, or content that sanitising empties, is
 * unusable output (ModelOutputError); the other fields are cut to their
 * limits.
 */
export function draftFields(article: GeneratedArticle, job: ClaimedDraftJob): DraftFields {
  const content = sanitizeArticleHtml(article.content);
  if (!content.trim()) throw new ModelOutputError(EMPTY_WHEN_SANITISED);
  if (content.length > ARTICLE_LIMITS.content) throw new ModelOutputError(ARTICLE_LIMIT_MESSAGES.content);
  if (article.title.length > ARTICLE_LIMITS.title) throw new ModelOutputError(ARTICLE_LIMIT_MESSAGES.title);
  return {
    title: article.title,
    content,
    excerpt: clip(article.excerpt, ARTICLE_LIMITS.excerpt),
    metaDescription: clip(article.meta_description, ARTICLE_LIMITS.metaDescription),
    focusKeyword: job.focusKeyword || clip(article.focus_keyword, ARTICLE_LIMITS.focusKeyword),
    slug: clip(article.slug, ARTICLE_LIMITS.slug),
    categories: job.categories.length ? job.categories : terms(article.category, ARTICLE_LIMITS.categories),
    tags: job.tags.length ? job.tags : terms(article.tags, ARTICLE_LIMITS.tags),
  };
}

/** What a failed attempt means: try again (not before `retryAfterSeconds` from the provider), or stop. */
export interface DraftFailure {
  retryable: boolean;
  /** For the user; never the provider's text (it can quote the key). */
  reason: string;
  /** The provider's own Retry-After, when it sent one. */
  retryAfterSeconds?: number;
  /** The provider refused the user's key for its rate limit (429): their other jobs wait too. */
  rateLimited?: boolean;
}

function providerRetryAfter(error: APIError): number | undefined {
  const headers = error.headers;
  const milliseconds = Number(headers?.get("retry-after-ms"));
  if (Number.isFinite(milliseconds) && milliseconds > 0) return Math.ceil(milliseconds / 1000);
  const seconds = Number(headers?.get("retry-after"));
  if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  return undefined;
}

/**
 * Rate limits, outages, time-outs and unusable answers are worth another
 * attempt; a refused key, a refused request or the model declining are not
 * (the same request would fail the same way).
 */
export function classifyDraftFailure(error: unknown): DraftFailure {
  if (error instanceof DraftTimedOut) return { retryable: true, reason: PROVIDER_MESSAGES.timedOut };
  if (error instanceof ModelOutputError) return { retryable: error.message !== REFUSAL_MESSAGE, reason: error.message };
  if (error instanceof APIConnectionError) return { retryable: true, reason: PROVIDER_MESSAGES.unavailable };
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 401) return { retryable: false, reason: PROVIDER_MESSAGES.invalidKey };
    if (status === 429) {
      return {
        retryable: true,
        reason: PROVIDER_MESSAGES.rateLimited,
        retryAfterSeconds: providerRetryAfter(error),
        rateLimited: true,
      };
    }
    if (status >= 500 || status === 408 || status === 409) {
      return { retryable: true, reason: PROVIDER_MESSAGES.unavailable, retryAfterSeconds: providerRetryAfter(error) };
    }
    return { retryable: false, reason: `The AI provider refused the request (HTTP ${status}).` };
  }
  return { retryable: true, reason: ARTICLE_FAILURE_MESSAGE };
}
