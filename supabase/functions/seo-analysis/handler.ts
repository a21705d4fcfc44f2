import { createJsonCompletionHandler } from "../_shared/ai/json_completion_function.ts";
import { seoAnalysisRequestSchema } from "../_shared/contracts/seo.ts";
import {
  buildSeoMessages,
  parseSeoAnalysis,
  SEO_ANALYSIS_JSON_SCHEMA,
  SEO_FAILURE_MESSAGE,
  SEO_MAX_OUTPUT_TOKENS,
  SEO_SCHEMA_NAME,
} from "./analysis_output.ts";

export const MAX_BODY_BYTES = 8 * 1024;

/**
 * POST { url } → 200 SeoAnalysis (AI-estimated; the URL is never fetched).
 * The user's SEO model, strict structured output, low reasoning effort where
 * the model takes one (temperature 0.7, the spec's, only where it may be sent).
 * 400 input, key or model; 401 caller; 405; 413; 502/504 provider — with
 * `problem` (see _shared/ai/provider_errors.ts).
 */
export const createHandler = createJsonCompletionHandler({
  name: "seo-analysis",
  operation: "seo",
  schema: seoAnalysisRequestSchema,
  maxBodyBytes: MAX_BODY_BYTES,
  failureMessage: SEO_FAILURE_MESSAGE,
  buildRequest: ({ url }) => ({
    messages: buildSeoMessages(url),
    schema: { name: SEO_SCHEMA_NAME, schema: SEO_ANALYSIS_JSON_SCHEMA },
    effort: ["low", "minimal", "medium"],
    temperature: 0.7,
    maxOutputTokens: SEO_MAX_OUTPUT_TOKENS,
  }),
  parse: parseSeoAnalysis,
});
