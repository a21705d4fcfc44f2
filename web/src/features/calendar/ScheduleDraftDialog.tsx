import { useId, useState, type FormEvent } from "react";
import { Modal } from "../../ui/Modal";
import { SitePicker } from "../../ui/SitePicker";
import { listScheduleTargets } from "../articles/index";
import { scheduleDraft, type ReadyDraft } from "./data/calendar";
import { dayKey, parseDayKey } from "./calendarDates";
import { browserTimeZone, formatDateTime } from "../../lib/dates";
import { notifyError } from "../../lib/notify";
import { useResource } from "../../lib/useResource";

export const SCHEDULE_MESSAGES = {
  date: "Please set a scheduled date",
  time: "Please set a time",
  future: "Please choose a time in the future",
  site: "Choose at least one site to publish to",
  failed: "Failed to schedule the draft",
} as const;

type ScheduleDraftDialogProps = {
  draft: ReadyDraft;
  /** The time offered (the day it was dropped on). */
  at: Date;
  onClose(): void;
  onScheduled(at: Date): void;
};

const pad = (value: number) => String(value).padStart(2, "0");
const timeOfDay = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

type Errors = Partial<Record<"date" | "time" | "sites" | "form", string>>;

/**
 * Schedule a draft: a day and time (in the browser's time zone), the sites
 * it goes to (the only site, or those it was last meant for, preselected),
 * and whether WordPress gets a live post or a draft.
 */
export function ScheduleDraftDialog({ draft, at, onClose, onScheduled }: ScheduleDraftDialogProps) {
  const formId = useId();
  const sites = useResource(() => listScheduleTargets(), []);
  const [date, setDate] = useState(dayKey(at));
  const [time, setTime] = useState(timeOfDay(at));
  const [chosen, setChosen] = useState<string[] | null>(draft.siteIds.length > 0 ? draft.siteIds : null);
  const [postStatus, setPostStatus] = useState<"publish" | "draft">("publish");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  // A lone site is the obvious target: preselected until the user chooses otherwise.
  const only = sites.data?.length === 1 ? [sites.data[0].id] : [];
  const siteIds = chosen ?? only;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const day = parseDayKey(date);
    const [hours, minutes] = time.split(":").map(Number);
    const next: Errors = {};
    if (!day) next.date = SCHEDULE_MESSAGES.date;
    if (!/^\d{2}:\d{2}$/.test(time)) next.time = SCHEDULE_MESSAGES.time;
    const when = day && !next.time ? new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes) : null;
    if (when && when.getTime() <= Date.now()) next.date = SCHEDULE_MESSAGES.future;
    if (siteIds.length === 0) next.sites = SCHEDULE_MESSAGES.site;
    setErrors(next);
    if (Object.keys(next).length > 0 || !when) {
      const first = next.date ? "date" : next.time ? "time" : null;
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await scheduleDraft(draft.id, when, siteIds, postStatus);
      onScheduled(when);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : SCHEDULE_MESSAGES.failed;
      setErrors({ form: message });
      notifyError(SCHEDULE_MESSAGES.failed);
      setSaving(false);
    }
  };

  return (
    <Modal
      title="Schedule draft"
      onClose={onClose}
      busy={saving}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" disabled={saving} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={saving} aria-busy={saving || undefined}>
            {saving ? "Scheduling..." : "Schedule"}
          </button>
        </div>
      }
    >
      <p>
        <strong>{draft.title}</strong>
      </p>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <div className="grid">
          <div>
            <label htmlFor={`${formId}-date`}>Date</label>
            <input
              id={`${formId}-date`}
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={`${formId}-date-note`}
            />
            <small id={`${formId}-date-note`}>{errors.date ?? `In your time zone (${browserTimeZone()}).`}</small>
          </div>
          <div>
            <label htmlFor={`${formId}-time`}>Time</label>
            <input
              id={`${formId}-time`}
              type="time"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              aria-invalid={errors.time ? true : undefined}
              aria-describedby={errors.time ? `${formId}-time-note` : undefined}
            />
            {errors.time && <small id={`${formId}-time-note`}>{errors.time}</small>}
          </div>
        </div>
        <SitePicker
          legend="Publish to"
          load={sites.resource}
          selected={siteIds}
          disabled={saving}
          error={errors.sites}
          help="The draft goes to every site chosen here."
          onChange={setChosen}
        />
        <fieldset>
          <legend>On WordPress</legend>
          <label>
            <input type="radio" name="postStatus" checked={postStatus === "publish"} onChange={() => setPostStatus("publish")} />
            Publish
          </label>
          <label>
            <input type="radio" name="postStatus" checked={postStatus === "draft"} onChange={() => setPostStatus("draft")} />
            Save as a WordPress draft
          </label>
        </fieldset>
        {errors.form && (
          <p role="alert" className="form-error">
            {errors.form}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The success message: where and when. */
export const scheduledMessage = (at: Date) => `Scheduled for ${formatDateTime(at)}`;
