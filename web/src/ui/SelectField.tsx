import { useId, type SelectHTMLAttributes } from "react";

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  error?: string;
};

export function SelectField({ label, options, error, ...select }: SelectFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <span className="select-control">
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? noteId : undefined} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
      {error && <small id={noteId}>{error}</small>}
    </>
  );
}
