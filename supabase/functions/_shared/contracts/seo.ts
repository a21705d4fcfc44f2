/**
 * SEO analysis: the `seo-analysis` function's request and the analysis it
 * returns (spec §3). The model's answer is coerced into this shape on the
 * server (seo-analysis/analysis_output.ts): a missing or unreadable value is
 * "" or an empty list, which the page shows as N/A. Shared with the browser:
 * imports nothing but zod and ./web_address.ts.
 */
import { z } from "zod";
import { isHttpUrl, withDefaultScheme } from "./web_address.ts";

export const WEBSITE_URL_MAX_LENGTH = 2_048;

export const seoAnalysisRequestSchema = z.object({
  /** "example.com" is analysed as "https://example.com". */
  url: z
    .string({ error: "Please enter a website URL" })
    .trim()
    .min(1, { error: "Please enter a website URL", abort: true })
    .max(WEBSITE_URL_MAX_LENGTH, { error: "Please enter a valid URL", abort: true })
    .transform(withDefaultScheme)
    .refine(isHttpUrl, "Please enter a valid URL"),
});

export type SeoAnalysisRequest = z.input<typeof seoAnalysisRequestSchema>;

const text = z.string();
const textList = z.array(z.string());

export const seoAnalysisSchema = z.object({
  title: text,
  trafficMetrics: z.object({
    monthlyVisits: text,
    avgDuration: text,
    pagesPerVisit: text,
    bounceRate: text,
    topCountry: text,
  }),
  contentStrategy: z.object({
    types: textList,
    freshness: text,
    examples: textList,
  }),
  backlinkProfile: z.object({
    strength: text,
    opportunities: text,
  }),
  technicalSeo: z.object({
    structure: text,
    improvements: textList,
  }),
  summaryTable: z.array(z.object({ metric: text, value: text, insight: text })),
  recommendations: textList,
  /** What could not be read from the model's answer and was left out, for the user. */
  notes: z.array(z.string()).default([]),
});

export type SeoAnalysis = z.output<typeof seoAnalysisSchema>;
