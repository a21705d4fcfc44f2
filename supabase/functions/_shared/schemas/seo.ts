/**
 * SEO analysis: the `seo-analysis` function's request and the analysis it
 * returns (spec §3). The analysis is estimated by a language model, so the
 * schema accepts numbers where text is expected and a missing list as empty
 * (the page shows N/A for empty lists). Shared with the browser: imports
 * nothing but zod.
 */
import { z } from "zod";

export const WEBSITE_URL_MAX_LENGTH = 2_048;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const seoAnalysisRequestSchema = z.object({
  url: z
    .string({ error: "Please enter a website URL" })
    .trim()
    .min(1, { error: "Please enter a website URL", abort: true })
    .max(WEBSITE_URL_MAX_LENGTH, { error: "Please enter a valid URL", abort: true })
    .refine(isHttpUrl, "Please enter a valid URL"),
});

export type SeoAnalysisRequest = z.input<typeof seoAnalysisRequestSchema>;

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
const textList = z.array(text).default([]);

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
  summaryTable: z.array(z.object({ metric: text, value: text, insight: text })).default([]),
  recommendations: textList,
});

export type SeoAnalysis = z.output<typeof seoAnalysisSchema>;
