import { errorResponse, handleOptions, json } from "../_shared/http.ts";
import {
  acceptTextRequest,
  createOpenAIClient,
  describeProviderFailure,
  logProviderFailure,
  ProviderDeadline,
  redactSecrets,
  type TextFunctionDeps,
} from "../_shared/openai.ts";
import { keywordsRequestSchema, type KeywordsResponse } from "../_shared/schemas/keywords.ts";
import { buildKeywordMessages, KEYWORDS_FAILURE_MESSAGE, parseKeywordItems } from "./keyword_output.ts";

export const MAX_BODY_BYTES = 4 * 1024;

/**
 * POST { topic } → 200 { keywords: KeywordItem[] } (at most 15).
 * 400 input/key, 401 caller, 405, 413, 502/504 provider (see _shared/openai.ts).
 */
export function createHandler(deps: TextFunctionDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handleOptions(req);
    if (preflight) return preflight;
    try {
      const accepted = await acceptTextRequest(req, deps, keywordsRequestSchema, MAX_BODY_BYTES);
      if (!accepted.ok) return accepted.response;
      const { apiKey, input } = accepted;
      const deadline = new ProviderDeadline(req.signal, deps.settings.timeoutMs);
      try {
        const completion = await createOpenAIClient(apiKey, deps).chat.completions.create(
          { model: deps.settings.keywordsModel, temperature: 0.7, messages: buildKeywordMessages(input.topic) },
          { signal: deadline.signal },
        );
        const body: KeywordsResponse = { keywords: parseKeywordItems(completion.choices[0]?.message?.content ?? "") };
        return json(body);
      } catch (error) {
        if (!deadline.cancelled) logProviderFailure("keywords", error, apiKey);
        const failure = describeProviderFailure(error, deadline, KEYWORDS_FAILURE_MESSAGE);
        return errorResponse(failure.status, failure.message);
      } finally {
        deadline.dispose();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[keywords] unexpected failure: ${redactSecrets(message, [])}`);
      return errorResponse(500, KEYWORDS_FAILURE_MESSAGE);
    }
  };
}
