const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

const pad = (value: number) => String(value).padStart(2, "0");

/** The value of a datetime-local input showing `date` in the browser's time zone (to the minute). */
export function toDateTimeLocal(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * Reads a datetime-local value (`2026-12-24T18:30`, local time, no offset) as
 * the instant it names in the browser's time zone; null when it is not a
 * real date and time. A local time skipped by a daylight-saving change is
 * moved forward by the browser, as the input itself does.
 */
export function parseDateTimeLocal(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // 31 April and the like roll into the next month: refuse them.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
