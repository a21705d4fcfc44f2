/**
 * The SEO analysis request and the reading of its answer. The answer is
 * asked for as strict structured output (SEO_ANALYSIS_JSON_SCHEMA), so it
 * arrives in this shape; from a provider without json_schema (completion.ts'
 * fallbacks) the JSON may come wrapped in prose and is looked for in the
 * text. A value of the wrong type, or a section the model left out, is shown
 * as N/A and named in `notes`.
 */
import type OpenAI from "openai";
import type { JsonAnswer } from "../_shared/ai/completion.ts";
import { closeTruncatedJson, jsonCandidates } from "../_shared/ai/json_candidates.ts";
import { ModelOutputError, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import type { ModelChoice } from "../_shared/ai/provider_target.ts";
import type { SeoAnalysis } from "../_shared/contracts/seo.ts";
import { z } from "zod";

/** Spec §8: shown when no failure message is more specific. */
export const SEO_FAILURE_MESSAGE = "Failed to complete SEO analysis. Please try again.";
/** Spec §8: the model answered, but nothing usable could be read from it. */
export const SEO_PARSE_FAILURE_MESSAGE = "Failed to parse SEO analysis response";
/** A note on the report when the answer stopped part-way (the token limit). */
export const SEO_TRUNCATED_NOTE =
  "The answer was cut off at the model's length limit; what arrived is shown and the rest is N/A.";

/** The answer's budget: the report is about 1,500 tokens; the rest is room for a reasoning model's thinking. */
export const SEO_MAX_OUTPUT_TOKENS = 8_000;

export const SEO_SCHEMA_NAME = "seo_analysis";

const TEXT = { type: "string" } as const;
const TEXT_LIST = { type: "array", items: { type: "string" } } as const;
const object = (properties: Record<string, unknown>) => ({
  type: "object",
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

/** Strict-mode JSON Schema: every key required, no additional properties, five levels at most. */
export const SEO_ANALYSIS_JSON_SCHEMA = object({
  title: TEXT,
  trafficMetrics: object({
    monthlyVisits: TEXT,
    avgDuration: TEXT,
    pagesPerVisit: TEXT,
    bounceRate: TEXT,
    topCountry: TEXT,
  }),
  contentStrategy: object({ types: TEXT_LIST, freshness: TEXT, examples: TEXT_LIST }),
  backlinkProfile: object({ strength: TEXT, opportunities: TEXT }),
  technicalSeo: object({ structure: TEXT, improvements: TEXT_LIST }),
  summaryTable: { type: "array", items: object({ metric: TEXT, value: TEXT, insight: TEXT }) },
  recommendations: TEXT_LIST,
});

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
        "Answer with a JSON object with these fields: title; trafficMetrics (monthlyVisits, avgDuration,",
        "pagesPerVisit, bounceRate, topCountry); contentStrategy (types: list, freshness, examples: list);",
        "backlinkProfile (strength, opportunities); technicalSeo (structure, improvements: list);",
        "summaryTable (list of { metric, value, insight }); recommendations (list). Every value is text or a list of text.",
        "Give three to six summary table rows and three to six recommendations.",
      ].join("\n"),
    },
    { role: "user", content: `Website URL: ${url}` },
  ];
}

type Section = "trafficMetrics" | "contentStrategy" | "backlinkProfile" | "technicalSeo";

const SECTION_LABELS: Record<Section | "summaryTable" | "recommendations", string> = {
  trafficMetrics: "Traffic & Engagement Metrics",
  contentStrategy: "SEO Content Strategy",
  backlinkProfile: "Backlink Profile",
  technicalSeo: "Technical SEO",
  summaryTable: "Summary Table",
  recommendations: "Recommendations",
};

/** Text, or "" (N/A) when missing or of another type; `missing` collects the label. */
function reader(missing: Set<string>) {
  const text = (label: string) =>
    z.unknown().transform((value) => {
      if (typeof value === "string") return value.trim();
      if (typeof value === "number") return String(value);
      missing.add(label);
      return "";
    });
  const list = (label: string) =>
    z.unknown().transform((value) => {
      if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string").map((item) => item.trim()).filter(Boolean);
      missing.add(label);
      return [] as string[];
    });
  const section = <Shape extends z.ZodRawShape>(label: string, shape: Shape) =>
    z.unknown().transform((value) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) missing.add(label);
      return z.object(shape).parse(value && typeof value === "object" ? value : {});
    });
  return { text, list, section };
}

function readAnalysis(candidate: Record<string, unknown>): { analysis: Omit<SeoAnalysis, "notes">; missing: string[] } {
  const missing = new Set<string>();
  const { text, list, section } = reader(missing);
  const row = z.object({ metric: text(SECTION_LABELS.summaryTable), value: text(SECTION_LABELS.summaryTable), insight: text(SECTION_LABELS.summaryTable) });
  const analysis = z.object({
    title: text("Title"),
    trafficMetrics: section(SECTION_LABELS.trafficMetrics, {
      monthlyVisits: text(SECTION_LABELS.trafficMetrics),
      avgDuration: text(SECTION_LABELS.trafficMetrics),
      pagesPerVisit: text(SECTION_LABELS.trafficMetrics),
      bounceRate: text(SECTION_LABELS.trafficMetrics),
      topCountry: text(SECTION_LABELS.trafficMetrics),
    }),
    contentStrategy: section(SECTION_LABELS.contentStrategy, {
      types: list(SECTION_LABELS.contentStrategy),
      freshness: text(SECTION_LABELS.contentStrategy),
      examples: list(SECTION_LABELS.contentStrategy),
    }),
    backlinkProfile: section(SECTION_LABELS.backlinkProfile, {
      strength: text(SECTION_LABELS.backlinkProfile),
      opportunities: text(SECTION_LABELS.backlinkProfile),
    }),
    technicalSeo: section(SECTION_LABELS.technicalSeo, {
      structure: text(SECTION_LABELS.technicalSeo),
      improvements: list(SECTION_LABELS.technicalSeo),
    }),
    summaryTable: z.unknown().transform((value) => {
      if (!Array.isArray(value)) {
        missing.add(SECTION_LABELS.summaryTable);
        return [];
      }
      return value.flatMap((entry) => (entry && typeof entry === "object" ? [row.parse(entry)] : []))
        .filter((entry) => entry.metric || entry.value);
    }),
    recommendations: list(SECTION_LABELS.recommendations),
  }).parse(candidate);
  return { analysis, missing: [...missing] };
}

/** How much of the report a reading fills: the better of two candidates. */
function filled(analysis: Omit<SeoAnalysis, "notes">): number {
  const values = [
    analysis.title,
    ...Object.values(analysis.trafficMetrics),
    ...Object.values(analysis.contentStrategy),
    ...Object.values(analysis.backlinkProfile),
    ...Object.values(analysis.technicalSeo),
    analysis.summaryTable,
    analysis.recommendations,
  ];
  return values.filter((value) => value.length > 0).length;
}

function bestReading(content: string) {
  let best: ReturnType<typeof readAnalysis> | undefined;
  for (const candidate of jsonCandidates(content, "object")) {
    const reading = readAnalysis(candidate as Record<string, unknown>);
    if (!best || filled(reading.analysis) > filled(best.analysis)) best = reading;
  }
  return best && filled(best.analysis) > 0 ? best : undefined;
}

/**
 * The analysis in the answer. An answer cut at the length limit keeps what
 * arrived complete (SEO_TRUNCATED_NOTE); with nothing, the length problem.
 * Throws ModelOutputError with the spec's message when nothing could be read.
 */
export function parseSeoAnalysis(answer: JsonAnswer, model: ModelChoice): SeoAnalysis {
  let reading = answer.truncated ? undefined : bestReading(answer.content);
  if (answer.truncated) {
    const closed = closeTruncatedJson(answer.content);
    reading = bestReading(closed ?? answer.content);
    if (!reading) {
      throw new ProviderProblemError(
        "length",
        `The answer of ${model.model} was cut off at its length limit before any of the analysis arrived. ` +
          `Try again, or choose a model that needs fewer tokens for ${model.operationLabel} in ${model.place.label}.`,
        { status: 502, model: model.model, fix: model.place },
      );
    }
  }
  if (!reading) throw new ModelOutputError(SEO_PARSE_FAILURE_MESSAGE);
  const notes = answer.truncated
    ? [SEO_TRUNCATED_NOTE]
    : reading.missing.length
    ? [`Could not read ${reading.missing.join(", ")}; shown as N/A.`]
    : [];
  return { ...reading.analysis, notes };
}
