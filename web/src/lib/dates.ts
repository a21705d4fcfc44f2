const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses a backend timestamp. Accepts ISO 8601 (`2026-11-22T13:57:40.852Z`),
 * Postgres text output (`2026-11-22 13:57:40.852+00`) and plain dates
 * (`2025-01-05`, read as a local calendar date).
 */
export function parseTimestamp(value: string): Date {
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  const iso = value
    .trim()
    .replace(" ", "T")
    .replace(/([+-]\d{2})$/, "$1:00")
    .replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  return new Date(iso);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** Formats a date like "Jan 5, 2025"; an unparseable value gives "". */
export function formatDate(value: Date | string): string {
  const date = typeof value === "string" ? parseTimestamp(value) : value;
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * Formats a moment like "Dec 3, 2026, 9:30 AM" in the browser's time zone as
 * it is now (a formatter fixes its zone when made, so one is made per call);
 * an unparseable value gives "".
 */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === "string" ? parseTimestamp(value) : value;
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat("en-US", DATE_TIME).format(date);
}

/** The browser's time zone (IANA name, e.g. "Europe/Berlin"), in which the app shows times. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
