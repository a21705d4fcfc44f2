/**
 * Keyword data from a provider (issue 25): the `keyword-data` function's
 * requests and answers, and the provider settings of Profile. DataForSEO is
 * the first provider; without one, keyword research stays the AI estimate
 * of the `keywords` function. Shared with the browser: imports nothing but
 * zod and ./keywords.ts.
 */
import { z } from "zod";
import { keywordsRequestSchema, keywordsResponseSchema } from "./keywords.ts";

export const KEYWORD_DATA_PROVIDERS = { dataforseo: "DataForSEO" } as const;
export type KeywordDataProvider = keyof typeof KEYWORD_DATA_PROVIDERS;

/** A topic asked again within this many days is answered from the user's cache, at no cost. */
export const KEYWORD_DATA_CACHE_DAYS = 30;

/**
 * Locations offered in Profile, as DataForSEO codes them (Google Ads
 * geo-target ids: 2000 + the ISO 3166 numeric country code, e.g. 2840 United
 * States; https://docs.dataforseo.com/v3/keywords_data/google_ads/locations).
 */
export const KEYWORD_DATA_LOCATIONS = [
  { code: 2036, name: "Australia" },
  { code: 2040, name: "Austria" },
  { code: 2056, name: "Belgium" },
  { code: 2076, name: "Brazil" },
  { code: 2124, name: "Canada" },
  { code: 2208, name: "Denmark" },
  { code: 2246, name: "Finland" },
  { code: 2250, name: "France" },
  { code: 2276, name: "Germany" },
  { code: 2356, name: "India" },
  { code: 2372, name: "Ireland" },
  { code: 2380, name: "Italy" },
  { code: 2392, name: "Japan" },
  { code: 2484, name: "Mexico" },
  { code: 2528, name: "Netherlands" },
  { code: 2554, name: "New Zealand" },
  { code: 2616, name: "Poland" },
  { code: 2620, name: "Portugal" },
  { code: 2710, name: "South Africa" },
  { code: 2724, name: "Spain" },
  { code: 2752, name: "Sweden" },
  { code: 2756, name: "Switzerland" },
  { code: 2826, name: "United Kingdom" },
  { code: 2840, name: "United States" },
] as const;

/** Languages offered in Profile, as DataForSEO codes them (ISO 639-1). */
export const KEYWORD_DATA_LANGUAGES = [
  { code: "da", name: "Danish" },
  { code: "nl", name: "Dutch" },
  { code: "en", name: "English" },
  { code: "fi", name: "Finnish" },
  { code: "fr", name: "French" },
  { code: "de", name: "German" },
  { code: "it", name: "Italian" },
  { code: "ja", name: "Japanese" },
  { code: "pl", name: "Polish" },
  { code: "pt", name: "Portuguese" },
  { code: "es", name: "Spanish" },
  { code: "sv", name: "Swedish" },
] as const;

export const locationName = (code: number) =>
  KEYWORD_DATA_LOCATIONS.find((location) => location.code === code)?.name ?? `location ${code}`;
export const languageName = (code: string) =>
  KEYWORD_DATA_LANGUAGES.find((language) => language.code === code)?.name ?? code;

const LOCATION_CODES = KEYWORD_DATA_LOCATIONS.map((location) => location.code) as number[];
const LANGUAGE_CODES = KEYWORD_DATA_LANGUAGES.map((language) => language.code) as string[];

/** Profile's provider form. Credentials are write-only: a blank one keeps the stored one. */
export const keywordDataProviderFormSchema = z.object({
  login: z.string().trim().max(200, "Keep the login under 200 characters"),
  password: z.string().trim().max(200, "Keep the password under 200 characters"),
  locationCode: z.coerce.number().refine((code) => LOCATION_CODES.includes(code), "Choose a location"),
  languageCode: z.string().refine((code) => LANGUAGE_CODES.includes(code), "Choose a language"),
});

const topic = keywordsRequestSchema.shape.topic;

/**
 * `quote`: what a topic would cost, before anything is spent. `fetch`: the
 * data, with the cost the user was shown (`acceptedCostUsd`); a fetch whose
 * cost would exceed it is refused, so nothing is spent that was not shown.
 * `save`: stores Profile's provider form (the password sealed by the
 * function: the browser never writes it to the database itself).
 */
export const keywordDataRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("quote"), topic }),
  z.object({ action: z.literal("fetch"), topic, acceptedCostUsd: z.number().min(0).max(100) }),
  keywordDataProviderFormSchema.extend({ action: z.literal("save") }),
]);
export type KeywordDataRequest = z.input<typeof keywordDataRequestSchema>;

export const keywordDataQuoteSchema = z.object({
  provider: z.enum(Object.keys(KEYWORD_DATA_PROVIDERS) as [KeywordDataProvider]),
  locationCode: z.number(),
  languageCode: z.string(),
  /** The topic was fetched within the cache period: the answer is free. */
  cached: z.boolean(),
  /** When the cached answer was fetched (ISO 8601); null when not cached. */
  cachedAt: z.string().nullable(),
  /** The most the request costs at the provider's published price, in US dollars; 0 when cached. */
  estimatedCostUsd: z.number(),
  /** What the user's requests cost in the last 30 days, in US dollars. */
  spentLast30DaysUsd: z.number(),
});
export type KeywordDataQuote = z.output<typeof keywordDataQuoteSchema>;

export const keywordDataResultSchema = keywordsResponseSchema.extend({
  provider: z.enum(Object.keys(KEYWORD_DATA_PROVIDERS) as [KeywordDataProvider]),
  locationCode: z.number(),
  languageCode: z.string(),
  /** Answered from the cache (no cost), or fetched now. */
  cached: z.boolean(),
  /** When the provider answered (ISO 8601). */
  fetchedAt: z.string(),
  /** What this request cost: the provider's own figure; 0 from the cache. */
  costUsd: z.number(),
});
export type KeywordDataResult = z.output<typeof keywordDataResultSchema>;

export const KEYWORD_DATA_MESSAGES = {
  noProvider: "No keyword data provider is set up. Add one in Profile Settings.",
  failed: "Failed to fetch keyword data. Please try again.",
  costChanged: "The cost of this request is higher than the one shown. Check the new cost and try again.",
  credentialsRequired: "The provider's login and password are required",
} as const;
