import { useId } from "react";
import { Link } from "wouter";
import type { Resource } from "../../lib/useResource";
import { startDrag, type DragPayload } from "./CalendarEntryItem";
import type { ReadyDraft } from "./data/calendar";

type ReadyDraftsProps = {
  load: Resource<{ drafts: ReadyDraft[]; more: boolean }>;
  onSchedule(draft: ReadyDraft): void;
  onDragStart(payload: DragPayload): void;
  onDragEnd(): void;
  onRetry(): void;
};

/**
 * Drafts ready to schedule (approved, or needing no review), to drag onto a
 * day, or to schedule with "Schedule…" (keyboard and touch).
 */
export function ReadyDrafts({ load, onSchedule, onDragStart, onDragEnd, onRetry }: ReadyDraftsProps) {
  const headingId = useId();
  const drafts = load.data?.drafts ?? [];
  return (
    <details className="ready-drafts" open>
      <summary>
        <h2 id={headingId}>Ready to schedule{load.data ? ` (${drafts.length}${load.data.more ? "+" : ""})` : ""}</h2>
      </summary>
      <p className="calendar-hint">
        Drafts that need no review, or were approved. Drag one onto a day, or choose Schedule.
      </p>
      {load.status === "failed" && (
        <p role="alert">
          Your drafts could not be loaded.{" "}
          <button type="button" className="secondary outline calendar-action" onClick={onRetry}>
            Retry
          </button>
        </p>
      )}
      {load.status === "ready" && drafts.length === 0 && <p className="calendar-empty">No drafts are ready to schedule.</p>}
      {drafts.length > 0 && (
        <ul className="ready-draft-list" aria-labelledby={headingId}>
          {drafts.map((draft) => (
            <li
              key={draft.id}
              draggable
              onDragStart={(event) => startDrag(event, { kind: "draft", articleId: draft.id, title: draft.title }, onDragStart)}
              onDragEnd={onDragEnd}
            >
              <Link href={`/articles/edit/${draft.id}`} title={draft.title}>
                {draft.title}
              </Link>
              <button
                type="button"
                className="secondary outline calendar-action"
                aria-label={`Schedule ${draft.title}`}
                onClick={() => onSchedule(draft)}
              >
                Schedule
              </button>
            </li>
          ))}
        </ul>
      )}
      {load.data?.more && (
        <p className="calendar-hint">
          Only the most recently changed are listed: <Link href="/articles?status=draft">all drafts</Link>.
        </p>
      )}
    </details>
  );
}
