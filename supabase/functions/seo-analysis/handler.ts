import { createJsonCompletionHandler } from "../_shared/ai/json_completion_function.ts";
import { seoAnalysisRequestSchema } from "../_shared/contracts/seo.ts";
import { buildSeoMessages, parseSeoAnalysis, SEO_FAILURE_MESSAGE } from "./analysis_output.ts";

export const MAX_BODY_BYTES = 8 * 1024;

/**
 * POST { url } → 200 SeoAnalysis (AI-estimated; the URL is never fetched).
 * 400 input/key, 401 caller, 405, 413, 502/504 provider (see _shared/ai/provider_failure.ts).
 */
export const createHandler = createJsonCompletionHandler({
  name: "seo-analysis",
  schema: seoAnalysisRequestSchema,
  maxBodyBytes: MAX_BODY_BYTES,
  failureMessage: SEO_FAILURE_MESSAGE,
  buildRequest: ({ url }, settings) => ({
    model: settings.seoModel,
    temperature: 0.7,
    max_tokens: 2000,
    messages: buildSeoMessages(url),
  }),
  parse: parseSeoAnalysis,
});
