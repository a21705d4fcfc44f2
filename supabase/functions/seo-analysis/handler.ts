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
import { seoAnalysisRequestSchema } from "../_shared/schemas/seo.ts";
import { buildSeoMessages, parseSeoAnalysis, SEO_FAILURE_MESSAGE } from "./analysis_output.ts";

export const MAX_BODY_BYTES = 8 * 1024;

/**
 * POST { url } → 200 SeoAnalysis (AI-estimated; the URL is never fetched).
 * 400 input/key, 401 caller, 405, 413, 502/504 provider (see _shared/openai.ts).
 */
export function createHandler(deps: TextFunctionDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handleOptions(req);
    if (preflight) return preflight;
    try {
      const accepted = await acceptTextRequest(req, deps, seoAnalysisRequestSchema, MAX_BODY_BYTES);
      if (!accepted.ok) return accepted.response;
      const { apiKey, input } = accepted;
      const deadline = new ProviderDeadline(req.signal, deps.settings.timeoutMs);
      try {
        const completion = await createOpenAIClient(apiKey, deps).chat.completions.create(
          {
            model: deps.settings.seoModel,
            temperature: 0.7,
            max_tokens: 2000,
            messages: buildSeoMessages(input.url),
          },
          { signal: deadline.signal },
        );
        return json(parseSeoAnalysis(completion.choices[0]?.message?.content ?? ""));
      } catch (error) {
        if (!deadline.cancelled) logProviderFailure("seo-analysis", error, apiKey);
        const failure = describeProviderFailure(error, deadline, SEO_FAILURE_MESSAGE);
        return errorResponse(failure.status, failure.message);
      } finally {
        deadline.dispose();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[seo-analysis] unexpected failure: ${redactSecrets(message, [])}`);
      return errorResponse(500, SEO_FAILURE_MESSAGE);
    }
  };
}
