/**
 * Keyword research: the `keywords` function's request and response, and the
 * keyword item (spec §3). The item schema also normalises what models tend
 * to send (numbers for text, "Medium" for "medium", "45" for 45).
 * Shared with the browser: imports nothing but zod.
 */
import { z } from "zod";

/** Keyword phrases asked for per request (spec §9). */
export const KEYWORD_COUNT = 15;
export const TOPIC_MAX_LENGTH = 200;

export const keywordsRequestSchema = z.object({
  topic: z
    .string({ error: "Please enter a topic" })
    .trim()
    .min(1, "Please enter a topic")
    .max(TOPIC_MAX_LENGTH, `Keep the topic under ${TOPIC_MAX_LENGTH} characters`),
});

export type KeywordsRequest = z.input<typeof keywordsRequestSchema>;

export const COMPETITION_LEVELS = ["low", "medium", "high"] as const;
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

const displayText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1));

const numberFromText = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value;

export const keywordItemSchema = z.object({
  keyword: z.string().trim().min(1),
  searchVolume: displayText,
  difficulty: z.preprocess(
    (value) => {
      const number = numberFromText(value);
      return typeof number === "number" ? Math.round(number) : number;
    },
    z.int().min(1).max(100),
  ),
  cpc: displayText,
  competition: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(COMPETITION_LEVELS),
  ),
});

export type KeywordItem = z.output<typeof keywordItemSchema>;

export const keywordsResponseSchema = z.object({ keywords: z.array(keywordItemSchema) });

export type KeywordsResponse = z.output<typeof keywordsResponseSchema>;
