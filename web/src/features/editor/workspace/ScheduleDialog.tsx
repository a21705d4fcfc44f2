import { useId, useState, type FormEvent } from "react";
import { FormField } from "../../../ui/FormField";
import { Modal } from "../../../ui/Modal";
import { ARTICLE_MESSAGES, type ScheduleTarget } from "../../articles/index";
import type { Resource } from "../../../lib/useResource";
import { parseDateTimeLocal, toDateTimeLocal } from "../edit/localDateTime";
import { ScheduleTargets } from "../edit/ScheduleTargets";

export type ScheduleChoice = {
  /** A datetime-local value, in the browser's time zone. */
  scheduledFor: string;
  siteIds: string[];
};

type ScheduleDialogProps = {
  targets: Resource<ScheduleTarget[]>;
  initial: ScheduleChoice;
  onCancel(): void;
  /** A time in the future and at least one site: the editor saves the article with this schedule. */
  onSchedule(choice: ScheduleChoice): void;
};

/**
 * Schedule… : when to publish, and to which sites (the only site chosen
 * already when there is one); refused without a time to come or without a
 * site.
 */
export function ScheduleDialog({ targets, initial, onCancel, onSchedule }: ScheduleDialogProps) {
  const formId = useId();
  const [scheduledFor, setScheduledFor] = useState(initial.scheduledFor);
  // Until the person chooses: the sites chosen before, else the only connected site.
  const [pickedSiteIds, setSiteIds] = useState<string[] | null>(initial.siteIds.length > 0 ? initial.siteIds : null);
  const loneSite = targets.status === "ready" && targets.data.length === 1 ? targets.data[0].id : undefined;
  const siteIds = pickedSiteIds ?? (loneSite ? [loneSite] : []);
  const [errors, setErrors] = useState<{ scheduledFor?: string; siteIds?: string }>({});
  // Sites removed since they were chosen do not count.
  const chosen = targets.status === "ready" ? siteIds.filter((id) => targets.data.some((site) => site.id === id)) : siteIds;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = parseDateTimeLocal(scheduledFor);
    const problems = {
      scheduledFor: !at
        ? ARTICLE_MESSAGES.scheduledDate
        : at.getTime() <= Date.now()
          ? ARTICLE_MESSAGES.scheduledInPast
          : undefined,
      siteIds: chosen.length === 0 ? ARTICLE_MESSAGES.scheduleNeedsSite : undefined,
    };
    setErrors(problems);
    const form = event.currentTarget;
    if (problems.scheduledFor) {
      form.querySelector<HTMLElement>("input[name='scheduledFor']")?.focus();
      return;
    }
    if (problems.siteIds) {
      form.querySelector<HTMLElement>("input[name='scheduledSiteIds']")?.focus();
      return;
    }
    onSchedule({ scheduledFor, siteIds: chosen });
  };

  return (
    <Modal
      title="Schedule Post"
      onClose={onCancel}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId}>
            Schedule
          </button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <FormField
          label="Publish At"
          name="scheduledFor"
          type="datetime-local"
          min={toDateTimeLocal(new Date())}
          help="Your local time."
          value={scheduledFor}
          error={errors.scheduledFor}
          onChange={(event) => setScheduledFor(event.target.value)}
        />
        <ScheduleTargets
          load={targets}
          selected={siteIds}
          disabled={false}
          error={errors.siteIds}
          onChange={(next) => {
            setSiteIds(next);
            if (next.length > 0) setErrors((previous) => ({ ...previous, siteIds: undefined }));
          }}
        />
      </form>
    </Modal>
  );
}
