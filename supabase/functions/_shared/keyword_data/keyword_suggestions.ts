/**
 * Keyword ideas for a topic from DataForSEO Labs' Keyword Suggestions
 * (POST /v3/dataforseo_labs/google/keyword_suggestions/live): phrases that
 * contain the topic, with Google search volume, cost per click, paid-search
 * competition and keyword difficulty for a location and language, the topic
 * itself first. Field names from the vendor's TypeScript client models
 * (dataforseo-client 2.1.7: DataforseoLabsGoogleKeywordSuggestionsLive*,
 * KeywordDataInfo, KeywordInfo, KeywordProperties).
 */
import { COMPETITION_LEVELS, KEYWORD_COUNT, type KeywordItem } from "../contracts/keywords.ts";
import { type DataForSeoCredentials, type DataForSeoOptions, postLive } from "./dataforseo.ts";

export const KEYWORD_SUGGESTIONS_PATH = "/v3/dataforseo_labs/google/keyword_suggestions/live";

/**
 * DataForSEO Labs' published price: $0.01 per request plus $0.0001 per
 * result row (dataforseo.com/pricing, as other integrations encode it; the
 * figures are not confirmed from the price page as of 2026-11-27, so
 * the cost recorded is always the one DataForSEO reports in its answer).
 */
export const LABS_PRICE = { perRequest: 0.01, perResult: 0.0001 } as const;

/** The most one request for KEYWORD_COUNT rows can cost. */
export const KEYWORD_SUGGESTIONS_MAX_COST = LABS_PRICE.perRequest + LABS_PRICE.perResult * KEYWORD_COUNT;

/**
 * Keywords DataForSEO refuses fail the whole task (40501): at most 80
 * characters and 10 words, none of these symbols (provider-sources.md §5.3).
 */
export function cleanSeed(topic: string): string {
  const cleaned = topic
    .toLowerCase()
    .replace(/[!@%^()={};~`<>?\\|"*+\[\]]/g, " ")
    .replace(/\p{Extended_Pictographic}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.split(" ").slice(0, 10).join(" ").slice(0, 80).trim();
}

/** The parts of a KeywordDataInfo this product shows. */
interface KeywordDataInfo {
  keyword?: unknown;
  keyword_info?: { search_volume?: unknown; cpc?: unknown; competition_level?: unknown } | null;
  keyword_properties?: { keyword_difficulty?: unknown } | null;
}

interface SuggestionsResult {
  seed_keyword?: unknown;
  seed_keyword_data?: KeywordDataInfo | null;
  items?: KeywordDataInfo[] | null;
}

const wholeNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? Math.round(value) : null);
const volumeFormat = new Intl.NumberFormat("en-US");
const cpcFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** One row of the keyword table from a KeywordDataInfo; null without a keyword. */
export function keywordItemOf(info: KeywordDataInfo): KeywordItem | null {
  if (typeof info.keyword !== "string" || !info.keyword.trim()) return null;
  const volume = wholeNumber(info.keyword_info?.search_volume);
  const cpc = typeof info.keyword_info?.cpc === "number" && Number.isFinite(info.keyword_info.cpc) ? info.keyword_info.cpc : null;
  const difficulty = wholeNumber(info.keyword_properties?.keyword_difficulty);
  const level = typeof info.keyword_info?.competition_level === "string" ? info.keyword_info.competition_level.toLowerCase() : "";
  return {
    keyword: info.keyword.trim().slice(0, 200),
    searchVolume: volume === null ? null : volumeFormat.format(volume),
    difficulty: difficulty === null ? null : Math.min(100, Math.max(0, difficulty)),
    cpc: cpc === null ? null : cpcFormat.format(cpc),
    competition: (COMPETITION_LEVELS as readonly string[]).includes(level) ? level as KeywordItem["competition"] : null,
  };
}

export interface KeywordSuggestions {
  keywords: KeywordItem[];
  /** DataForSEO's own figure for the request, USD. */
  cost: number;
}

export async function fetchKeywordSuggestions(
  topic: string,
  where: { locationCode: number; languageCode: string },
  credentials: DataForSeoCredentials,
  options: DataForSeoOptions = {},
): Promise<KeywordSuggestions> {
  const seed = cleanSeed(topic);
  const { result, cost } = await postLive<SuggestionsResult>(
    KEYWORD_SUGGESTIONS_PATH,
    {
      keyword: seed,
      location_code: where.locationCode,
      language_code: where.languageCode,
      include_seed_keyword: true,
      limit: KEYWORD_COUNT - 1,
      order_by: ["keyword_info.search_volume,desc"],
    },
    credentials,
    options,
  );
  const first = result[0];
  const rows = [first?.seed_keyword_data, ...(first?.items ?? [])]
    .filter((info): info is KeywordDataInfo => Boolean(info))
    .map(keywordItemOf)
    .filter((item): item is KeywordItem => item !== null);
  const seen = new Set<string>();
  const keywords = rows.filter((item) => !seen.has(item.keyword) && seen.add(item.keyword)).slice(0, KEYWORD_COUNT);
  return { keywords, cost };
}
