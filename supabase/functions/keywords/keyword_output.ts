/**
 * The keyword request and the reading of its answer. The answer is asked for
 * as strict structured output (KEYWORDS_JSON_SCHEMA), so it arrives in this
 * exact shape; only from a provider without json_schema (completion.ts'
 * fallbacks) may it come wrapped in prose, as a bare list, or with an
 * estimate out of range, which is read leniently here: the JSON is looked
 * for in the text and a value that does not fit becomes null (N/A).
 */
import type OpenAI from "openai";
import type { JsonAnswer } from "../_shared/ai/completion.ts";
import { closeTruncatedJson, jsonCandidates } from "../_shared/ai/json_candidates.ts";
import { ModelOutputError, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import type { ModelChoice } from "../_shared/ai/provider_target.ts";
import {
  COMPETITION_LEVELS,
  KEYWORD_COUNT,
  type KeywordItem,
  type KeywordsResponse,
} from "../_shared/contracts/keywords.ts";
import { languageLabel } from "../_shared/contracts/locales.ts";
import { z } from "zod";

/** Spec §8: shown for every failure that has no more specific provider message. */
export const KEYWORDS_FAILURE_MESSAGE = "Failed to generate keywords. Please check your API key and try again.";

/** The answer's budget: 15 items are about 1,000 tokens; the rest is room for a reasoning model's thinking. */
export const KEYWORDS_MAX_OUTPUT_TOKENS = 6_000;

export const KEYWORDS_SCHEMA_NAME = "keyword_ideas";

const nullable = (type: string, description: string, extra: Record<string, unknown> = {}) => ({
  type: [type, "null"],
  description,
  ...extra,
});

/** Strict-mode JSON Schema: every key required, no additional properties (OpenAI structured outputs' rules). */
export const KEYWORDS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["keywords"],
  properties: {
    keywords: {
      type: "array",
      description: `Exactly ${KEYWORD_COUNT} keyword phrases.`,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["keyword", "searchVolume", "difficulty", "cpc", "competition"],
        properties: {
          keyword: { type: "string", description: "The keyword phrase, in the language of the topic." },
          searchVolume: nullable("string", 'Estimated monthly searches as text, e.g. "1.2K".'),
          difficulty: nullable("integer", "Ranking difficulty from 1 (easy) to 100 (hardest)."),
          cpc: nullable("string", 'Estimated cost per click as text, e.g. "$1.20".'),
          competition: { type: ["string", "null"], enum: [...COMPETITION_LEVELS, null], description: "Advertiser competition." },
        },
      },
    },
  },
} as const;

/**
 * The phrases' language: the one chosen, named with its tag (instructions
 * stay in English, the output requirement is explicit, as for drafts: issue
 * 26), else the topic's own.
 */
export function keywordLanguageRequirement(locale: string | null | undefined): string {
  return locale
    ? `Write the keyword phrases in ${languageLabel(locale)}, as people search in that language, even when the topic is written in another language.`
    : "Write the keyword phrases in the language of the topic.";
}

export function buildKeywordMessages(topic: string, locale?: string | null): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    {
      role: "system",
      content: [
        "You are an SEO keyword researcher.",
        `Suggest exactly ${KEYWORD_COUNT} keyword phrases a blogger could target for the topic the user gives.`,
        'Answer with a JSON object {"keywords": [...]} whose items have these fields:',
        '- keyword: the phrase; - searchVolume: estimated monthly searches as text, e.g. "1.2K";',
        "- difficulty: ranking difficulty, an integer from 1 to 100;",
        '- cpc: estimated cost per click as text, e.g. "$1.20"; - competition: "low", "medium" or "high".',
        keywordLanguageRequirement(locale),
      ].join("\n"),
    },
    { role: "user", content: locale ? `Topic: ${topic}\n\n${keywordLanguageRequirement(locale)}` : `Topic: ${topic}` },
  ];
}

const text = z.string().trim().min(1).nullable().catch(null);

/** One item; an estimate that does not fit becomes null, an item without a keyword is dropped. */
const answerItemSchema = z.object({
  keyword: z.string().trim().min(1),
  searchVolume: text.optional().transform((value) => value ?? null),
  difficulty: z.number().transform(Math.round).pipe(z.int().min(1).max(100)).nullable().optional().catch(null)
    .transform((value) => value ?? null),
  cpc: text.optional().transform((value) => value ?? null),
  competition: z.string().transform((value) => value.trim().toLowerCase()).pipe(z.enum(COMPETITION_LEVELS))
    .nullable().optional().catch(null).transform((value) => value ?? null),
});

/** The items of one candidate (`{ keywords: [...] }`, or a bare list from a text answer). */
function itemsOf(candidate: unknown): { items: KeywordItem[]; dropped: number } | undefined {
  const list = Array.isArray(candidate)
    ? candidate
    : candidate && typeof candidate === "object" && Array.isArray((candidate as { keywords?: unknown }).keywords)
    ? (candidate as { keywords: unknown[] }).keywords
    : undefined;
  if (!list) return undefined;
  const seen = new Set<string>();
  const items: KeywordItem[] = [];
  let dropped = 0;
  for (const entry of list) {
    const parsed = answerItemSchema.safeParse(entry);
    if (!parsed.success) {
      dropped++;
      continue;
    }
    const key = parsed.data.keyword.toLowerCase();
    if (seen.has(key) || items.length === KEYWORD_COUNT) continue;
    seen.add(key);
    items.push(parsed.data);
  }
  return { items, dropped };
}

function firstReading(content: string): { items: KeywordItem[]; dropped: number } | undefined {
  for (const kind of ["object", "array"] as const) {
    for (const candidate of jsonCandidates(content, kind)) {
      const reading = itemsOf(candidate);
      if (reading && reading.items.length > 0) return reading;
    }
  }
  return undefined;
}

/**
 * The keyword items of the answer, at most KEYWORD_COUNT, duplicates
 * (ignoring case) removed. An answer cut at the length limit keeps the
 * complete items that arrived, with a note; with none, the length problem.
 */
export function parseKeywords(answer: JsonAnswer, model: ModelChoice): KeywordsResponse {
  const notes: string[] = [];
  let reading = firstReading(answer.content);
  if (!reading && answer.truncated) {
    const closed = closeTruncatedJson(answer.content);
    reading = closed === undefined ? undefined : firstReading(closed);
    if (!reading) {
      throw new ProviderProblemError(
        "length",
        `The answer of ${model.model} was cut off at its length limit before any keyword arrived. ` +
          `Try again, or choose a model that needs fewer tokens for ${model.operationLabel} in ${model.place.label}.`,
        { status: 502, model: model.model, fix: model.place },
      );
    }
    notes.push(
      `The answer was cut off at the model's length limit; the ${reading.items.length} complete keywords that arrived are shown.`,
    );
  }
  if (!reading) throw new ModelOutputError(KEYWORDS_FAILURE_MESSAGE);
  if (reading.dropped === 1) notes.unshift("1 suggestion without a readable keyword was left out.");
  if (reading.dropped > 1) notes.unshift(`${reading.dropped} suggestions without a readable keyword were left out.`);
  return { keywords: reading.items, notes };
}
