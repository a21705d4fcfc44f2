import "../content/formNotice.css";
import type { DraftValues } from "./draftForm";

export type InterruptedDraft = {
  /** "stopped": the user pressed Stop; "failed": the stream broke off or the server reported an error. */
  reason: "stopped" | "failed";
  message: string;
  /** The article fields as they were before Generate. */
  before: DraftValues;
};

type InterruptedDraftNoticeProps = { draft: InterruptedDraft; onKeep(): void; onRestore(): void };

/**
 * Shown in the form, and until the user chooses, when an AI draft ended
 * before it was complete: the fields hold part of it.
 */
export function InterruptedDraftNotice({ draft, onKeep, onRestore }: InterruptedDraftNoticeProps) {
  return (
    <section className="form-notice form-notice-warning" role="alert" aria-labelledby="interrupted-draft-title">
      <p id="interrupted-draft-title">
        <strong>{draft.reason === "stopped" ? "The AI draft was stopped" : "The AI draft was interrupted"}</strong>
      </p>
      <p>
        {draft.reason === "failed" && `${draft.message.replace(/[.!]?$/, ".")} `}
        The fields below hold only the part written before it ended. Keep it to finish it yourself, or restore what the
        form held before Generate with AI.
      </p>
      <div className="form-notice-actions">
        <button type="button" onClick={onKeep}>
          Keep partial draft
        </button>
        <button type="button" className="secondary outline" onClick={onRestore}>
          Restore previous text
        </button>
      </div>
    </section>
  );
}
