import { proxy, ref, subscribe, useSnapshot } from "valtio";
import { KEYWORDS_FAILURE_MESSAGE, requestKeywords, type KeywordsResponse } from "./data/keywords";
import { fetchKeywordData, type KeywordDataResult } from "./data/keywordData";
import { requestSeoAnalysis, SEO_FAILURE_MESSAGE, type SeoReport } from "./data/seoAnalysis";
import { deleteKeywordResearch, saveKeywordResearch, type SavedResearch } from "./data/keywordResearches";
import { notifyError, notifySuccess } from "../../lib/notify";
import { type FixPlace, RequestFailure } from "../../backend/functionErrors";
import { sessionState } from "../auth/index";

/** A request that is under way: what it is about and when it started (epoch ms). */
export type PendingRequest = { subject: string; startedAt: number };

/** Results are replaced whole, never mutated: held by reference, not proxied. */
type Ref<T extends object> = ReturnType<typeof ref<T>>;

type Research<Result extends object> = {
  pending: PendingRequest | null;
  /** The last successful result with what it was for; kept when a later request fails. */
  latest: { subject: string; result: Ref<Result>; savedId?: string; locale?: string | null } | null;
  /** The last failed request's message and where it is fixed; kept until dismissed or a new request starts. */
  error: { message: string; fix?: FixPlace } | null;
};

/**
 * The research screens' results live here rather than in the pages, so a
 * request keeps running and its result stays when the user navigates away
 * and back within the session.
 */
/**
 * AI estimates (KeywordsResponse), or a provider's data (KeywordDataResult,
 * which names its provider). Only AI estimates go to the saved history; a
 * provider's data is cached by the keyword-data function for 30 days, so
 * running the topic again shows it at no cost.
 */
export const keywordResearch = proxy<Research<KeywordsResponse | KeywordDataResult> & { historyVersion: number }>({
  pending: null,
  latest: null,
  error: null,
  /** Bumped when the saved history changed (a research saved or deleted), so the list loads again. */
  historyVersion: 0,
});

export const seoResearch = proxy<Research<SeoReport>>({
  pending: null,
  latest: null,
  error: null,
});

let owner = sessionState.user?.id ?? null;
/** Bumped when the user changes; a request started before that is forgotten. */
let ownerEpoch = 0;

/** Security: results belong to the user who asked; another sign-in on the same tab must not see them. */
subscribe(sessionState, () => {
  const current = sessionState.user?.id ?? null;
  if (current === owner) return;
  owner = current;
  ownerEpoch += 1;
  for (const research of [keywordResearch, seoResearch]) {
    research.pending = null;
    research.latest = null;
    research.error = null;
  }
});

/** Runs a request; resolves to its result when it succeeded and is still the one shown, else null. */
async function run<Result extends object>(
  research: Research<Result>,
  subject: string,
  request: () => Promise<Result>,
  messages: { success: string; failure: string },
): Promise<Result | null> {
  if (research.pending) return null;
  const epoch = ownerEpoch;
  research.pending = { subject, startedAt: Date.now() };
  research.error = null;
  let outcome: { result: Result } | { error: NonNullable<Research<Result>["error"]> };
  try {
    outcome = { result: await request() };
  } catch (error) {
    outcome = {
      error: {
        message: error instanceof Error && error.message ? error.message : messages.failure,
        ...(error instanceof RequestFailure && error.fix ? { fix: error.fix } : {}),
      },
    };
  }
  if (epoch !== ownerEpoch) return null;
  research.pending = null;
  if ("result" in outcome) {
    research.latest = { subject, result: ref(outcome.result) };
    notifySuccess(messages.success);
    return outcome.result;
  }
  research.error = outcome.error;
  notifyError(outcome.error.message);
  return null;
}

/** The last keyword and SEO requests, so that a failed one can be tried again as it was asked. */
let lastKeywordsRequest: (() => Promise<void>) | null = null;
let lastSeoRequest: (() => Promise<void>) | null = null;

export const RESEARCH_NOT_SAVED = "The research could not be saved to your history";

/**
 * Generates keywords for the topic, in `locale` when one is chosen (else the
 * topic's own language); once they are shown, they are saved to the user's history.
 */
export async function generateKeywords(topic: string, locale: string | null = null): Promise<void> {
  lastKeywordsRequest = () => generateKeywords(topic, locale);
  const result = await run(keywordResearch, topic, () => requestKeywords(topic, locale), {
    success: "Keywords generated successfully",
    failure: KEYWORDS_FAILURE_MESSAGE,
  });
  if (!result) return;
  if (keywordResearch.latest?.result === result) keywordResearch.latest.locale = locale;
  const epoch = ownerEpoch;
  try {
    const saved = await saveKeywordResearch(topic, result, locale);
    if (epoch !== ownerEpoch) return;
    if (keywordResearch.latest?.result === result) keywordResearch.latest.savedId = saved.id;
    keywordResearch.historyVersion += 1;
  } catch {
    if (epoch === ownerEpoch) notifyError(RESEARCH_NOT_SAVED);
  }
}

/** Shows a saved research again. */
export function openResearch(saved: SavedResearch): void {
  if (keywordResearch.pending) return;
  keywordResearch.latest = { subject: saved.topic, result: ref(saved.result), savedId: saved.id, locale: saved.locale };
  keywordResearch.error = null;
}

/** Deletes a saved research (and stops showing it, if it is shown). */
export async function deleteResearch(id: string): Promise<boolean> {
  try {
    await deleteKeywordResearch(id);
  } catch {
    notifyError("Failed to delete the research");
    return false;
  }
  if (keywordResearch.latest?.savedId === id) keywordResearch.latest = null;
  keywordResearch.historyVersion += 1;
  notifySuccess("Research deleted");
  return true;
}

/** Keyword data from the user's provider, spending at most the cost they were shown. */
export async function generateKeywordData(topic: string, acceptedCostUsd: number): Promise<void> {
  // Tried again, it spends at most the same cost the user accepted.
  lastKeywordsRequest = () => generateKeywordData(topic, acceptedCostUsd);
  await run(keywordResearch, topic, () => fetchKeywordData(topic, acceptedCostUsd), {
    success: "Keywords generated successfully",
    failure: KEYWORDS_FAILURE_MESSAGE,
  });
}

export async function analyzeWebsite(url: string): Promise<void> {
  lastSeoRequest = () => analyzeWebsite(url);
  await run(seoResearch, url, () => requestSeoAnalysis(url), {
    success: "SEO analysis completed successfully",
    failure: SEO_FAILURE_MESSAGE,
  });
}

/** Runs the failed keyword request again. */
export function retryKeywords(): void {
  if (keywordResearch.error && lastKeywordsRequest) void lastKeywordsRequest();
}

/** Runs the failed SEO analysis again. */
export function retrySeoAnalysis(): void {
  if (seoResearch.error && lastSeoRequest) void lastSeoRequest();
}

export function dismissKeywordsError(): void {
  keywordResearch.error = null;
}

export function dismissSeoError(): void {
  seoResearch.error = null;
}

export function useKeywordResearch() {
  return useSnapshot(keywordResearch);
}

export function useSeoResearch() {
  return useSnapshot(seoResearch);
}
