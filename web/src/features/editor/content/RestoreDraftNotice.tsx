import { formatDraftTime } from "../localDrafts";
import "./formNotice.css";

type RestoreDraftNoticeProps = {
  savedAt: Date;
  /** The article has been saved since the draft was written: restoring replaces that version. */
  outdated: boolean;
  onRestore(): void;
  onDiscard(): void;
};

/** The offer of a draft kept in this browser, above the article form. */
export function RestoreDraftNotice({ savedAt, outdated, onRestore, onDiscard }: RestoreDraftNoticeProps) {
  return (
    <section className="form-notice" aria-labelledby="restore-draft-question">
      <p id="restore-draft-question">
        <strong>Restore unsaved changes from {formatDraftTime(savedAt)}?</strong>
      </p>
      <p>
        This browser kept changes that were not saved.
        {outdated && " The article has been saved since then: restoring replaces the saved version in the form."}
      </p>
      <div className="form-notice-actions">
        <button type="button" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="secondary outline" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </section>
  );
}
