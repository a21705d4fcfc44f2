import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit } from "../_shared/limits/rate_limit.ts";
import type { KeywordItem } from "../_shared/contracts/keywords.ts";
import {
  KEYWORD_DATA_CACHE_DAYS,
  KEYWORD_DATA_MESSAGES,
  type KeywordDataQuote,
  keywordDataRequestSchema,
  type KeywordDataResult,
} from "../_shared/contracts/keyword_data.ts";
import type { StoredKeywordDataProvider, SystemAccess } from "../_shared/platform/system_access.ts";
import { DataForSeoError, type DataForSeoProblem } from "../_shared/keyword_data/dataforseo.ts";
import {
  cleanSeed,
  KEYWORD_SUGGESTIONS_MAX_COST,
  type KeywordSuggestions,
} from "../_shared/keyword_data/keyword_suggestions.ts";

export const MAX_BODY_BYTES = 4 * 1024;
const DAY_MS = 86_400_000;

/** What the cache and spend record hold, as the function reads and writes them. */
export interface CachedAnswer {
  keywords: KeywordItem[];
  fetchedAt: string;
}

/** Where one request is looked up: the provider account's location and language. */
export interface CacheKey {
  provider: "dataforseo";
  topic: string;
  locationCode: number;
  languageCode: string;
}

/** The outside world of keyword-data, narrowed so tests need no database. */
export interface KeywordDataDeps {
  authenticate: Authenticate;
  /** The caller's provider account (a stored secret, read on the system path); null without one. */
  readProvider(userId: string): Promise<StoredKeywordDataProvider | null>;
  /** Stores the caller's provider account, the password sealed (system path). */
  saveProvider: SystemAccess["saveKeywordDataProvider"];
  /** The newest answer (not a refusal) for `key` fetched at or after `since` (the caller's own rows, under RLS). */
  findCached(key: CacheKey, since: Date): Promise<CachedAnswer | null>;
  /** What the caller's requests cost since `since`, USD (their own rows, under RLS). */
  spentSince(since: Date): Promise<number>;
  /**
   * Records a paid request: what was asked, answered and charged (system
   * path); `refusedReason` marks a refusal that was billed (spend, never a
   * cached answer). Returns when it was recorded.
   */
  record(userId: string, key: CacheKey, answer: { keywords: KeywordItem[]; costUsd: number; refusedReason?: string }): Promise<string>;
  fetchSuggestions(
    topic: string,
    where: { locationCode: number; languageCode: string },
    credentials: { login: string; password: string },
    signal: AbortSignal,
  ): Promise<KeywordSuggestions>;
  /** KEYWORD_DATA_RATE_LIMIT per window, per user: paid requests only. */
  rateLimit: RateLimit;
  now(): Date;
}

/** HTTP statuses of the provider's problems: the user's to fix (400), wait (429), or the provider's (502/504). */
const PROBLEM_STATUS: Record<DataForSeoProblem, number> = {
  credentials: 400,
  unverified: 400,
  balance: 400,
  "spending-limit": 400,
  "invalid-request": 400,
  "rate-limit": 429,
  unavailable: 502,
  timeout: 504,
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * POST { action: "quote", topic } → 200 KeywordDataQuote: what fetching the
 * topic would cost (0 when the user's cache holds it), and the spend of the
 * last 30 days. Nothing is spent.
 * POST { action: "fetch", topic, acceptedCostUsd } → 200 KeywordDataResult:
 * from the cache when the topic was fetched in the last 30 days (cost 0),
 * else from the provider, recorded with what it charged. A fetch that would
 * cost more than the cost the user accepted is refused (409): nothing is
 * spent that was not shown first.
 * POST { action: "save", login, password, locationCode, languageCode } →
 * 200 { saved: true }: stores the caller's provider account, the password
 * sealed (a blank login or password keeps the stored one; 400 when a new
 * account lacks either).
 * 400 input or no provider, or a provider refusal the user can fix; 401;
 * 405; 409; 413; 429 rate limit; 502/504 provider.
 */
export function createHandler(deps: KeywordDataDeps): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "keyword-data",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: keywordDataRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: KEYWORD_DATA_MESSAGES.failed,
    async handle({ req, userId, input }) {
      if (input.action === "save") {
        const saved = await deps.saveProvider(userId, {
          provider: "dataforseo",
          login: input.login,
          password: input.password,
          locationCode: input.locationCode,
          languageCode: input.languageCode,
        });
        if (saved === "missing-credentials") {
          return errorResponse(400, KEYWORD_DATA_MESSAGES.credentialsRequired, { field: input.login.trim() ? "password" : "login" });
        }
        return json({ saved: true });
      }
      const provider = await deps.readProvider(userId);
      if (!provider) return errorResponse(400, KEYWORD_DATA_MESSAGES.noProvider);
      const topic = cleanSeed(input.topic);
      if (!topic) return errorResponse(400, "topic: Use letters or numbers in the topic", { field: "topic" });
      const key: CacheKey = {
        provider: provider.provider,
        topic,
        locationCode: provider.locationCode,
        languageCode: provider.languageCode,
      };
      const now = deps.now();
      const cacheSince = new Date(now.getTime() - KEYWORD_DATA_CACHE_DAYS * DAY_MS);
      const cached = await deps.findCached(key, cacheSince);
      const where = { provider: provider.provider, locationCode: provider.locationCode, languageCode: provider.languageCode };

      if (input.action === "quote") {
        const quote: KeywordDataQuote = {
          ...where,
          cached: cached !== null,
          cachedAt: cached?.fetchedAt ?? null,
          estimatedCostUsd: cached ? 0 : KEYWORD_SUGGESTIONS_MAX_COST,
          spentLast30DaysUsd: round6(await deps.spentSince(new Date(now.getTime() - 30 * DAY_MS))),
        };
        return json(quote);
      }

      if (cached) {
        const result: KeywordDataResult = { ...where, keywords: cached.keywords, notes: [], cached: true, fetchedAt: cached.fetchedAt, costUsd: 0 };
        return json(result);
      }
      if (input.acceptedCostUsd + 1e-9 < KEYWORD_SUGGESTIONS_MAX_COST) return errorResponse(409, KEYWORD_DATA_MESSAGES.costChanged);
      const limited = await enforceRateLimit(deps.rateLimit, userId);
      if (limited) return limited;

      let answer: KeywordSuggestions;
      try {
        answer = await deps.fetchSuggestions(topic, provider, provider, req.signal);
      } catch (error) {
        if (!(error instanceof DataForSeoError)) throw error;
        // A refusal DataForSEO still billed is spend all the same.
        if (error.cost > 0) await deps.record(userId, key, { keywords: [], costUsd: error.cost, refusedReason: error.message });
        return errorResponse(PROBLEM_STATUS[error.problem], error.message);
      }
      const fetchedAt = await deps.record(userId, key, { keywords: answer.keywords, costUsd: answer.cost });
      const notes = answer.keywords.length === 0
        ? [`DataForSEO has no keyword data for “${topic}” in this location and language. Try a shorter or broader topic.`]
        : [];
      const result: KeywordDataResult = { ...where, keywords: answer.keywords, notes, cached: false, fetchedAt, costUsd: round6(answer.cost) };
      return json(result);
    },
  });
}
