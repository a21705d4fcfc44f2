import { useEffect, useId, useRef, type ReactNode } from "react";
import "./Modal.css";

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** More to read or choose between the message and the buttons (options, a failure of the last try). */
  children?: ReactNode;
  /** While the confirmed action runs: the buttons wait, Escape does nothing. */
  busy?: boolean;
  /** The answer cannot be given yet (what it means is still being read); Cancel can. */
  confirmDisabled?: boolean;
};

/**
 * A question that must be answered before going on: a modal alertdialog on
 * the native <dialog> (focus trapped, Escape cancels), stacked above any open
 * modal. Cancel, the safe answer, has the focus; closing gives the focus
 * back to where it was. Rendered only while asking.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
  busy = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    cancelRef.current?.focus();
    return () => dialog?.close?.();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <article>
        <h2 id={titleId}>{title}</h2>
        <p id={messageId}>{message}</p>
        {children}
        <footer>
          <div className="modal-actions">
            <button ref={cancelRef} type="button" className="secondary" disabled={busy} onClick={onCancel}>
              Cancel
            </button>
            <button type="button" disabled={busy || confirmDisabled} aria-busy={busy || undefined} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </footer>
      </article>
    </dialog>
  );
}
