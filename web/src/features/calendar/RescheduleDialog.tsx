import { useId, useState, type FormEvent } from "react";
import { Modal } from "../../ui/Modal";
import { rescheduleArticle, type CalendarEntry } from "./data/calendar";
import { browserTimeZone, formatDateTime } from "../../lib/dates";
import { notifyError } from "../../lib/notify";
import { parseDateTimeLocal, toDateTimeLocal } from "../editor/index";

/** Spec §5 (Edit Article): a scheduled article needs a date. */
export const RESCHEDULE_DATE_REQUIRED = "Please set a scheduled date";
export const RESCHEDULE_IN_FUTURE = "Please choose a time in the future";
export const RESCHEDULE_FAILED = "Failed to reschedule the article";

type RescheduleDialogProps = {
  entry: CalendarEntry;
  onClose(): void;
  /** After the article was moved to `at`. */
  onRescheduled(at: Date): void;
};

/** Reschedule: a new date and time (in the browser's time zone) for a scheduled article; its target sites stay. */
export function RescheduleDialog({ entry, onClose, onRescheduled }: RescheduleDialogProps) {
  const formId = useId();
  const [value, setValue] = useState(() => toDateTimeLocal(entry.at));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const fieldId = `${formId}-at`;
  const noteId = `${formId}-note`;

  const check = (text: string): { at: Date } | { error: string } => {
    const at = parseDateTimeLocal(text);
    if (!at) return { error: RESCHEDULE_DATE_REQUIRED };
    if (at.getTime() <= Date.now()) return { error: RESCHEDULE_IN_FUTURE };
    return { at };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = check(value);
    if ("error" in checked) {
      setError(checked.error);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setSaving(true);
    try {
      await rescheduleArticle(entry.articleId, checked.at);
      onRescheduled(checked.at);
    } catch {
      setError(RESCHEDULE_FAILED);
      notifyError(RESCHEDULE_FAILED);
      setSaving(false);
    }
  };

  const sites = entry.sites.map((site) => site.siteName).join(", ");
  return (
    <Modal
      title="Reschedule article"
      onClose={onClose}
      busy={saving}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" disabled={saving} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={saving} aria-busy={saving || undefined}>
            {saving ? "Saving..." : "Save"}
          </button>
        </div>
      }
    >
      <p>
        <strong>{entry.title}</strong>
        <br />
        Now scheduled for {formatDateTime(entry.at)}
        {sites ? ` to ${sites}` : " (no site chosen)"}.
      </p>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={fieldId}>New date and time</label>
        <input
          id={fieldId}
          type="datetime-local"
          name="scheduledFor"
          required
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
        />
        <small id={noteId}>{error ?? `In your time zone (${browserTimeZone()}).`}</small>
      </form>
    </Modal>
  );
}
