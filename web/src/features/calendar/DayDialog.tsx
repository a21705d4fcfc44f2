import { Modal } from "../../ui/Modal";
import { CalendarEntryItem, entryKey, type EntryActions } from "./CalendarEntryItem";
import type { CalendarEntry } from "./data/calendar";
import { formatDayLong } from "../../lib/dates";

type DayDialogProps = {
  day: Date;
  entries: readonly CalendarEntry[];
  actions: EntryActions;
  onShowWeek(): void;
  onClose(): void;
};

/** Everything on one day, with each entry's actions: what "+N more" and a day's number open. */
export function DayDialog({ day, entries, actions, onShowWeek, onClose }: DayDialogProps) {
  return (
    <Modal
      title={formatDayLong(day)}
      onClose={onClose}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onShowWeek}>
            Show the week
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      }
    >
      {entries.length > 0 ? (
        <ul className="calendar-entries calendar-day-list">
          {entries.map((entry) => (
            <CalendarEntryItem key={entryKey(entry)} entry={entry} actions={actions} />
          ))}
        </ul>
      ) : (
        <p className="calendar-empty">Nothing scheduled or published on this day.</p>
      )}
    </Modal>
  );
}
