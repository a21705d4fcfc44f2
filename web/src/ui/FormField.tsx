import { useId, type InputHTMLAttributes } from "react";

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  help?: string;
};

/**
 * A labelled input with its validation message (or help text) underneath,
 * linked by `aria-describedby`; an error marks the input `aria-invalid`.
 */
export function FormField({ label, error, help, ...input }: FormFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? help;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...input}
      />
      {note && <small id={noteId}>{note}</small>}
    </>
  );
}
