import { keywordsResponseSchema, type KeywordsResponse } from "@contracts/keywords";
import { isSupportedLocale } from "@contracts/locales";
import { parseTimestamp } from "../../../lib/dates";
import { supabase } from "../../../backend/supabase";

/**
 * The user's keyword research history (keyword_researches): each research
 * they ran, with what they saw, saved when its results arrive. Kept apart from
 * any provider's response cache: this is the user's own record.
 */

/** Researches listed on Keyword Phrases, newest first. */
export const RESEARCH_HISTORY_SHOWN = 30;

export type SavedResearch = {
  id: string;
  topic: string;
  createdAt: Date;
  result: KeywordsResponse;
  /** The language the estimates were asked in (a tag of LOCALES); null: none chosen. */
  locale: string | null;
};

const COLUMNS = "id, topic, created_at, keywords, notes, locale";

type ResearchRow = { id: string; topic: string; created_at: string; keywords: unknown; notes: unknown; locale: string | null };

function toSaved(row: ResearchRow): SavedResearch | null {
  // Rows are the user's own, but written by a browser: read them as untrusted.
  const result = keywordsResponseSchema.safeParse({ keywords: row.keywords, notes: row.notes });
  if (!result.success) return null;
  const locale = row.locale && isSupportedLocale(row.locale) ? row.locale : null;
  return { id: row.id, topic: row.topic, createdAt: parseTimestamp(row.created_at), result: result.data, locale };
}

export async function listKeywordResearches(): Promise<SavedResearch[]> {
  const { data, error } = await supabase
    .from("keyword_researches")
    .select(COLUMNS)
    .order("created_at", { ascending: false })
    .limit(RESEARCH_HISTORY_SHOWN);
  if (error) throw new Error(error.message);
  return data.map(toSaved).filter((saved): saved is SavedResearch => saved !== null);
}

/** Saves a research the user ran, as it was shown. */
export async function saveKeywordResearch(
  topic: string,
  result: KeywordsResponse,
  locale: string | null = null,
): Promise<SavedResearch> {
  const { data, error } = await supabase
    .from("keyword_researches")
    .insert({ topic, keywords: result.keywords, notes: result.notes, locale })
    .select(COLUMNS)
    .single();
  if (error) throw new Error(error.message);
  return toSaved(data) ?? { id: data.id, topic, createdAt: parseTimestamp(data.created_at), result, locale };
}

export async function deleteKeywordResearch(id: string): Promise<void> {
  const { data, error } = await supabase.from("keyword_researches").delete().eq("id", id).select("id");
  if (error) throw new Error(error.message);
  if (data.length === 0) throw new Error("This research was already deleted");
}
