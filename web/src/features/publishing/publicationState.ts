import { formatDateTime, parseTimestamp } from "../../lib/dates";
import type { Publication } from "./data/publications";

export const RETRY_QUEUED = "Retry queued: the scheduler publishes it on its next run.";
export const RETRY_FAILED = "Could not queue the retry";
/** What to do about an interrupted publish (exactly-once: the marker finds a post it may have made). */
export const INTERRUPTED_NEXT =
  "Publish again to finish it: a post it already made on the site is found and updated, never made twice. A scheduled article is retried by the scheduler.";

/** WordPress's post statuses in words; a plugin's own status is shown as it is named. */
const REMOTE_STATUS_LABELS: Readonly<Record<string, string>> = {
  publish: "Live",
  draft: "Draft",
  future: "Scheduled on WordPress",
  pending: "Pending review",
  private: "Private",
  trash: "In the trash",
};

export function remoteStatusLabel(remoteStatus: string): string {
  return REMOTE_STATUS_LABELS[remoteStatus] ?? remoteStatus.charAt(0).toUpperCase() + remoteStatus.slice(1);
}

/** Whether the post on the site is live, so that a Draft would unpublish it. */
export const isLive = (publication: Pick<Publication, "remoteStatus"> | undefined) =>
  publication?.remoteStatus === "publish";

export type PublicationTone = "live" | "quiet" | "busy" | "failed";

/** One publication in words: its state, and lines that explain it (when, why it failed, what happens next). */
export type PublicationSummary = { label: string; tone: PublicationTone; details: string[] };

/**
 * What a publication means for the user. The state is what is on the site
 * (remote status); how our last attempt went is added when it is not the
 * same thing: publishing right now, or failed (with the reason and whether
 * the post on the site is still there).
 */
export function summarizePublication(publication: Publication, now: Date = new Date()): PublicationSummary {
  const { status, remoteStatus, publishedAt, updatedAt, lastError, nextAttemptAt } = publication;
  const remote = remoteStatus ? remoteStatusLabel(remoteStatus) : null;
  if (status === "pending" && isPublishingNow(publication, now)) {
    return {
      label: "Publishing…",
      tone: "busy",
      details: remote ? [`On the site now: ${remote}.`] : [],
    };
  }
  if (status === "pending") {
    return {
      label: "Interrupted",
      tone: "failed",
      details: [
        `The last publish stopped before it finished${remote ? `; the post on the site is ${remote === "Live" ? "live" : remote.toLowerCase()}` : ""}.`,
        INTERRUPTED_NEXT,
      ],
    };
  }
  if (status === "failed") {
    const details = [`Failed ${formatDateTime(updatedAt)}: ${lastError ?? "no reason was recorded"}`];
    if (remote) details.push(`The post on the site is still ${remote === "Live" ? "live" : remote.toLowerCase()}.`);
    if (nextAttemptAt) {
      const next = parseTimestamp(nextAttemptAt);
      details.push(
        next > now ? `Next attempt ${formatDateTime(next)}.` : RETRY_QUEUED,
      );
    }
    return { label: "Failed", tone: "failed", details };
  }
  return {
    label: remote ?? (status === "publish" ? "Live" : "Draft"),
    tone: remoteStatus === "publish" ? "live" : "quiet",
    details: publishedAt ? [`Last published ${formatDateTime(publishedAt)}`] : [],
  };
}

/**
 * A failed scheduled publication that Retry can queue: the scheduler's
 * back-off is waiting (next attempt in the future) on a scheduled article.
 */
export function canRetry(publication: Publication, articleStatus: string, now: Date = new Date()): boolean {
  return (
    articleStatus === "scheduled" &&
    publication.status === "failed" &&
    publication.nextAttemptAt !== null &&
    parseTimestamp(publication.nextAttemptAt) > now
  );
}

/**
 * A publish holds the pair now: its claim has not lapsed. (Publications
 * read before claims existed carry no claim time: pending means publishing.)
 */
function isPublishingNow(publication: Publication, now: Date): boolean {
  if (publication.claimedUntil === undefined) return true;
  return publication.claimedUntil !== null && parseTimestamp(publication.claimedUntil) > now;
}

/** Still changing without the user doing anything: being published, or queued for the scheduler. */
export function isSettling(publication: Publication, now: Date = new Date()): boolean {
  if (publication.status === "pending") return isPublishingNow(publication, now);
  return (
    publication.status === "failed" &&
    publication.nextAttemptAt !== null &&
    parseTimestamp(publication.nextAttemptAt) <= now
  );
}
