import {
  keywordsResponseSchema,
  type KeywordItem,
  type KeywordsResponse,
} from "@contracts/keywords";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { KeywordItem, KeywordsResponse };

export const KEYWORDS_FAILURE_MESSAGE = "Failed to generate keywords. Please check your API key and try again.";

/**
 * Keyword ideas for a topic (in `locale`, else the topic's language), estimated by the user's text-generation
 * provider (the `keywords` function), with notes on what could not be read
 * from the model's answer. Throws an Error carrying the server's message
 * (e.g. 'OpenAI API key not found'), else the spec's failure message.
 */
export async function requestKeywords(topic: string, locale: string | null = null): Promise<KeywordsResponse> {
  const { data, error } = await supabase.functions.invoke("keywords", { body: { topic, locale } });
  if (error) throw await requestFailure(error, KEYWORDS_FAILURE_MESSAGE);
  const parsed = keywordsResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error(KEYWORDS_FAILURE_MESSAGE);
  return parsed.data;
}
