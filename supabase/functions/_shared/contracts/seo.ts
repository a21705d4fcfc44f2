/**
 * SEO analysis: the `seo-analysis` function's request and the analysis it
 * returns (spec §3, issue 25): the measured audit of the page (`audit`), and
 * the sections the model writes from those measurements. The model's answer
 * is coerced into its shape on the server (seo-analysis/analysis_output.ts):
 * a missing or unreadable value is "" or an empty list, which the page shows
 * as N/A. Shared with the browser: imports nothing but zod and
 * ./web_address.ts.
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

const text = z.string();
const textList = z.array(z.string());

/** A measured check: passed, worth a look, or a problem. */
export const AUDIT_CHECK_STATUSES = ["pass", "warning", "fail"] as const;
export type AuditCheckStatus = (typeof AUDIT_CHECK_STATUSES)[number];

/** The audit's groups of checks, in the order the report shows them, with their headings. */
export const AUDIT_GROUPS = {
  crawling: "Crawling and indexing",
  speed: "Speed and delivery",
  content: "Content and headings",
  links: "Links and images",
  sharing: "Mobile, languages and sharing",
} as const;
export type AuditGroup = keyof typeof AUDIT_GROUPS;

export const auditCheckSchema = z.object({
  /** Stable name of the check, e.g. "title-length". */
  id: z.string(),
  group: z.enum(Object.keys(AUDIT_GROUPS) as [AuditGroup, ...AuditGroup[]]),
  label: z.string(),
  status: z.enum(AUDIT_CHECK_STATUSES),
  /** What was measured, e.g. "72 characters: “…”". */
  value: z.string(),
  /** Why the check matters, and what to do when it does not pass. */
  why: z.string(),
});
export type AuditCheck = z.output<typeof auditCheckSchema>;

export const seoAuditSchema = z.object({
  /** The address asked for, and the one that answered after redirects. */
  url: z.string(),
  finalUrl: z.string(),
  /** ISO 8601. */
  fetchedAt: z.string(),
  /** The page's own response time (request to response headers, redirects included), ms. */
  responseMs: z.number(),
  /** How long the whole audit took (page, robots.txt, sitemap, link sample), ms. */
  auditMs: z.number(),
  checks: z.array(auditCheckSchema),
});
export type SeoAudit = z.output<typeof seoAuditSchema>;

/** The sections the model writes (spec §3), from the audit's measurements. */
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

/** What `seo-analysis` answers: the measured audit, and the model's sections written from it. */
export const seoReportSchema = seoAnalysisSchema.extend({ audit: seoAuditSchema });
export type SeoReport = z.output<typeof seoReportSchema>;
