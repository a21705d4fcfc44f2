import { useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import "./Modal.css";

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown in the modal's footer (wrap them in `.modal-actions` to line them up at the end). */
  footer?: ReactNode;
  /** While true, Escape and the close button do nothing (e.g. while saving). */
  busy?: boolean;
};

/**
 * Where focus goes when a dialog closes: the control that opened it, or, if
 * that is gone (the card it was on was removed), the main area.
 */
function returnFocus(opener: HTMLElement | null): void {
  const target = opener?.isConnected ? opener : document.getElementById("main");
  target?.focus({ preventScroll: true });
}

/**
 * A modal dialog on the native <dialog> element: focus is trapped by the
 * browser, Escape closes it, the page behind is inert. Rendered only while
 * open; unmounting closes it and returns focus to the control that opened it
 * (the browser cannot: the dialog leaves the document with it).
 */
export function Modal({ title, onClose, children, footer, busy = false }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      returnFocus(opener);
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <article>
        <header>
          <button type="button" rel="prev" aria-label="Close" disabled={busy} onClick={onClose} />
          <h2 id={titleId}>{title}</h2>
        </header>
        {children}
        {footer && <footer>{footer}</footer>}
      </article>
    </dialog>
  );
}
