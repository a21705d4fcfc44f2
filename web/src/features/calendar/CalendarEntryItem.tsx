import type { DragEvent } from "react";
import { Link } from "wouter";
import { remoteStatusLabel } from "../publishing/index";
import type { CalendarEntry, CalendarSite } from "./data/calendar";
import { formatTime } from "../../lib/dates";

/** What is being dragged: a scheduled entry to another day, or a ready draft onto a day. */
export type DragPayload = { kind: "entry"; entry: CalendarEntry } | { kind: "draft"; articleId: string; title: string };

export type EntryActions = {
  onReschedule(entry: CalendarEntry): void;
  /** Starts moving the entry to another day with the keyboard (or a tap on a day). */
  onMove(entry: CalendarEntry): void;
  onRetry(entry: CalendarEntry, site: CalendarSite): Promise<void>;
  onDragStart(payload: DragPayload): void;
  onDragEnd(): void;
};

export const entryKey = (entry: CalendarEntry) => `${entry.kind}-${entry.articleId}-${entry.at.getTime()}`;

/** The drag's data: browsers need some text to start a drag; the payload itself is kept by the page. */
export function startDrag(event: DragEvent, payload: DragPayload, onDragStart: (payload: DragPayload) => void) {
  event.dataTransfer.effectAllowed = "move";
  event.dataTransfer.setData("text/plain", payload.kind === "entry" ? payload.entry.title : payload.title);
  onDragStart(payload);
}

function what(entry: CalendarEntry): string {
  const [site] = entry.sites;
  if (entry.kind === "scheduled") {
    return `Scheduled${entry.sites.length > 0 ? ` to ${entry.sites.map((target) => target.siteName).join(", ")}` : " (no site chosen)"}`;
  }
  return `${site?.remoteStatus ? remoteStatusLabel(site.remoteStatus) : "Published"} on ${site?.siteName ?? "a site"}`;
}

const hasFailure = (entry: CalendarEntry) => entry.sites.some((site) => site.publicationStatus === "failed");

/** A scheduled entry whose time has passed: it is still scheduled, so a site is not done yet. */
const isPastDue = (entry: CalendarEntry, now: Date) => entry.kind === "scheduled" && entry.at <= now;

/** A past-due site the scheduler has not tried yet. */
const isQueued = (site: CalendarSite) => site.publicationStatus === null;

/** What a month cell adds after the time: failed, or (past due) publishing or still queued. */
function chipMark(entry: CalendarEntry, now: Date): string | null {
  if (hasFailure(entry)) return "Failed";
  if (!isPastDue(entry, now)) return null;
  if (entry.sites.some((site) => site.publicationStatus === "pending")) return "Publishing";
  if (entry.sites.length === 0) return "Not published";
  return entry.sites.some(isQueued) ? "Queued" : null;
}

/**
 * A month cell's line: time and title on one line each (the title cut with
 * an ellipsis, whole in its tooltip and its accessible name), a failure
 * marked. Scheduled ones can be dragged to another day.
 */
export function CompactEntry({ entry, actions }: { entry: CalendarEntry; actions: EntryActions }) {
  const scheduled = entry.kind === "scheduled";
  const mark = chipMark(entry, new Date());
  return (
    <li
      className={`calendar-chip calendar-entry-${entry.kind}`}
      draggable={scheduled}
      onDragStart={scheduled ? (event) => startDrag(event, { kind: "entry", entry }, actions.onDragStart) : undefined}
      onDragEnd={scheduled ? actions.onDragEnd : undefined}
    >
      <span className="calendar-chip-when">
        <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>
        {mark && (
          <strong className={mark === "Failed" ? "calendar-chip-failed" : undefined}> · {mark}</strong>
        )}
      </span>
      <Link href={`/articles/edit/${entry.articleId}`} title={entry.title}>
        {entry.title}
      </Link>
    </li>
  );
}

/**
 * An entry in full (the week view and a day's list): what and where, the
 * state of each target site (publishing, failed with its reason and Retry),
 * and its actions: Reschedule and Move for a scheduled article, View post for
 * a publication.
 */
export function CalendarEntryItem({ entry, actions }: { entry: CalendarEntry; actions: EntryActions }) {
  const now = new Date();
  const scheduled = entry.kind === "scheduled";
  const [site] = entry.sites;
  return (
    <li
      className={`calendar-entry calendar-entry-${entry.kind}`}
      draggable={scheduled}
      onDragStart={scheduled ? (event) => startDrag(event, { kind: "entry", entry }, actions.onDragStart) : undefined}
      onDragEnd={scheduled ? actions.onDragEnd : undefined}
    >
      <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>{" "}
      <Link href={`/articles/edit/${entry.articleId}`}>{entry.title}</Link>
      <small className="calendar-entry-what">{what(entry)}</small>
      {isPastDue(entry, now) && entry.sites.length === 0 && (
        <small className="calendar-entry-state calendar-entry-failed">
          Not published: no site was chosen. Edit it to choose a site.
        </small>
      )}
      {scheduled &&
        entry.sites.map((target) => {
          if (isQueued(target) && isPastDue(entry, now)) {
            return (
              <small key={target.siteId} className="calendar-entry-state">
                Still queued for {target.siteName}: the scheduler publishes it on its next run.
              </small>
            );
          }
          if (target.publicationStatus === "pending") {
            return (
              <small key={target.siteId} className="calendar-entry-state">
                Publishing to {target.siteName}…
              </small>
            );
          }
          if (target.publicationStatus !== "failed") return null;
          const queued = target.nextAttemptAt !== null && target.nextAttemptAt <= now;
          return (
            <small key={target.siteId} className="calendar-entry-state calendar-entry-failed">
              Failed on {target.siteName}: {target.lastError ?? "no reason was recorded"}.{" "}
              {queued && "Retry queued. "}
              {target.nextAttemptAt && !queued && (
                <button
                  type="button"
                  className="secondary outline calendar-action"
                  aria-label={`Retry publishing ${entry.title} to ${target.siteName}`}
                  onClick={() => void actions.onRetry(entry, target)}
                >
                  Retry
                </button>
              )}
            </small>
          );
        })}
      <div className="calendar-entry-actions">
        {scheduled && (
          <>
            <button
              type="button"
              className="secondary outline calendar-action"
              aria-label={`Reschedule ${entry.title}`}
              onClick={() => actions.onReschedule(entry)}
            >
              Reschedule
            </button>
            <button
              type="button"
              className="secondary outline calendar-action"
              aria-label={`Move ${entry.title} to another day`}
              onClick={() => actions.onMove(entry)}
            >
              Move
            </button>
          </>
        )}
        {!scheduled && site?.link && (
          <a
            className="calendar-action-link"
            href={site.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View post ${entry.title} on ${site.siteName}`}
          >
            View post
          </a>
        )}
      </div>
    </li>
  );
}
