import { APIUserAbortError } from "openai";
import { ARTICLE_FAILURE_MESSAGE, parseGeneratedArticle } from "../_shared/ai/article_output.ts";
import { type ArticleSource, buildArticleMessages } from "../_shared/ai/article_prompt.ts";
import type { AssistantSettings } from "../_shared/ai/assistants.ts";
import { completeJson, type JsonAnswer, type JsonCompletionSpec } from "../_shared/ai/completion.ts";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { describeProviderFailure, ModelOutputError, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import type { ModelChoice, ProviderTarget } from "../_shared/ai/provider_target.ts";
import { sanitizeArticleHtml } from "../_shared/html/sanitize_article_html.ts";
import {
  ARTICLE_SCHEMA_NAME,
  type GeneratedArticle,
  generatedArticleJsonSchema,
} from "../_shared/contracts/article.ts";
import { ARTICLE_LIMIT_MESSAGES, ARTICLE_LIMITS } from "../_shared/contracts/text_limits.ts";
import { mergeGenerationSettings } from "../_shared/contracts/generation_settings.ts";
import { resolveLocale } from "../_shared/contracts/locales.ts";
import { articleSlug } from "../_shared/contracts/slug.ts";
import { checkDraftLanguage } from "../_shared/ai/language_check.ts";
import { buildOutlineMessages, OUTLINE_MAX_OUTPUT_TOKENS, parseOutline } from "../_shared/ai/outline_output.ts";
import { OUTLINE_SCHEMA_NAME, outlineJsonSchema } from "../_shared/contracts/outline.ts";
import type { ClaimedDraftJob, DraftFields } from "./queue_store.ts";

export interface DraftRequest {
  /** The user's provider, with their key. */
  target: ProviderTarget;
  /** The model (the assistant's own, or the user's drafting model) and where it is chosen. */
  model: ModelChoice;
  assistant: AssistantSettings;
  job: ClaimedDraftJob;
  /** Blocks appended to the request: the user's own posts to link to (internalLinksContext). */
  context: readonly string[];
  /** Per request (the SDK's own time-out). */
  timeoutMs: number;
  /** Aborts the call (the run's deadline). */
  signal: AbortSignal;
}

/** The language of the job's draft: the batch's, else the assistant's, else English. */
export function draftLocale(job: ClaimedDraftJob, assistant: AssistantSettings): string {
  return resolveLocale({ article: job.locale, assistant: assistant.locale });
}

/** What the job asks the model for; also what its internal links are ranked by. */
export function articleSource(job: ClaimedDraftJob): ArticleSource {
  return { idea: job.idea, brief: { focusKeyword: job.focusKeyword, categories: job.categories, tags: job.tags } };
}

/** Thrown when our own deadline stopped the call: the provider took too long. */
export class DraftTimedOut extends Error {}

/**
 * One model call of a job: no SDK retries (a refused attempt goes back to
 * the queue with a back-off instead of holding the run), and the run's
 * deadline (`signal`) turned into DraftTimedOut.
 */
async function completeJobCall(
  { target, timeoutMs, signal }: Pick<DraftRequest, "target" | "timeoutMs" | "signal">,
  spec: JsonCompletionSpec,
): Promise<JsonAnswer> {
  try {
    return await completeJson(createOpenAIClient(target, timeoutMs), target, spec, { signal, maxRetries: 0 });
  } catch (error) {
    if (signal.aborted || error instanceof APIUserAbortError) throw new DraftTimedOut("The provider call timed out");
    throw error;
  }
}

/**
 * The model's article for the job's idea: one non-streamed request (nobody
 * watches it being written) with generate-article's structured output and
 * its fallbacks (completion.ts). Throws the provider's errors,
 * ProviderProblemError (refusal, content filter, an answer cut at the length
 * limit, unusable output) or DraftTimedOut.
 */
export async function draftArticle({ target, model, assistant, job, context, timeoutMs, signal }: DraftRequest): Promise<GeneratedArticle> {
  const answer = await completeJobCall({ target, timeoutMs, signal }, {
    model: model.model,
    messages: buildArticleMessages(assistant.instructions, {
      ...articleSource(job),
      context,
      locale: draftLocale(job, assistant),
      settings: mergeGenerationSettings(assistant.settings, job.settings),
      outline: job.outline,
    }),
    schema: { name: ARTICLE_SCHEMA_NAME, schema: generatedArticleJsonSchema },
    effort: ["low", "minimal", "medium"],
  });
  if (answer.truncated) {
    throw new ProviderProblemError(
      "length",
      `The draft was cut off at ${model.model}'s length limit before it was complete. ` +
        `Shorten the idea, or choose a model that writes longer answers in ${model.place.label}, then use Retry failed.`,
      { status: 502, model: model.model, fix: model.place },
    );
  }
  return parseGeneratedArticle(answer.content);
}

/**
 * The headings the model proposes for the job's idea, for the owner to review
 * (a batch with outline review): propose-outline's request and reading, with
 * the job's language and settings. Throws like draftArticle.
 */
export async function proposeOutline(
  { target, model, assistant, job, timeoutMs, signal }: Omit<DraftRequest, "context">,
): Promise<string[]> {
  const answer = await completeJobCall({ target, timeoutMs, signal }, {
    model: model.model,
    messages: buildOutlineMessages(assistant.instructions, {
      idea: job.idea,
      locale: draftLocale(job, assistant),
      settings: mergeGenerationSettings(assistant.settings, job.settings),
    }),
    schema: { name: OUTLINE_SCHEMA_NAME, schema: outlineJsonSchema },
    effort: ["low", "minimal", "medium"],
    maxOutputTokens: OUTLINE_MAX_OUTPUT_TOKENS,
  });
  return parseOutline(answer).headings;
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
 * limits. The slug is made valid for `locale`, and the text's language
 * checked against it (a mismatch holds the draft in review, in the database).
 */
export function draftFields(article: GeneratedArticle, job: ClaimedDraftJob, locale: string): DraftFields {
  const content = sanitizeArticleHtml(article.content);
  if (!content.trim()) throw new ModelOutputError(EMPTY_WHEN_SANITISED);
  if (content.length > ARTICLE_LIMITS.content) throw new ModelOutputError(ARTICLE_LIMIT_MESSAGES.content);
  if (article.title.length > ARTICLE_LIMITS.title) throw new ModelOutputError(ARTICLE_LIMIT_MESSAGES.title);
  const language = checkDraftLanguage({ title: article.title, content }, locale);
  return {
    title: article.title,
    content,
    excerpt: clip(article.excerpt, ARTICLE_LIMITS.excerpt),
    metaDescription: clip(article.meta_description, ARTICLE_LIMITS.metaDescription),
    focusKeyword: job.focusKeyword || clip(article.focus_keyword, ARTICLE_LIMITS.focusKeyword),
    slug: clip(articleSlug(article.slug, article.title, locale), ARTICLE_LIMITS.slug).replace(/-+$/, ""),
    categories: job.categories.length ? job.categories : terms(article.category, ARTICLE_LIMITS.categories),
    tags: job.tags.length ? job.tags : terms(article.tags, ARTICLE_LIMITS.tags),
    locale,
    detectedLocale: language.detected === "und" ? null : language.detected,
    languageMismatch: language.mismatch,
  };
}

/** What a failed attempt means: try again (not before `retryAfterSeconds` from the provider), or stop. */
export interface DraftFailure {
  retryable: boolean;
  /** For the user: the cause and the fix (provider_errors.ts), never the key. */
  reason: string;
  /** The provider's own wait, when it said one. */
  retryAfterSeconds?: number;
  /** The provider refused the user's key for its rate limit (429): their other jobs wait too. */
  rateLimited?: boolean;
}

/**
 * Only rate limits and outages (time-outs and broken connections included)
 * are worth another attempt; everything else — a refused key, no credit, a
 * missing model, a refusal, an answer cut at the length limit, an unusable
 * answer — would fail the same way again, so the job ends at once with the
 * reason.
 */
export function classifyDraftFailure(error: unknown, target: ProviderTarget, model?: ModelChoice): DraftFailure {
  if (error instanceof DraftTimedOut) {
    return { retryable: true, reason: `${target.label} did not answer in time.` };
  }
  const failure = describeProviderFailure(error, {
    provider: target.provider,
    providerLabel: target.label,
    model: model?.model,
    modelPlace: model?.place,
    operationLabel: model?.operationLabel,
    apiKey: target.apiKey,
    fallbackMessage: ARTICLE_FAILURE_MESSAGE,
  });
  return {
    retryable: failure.retryable,
    reason: failure.message,
    ...(failure.problem.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.problem.retryAfterSeconds }),
    ...(failure.problem.kind === "rate-limited" ? { rateLimited: true } : {}),
  };
}
