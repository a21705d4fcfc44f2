/**
 * Keyword research: the `keywords` function's request and response, and the
 * keyword item (spec §3).
 * Shared with the browser: imports nothing but zod and the locale list.
 */
import { z } from "zod";
import { isSupportedLocale, LOCALE_MESSAGE } from "./locales.ts";

/** Keyword phrases asked for per request (spec §9). */
export const KEYWORD_COUNT = 15;
export const TOPIC_MAX_LENGTH = 200;

export const keywordsRequestSchema = z.object({
  topic: z
    .string({ error: "Please enter a topic" })
    .trim()
    .min(1, "Please enter a topic")
    .max(TOPIC_MAX_LENGTH, `Keep the topic under ${TOPIC_MAX_LENGTH} characters`),
  /** The language the phrases are written in (a supported BCP-47 tag); absent: the topic's own language. */
  locale: z.string({ error: LOCALE_MESSAGE }).refine(isSupportedLocale, LOCALE_MESSAGE).nullish(),
});

export const COMPETITION_LEVELS = ["low", "medium", "high"] as const;
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

/**
 * A keyword item as the `keywords` function returns it. The model's answer
 * is coerced into this shape on the server (keywords/keyword_output.ts):
 * only the keyword is required; an estimate the model left out, or sent in
 * a form that cannot be read, is null and shown as N/A.
 */
export const keywordItemSchema = z.object({
  keyword: z.string().min(1),
  /** As the model wrote it, e.g. "1.2K" (a number becomes "1,200"). */
  searchVolume: z.string().min(1).nullable(),
  /** 1–100 as the model estimates it; a provider measures 0–100 (DataForSEO keyword_difficulty). */
  difficulty: z.int().min(0).max(100).nullable(),
  /** As the model wrote it, e.g. "$1.20". */
  cpc: z.string().min(1).nullable(),
  competition: z.enum(COMPETITION_LEVELS).nullable(),
});

export type KeywordItem = z.output<typeof keywordItemSchema>;

export const keywordsResponseSchema = z.object({
  keywords: z.array(keywordItemSchema),
  /** What could not be read from the model's answer and was left out, for the user. */
  notes: z.array(z.string()).default([]),
});

export type KeywordsResponse = z.output<typeof keywordsResponseSchema>;
