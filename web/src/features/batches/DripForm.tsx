import { useId, useState } from "react";
import { FormField } from "../../ui/FormField";
import { SelectField } from "../../ui/SelectField";
import { SubmitButton } from "../../ui/SubmitButton";
import { listScheduleTargets } from "../articles/index";
import type { BatchDraft, DraftBatchDetail } from "./data/draftBatches";
import { type DripRule, previewDripTimes } from "./data/dripSchedule";
import { notifyError } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { scheduleDrip } from "./batchesStore";
import { dripFormSchema } from "./dripForm";
import { browserTimeZone, formatDateTimeIn, todayIn } from "../../lib/dates";
import { SitePicker } from "../../ui/SitePicker";
import { useResource } from "../../lib/useResource";

type DripFormProps = {
  batch: DraftBatchDetail;
  /** What the rule schedules, in order: the batch's drafts that may be scheduled now. */
  drafts: BatchDraft[];
  /** Drafts still waiting for approval (left out). */
  waiting: number;
  busy: boolean;
};

const PERIODS = [
  { value: "day", label: "per day" },
  { value: "week", label: "per week" },
];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the rule would schedule now, and what else there is: drafts waiting
 * for approval, and those already scheduled or published (so a batch whose
 * drafts were all scheduled does not read as if nothing could be).
 */
export function dripSummary(batch: DraftBatchDetail, ready: number, waiting: number): string {
  const scheduled = batch.drafts.filter((draft) => draft.status === "scheduled").length;
  const published = batch.drafts.filter((draft) => draft.status === "published").length;
  const parts = [
    ready > 0
      ? `${count(ready, "draft", "drafts")} ready to schedule, in the order of the ideas.`
      : scheduled + published > 0 && waiting === 0
        ? "Every draft of this batch is scheduled or published."
        : "No draft of this batch can be scheduled yet.",
    waiting > 0 ? `${waiting} more ${waiting === 1 ? "waits" : "wait"} for your approval.` : "",
    scheduled > 0 ? `${count(scheduled, "draft is", "drafts are")} scheduled (see the Calendar).` : "",
    published > 0 ? `${count(published, "draft is", "drafts are")} published.` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** Every IANA zone the browser knows, for the time zone field's suggestions. */
const timeZones = () => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);

/**
 * Drip-feed publishing: a rule (start date, N per day or week, a daily time
 * window, a time zone, target sites, live posts or WordPress drafts) that
 * fills scheduled_for for the batch's schedulable drafts. Preview shows the
 * times the database computes; Schedule applies them.
 */
export function DripForm({ batch, drafts, waiting, busy }: DripFormProps) {
  const headingId = useId();
  const zonesId = useId();
  const sites = useResource(() => listScheduleTargets(), []);
  const [siteIds, setSiteIds] = useState<string[]>(batch.targetSiteIds);
  const [siteError, setSiteError] = useState<string | undefined>();
  const [preview, setPreview] = useState<{ key: string; rule: DripRule; times: Date[] } | null>(null);
  const timeZone = browserTimeZone();
  const form = useForm(dripFormSchema, {
    startDate: todayIn(timeZone),
    perPeriod: "1",
    period: "day",
    windowStart: "09:00",
    windowEnd: "17:00",
    timeZone,
    postStatus: "publish",
  });

  const key = JSON.stringify({ values: form.values, siteIds, drafts: drafts.map((draft) => draft.id) });
  const current = preview?.key === key ? preview : null;

  const showPreview = form.handleSubmit(async (values) => {
    if (siteIds.length === 0) {
      setSiteError("Choose at least one site to publish to");
      return;
    }
    setSiteError(undefined);
    const rule: DripRule = { ...values, siteIds };
    try {
      const times = await previewDripTimes(rule, Math.max(drafts.length, 1));
      setPreview({ key, rule, times });
    } catch (error) {
      notifyError(error instanceof Error ? error.message : "Failed to compute the schedule");
    }
  });

  const apply = async () => {
    if (!current) return;
    const applied = await scheduleDrip(batch.id, drafts.map((draft) => draft.id), current.rule);
    if (applied) setPreview(null);
  };

  const zone = current?.rule.timeZone ?? timeZone;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Drip-feed publishing</h2>
      <p>{dripSummary(batch, drafts.length, waiting)}</p>
      {drafts.length > 0 && (
      <form onSubmit={showPreview} noValidate className="drip-form">
        <div className="grid">
          <div>
            <FormField label="Start date" type="date" {...form.field("startDate")} />
          </div>
          <div>
            <FormField label="How many" type="number" min={1} max={100} inputMode="numeric" {...form.field("perPeriod")} />
          </div>
          <div>
            <SelectField label="Per" options={PERIODS} {...form.field("period")} />
          </div>
        </div>
        <div className="grid">
          <div>
            <FormField label="Window opens" type="time" {...form.field("windowStart")} />
          </div>
          <div>
            <FormField label="Window closes" type="time" {...form.field("windowEnd")} />
          </div>
          <div>
            <FormField label="Time zone" list={zonesId} autoComplete="off" {...form.field("timeZone")} />
            <datalist id={zonesId}>
              {timeZones().map((name) => <option key={name} value={name} />)}
            </datalist>
          </div>
        </div>
        <SitePicker
          legend="Publish to"
          load={sites.resource}
          selected={siteIds}
          error={siteError}
          help="Each draft goes to every site chosen here."
          onChange={setSiteIds}
        />
        <fieldset>
          <legend>On WordPress</legend>
          <label>
            <input
              type="radio"
              name="postStatus"
              value="publish"
              checked={form.values.postStatus === "publish"}
              onChange={form.field("postStatus").onChange}
            />
            Publish
          </label>
          <label>
            <input
              type="radio"
              name="postStatus"
              value="draft"
              checked={form.values.postStatus === "draft"}
              onChange={form.field("postStatus").onChange}
            />
            Save as a WordPress draft
          </label>
        </fieldset>
        <SubmitButton busy={form.submitting}>Preview schedule</SubmitButton>
      </form>
      )}
      {current && (
        <div className="drip-preview">
          <h3>Schedule</h3>
          <ol>
            {drafts.map((draft, index) => (
              <li key={draft.id}>
                {formatDateTimeIn(current.times[index], zone)} — {draft.title}
              </li>
            ))}
          </ol>
          <button type="button" disabled={busy || drafts.length === 0} onClick={() => void apply()}>
            Schedule {drafts.length} {drafts.length === 1 ? "draft" : "drafts"}
          </button>
        </div>
      )}
    </section>
  );
}
