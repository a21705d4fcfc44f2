import { useEffect, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { FormField } from "../../../ui/FormField";
import { Modal } from "../../../ui/Modal";

export type AddressField = { name: string; label: string; initial: string; type?: "url" | "text"; help?: string };

type AddressDialogProps = {
  title: string;
  fields: readonly AddressField[];
  submitLabel: string;
  /** Checks the values; returns a message per field name that is wrong, or nothing when they are applied. */
  onSubmit(values: Record<string, string>): Record<string, string> | void;
  /** A secondary action such as "Remove link". */
  extraAction?: { label: string; run(): void };
  onClose(): void;
};

/**
 * The link and image dialogs. Rendered into <body> (the editor sits inside
 * the article form, and forms cannot nest), and the submit event is stopped
 * here so it does not reach the article form through React's tree either.
 */
export function AddressDialog({ title, fields, submitLabel, onSubmit, extraAction, onClose }: AddressDialogProps) {
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((field) => [field.name, field.initial])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  // The dialog opens on its first field (the address), not on ✕: showModal() has focused the
  // first focusable element, the close button, by the time effects run.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const problems = onSubmit(values);
    if (problems && Object.keys(problems).length > 0) {
      setErrors(problems);
      const first = event.currentTarget.elements.namedItem(Object.keys(problems)[0]);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    onClose();
  };

  return createPortal(
    <Modal title={title} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate>
        {fields.map((field) => (
          <FormField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type ?? "text"}
            value={values[field.name]}
            error={errors[field.name]}
            help={field.help}
            onChange={(event) => {
              const { value } = event.target;
              setValues((previous) => ({ ...previous, [field.name]: value }));
            }}
          />
        ))}
        <div className="modal-actions">
          {extraAction && (
            <button
              type="button"
              className="secondary outline"
              onClick={() => {
                extraAction.run();
                onClose();
              }}
            >
              {extraAction.label}
            </button>
          )}
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit">{submitLabel}</button>
        </div>
      </form>
    </Modal>,
    document.body,
  );
}
