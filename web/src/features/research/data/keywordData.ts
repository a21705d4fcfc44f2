import {
  KEYWORD_DATA_MESSAGES,
  type KeywordDataProvider,
  type KeywordDataRequest,
  type KeywordDataQuote,
  keywordDataQuoteSchema,
  type KeywordDataResult,
  keywordDataResultSchema,
} from "@contracts/keyword_data";
import { parseTimestamp } from "../../../lib/dates";
import { functionErrorMessage } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { KeywordDataQuote, KeywordDataResult };

/** What the browser may know of the stored provider account: never its credentials. */
export type KeywordDataProviderStatus = {
  provider: KeywordDataProvider;
  loginLast4: string | null;
  passwordLast4: string | null;
  locationCode: number;
  languageCode: string;
  updatedAt: Date;
};

/** The signed-in user's provider account, or null when they have none. */
export async function getKeywordDataProviderStatus(): Promise<KeywordDataProviderStatus | null> {
  const { data, error } = await supabase.rpc("keyword_data_provider_status").maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  return {
    provider: data.provider as KeywordDataProvider,
    loginLast4: data.login_last4,
    passwordLast4: data.password_last4,
    locationCode: data.location_code,
    languageCode: data.language_code,
    updatedAt: parseTimestamp(data.updated_at),
  };
}

/**
 * Stores the account through the keyword-data function, which seals the
 * password; a blank login or password keeps the stored one (a new account
 * needs both).
 */
export async function saveKeywordDataProvider(settings: {
  login: string;
  password: string;
  locationCode: number;
  languageCode: string;
}): Promise<void> {
  const { error } = await supabase.functions.invoke("keyword-data", { body: { action: "save", ...settings } });
  if (error) throw new Error(await functionErrorMessage(error, KEYWORD_DATA_MESSAGES.failed));
}

export async function removeKeywordDataProvider(): Promise<void> {
  const { error } = await supabase.rpc("remove_keyword_data_provider");
  if (error) throw new Error(error.message);
}

async function invoke<T>(body: KeywordDataRequest, schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } }): Promise<T> {
  const { data, error } = await supabase.functions.invoke("keyword-data", { body });
  if (error) throw new Error(await functionErrorMessage(error, KEYWORD_DATA_MESSAGES.failed));
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(KEYWORD_DATA_MESSAGES.failed);
  return parsed.data;
}

/** What fetching `topic` would cost (0 when cached); nothing is spent. */
export function quoteKeywordData(topic: string): Promise<KeywordDataQuote> {
  return invoke({ action: "quote", topic }, keywordDataQuoteSchema);
}

/** The provider's keyword data for `topic`, spending at most `acceptedCostUsd` (the cost shown). */
export function fetchKeywordData(topic: string, acceptedCostUsd: number): Promise<KeywordDataResult> {
  return invoke({ action: "fetch", topic, acceptedCostUsd }, keywordDataResultSchema);
}
