import { useId, type SelectHTMLAttributes } from "react";

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  /** Shown under the select, and read with it. */
  help?: string;
};

export function SelectField({ label, options, error, help, ...select }: SelectFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const helpId = `${id}-help`;
  const describedBy = [help && helpId, error && noteId].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <span className="select-control">
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
      {help && <small id={helpId}>{help}</small>}
      {error && <small id={noteId}>{error}</small>}
    </>
  );
}
