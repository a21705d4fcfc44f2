import type OpenAI from "openai";
import { jsonCandidates } from "../_shared/ai/json_candidates.ts";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { KEYWORD_COUNT, type KeywordItem, keywordItemSchema } from "../_shared/schemas/keywords.ts";

/** Spec §8: shown for every failure that has no more specific provider message. */
export const KEYWORDS_FAILURE_MESSAGE = "Failed to generate keywords. Please check your API key and try again.";

export function buildKeywordMessages(topic: string): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    {
      role: "system",
      content: [
        "You are an SEO keyword researcher.",
        `Suggest exactly ${KEYWORD_COUNT} keyword phrases a blogger could target for the topic the user gives.`,
        "Answer with only a JSON array of objects with these fields:",
        '- keyword: the phrase; - searchVolume: estimated monthly searches as text, e.g. "1.2K";',
        "- difficulty: ranking difficulty, an integer from 1 to 100;",
        '- cpc: estimated cost per click as text, e.g. "$1.20"; - competition: "low", "medium" or "high".',
        "Write the keyword phrases in the language of the topic.",
      ].join("\n"),
    },
    { role: "user", content: `Topic: ${topic}` },
  ];
}

/**
 * The keyword items in the model's answer (spec §7: search the content for a
 * JSON array). The first array with valid items wins; invalid items are
 * dropped, duplicates removed and the list cut to KEYWORD_COUNT.
 */
export function parseKeywordItems(content: string): KeywordItem[] {
  for (const candidate of jsonCandidates(content, "array")) {
    const seen = new Set<string>();
    const items: KeywordItem[] = [];
    for (const entry of candidate as unknown[]) {
      const parsed = keywordItemSchema.safeParse(entry);
      if (!parsed.success) continue;
      const key = parsed.data.keyword.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(parsed.data);
    }
    if (items.length) return items.slice(0, KEYWORD_COUNT);
  }
  throw new ModelOutputError(KEYWORDS_FAILURE_MESSAGE);
}
