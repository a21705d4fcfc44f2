import { createJsonCompletionHandler } from "../_shared/ai/json_completion_function.ts";
import { keywordsRequestSchema } from "../_shared/contracts/keywords.ts";
import {
  buildKeywordMessages,
  KEYWORDS_FAILURE_MESSAGE,
  KEYWORDS_JSON_SCHEMA,
  KEYWORDS_MAX_OUTPUT_TOKENS,
  KEYWORDS_SCHEMA_NAME,
  parseKeywords,
} from "./keyword_output.ts";

export const MAX_BODY_BYTES = 4 * 1024;

/**
 * POST { topic, locale? } → 200 { keywords: KeywordItem[] (at most 15), notes: string[] }.
 * The user's keyword model, strict structured output, temperature 0.7 (the
 * spec's) where the model takes one: with reasoning effort "none" on models
 * that have it, else the lowest effort (model_family.ts).
 * 400 input, key or model; 401 caller; 405; 413; 502/504 provider — with
 * `problem` (see _shared/ai/provider_errors.ts).
 */
export const createHandler = createJsonCompletionHandler({
  name: "keywords",
  operation: "keywords",
  schema: keywordsRequestSchema,
  maxBodyBytes: MAX_BODY_BYTES,
  failureMessage: KEYWORDS_FAILURE_MESSAGE,
  buildRequest: ({ topic, locale }) => ({
    messages: buildKeywordMessages(topic, locale),
    schema: { name: KEYWORDS_SCHEMA_NAME, schema: KEYWORDS_JSON_SCHEMA },
    effort: ["none", "minimal", "low"],
    temperature: 0.7,
    maxOutputTokens: KEYWORDS_MAX_OUTPUT_TOKENS,
  }),
  parse: parseKeywords,
});
