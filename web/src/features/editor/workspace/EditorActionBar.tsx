import type { Ref } from "react";
import { Link } from "wouter";
import { formatTime } from "../../../lib/dates";

type EditorActionBarProps = {
  /** The spec's labels: "Save Article" on Create, "Save Changes" on Edit. */
  saveLabel: string;
  saving: boolean;
  /** "Preview Post" on Create, "Preview" on Edit. */
  previewLabel: string;
  onPreview(): void;
  /** Edit only: a new article has no history yet. */
  onHistory?(): void;
  historyRef?: Ref<HTMLButtonElement>;
  saveRef?: Ref<HTMLButtonElement>;
  onPublish(): void;
  onSchedule(): void;
  /** While an AI draft is written: nothing can be saved, published or scheduled. */
  busy?: boolean;
  /** When the article was last saved in this visit; null before. */
  savedAt: Date | null;
};

/**
 * The editor's one action bar, kept in view at the bottom of the window on
 * every width (sticky, so it never covers the end of the form): Save
 * (submits the form), Preview, History, Publish…, Schedule… and Cancel,
 * with "Saved at …" after a save in this visit.
 */
export function EditorActionBar({
  saveLabel,
  saving,
  previewLabel,
  onPreview,
  onHistory,
  historyRef,
  saveRef,
  onPublish,
  onSchedule,
  busy = false,
  savedAt,
}: EditorActionBarProps) {
  return (
    <div className="editor-action-bar">
      {savedAt && (
        <p className="editor-saved-at" role="status">
          Saved at <time dateTime={savedAt.toISOString()}>{formatTime(savedAt)}</time>
        </p>
      )}
      <div className="editor-actions" role="group" aria-label="Article actions">
        <button type="button" className="secondary outline" onClick={onPreview}>
          {previewLabel}
        </button>
        {onHistory && (
          <button ref={historyRef} type="button" className="secondary outline" aria-haspopup="dialog" onClick={onHistory}>
            History
          </button>
        )}
        <button type="button" className="secondary outline" aria-haspopup="dialog" disabled={busy || saving} onClick={onSchedule}>
          Schedule…
        </button>
        <button type="button" className="secondary outline" aria-haspopup="dialog" disabled={busy || saving} onClick={onPublish}>
          Publish…
        </button>
        <Link href="/articles" role="button" className="secondary outline">
          Cancel
        </Link>
        <button ref={saveRef} type="submit" disabled={busy || saving} aria-busy={saving || undefined}>
          {saving ? "Saving..." : saveLabel}
        </button>
      </div>
    </div>
  );
}
