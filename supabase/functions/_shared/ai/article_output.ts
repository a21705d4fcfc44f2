/**
 * The model's article as text → the validated GeneratedArticle, and the
 * spec's messages for the ways that fails. Shared by generate-article (one
 * streamed draft) and draft-batch-worker (bulk drafts).
 */
import { type GeneratedArticle, generatedArticleSchema } from "../contracts/article.ts";
import { jsonCandidates } from "./json_candidates.ts";
import { ModelOutputError } from "./provider_errors.ts";

/** Shown when a failure has no more specific message (spec §8). */
export const ARTICLE_FAILURE_MESSAGE = "Failed to generate content";
export const EMPTY_RESPONSE_MESSAGE = "Empty response from OpenAI";
export const PARSE_FAILURE_MESSAGE = "Failed to parse response from OpenAI";
export const REFUSAL_MESSAGE = "The AI model declined to write this article.";

/** The model's complete JSON text, validated; throws ModelOutputError with the spec's message. */
export function parseGeneratedArticle(content: string): GeneratedArticle {
  if (!content.trim()) throw new ModelOutputError(EMPTY_RESPONSE_MESSAGE);
  for (const candidate of jsonCandidates(content, "object")) {
    const parsed = generatedArticleSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  throw new ModelOutputError(PARSE_FAILURE_MESSAGE);
}
