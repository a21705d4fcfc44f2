import { useEffect } from "react";
import { parseTimestamp } from "../../lib/dates";
import type { Publication } from "./data/publications";
import { isSettling } from "./publicationState";
import { requestPublications, usePublications } from "./publicationsStore";

/**
 * What became of a scheduled article whose time has passed (it is still
 * scheduled, so at least one of its sites is not done): a site is being
 * published to now, a site failed since the time came (the reason and Retry
 * are in its publication), or the scheduler has not taken it yet.
 */
export type PastDueOutcome =
  | { kind: "publishing"; siteNames: string[] }
  | { kind: "failed"; siteNames: string[] }
  | { kind: "queued" };

/** The outcome from the article's publications; only what happened since `scheduledFor` counts. */
export function pastDueOutcome(publications: readonly Publication[], scheduledFor: Date, now = new Date()): PastDueOutcome {
  const since = publications.filter((publication) => parseTimestamp(publication.updatedAt) >= scheduledFor);
  const publishing = since.filter((publication) => publication.status === "pending" && isSettling(publication, now));
  if (publishing.length > 0) return { kind: "publishing", siteNames: publishing.map(({ siteName }) => siteName) };
  const failed = since.filter((publication) => publication.status === "failed" || publication.status === "pending");
  if (failed.length > 0) return { kind: "failed", siteNames: failed.map(({ siteName }) => siteName) };
  return { kind: "queued" };
}

/** The past-due outcome of a scheduled article; null until its publications are read (or when they cannot be). */
export function usePastDueOutcome(articleId: string, scheduledFor: Date): PastDueOutcome | null {
  useEffect(() => requestPublications(articleId), [articleId]);
  const entry = usePublications(articleId);
  if (entry === undefined || entry === "loading" || "error" in entry) return null;
  return pastDueOutcome(entry.publications, scheduledFor);
}
