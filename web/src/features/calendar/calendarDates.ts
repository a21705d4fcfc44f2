/**
 * Calendar arithmetic in the browser's time zone. Days are local calendar
 * days built with `new Date(year, month, day)`, so a daylight-saving change
 * moves no entry to another day; weeks start on Sunday (the app's en-US
 * formats). The visible range of a month is the whole weeks that show it
 * (four to six), of a week its seven days: at most 42 days, which
 * calendar_entries() accepts.
 */
export const CALENDAR_VIEWS = ["month", "week"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
export const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
export const startOfWeek = (date: Date) => addDays(date, -date.getDay());
export const startOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/** The same day of another month, or that month's last day when it is shorter. */
export function addMonths(date: Date, months: number): Date {
  const lastDay = new Date(date.getFullYear(), date.getMonth() + months + 1, 0).getDate();
  return new Date(date.getFullYear(), date.getMonth() + months, Math.min(date.getDate(), lastDay));
}

export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-12-03": a local calendar day, for addresses and lookups. */
export const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The local day a key names, or null when it is not a real day. */
export function parseDayKey(key: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key ?? "");
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export type VisibleRange = {
  /** Local midnight of the first day shown. */
  start: Date;
  /** Local midnight after the last day shown (exclusive). */
  end: Date;
  /** Every day shown, in weeks of seven. */
  weeks: Date[][];
};

export function visibleRange(view: CalendarView, focus: Date): VisibleRange {
  const start = view === "week" ? startOfWeek(focus) : startOfWeek(startOfMonth(focus));
  const end =
    view === "week"
      ? addDays(start, 7)
      : addDays(startOfWeek(new Date(focus.getFullYear(), focus.getMonth() + 1, 0)), 7);
  const weeks: Date[][] = [];
  for (let day = start; day < end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, offset) => addDays(day, offset)));
  }
  return { start, end, weeks };
}

/** The view and focused day an address names: /calendar?view=week&date=2026-12-03 (default: this month, today). */
export function calendarAddress(search: string, today: Date): { view: CalendarView; focus: Date } {
  const params = new URLSearchParams(search);
  const view = CALENDAR_VIEWS.find((value) => value === params.get("view")) ?? "month";
  return { view, focus: parseDayKey(params.get("date")) ?? startOfDay(today) };
}

export const calendarPath = (view: CalendarView, focus: Date) => `/calendar?view=${view}&date=${dayKey(focus)}`;
