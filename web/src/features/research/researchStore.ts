import { proxy, ref, subscribe, useSnapshot } from "valtio";
import { KEYWORDS_FAILURE_MESSAGE, requestKeywords, type KeywordsResponse } from "./data/keywords";
import { requestSeoAnalysis, SEO_FAILURE_MESSAGE, type SeoAnalysis } from "./data/seoAnalysis";
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
  latest: { subject: string; result: Ref<Result> } | null;
  /** The last failed request's message and where it is fixed; kept until dismissed or a new request starts. */
  error: { message: string; fix?: FixPlace } | null;
};

/**
 * The research screens' results live here rather than in the pages, so a
 * request keeps running and its result stays when the user navigates away
 * and back within the session.
 */
export const keywordResearch = proxy<Research<KeywordsResponse>>({
  pending: null,
  latest: null,
  error: null,
});

export const seoResearch = proxy<Research<SeoAnalysis>>({
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

async function run<Result extends object>(
  research: Research<Result>,
  subject: string,
  request: () => Promise<Result>,
  messages: { success: string; failure: string },
): Promise<void> {
  if (research.pending) return;
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
  if (epoch !== ownerEpoch) return;
  research.pending = null;
  if ("result" in outcome) {
    research.latest = { subject, result: ref(outcome.result) };
    notifySuccess(messages.success);
  } else {
    research.error = outcome.error;
    notifyError(outcome.error.message);
  }
}

export function generateKeywords(topic: string): Promise<void> {
  return run(keywordResearch, topic, () => requestKeywords(topic), {
    success: "Keywords generated successfully",
    failure: KEYWORDS_FAILURE_MESSAGE,
  });
}

export function analyzeWebsite(url: string): Promise<void> {
  return run(seoResearch, url, () => requestSeoAnalysis(url), {
    success: "SEO analysis completed successfully",
    failure: SEO_FAILURE_MESSAGE,
  });
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
