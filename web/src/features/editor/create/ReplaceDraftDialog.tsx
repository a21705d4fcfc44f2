import { Modal } from "../../../ui/Modal";

type ReplaceDraftDialogProps = { onCancel(): void; onReplace(): void };

/** Asked before an AI draft replaces article fields that already hold text. */
export function ReplaceDraftDialog({ onCancel, onReplace }: ReplaceDraftDialogProps) {
  return (
    <Modal
      title="Replace your article?"
      onClose={onCancel}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" autoFocus onClick={onCancel}>
            Cancel
          </button>
          <button type="button" onClick={onReplace}>
            Replace with AI draft
          </button>
        </div>
      }
    >
      <p>
        The article fields already hold text. The AI draft replaces it as it is written; if the draft is interrupted,
        you can restore what is there now.
      </p>
    </Modal>
  );
}
