import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { remoteStatusLabel, RETRY_FAILED, RETRY_QUEUED } from "../publishing/index";
import {
  CALENDAR_ROW_LIMIT,
  loadCalendarEntries,
  type CalendarEntry,
  type CalendarRange,
  type CalendarSite,
} from "./data/calendar";
import { retryScheduledPublication } from "../publishing/index";
import { browserTimeZone, formatDateTime } from "../../lib/dates";
import { useResource } from "../../lib/useResource";
import { notifyError, notifySuccess } from "../../lib/notify";
import {
  addDays,
  addMonths,
  calendarAddress,
  calendarPath,
  dayKey,
  sameDay,
  startOfWeek,
  visibleRange,
  type CalendarView,
} from "./calendarDates";
import { RescheduleDialog } from "./RescheduleDialog";
import "./calendar.css";

export const CALENDAR_LOAD_FAILED = "Failed to load the calendar";

/**
 * Dates in words, in the browser's time zone as it is now: a formatter fixes
 * its zone when it is made, so one is made per use.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => ({
  format: (date: Date) => new Intl.DateTimeFormat("en-US", options).format(date),
});
const monthTitle = formatter({ month: "long", year: "numeric" });
const shortDate = formatter({ month: "short", day: "numeric", year: "numeric" });
const longDate = formatter({ weekday: "long", month: "long", day: "numeric", year: "numeric" });
const weekdayDate = formatter({ weekday: "long", month: "short", day: "numeric" });
const timeOfDay = formatter({ hour: "numeric", minute: "2-digit" });
/** Sunday to Saturday (Nov 1, 2026 was a Sunday). */
const WEEKDAYS = Array.from({ length: 7 }, (_, day) => new Date(2026, 10, 1 + day)).map((date) => ({
  short: formatter({ weekday: "short" }).format(date),
  long: formatter({ weekday: "long" }).format(date),
}));


const countText = (count: number) => `${count} ${count === 1 ? "entry" : "entries"}`;

/**
 * Calendar (/calendar): scheduled articles at their scheduled time and
 * publications at the time they were published, by month or by week, in the
 * browser's time zone. Only the visible range is loaded. Entries open the
 * article (Edit); a scheduled one can be rescheduled, and a failed scheduled
 * publication shows its reason with Retry. The view and day live in the
 * address. Month view: arrow keys move between days, Home/End to the week's
 * ends, Page Up/Page Down by month, Enter opens the day's week.
 */
export default function CalendarPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = new Date();
  const { view, focus } = useMemo(() => calendarAddress(search, new Date()), [search]);
  const range = useMemo(() => visibleRange(view, focus), [view, focus]);
  const [rescheduling, setRescheduling] = useState<CalendarEntry | null>(null);
  const titleId = useId();
  const hintId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  /** Set when a key moved the focus to another day, which is focused once it is shown. */
  const focusDayAfterRender = useRef(false);

  const startTime = range.start.getTime();
  const endTime = range.end.getTime();
  const load = useResource<CalendarRange>(
    () => loadCalendarEntries(new Date(startTime), new Date(endTime)),
    [startTime, endTime],
    { onError: () => notifyError(CALENDAR_LOAD_FAILED) },
  );

  useEffect(() => {
    if (!focusDayAfterRender.current) return;
    focusDayAfterRender.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKey(focus)}"]`)?.focus();
  }, [focus, view]);

  const entriesByDay = useMemo(() => {
    const byDay = new Map<string, CalendarEntry[]>();
    for (const entry of load.data?.entries ?? []) {
      const key = dayKey(entry.at);
      byDay.set(key, [...(byDay.get(key) ?? []), entry]);
    }
    return byDay;
  }, [load.data]);

  const go = (nextView: CalendarView, day: Date, { replace = false } = {}) =>
    navigate(calendarPath(nextView, day), { replace });
  const reload = load.reload;

  const step = (direction: 1 | -1) => go(view, view === "month" ? addMonths(focus, direction) : addDays(focus, 7 * direction));

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const targets: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => startOfWeek(day),
      End: () => addDays(startOfWeek(day), 6),
      PageUp: () => addMonths(day, -1),
      PageDown: () => addMonths(day, 1),
    };
    const target = targets[event.key]?.();
    if (!target) return;
    event.preventDefault();
    focusDayAfterRender.current = true;
    go("month", target, { replace: true });
  };

  const retry = async (entry: CalendarEntry, site: CalendarSite) => {
    try {
      await retryScheduledPublication(entry.articleId, site.siteId);
      notifySuccess(RETRY_QUEUED);
      reload();
    } catch {
      notifyError(RETRY_FAILED);
    }
  };

  const entryProps = { onReschedule: setRescheduling, onRetry: retry };
  const rangeTitle =
    view === "month"
      ? monthTitle.format(focus)
      : `${shortDate.format(range.start)} – ${shortDate.format(addDays(range.end, -1))}`;

  return (
    <>
      <header className="calendar-header">
        <h1>Calendar</h1>
        <p className="calendar-zone">Times are in your time zone, {browserTimeZone()}.</p>
      </header>
      <div className="calendar-toolbar">
        <div role="group" aria-label="View" className="calendar-views">
          {(["month", "week"] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={view === option ? undefined : "secondary outline"}
              aria-pressed={view === option}
              onClick={() => go(option, focus)}
            >
              {option === "month" ? "Month" : "Week"}
            </button>
          ))}
        </div>
        <div className="calendar-steps">
          <button type="button" className="secondary outline" onClick={() => step(-1)}>
            {view === "month" ? "Previous month" : "Previous week"}
          </button>
          <button type="button" className="secondary outline" onClick={() => go(view, today)}>
            Today
          </button>
          <button type="button" className="secondary outline" onClick={() => step(1)}>
            {view === "month" ? "Next month" : "Next week"}
          </button>
        </div>
      </div>
      <h2 id={titleId} className="calendar-title" aria-live="polite">
        {rangeTitle}
      </h2>
      {view === "month" && (
        <p id={hintId} className="calendar-hint">
          Arrow keys move between days, Page Up and Page Down change the month, Enter shows the week of a day.
        </p>
      )}
      {load.resource.status === "failed" && (
        <p role="alert">
          The calendar could not be loaded.{" "}
          <button type="button" className="secondary outline" onClick={reload}>
            Retry
          </button>
        </p>
      )}
      {load.data?.truncated && (
        <p className="calendar-note">
          Only the first {CALENDAR_ROW_LIMIT.toLocaleString("en-US")} entries of this range are shown.
        </p>
      )}
      <div className="calendar-body" aria-busy={load.loading}>
        {view === "month" ? (
          <table ref={gridRef} className="calendar-month" aria-labelledby={titleId}>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday.long} scope="col">
                    <abbr title={weekday.long}>{weekday.short}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {range.weeks.map((week) => (
                <tr key={dayKey(week[0])}>
                  {week.map((day) => {
                    const entries = entriesByDay.get(dayKey(day)) ?? [];
                    const label = `${longDate.format(day)}${entries.length > 0 ? `, ${countText(entries.length)}` : ""}`;
                    return (
                      <td
                        key={dayKey(day)}
                        className={day.getMonth() === focus.getMonth() ? undefined : "calendar-outside"}
                        aria-current={sameDay(day, today) ? "date" : undefined}
                      >
                        <button
                          type="button"
                          className="calendar-day"
                          data-day={dayKey(day)}
                          tabIndex={sameDay(day, focus) ? 0 : -1}
                          aria-label={label}
                          aria-describedby={hintId}
                          onKeyDown={(event) => moveFocus(event, day)}
                          onClick={() => go("week", day)}
                        >
                          {day.getDate()}
                        </button>
                        {entries.length > 0 && (
                          <ul className="calendar-entries" aria-label={`Entries on ${longDate.format(day)}`}>
                            {entries.map((entry) => (
                              <EntryItem key={`${entry.kind}-${entry.articleId}-${entry.at.getTime()}`} entry={entry} {...entryProps} />
                            ))}
                          </ul>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ol className="calendar-week" aria-labelledby={titleId}>
            {range.weeks[0].map((day) => {
              const entries = entriesByDay.get(dayKey(day)) ?? [];
              const headingId = `${titleId}-${dayKey(day)}`;
              return (
                <li key={dayKey(day)} aria-current={sameDay(day, today) ? "date" : undefined}>
                  <h3 id={headingId}>{weekdayDate.format(day)}</h3>
                  {entries.length > 0 ? (
                    <ul className="calendar-entries" aria-labelledby={headingId}>
                      {entries.map((entry) => (
                        <EntryItem key={`${entry.kind}-${entry.articleId}-${entry.at.getTime()}`} entry={entry} {...entryProps} />
                      ))}
                    </ul>
                  ) : (
                    <p className="calendar-empty">Nothing scheduled or published.</p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {rescheduling && (
        <RescheduleDialog
          entry={rescheduling}
          onClose={() => setRescheduling(null)}
          onRescheduled={(at) => {
            setRescheduling(null);
            notifySuccess(`Rescheduled to ${formatDateTime(at)}`);
            reload();
            go(view, at);
          }}
        />
      )}
    </>
  );
}

type EntryItemProps = {
  entry: CalendarEntry;
  onReschedule(entry: CalendarEntry): void;
  onRetry(entry: CalendarEntry, site: CalendarSite): Promise<void>;
};

/** A scheduled article (target sites, failures with Retry, Reschedule) or a publication (site and state of the post). */
function EntryItem({ entry, onReschedule, onRetry }: EntryItemProps) {
  const now = new Date();
  const scheduled = entry.kind === "scheduled";
  const [site] = entry.sites;
  return (
    <li className={`calendar-entry calendar-entry-${entry.kind}`}>
      <time dateTime={entry.at.toISOString()}>{timeOfDay.format(entry.at)}</time>{" "}
      <Link href={`/articles/edit/${entry.articleId}`}>{entry.title}</Link>
      <small className="calendar-entry-what">
        {scheduled
          ? `Scheduled${entry.sites.length > 0 ? ` to ${entry.sites.map((target) => target.siteName).join(", ")}` : " (no site chosen)"}`
          : `${site?.remoteStatus ? remoteStatusLabel(site.remoteStatus) : "Published"} on ${site?.siteName ?? "a site"}`}
      </small>
      {scheduled &&
        entry.sites.map((target) => {
          if (target.publicationStatus === "pending") {
            return (
              <small key={target.siteId} className="calendar-entry-state">
                Publishing to {target.siteName}…
              </small>
            );
          }
          if (target.publicationStatus !== "failed") return null;
          const queued = target.nextAttemptAt !== null && target.nextAttemptAt <= now;
          return (
            <small key={target.siteId} className="calendar-entry-state calendar-entry-failed">
              Failed on {target.siteName}: {target.lastError ?? "no reason was recorded"}.{" "}
              {queued && "Retry queued. "}
              {target.nextAttemptAt && !queued && (
                <button
                  type="button"
                  className="secondary outline calendar-action"
                  aria-label={`Retry publishing ${entry.title} to ${target.siteName}`}
                  onClick={() => void onRetry(entry, target)}
                >
                  Retry
                </button>
              )}
            </small>
          );
        })}
      {scheduled && (
        <button
          type="button"
          className="secondary outline calendar-action"
          aria-label={`Reschedule ${entry.title}`}
          onClick={() => onReschedule(entry)}
        >
          Reschedule
        </button>
      )}
      {!scheduled && site?.link && (
        <a
          className="calendar-action-link"
          href={site.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View ${entry.title} on ${site.siteName}`}
        >
          View post
        </a>
      )}
    </li>
  );
}
