import { Modal } from "../../../ui/Modal";

type UnsavedChangesDialogProps = { onStay(): void; onLeave(): void };

/** Asked when a link would leave a form with unsaved changes. Escape and the close button stay. */
export function UnsavedChangesDialog({ onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <Modal
      title="Leave without saving?"
      onClose={onStay}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onLeave}>
            Discard changes and leave
          </button>
          <button type="button" autoFocus onClick={onStay}>
            Keep editing
          </button>
        </div>
      }
    >
      <p>Your changes to this article have not been saved. If you leave now, they are discarded.</p>
    </Modal>
  );
}
