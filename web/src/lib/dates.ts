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

/*
 * The app's one way to write dates and times (issue 21: dates appeared in
 * three formats across screens). US English, month as a word, 12-hour clock:
 *   formatDate         "Jan 5, 2025"                  (the spec's card date)
 *   formatDateTime     "Dec 3, 2026, 9:30 AM"         (":05" seconds on request)
 *   formatDateTimeIn   "Dec 3, 2026, 9:30 AM EST"     (a stated time zone)
 *   formatTime         "9:30 AM"
 *   formatDayLong      "Thursday, December 3, 2026"
 *   formatDayShort     "Thu, Dec 3"
 *   formatMonthYear    "December 2026"
 * Each is made per call, in the browser's time zone as it is now: a formatter
 * fixes its zone when it is made. An unparseable value gives "".
 */

const format = (options: Intl.DateTimeFormatOptions) => (value: Date | string): string => {
  const date = typeof value === "string" ? parseTimestamp(value) : value;
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat("en-US", options).format(date);
};

const DAY: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

/** "Jan 5, 2025". */
export const formatDate = format(DAY);

/** "Dec 3, 2026, 9:30 AM" in the browser's time zone; with `seconds`, "Dec 3, 2026, 9:30:05 AM". */
export function formatDateTime(value: Date | string, { seconds = false } = {}): string {
  return format({ ...DAY, ...TIME, ...(seconds && { second: "2-digit" }) })(value);
}

/** "Dec 3, 2026, 9:30 AM EST": the moment on the wall clock of `timeZone`, which is named. */
export function formatDateTimeIn(value: Date | string, timeZone: string): string {
  return format({ ...DAY, ...TIME, timeZone, timeZoneName: "short" })(value);
}

/** "9:30 AM". */
export const formatTime = format(TIME);

/** "Thursday, December 3, 2026". */
export const formatDayLong = format({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** "Thu, Dec 3". */
export const formatDayShort = format({ weekday: "short", month: "short", day: "numeric" });

/** "December 2026". */
export const formatMonthYear = format({ month: "long", year: "numeric" });

/** "Sun" … "Sat", and "Sunday" … "Saturday", from Sunday. */
export const WEEKDAY_NAMES = Array.from({ length: 7 }, (_, day) => new Date(2026, 10, 1 + day)).map((date) => ({
  short: format({ weekday: "short" })(date),
  long: format({ weekday: "long" })(date),
}));

/** The browser's time zone (IANA name, e.g. "Europe/Berlin"), in which the app shows times. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether the browser knows `zone` as a time zone (the database checks again). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Today in `timeZone` as YYYY-MM-DD (a date field's value). */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(now);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
