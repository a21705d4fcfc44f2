import { createJsonCompletionHandler } from "../_shared/ai/json_completion_function.ts";
import { keywordsRequestSchema } from "../_shared/contracts/keywords.ts";
import { buildKeywordMessages, KEYWORDS_FAILURE_MESSAGE, parseKeywords } from "./keyword_output.ts";

export const MAX_BODY_BYTES = 4 * 1024;

/**
 * POST { topic } → 200 { keywords: KeywordItem[] (at most 15), notes: string[] }.
 * 400 input/key, 401 caller, 405, 413, 502/504 provider (see _shared/ai/provider_failure.ts).
 */
export const createHandler = createJsonCompletionHandler({
  name: "keywords",
  schema: keywordsRequestSchema,
  maxBodyBytes: MAX_BODY_BYTES,
  failureMessage: KEYWORDS_FAILURE_MESSAGE,
  buildRequest: ({ topic }, settings) => ({
    model: settings.keywordsModel,
    temperature: 0.7,
    messages: buildKeywordMessages(topic),
  }),
  parse: parseKeywords,
});
