import { useId, type TextareaHTMLAttributes } from "react";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  help?: string;
};

/** FormField's multi-line twin: label, textarea, and its message linked by `aria-describedby`. */
export function TextAreaField({ label, error, help, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? help;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...textarea}
      />
      {note && <small id={noteId}>{note}</small>}
    </>
  );
}
