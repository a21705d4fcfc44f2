import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { RETRY_FAILED, RETRY_QUEUED, retryScheduledPublication } from "../publishing/index";
import {
  CALENDAR_ROW_LIMIT,
  loadCalendarEntries,
  loadReadyDrafts,
  rescheduleArticle,
  type CalendarEntry,
  type CalendarRange,
  type CalendarSite,
  type ReadyDraft,
} from "./data/calendar";
import {
  browserTimeZone,
  formatDateTime,
  formatDayLong,
  formatMonthYear,
  formatDate,
  formatDayShort,
  WEEKDAY_NAMES,
} from "../../lib/dates";
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
import { sameTimeOn, suggestedTimeOn } from "./calendarMoves";
import {
  CalendarEntryItem,
  CompactEntry,
  entryKey,
  type DragPayload,
  type EntryActions,
} from "./CalendarEntryItem";
import { DayDialog } from "./DayDialog";
import { ReadyDrafts } from "./ReadyDrafts";
import { RESCHEDULE_FAILED, RESCHEDULE_IN_FUTURE, RescheduleDialog } from "./RescheduleDialog";
import { ScheduleDraftDialog, scheduledMessage } from "./ScheduleDraftDialog";
import "./calendar.css";

export const CALENDAR_LOAD_FAILED = "Failed to load the calendar";

/** Entries a month cell lists before "+N more" (a busy day keeps the grid's rows even). */
export const MONTH_CELL_ENTRIES = 3;

const countText = (count: number) => `${count} ${count === 1 ? "entry" : "entries"}`;

/** The entries a month cell lists, and how many are left for "+N more". */
export function cellEntries(entries: readonly CalendarEntry[]): { shown: readonly CalendarEntry[]; more: number } {
  if (entries.length <= MONTH_CELL_ENTRIES) return { shown: entries, more: 0 };
  const shown = entries.slice(0, MONTH_CELL_ENTRIES - 1);
  return { shown, more: entries.length - shown.length };
}

type Dialog =
  | { kind: "day"; day: Date }
  | { kind: "reschedule"; entry: CalendarEntry }
  | { kind: "schedule"; draft: ReadyDraft; at: Date };

/**
 * Calendar (/calendar): scheduled articles at their scheduled time and
 * publications at the time they were published, by month or by week, in the
 * browser's time zone. Only the visible range is loaded.
 *
 * Month view: a cell lists up to three entries, then "+N more"; a day's
 * number (or, on a phone, the day) opens everything on it. Arrow keys move
 * between days, Home/End to the week's ends, Page Up/Page Down by month,
 * Enter opens the day.
 *
 * Rescheduling: drag a scheduled entry to another day (it keeps its time of
 * day), or choose Move and then a day (arrow keys and Enter, or a tap), or
 * Reschedule for any time. Drafts ready to schedule are listed above the
 * calendar: drag one onto a day, or choose Schedule.
 */
export default function CalendarPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = new Date();
  const { view, focus } = useMemo(() => calendarAddress(search, new Date()), [search]);
  const range = useMemo(() => visibleRange(view, focus), [view, focus]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dragging, setDragging] = useState<DragPayload | null>(null);
  const [dropDay, setDropDay] = useState<string | null>(null);
  const [moving, setMoving] = useState<CalendarEntry | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
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
  const ready = useResource(() => loadReadyDrafts(), []);

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
  const entriesOn = (day: Date) => entriesByDay.get(dayKey(day)) ?? [];

  const go = (nextView: CalendarView, day: Date, { replace = false } = {}) =>
    navigate(calendarPath(nextView, day), { replace });
  const reloadAll = () => {
    load.reload();
    ready.reload();
  };

  const step = (direction: 1 | -1) => go(view, view === "month" ? addMonths(focus, direction) : addDays(focus, 7 * direction));

  /** A scheduled entry dropped on a day (dragged, or moved with the keyboard): the same time of day there. */
  const moveTo = async (entry: CalendarEntry, day: Date) => {
    setMoving(null);
    if (sameDay(entry.at, day)) return;
    const at = sameTimeOn(day, entry.at);
    if (at.getTime() <= Date.now()) {
      setMoveError(`“${entry.title}” was not moved: ${formatDateTime(at)} has passed. ${RESCHEDULE_IN_FUTURE}.`);
      return;
    }
    try {
      await rescheduleArticle(entry.articleId, at);
      setMoveError(null);
      notifySuccess(`Rescheduled to ${formatDateTime(at)}`);
      load.reload();
    } catch {
      setMoveError(`“${entry.title}” was not moved. ${RESCHEDULE_FAILED}.`);
      notifyError(RESCHEDULE_FAILED);
    }
  };

  const dropOn = (day: Date, payload: DragPayload) => {
    if (payload.kind === "entry") {
      void moveTo(payload.entry, day);
      return;
    }
    const draft = ready.data?.drafts.find((candidate) => candidate.id === payload.articleId);
    if (draft) setDialog({ kind: "schedule", draft, at: suggestedTimeOn(day) });
  };

  const dropTarget = (day: Date) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragging) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      setDropDay(dayKey(day));
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropDay(null);
    },
    onDrop: (event: DragEvent) => {
      if (!dragging) return;
      event.preventDefault();
      setDropDay(null);
      setDragging(null);
      dropOn(day, dragging);
    },
    "data-drop-target": dropDay === dayKey(day) ? "true" : undefined,
  });

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    if (moving && event.key === "Escape") {
      event.preventDefault();
      setMoving(null);
      return;
    }
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

  /** A day chosen (its number clicked, Enter on it, or the day tapped on a phone): the move's target, else its list. */
  const chooseDay = (day: Date) => {
    if (moving) void moveTo(moving, day);
    else setDialog({ kind: "day", day });
  };

  const retry = async (entry: CalendarEntry, site: CalendarSite) => {
    try {
      await retryScheduledPublication(entry.articleId, site.siteId);
      notifySuccess(RETRY_QUEUED);
      load.reload();
    } catch {
      notifyError(RETRY_FAILED);
    }
  };

  const actions: EntryActions = {
    onReschedule: (entry) => setDialog({ kind: "reschedule", entry }),
    onMove: (entry) => {
      setDialog(null);
      setMoveError(null);
      setMoving(entry);
      focusDayAfterRender.current = true;
      go("month", entry.at, { replace: view === "month" });
    },
    onRetry: retry,
    onDragStart: setDragging,
    onDragEnd: () => {
      setDragging(null);
      setDropDay(null);
    },
  };

  const rangeTitle =
    view === "month"
      ? formatMonthYear(focus)
      : `${formatDate(range.start)} – ${formatDate(addDays(range.end, -1))}`;

  return (
    <>
      <header className="calendar-header">
        <h1>Calendar</h1>
        <p className="calendar-zone">Times are in your time zone, {browserTimeZone()}.</p>
      </header>
      <ReadyDrafts
        load={ready.resource}
        onSchedule={(draft) => setDialog({ kind: "schedule", draft, at: suggestedTimeOn(focus) })}
        onDragStart={actions.onDragStart}
        onDragEnd={actions.onDragEnd}
        onRetry={ready.reload}
      />
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
      <div aria-live="polite" className="calendar-notices">
        {moving && (
          <p className="calendar-moving">
            Moving <strong>{moving.title}</strong> ({formatDateTime(moving.at)}): choose a day with the arrow keys and
            press Enter, or tap a day.{" "}
            <button type="button" className="secondary outline calendar-action" onClick={() => setMoving(null)}>
              Cancel move
            </button>
          </p>
        )}
        {moveError && (
          <p role="alert" className="calendar-move-error">
            {moveError}{" "}
            <button type="button" className="secondary outline calendar-action" onClick={() => setMoveError(null)}>
              Dismiss
            </button>
          </p>
        )}
      </div>
      {view === "month" && (
        <p id={hintId} className="calendar-hint">
          Arrow keys move between days, Page Up and Page Down change the month, Enter lists the day's posts. Drag a
          scheduled post to another day to move it.
        </p>
      )}
      {load.resource.status === "failed" && (
        <p role="alert">
          The calendar could not be loaded.{" "}
          <button type="button" className="secondary outline" onClick={load.reload}>
            Retry
          </button>
        </p>
      )}
      {load.data?.truncated && (
        <p className="calendar-note">
          Only the first {CALENDAR_ROW_LIMIT.toLocaleString("en-US")} entries of this range are shown.
        </p>
      )}
      <div className="calendar-body" aria-busy={load.loading} data-dragging={dragging ? "true" : undefined}>
        {view === "month" ? (
          <table ref={gridRef} className="calendar-month" aria-labelledby={titleId} data-moving={moving ? "true" : undefined}>
            <thead>
              <tr>
                {WEEKDAY_NAMES.map((weekday) => (
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
                    const entries = entriesOn(day);
                    const { shown, more } = cellEntries(entries);
                    const label = `${formatDayLong(day)}${entries.length > 0 ? `, ${countText(entries.length)}` : ""}`;
                    return (
                      <td
                        key={dayKey(day)}
                        className={day.getMonth() === focus.getMonth() ? undefined : "calendar-outside"}
                        aria-current={sameDay(day, today) ? "date" : undefined}
                        // A tap anywhere on the day (a phone shows only its number and count); keyboard users have its button.
                        onClick={(event) => {
                          if (event.target === event.currentTarget || (event.target as Element).closest(".calendar-count")) chooseDay(day);
                        }}
                        {...dropTarget(day)}
                      >
                        <button
                          type="button"
                          className="calendar-day"
                          data-day={dayKey(day)}
                          tabIndex={sameDay(day, focus) ? 0 : -1}
                          aria-label={label}
                          aria-describedby={hintId}
                          onKeyDown={(event) => moveFocus(event, day)}
                          onClick={() => chooseDay(day)}
                        >
                          {day.getDate()}
                        </button>
                        {entries.length > 0 && (
                          <span className="calendar-count" aria-hidden="true">
                            {entries.length}
                          </span>
                        )}
                        {shown.length > 0 && (
                          <ul className="calendar-chips" aria-label={`Entries on ${formatDayLong(day)}`}>
                            {shown.map((entry) => (
                              <CompactEntry key={entryKey(entry)} entry={entry} actions={actions} />
                            ))}
                          </ul>
                        )}
                        {more > 0 && (
                          <button
                            type="button"
                            className="calendar-more"
                            aria-label={`+${more} more on ${formatDayLong(day)}`}
                            onClick={() => setDialog({ kind: "day", day })}
                          >
                            +{more} more
                          </button>
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
              const entries = entriesOn(day);
              const headingId = `${titleId}-${dayKey(day)}`;
              return (
                <li key={dayKey(day)} aria-current={sameDay(day, today) ? "date" : undefined} {...dropTarget(day)}>
                  <h3 id={headingId}>{formatDayShort(day)}</h3>
                  {entries.length > 0 ? (
                    <ul className="calendar-entries" aria-labelledby={headingId}>
                      {entries.map((entry) => (
                        <CalendarEntryItem key={entryKey(entry)} entry={entry} actions={actions} />
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
      {dialog?.kind === "day" && (
        <DayDialog
          day={dialog.day}
          entries={entriesOn(dialog.day)}
          actions={actions}
          onShowWeek={() => {
            setDialog(null);
            go("week", dialog.day);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "reschedule" && (
        <RescheduleDialog
          entry={dialog.entry}
          onClose={() => setDialog(null)}
          onRescheduled={(at) => {
            setDialog(null);
            notifySuccess(`Rescheduled to ${formatDateTime(at)}`);
            load.reload();
            go(view, at);
          }}
        />
      )}
      {dialog?.kind === "schedule" && (
        <ScheduleDraftDialog
          draft={dialog.draft}
          at={dialog.at}
          onClose={() => setDialog(null)}
          onScheduled={(at) => {
            setDialog(null);
            notifySuccess(scheduledMessage(at));
            reloadAll();
            go(view, at);
          }}
        />
      )}
    </>
  );
}
