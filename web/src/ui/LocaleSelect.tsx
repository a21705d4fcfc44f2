import { useId } from "react";
import { LOCALES } from "@contracts/locales";

type LocaleSelectProps = {
  label: string;
  name: string;
  /** A tag of LOCALES, or "" for `unsetLabel`. */
  value: string;
  /** The first option, meaning "not chosen here" (what applies instead, e.g. "The assistant's language"). */
  unsetLabel: string;
  help?: string;
  error?: string;
  disabled?: boolean;
  onChange(tag: string): void;
};

/**
 * The languages articles can be written in (LOCALES, shared with the
 * functions and the database), each as "English name — native name", after
 * an option that leaves the choice to the next place.
 */
export function LocaleSelect({ label, name, value, unsetLabel, help, error, disabled, onChange }: LocaleSelectProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? help;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <span className="select-control">
        <select
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <LocaleOptions unsetLabel={unsetLabel} />
        </select>
      </span>
      {note && <small id={noteId}>{note}</small>}
    </>
  );
}

/** The options of a language select: `unsetLabel` for "", then each of LOCALES as "English name — native name". */
export function LocaleOptions({ unsetLabel }: { unsetLabel: string }) {
  return (
    <>
      <option value="">{unsetLabel}</option>
      {LOCALES.map((locale) => (
        <option key={locale.tag} value={locale.tag} lang={locale.tag}>
          {locale.name === locale.nativeName ? locale.name : `${locale.name} — ${locale.nativeName}`}
        </option>
      ))}
    </>
  );
}
