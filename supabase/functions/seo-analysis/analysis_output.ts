import type OpenAI from "openai";
import { jsonCandidates } from "../_shared/ai/json_candidates.ts";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { type SeoAnalysis, seoAnalysisSchema } from "../_shared/schemas/seo.ts";

/** Spec §8: shown when no failure message is more specific. */
export const SEO_FAILURE_MESSAGE = "Failed to complete SEO analysis. Please try again.";
/** Spec §8: the model answered, but not with a usable analysis. */
export const SEO_PARSE_FAILURE_MESSAGE = "Failed to parse SEO analysis response";

const ANSWER_SHAPE = `{
  "title": "SEO analysis of <site>",
  "trafficMetrics": { "monthlyVisits": "", "avgDuration": "", "pagesPerVisit": "", "bounceRate": "", "topCountry": "" },
  "contentStrategy": { "types": [""], "freshness": "", "examples": [""] },
  "backlinkProfile": { "strength": "", "opportunities": "" },
  "technicalSeo": { "structure": "", "improvements": [""] },
  "summaryTable": [{ "metric": "", "value": "", "insight": "" }],
  "recommendations": [""]
}`;

/**
 * The model is given only the URL: the function does not fetch the site, so
 * every figure is the model's estimate from what it knows about the site
 * (the product calls the analysis "AI-estimated"). Not fetching also means a
 * user-typed URL never makes the server connect anywhere (no SSRF surface).
 */
export function buildSeoMessages(url: string): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    {
      role: "system",
      content: [
        "You are an SEO analyst. Give an SEO analysis of the website the user names, estimating from what you",
        'know about the site and sites like it; you cannot visit it. Label figures as estimates (e.g. "~45K").',
        "Answer with only a JSON object of this shape, every value text or a list of text:",
        ANSWER_SHAPE,
        "Give three to six summary table rows and three to six recommendations.",
      ].join("\n"),
    },
    { role: "user", content: `Website URL: ${url}` },
  ];
}

/** The analysis in the model's answer (spec §7: the first JSON object if the text is wrapped). */
export function parseSeoAnalysis(content: string): SeoAnalysis {
  for (const candidate of jsonCandidates(content, "object")) {
    const parsed = seoAnalysisSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  throw new ModelOutputError(SEO_PARSE_FAILURE_MESSAGE);
}
